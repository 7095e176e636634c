CREATE TABLE "servidores" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"url_cifrada" text,
	"capacidad" integer NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "servidores_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
INSERT INTO "servidores" ("id", "nombre", "url_cifrada", "capacidad", "activo") VALUES (1, 'principal', NULL, 1000, true);
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('servidores', 'id'), 1);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "servidor_id" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_servidor_id_servidores_id_fk" FOREIGN KEY ("servidor_id") REFERENCES "public"."servidores"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "moviendo_desde" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "tenants_servidor_idx" ON "tenants" USING btree ("servidor_id");
--> statement-breakpoint
CREATE TABLE "traslados" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"origen_servidor_id" integer NOT NULL,
	"origen_base" varchar(63) NOT NULL,
	"destino_servidor_id" integer NOT NULL,
	"destino_base" varchar(63),
	"estado" varchar(20) DEFAULT 'copiando' NOT NULL,
	"detalle" text DEFAULT '' NOT NULL,
	"tablas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"iniciado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"terminado_en" timestamp with time zone,
	"base_anterior_eliminada_en" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "traslados" ADD CONSTRAINT "traslados_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "traslados" ADD CONSTRAINT "traslados_origen_servidor_id_servidores_id_fk" FOREIGN KEY ("origen_servidor_id") REFERENCES "public"."servidores"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "traslados" ADD CONSTRAINT "traslados_destino_servidor_id_servidores_id_fk" FOREIGN KEY ("destino_servidor_id") REFERENCES "public"."servidores"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "traslados_tenant_idx" ON "traslados" USING btree ("tenant_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "traslados_en_curso_idx" ON "traslados" USING btree ("tenant_id") WHERE "traslados"."estado" = 'copiando';
