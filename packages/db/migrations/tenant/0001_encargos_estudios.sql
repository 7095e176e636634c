CREATE TABLE "alarmas" (
	"id" serial PRIMARY KEY NOT NULL,
	"encargo_id" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"fecha_hora" timestamp with time zone NOT NULL,
	"mensaje" text DEFAULT '' NOT NULL,
	"fecha_aviso" timestamp with time zone,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarmas_tipo_check" CHECK ("alarmas"."tipo" in ('comparendo', 'prueba'))
);
--> statement-breakpoint
CREATE TABLE "comunas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"region" varchar(100) NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "comunas_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "domicilios" (
	"id" serial PRIMARY KEY NOT NULL,
	"encargo_id" integer NOT NULL,
	"direccion" varchar(300) NOT NULL,
	"comuna" varchar(100) NOT NULL,
	"ciudad" varchar(100) NOT NULL,
	"es_principal" boolean DEFAULT false NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"orden" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encargos" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero_rol" varchar(30) NOT NULL,
	"estado" varchar(30) DEFAULT 'pendiente' NOT NULL,
	"fecha_encargo" date NOT NULL,
	"fecha_retiro" date,
	"fecha_demanda" date,
	"fecha_resolucion" date,
	"fecha_comparendo" timestamp with time zone,
	"fecha_prueba" timestamp with time zone,
	"cuantia" bigint,
	"numero_operacion" varchar(50) DEFAULT '' NOT NULL,
	"rut_ejecutado" varchar(12) DEFAULT '' NOT NULL,
	"rut_representante_legal" varchar(12),
	"ejecutados" text DEFAULT '' NOT NULL,
	"partes" text DEFAULT '' NOT NULL,
	"estudio_id" integer NOT NULL,
	"parte_demandante_id" integer,
	"tribunal_id" integer,
	"tipo_encargo_id" integer,
	"tipo_causa_id" integer,
	"observaciones_encargo" varchar(60) DEFAULT '' NOT NULL,
	"observacion_encargo" text DEFAULT '' NOT NULL,
	"observacion_retiro" text DEFAULT '' NOT NULL,
	"observacion_re_encargo" text DEFAULT '' NOT NULL,
	"motivo_no_realizable" varchar(200) DEFAULT '' NOT NULL,
	"encargo_no_realizable" boolean DEFAULT false NOT NULL,
	"es_re_encargado" boolean DEFAULT false NOT NULL,
	"es_re_encargo" boolean DEFAULT false NOT NULL,
	"encargo_original_id" integer,
	"motivo_re_encargo" text DEFAULT '' NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_modificacion" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(translate(numero_rol || ' ' || ejecutados || ' ' || partes || ' ' || rut_ejecutado || ' ' || replace(rut_ejecutado, '-', '') || ' ' || coalesce(rut_representante_legal, '') || ' ' || numero_operacion, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun'))) STORED,
	CONSTRAINT "encargos_estado_check" CHECK ("encargos"."estado" in ('pendiente', 'preparado', 'listo_para_estampar', 'estampado')),
	CONSTRAINT "encargos_no_realizable_check" CHECK ("encargos"."encargo_no_realizable" = ("encargos"."motivo_no_realizable" <> '')),
	CONSTRAINT "encargos_cuantia_check" CHECK ("encargos"."cuantia" is null or "encargos"."cuantia" >= 0)
);
--> statement-breakpoint
CREATE TABLE "estudio_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"estudio_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"tipo" varchar(20) DEFAULT 'secundario' NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estudio_emails_tipo_check" CHECK ("estudio_emails"."tipo" in ('principal', 'secundario', 'informes', 'cobranza', 'notificaciones'))
);
--> statement-breakpoint
CREATE TABLE "estudios" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"direccion" varchar(300) NOT NULL,
	"comuna" varchar(100) NOT NULL,
	"ciudad" varchar(100) NOT NULL,
	"telefono" varchar(30) NOT NULL,
	"fax" varchar(30) DEFAULT '' NOT NULL,
	"rut_estudio" varchar(12) NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"enviar_informes_diarios" boolean DEFAULT false NOT NULL,
	"enviar_informes_mensuales" boolean DEFAULT false NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_modificacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partes_demandantes" (
	"id" serial PRIMARY KEY NOT NULL,
	"estudio_id" integer NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"tipo" varchar(20) DEFAULT 'empresa' NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partes_demandantes_tipo_check" CHECK ("partes_demandantes"."tipo" in ('empresa', 'banco', 'persona_natural', 'institucion'))
);
--> statement-breakpoint
CREATE TABLE "tipos_causa" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tipos_causa_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "tipos_encargo" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tipos_encargo_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "tribunales" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tribunales_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
ALTER TABLE "alarmas" ADD CONSTRAINT "alarmas_encargo_id_encargos_id_fk" FOREIGN KEY ("encargo_id") REFERENCES "public"."encargos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domicilios" ADD CONSTRAINT "domicilios_encargo_id_encargos_id_fk" FOREIGN KEY ("encargo_id") REFERENCES "public"."encargos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encargos" ADD CONSTRAINT "encargos_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encargos" ADD CONSTRAINT "encargos_parte_demandante_id_partes_demandantes_id_fk" FOREIGN KEY ("parte_demandante_id") REFERENCES "public"."partes_demandantes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encargos" ADD CONSTRAINT "encargos_tribunal_id_tribunales_id_fk" FOREIGN KEY ("tribunal_id") REFERENCES "public"."tribunales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encargos" ADD CONSTRAINT "encargos_tipo_encargo_id_tipos_encargo_id_fk" FOREIGN KEY ("tipo_encargo_id") REFERENCES "public"."tipos_encargo"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encargos" ADD CONSTRAINT "encargos_tipo_causa_id_tipos_causa_id_fk" FOREIGN KEY ("tipo_causa_id") REFERENCES "public"."tipos_causa"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encargos" ADD CONSTRAINT "encargos_encargo_original_id_encargos_id_fk" FOREIGN KEY ("encargo_original_id") REFERENCES "public"."encargos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estudio_emails" ADD CONSTRAINT "estudio_emails_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partes_demandantes" ADD CONSTRAINT "partes_demandantes_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarmas_encargo_tipo_key" ON "alarmas" USING btree ("encargo_id","tipo");--> statement-breakpoint
CREATE INDEX "alarmas_fecha_hora_idx" ON "alarmas" USING btree ("fecha_hora");--> statement-breakpoint
CREATE INDEX "domicilios_encargo_idx" ON "domicilios" USING btree ("encargo_id","orden");--> statement-breakpoint
CREATE UNIQUE INDEX "domicilios_un_principal_key" ON "domicilios" USING btree ("encargo_id") WHERE "domicilios"."es_principal";--> statement-breakpoint
CREATE INDEX "encargos_fecha_idx" ON "encargos" USING btree ("fecha_encargo" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "encargos_estado_fecha_idx" ON "encargos" USING btree ("estado","fecha_encargo" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "encargos_numero_rol_idx" ON "encargos" USING btree ("numero_rol");--> statement-breakpoint
CREATE INDEX "encargos_estudio_idx" ON "encargos" USING btree ("estudio_id");--> statement-breakpoint
CREATE INDEX "encargos_parte_demandante_idx" ON "encargos" USING btree ("parte_demandante_id");--> statement-breakpoint
CREATE INDEX "encargos_original_idx" ON "encargos" USING btree ("encargo_original_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estudio_emails_estudio_email_key" ON "estudio_emails" USING btree ("estudio_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "estudios_rut_estudio_key" ON "estudios" USING btree ("rut_estudio");--> statement-breakpoint
CREATE INDEX "estudios_nombre_idx" ON "estudios" USING btree (lower("nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "partes_demandantes_estudio_nombre_key" ON "partes_demandantes" USING btree ("estudio_id",lower("nombre"));