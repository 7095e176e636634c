CREATE TABLE "respaldos" (
	"id" serial PRIMARY KEY NOT NULL,
	"clave" varchar(80) NOT NULL,
	"origen" varchar(20) NOT NULL,
	"estado" varchar(20) DEFAULT 'en_curso' NOT NULL,
	"iniciado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"terminado_en" timestamp with time zone,
	"archivos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "respaldos_clave_unique" UNIQUE("clave")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "mantenimiento_desde" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "respaldos_estado_idx" ON "respaldos" USING btree ("estado","terminado_en");