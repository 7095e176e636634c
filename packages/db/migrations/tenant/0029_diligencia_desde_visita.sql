-- Field → office: a diligence saved from a visit names it (visita_uuid) and, with the visit, says what was
-- done with the copies (entrega_copias: {modo, nombre?, relacion?, detalle?}); a personal notification says
-- whether the person signed (art. 43 CPC); the visit's informant may carry its gender (the relation agrees).
-- All nullable: existing rows keep their values. Visits stay append-only (no row is rewritten).
ALTER TABLE "diligencias" ADD COLUMN "visita_uuid" uuid;--> statement-breakpoint
ALTER TABLE "diligencias" ADD COLUMN "entrega_copias" jsonb;--> statement-breakpoint
ALTER TABLE "diligencias" ADD COLUMN "firma_notificado" varchar(20);--> statement-breakpoint
ALTER TABLE "diligencias" ADD CONSTRAINT "diligencias_firma_check" CHECK ("firma_notificado" is null or "firma_notificado" in ('firmo', 'no_quiso', 'no_sabe'));--> statement-breakpoint
CREATE INDEX "diligencias_visita_idx" ON "diligencias" USING btree ("visita_uuid");--> statement-breakpoint
ALTER TABLE "visitas" ADD COLUMN "entrega_copias" jsonb;--> statement-breakpoint
ALTER TABLE "visitas" ADD COLUMN "informante_genero" varchar(10);--> statement-breakpoint
ALTER TABLE "visitas" ADD CONSTRAINT "visitas_genero_check" CHECK ("informante_genero" is null or "informante_genero" in ('femenino', 'masculino'));
