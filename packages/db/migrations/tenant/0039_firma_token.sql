-- Signing with the receiver's token (issue 39 §1): a certificate of kind 'token' keeps no key here (only its
-- certificate and chain, as DER in base64); a batch prepared for the token keeps each PDF with its signature
-- room and the signed attributes the token signs, until the signatures come back (or it expires).
ALTER TABLE "firma_certificados" ADD COLUMN IF NOT EXISTS "tipo" varchar(10) DEFAULT 'p12' NOT NULL;
--> statement-breakpoint
ALTER TABLE "firma_certificados" ALTER COLUMN "archivo_cifrado" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "firma_certificados" ADD COLUMN IF NOT EXISTS "certificados_der" text[];
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "firma_certificados" ADD CONSTRAINT "firma_certificados_tipo_check" CHECK ("tipo" in ('p12', 'token') and ("tipo" = 'token' or "archivo_cifrado" is not null));
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "firma_lotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"certificado_huella" varchar(64) NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"vence_en" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "firma_lote_documentos" (
	"lote_id" uuid NOT NULL REFERENCES "firma_lotes"("id") ON DELETE CASCADE,
	"estampado_id" uuid NOT NULL,
	"orden" smallint NOT NULL,
	"pdf_preparado" bytea,
	"atributos" bytea,
	"codigo" varchar(26),
	"fecha" timestamp with time zone NOT NULL,
	"estado" varchar(12) DEFAULT 'pendiente' NOT NULL,
	"motivo" text,
	CONSTRAINT "firma_lote_documentos_pk" PRIMARY KEY ("lote_id", "estampado_id"),
	CONSTRAINT "firma_lote_documentos_estado_check" CHECK ("estado" in ('pendiente', 'firmado', 'fallido'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "firma_lotes_usuario_idx" ON "firma_lotes" ("usuario_id", "creado_en");
