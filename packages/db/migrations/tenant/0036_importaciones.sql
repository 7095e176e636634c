-- Importing assignments from a spreadsheet: the preview kept until it is confirmed (one row per sheet row,
-- with its values, errors, duplicate mark and outcome), the PDFs of its ZIP, and each firm's remembered
-- mapping of unknown column headers to fields. Ids are random so an id of another receiver names nothing here.
CREATE TABLE IF NOT EXISTS "importaciones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"origen" varchar(10) NOT NULL,
	"estudio_id" integer NOT NULL,
	"portal_usuario_id" integer,
	"creado_por" varchar(150) NOT NULL,
	"archivo_nombre" varchar(255) NOT NULL,
	"resumen" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmada_en" timestamp with time zone,
	CONSTRAINT "importaciones_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "importaciones_estudio_idx" ON "importaciones" USING btree ("estudio_id","creada_en");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "importacion_filas" (
	"importacion_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"valores" jsonb NOT NULL,
	"datos" jsonb,
	"errores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"duplicado" varchar(10),
	"documentos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"encargo_id" integer,
	"solicitud_id" integer,
	"motivo" varchar(500),
	CONSTRAINT "importacion_filas_pkey" PRIMARY KEY ("importacion_id","n"),
	CONSTRAINT "importacion_filas_importacion_id_fk" FOREIGN KEY ("importacion_id") REFERENCES "public"."importaciones"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "importacion_documentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"importacion_id" uuid NOT NULL,
	"numero_rol" varchar(30) NOT NULL,
	"campo" varchar(20) NOT NULL,
	"nombre" varchar(255) NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"contenido" bytea NOT NULL,
	CONSTRAINT "importacion_documentos_importacion_id_fk" FOREIGN KEY ("importacion_id") REFERENCES "public"."importaciones"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "importacion_documentos_rol_idx" ON "importacion_documentos" USING btree ("importacion_id","numero_rol");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "importacion_mapeos" (
	"estudio_id" integer PRIMARY KEY NOT NULL,
	"mapeo" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "importacion_mapeos_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE cascade ON UPDATE no action
);
