-- Signatures record the signer certificate's revocation check (null for those made before checks existed),
-- and the receiver decides what happens when the check cannot be made (issue 39).
ALTER TABLE "estampado_firmas" ADD COLUMN IF NOT EXISTS "revocacion_verificada" boolean;
--> statement-breakpoint
ALTER TABLE "estampado_firmas" ADD COLUMN IF NOT EXISTS "revocacion_motivo" text;
--> statement-breakpoint
ALTER TABLE "estampado_firmas" ADD COLUMN IF NOT EXISTS "revocacion_fuente" varchar(10);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "firma_configuracion" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"firma_sin_revocacion" varchar(20) DEFAULT 'firmar_y_marcar' NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firma_configuracion_id_check" CHECK ("firma_configuracion"."id" = 1),
	CONSTRAINT "firma_configuracion_valor_check" CHECK ("firma_configuracion"."firma_sin_revocacion" in ('firmar_y_marcar', 'rechazar'))
);
