-- Firms' API: each firm's API settings (requests per key a minute, automatic acceptance), requests sent
-- with an API key (the key's id instead of a portal user) and the answers kept for an Idempotency-Key.
CREATE TABLE IF NOT EXISTS "estudio_portal_configuracion" (
	"estudio_id" integer PRIMARY KEY NOT NULL,
	"limite_api_por_minuto" integer DEFAULT 600 NOT NULL,
	"aceptar_api_automaticamente" boolean DEFAULT false NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estudio_portal_configuracion_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "estudio_portal_configuracion_limite_check" CHECK ("estudio_portal_configuracion"."limite_api_por_minuto" between 1 and 100000)
);
--> statement-breakpoint
ALTER TABLE "solicitudes" ALTER COLUMN "portal_usuario_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "solicitudes" ADD COLUMN IF NOT EXISTS "clave_api_id" integer;
--> statement-breakpoint
ALTER TABLE "solicitudes" ADD COLUMN IF NOT EXISTS "clave_api_prefijo" varchar(16);
--> statement-breakpoint
-- Requests sent with a key before the key was kept carried the user 0: no user sent them.
UPDATE "solicitudes" SET "portal_usuario_id" = NULL WHERE "portal_usuario_id" = 0;
--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_remitente_check" CHECK (num_nonnulls("portal_usuario_id", "clave_api_id") <= 1);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "solicitud_idempotencia" (
	"estudio_id" integer NOT NULL,
	"clave" varchar(255) NOT NULL,
	"huella" varchar(64) NOT NULL,
	"estado" varchar(12) DEFAULT 'en_curso' NOT NULL,
	"solicitud_id" integer,
	"estado_http" smallint,
	"respuesta" text,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solicitud_idempotencia_pkey" PRIMARY KEY ("estudio_id", "clave"),
	CONSTRAINT "solicitud_idempotencia_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "solicitud_idempotencia_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "solicitud_idempotencia_estado_check" CHECK ("solicitud_idempotencia"."estado" in ('en_curso', 'hecha'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "solicitud_idempotencia_creada_idx" ON "solicitud_idempotencia" USING btree ("creada_en");
