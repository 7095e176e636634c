CREATE TABLE "solicitudes" (
	"id" serial PRIMARY KEY NOT NULL,
	"estudio_id" integer NOT NULL,
	"portal_usuario_id" integer NOT NULL,
	"usuario_nombre" varchar(150) NOT NULL,
	"usuario_email" varchar(254) NOT NULL,
	"estado" varchar(20) DEFAULT 'pendiente' NOT NULL,
	"datos" jsonb NOT NULL,
	"numero_rol" varchar(30) DEFAULT '' NOT NULL,
	"partes" text DEFAULT '' NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"resuelta_en" timestamp with time zone,
	"resuelta_por" varchar(150),
	"encargo_id" integer,
	"motivo_rechazo" text,
	CONSTRAINT "solicitudes_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE restrict ON UPDATE no action,
	CONSTRAINT "solicitudes_encargo_id_encargos_id_fk" FOREIGN KEY ("encargo_id") REFERENCES "public"."encargos"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "solicitudes_estado_check" CHECK ("solicitudes"."estado" in ('pendiente', 'aceptada', 'rechazada'))
);
--> statement-breakpoint
CREATE INDEX "solicitudes_estado_idx" ON "solicitudes" USING btree ("estado","creada_en");
--> statement-breakpoint
CREATE INDEX "solicitudes_estudio_idx" ON "solicitudes" USING btree ("estudio_id","creada_en");
--> statement-breakpoint
CREATE TABLE "solicitud_archivos" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud_id" integer NOT NULL,
	"campo" varchar(20) NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"tipo_mime" varchar(40) NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"contenido" bytea NOT NULL,
	CONSTRAINT "solicitud_archivos_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "solicitud_archivos_campo_check" CHECK ("solicitud_archivos"."campo" in ('demanda', 'resolucion'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "solicitud_archivos_campo_key" ON "solicitud_archivos" USING btree ("solicitud_id","campo");
--> statement-breakpoint
CREATE TABLE "encargo_adjuntos" (
	"id" serial PRIMARY KEY NOT NULL,
	"encargo_id" integer NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"tipo_mime" varchar(40) NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"contenido" bytea NOT NULL,
	"origen" varchar(20) NOT NULL,
	"solicitud_id" integer,
	"creado_por" varchar(150) DEFAULT '' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encargo_adjuntos_encargo_id_encargos_id_fk" FOREIGN KEY ("encargo_id") REFERENCES "public"."encargos"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "encargo_adjuntos_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "encargo_adjuntos_encargo_idx" ON "encargo_adjuntos" USING btree ("encargo_id");
--> statement-breakpoint
CREATE TABLE "portal_configuracion" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"compartir_fotos_portal" boolean DEFAULT false NOT NULL,
	CONSTRAINT "portal_configuracion_id_check" CHECK ("portal_configuracion"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "portal_avisos" (
	"id" serial PRIMARY KEY NOT NULL,
	"clave" varchar(120) NOT NULL,
	"portal_usuario_id" integer NOT NULL,
	"destinatario" varchar(254) NOT NULL,
	"asunto" varchar(300) NOT NULL,
	"cuerpo" text NOT NULL,
	"estado" varchar(12) DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"tomado_en" timestamp with time zone,
	"enviado_en" timestamp with time zone,
	"error" text DEFAULT '' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_avisos_estado_check" CHECK ("portal_avisos"."estado" in ('pendiente', 'enviado'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_avisos_clave_key" ON "portal_avisos" USING btree ("clave","portal_usuario_id");
--> statement-breakpoint
CREATE INDEX "portal_avisos_pendientes_idx" ON "portal_avisos" USING btree ("creado_en") WHERE "portal_avisos"."estado" = 'pendiente';
--> statement-breakpoint
CREATE TABLE "portal_avisos_marca" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"desde" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_avisos_marca_id_check" CHECK ("portal_avisos_marca"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "portal_avisos_marca" ("id") VALUES (1);
--> statement-breakpoint
INSERT INTO "portal_configuracion" ("id") VALUES (1);
