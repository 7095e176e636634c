CREATE TABLE "planillas_cobranza" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer NOT NULL,
	"usuario" varchar(150) NOT NULL,
	"estudio_id" integer,
	"estudio_nombre" varchar(200) DEFAULT '' NOT NULL,
	"filtros" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"columnas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"incluir_encabezado" boolean DEFAULT false NOT NULL,
	"total_encargos" integer NOT NULL,
	"valor_total" bigint NOT NULL,
	"nombre_archivo" varchar(200) NOT NULL,
	"archivo" "bytea" NOT NULL,
	"envios" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "planillas_cobranza" ADD CONSTRAINT "planillas_cobranza_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planillas_cobranza_fecha_idx" ON "planillas_cobranza" USING btree ("fecha_creacion" DESC NULLS LAST,"id" DESC NULLS LAST);