-- Outgoing mail (issue 36 §1): every mail the product sends for this receiver is written here first and
-- kept as the delivery log; with no transport it waits as 'sin_transporte'. New tables only.
CREATE TABLE "correo_saliente" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" varchar(30) NOT NULL,
	"clave" varchar(200),
	"para" text NOT NULL,
	"cc" text DEFAULT '' NOT NULL,
	"asunto" varchar(300) NOT NULL,
	"cuerpo" text NOT NULL,
	"html" text,
	"estudio_id" integer,
	"message_id" varchar(300) DEFAULT '' NOT NULL,
	"estado" varchar(16) NOT NULL,
	"via" varchar(10) DEFAULT '' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"tomado_en" timestamp with time zone,
	"error" text DEFAULT '' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_en" timestamp with time zone,
	CONSTRAINT "correo_saliente_estado_check" CHECK ("correo_saliente"."estado" in ('pendiente', 'enviado', 'fallido', 'sin_transporte'))
);--> statement-breakpoint
CREATE TABLE "correo_saliente_adjuntos" (
	"id" serial PRIMARY KEY NOT NULL,
	"correo_id" integer NOT NULL,
	"nombre" varchar(300) NOT NULL,
	"tipo_contenido" varchar(150) DEFAULT 'application/octet-stream' NOT NULL,
	"bytes" integer NOT NULL,
	"contenido" bytea NOT NULL
);--> statement-breakpoint
ALTER TABLE "correo_saliente" ADD CONSTRAINT "correo_saliente_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correo_saliente_adjuntos" ADD CONSTRAINT "correo_saliente_adjuntos_correo_id_correo_saliente_id_fk" FOREIGN KEY ("correo_id") REFERENCES "public"."correo_saliente"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "correo_saliente_clave_key" ON "correo_saliente" USING btree ("clave") WHERE "correo_saliente"."clave" is not null;--> statement-breakpoint
CREATE INDEX "correo_saliente_creado_idx" ON "correo_saliente" USING btree ("creado_en" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "correo_saliente_pendientes_idx" ON "correo_saliente" USING btree ("creado_en") WHERE "correo_saliente"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "correo_saliente_adjuntos_correo_idx" ON "correo_saliente_adjuntos" USING btree ("correo_id");
