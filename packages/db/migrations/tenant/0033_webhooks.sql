-- Signed webhooks to a firm's systems: its endpoints, the events written with the acts (one body per event id)
-- and each endpoint's deliveries (queue state) and attempts (log).
CREATE TABLE IF NOT EXISTS "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"estudio_id" integer NOT NULL,
	"url" varchar(2000) NOT NULL,
	"eventos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"secreto" varchar(100) NOT NULL,
	"secreto_anterior" varchar(100),
	"secreto_anterior_hasta" timestamp with time zone,
	"secreto_rotado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"fallando_desde" timestamp with time zone,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_endpoints_estudio_idx" ON "webhook_endpoints" USING btree ("estudio_id","activo");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webhook_eventos" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"encargo_id" integer,
	"cuerpo" text NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_eventos_encargo_id_encargos_id_fk" FOREIGN KEY ("encargo_id") REFERENCES "public"."encargos"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webhook_envios" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"evento_id" varchar(40) NOT NULL,
	"encargo_id" integer,
	"estado" varchar(20) DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento" timestamp with time zone DEFAULT now() NOT NULL,
	"entregado_en" timestamp with time zone,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_envios_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "webhook_envios_evento_id_webhook_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."webhook_eventos"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "webhook_envios_endpoint_evento_key" ON "webhook_envios" USING btree ("endpoint_id","evento_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_envios_pendientes_idx" ON "webhook_envios" USING btree ("estado","proximo_intento");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_envios_orden_idx" ON "webhook_envios" USING btree ("endpoint_id","encargo_id","id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webhook_entregas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"envio_id" bigint NOT NULL,
	"endpoint_id" integer NOT NULL,
	"evento_id" varchar(40) NOT NULL,
	"intento" integer NOT NULL,
	"enviado_en" timestamp with time zone NOT NULL,
	"estado_http" integer,
	"duracion_ms" integer NOT NULL,
	"respuesta" varchar(1024) DEFAULT '' NOT NULL,
	"error" varchar(500),
	CONSTRAINT "webhook_entregas_envio_id_webhook_envios_id_fk" FOREIGN KEY ("envio_id") REFERENCES "public"."webhook_envios"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_entregas_endpoint_idx" ON "webhook_entregas" USING btree ("endpoint_id","id");
