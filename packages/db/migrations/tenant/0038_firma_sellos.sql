-- PAdES levels (docs/firma.md): each signature records its level (B-B without a TSA; B-T, B-LT, B-LTA) and
-- when its last timestamp's TSA certificate expires; the re-timestamp job adds a new revision of the signed
-- PDF (a document timestamp appended) as a new row, never editing the signature's own (evidence).
ALTER TABLE "estampado_firmas" ADD COLUMN IF NOT EXISTS "nivel" varchar(5) DEFAULT 'B-B' NOT NULL;
--> statement-breakpoint
ALTER TABLE "estampado_firmas" ADD COLUMN IF NOT EXISTS "sello_vence" timestamp with time zone;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "estampado_firmas" ADD CONSTRAINT "estampado_firmas_nivel_check" CHECK ("nivel" in ('B-B', 'B-T', 'B-LT', 'B-LTA'));
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "estampado_resellos" (
	"id" serial PRIMARY KEY NOT NULL,
	"firma_id" integer NOT NULL REFERENCES "estampado_firmas"("id") ON DELETE RESTRICT,
	"archivo_pdf" bytea NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"nivel" varchar(5) DEFAULT 'B-LTA' NOT NULL,
	"sello_vence" timestamp with time zone NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estampado_resellos_nivel_check" CHECK ("nivel" in ('B-LT', 'B-LTA'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "estampado_resellos_firma_idx" ON "estampado_resellos" ("firma_id", "id");
