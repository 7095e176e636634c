-- Dated after 0014 (whose recorded time is later than the date it was written): the migrator applies only
-- migrations newer than the last one a database has, so databases already past 0014 take this one too.
ALTER TABLE "diligencias" ADD COLUMN IF NOT EXISTS "informante" varchar(150) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "diligencias" ADD COLUMN IF NOT EXISTS "informante_relacion" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "diligencias" ADD COLUMN IF NOT EXISTS "hora_informada" boolean DEFAULT true NOT NULL;