ALTER TABLE "diligencias" ADD COLUMN "informante" varchar(150) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "diligencias" ADD COLUMN "informante_relacion" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "diligencias" ADD COLUMN "hora_informada" boolean DEFAULT true NOT NULL;