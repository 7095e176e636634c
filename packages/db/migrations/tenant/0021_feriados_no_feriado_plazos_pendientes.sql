ALTER TABLE "feriados_propios" ADD COLUMN "tipo" varchar(20) DEFAULT 'feriado' NOT NULL;--> statement-breakpoint
ALTER TABLE "feriados_propios" ADD CONSTRAINT "feriados_propios_tipo_check" CHECK ("feriados_propios"."tipo" in ('feriado', 'no_feriado'));--> statement-breakpoint
CREATE INDEX "plazos_pendientes_encargo_idx" ON "plazos" USING btree ("encargo_id","vence") WHERE "plazos"."estado" = 'pendiente';
