CREATE TABLE "alarma_avisos" (
	"id" serial PRIMARY KEY NOT NULL,
	"alarma_id" integer NOT NULL,
	"aviso" varchar(12) NOT NULL,
	"fecha_hora" timestamp with time zone NOT NULL,
	"estado" varchar(12) NOT NULL,
	"destinatario" varchar(254) DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diligencias" (
	"id" serial PRIMARY KEY NOT NULL,
	"encargo_id" integer NOT NULL,
	"tipo_estampado_id" integer NOT NULL,
	"fecha_diligencia" timestamp with time zone NOT NULL,
	"apuntes_terreno" text NOT NULL,
	"tratamiento" varchar(10) DEFAULT '' NOT NULL,
	"valor_cobrado" bigint,
	"valor_final" bigint NOT NULL,
	"motivo_cambio_valor" text DEFAULT '' NOT NULL,
	"observaciones" text DEFAULT '' NOT NULL,
	"creado_por" varchar(150) DEFAULT '' NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diligencias_valor_check" CHECK ("diligencias"."valor_final" >= 0 and ("diligencias"."valor_cobrado" is null or "diligencias"."valor_cobrado" >= 0))
);
--> statement-breakpoint
CREATE TABLE "estampados" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"encargo_id" integer,
	"numero_rol" varchar(30) NOT NULL,
	"tipo_estampado_id" integer,
	"titulo" varchar(300) NOT NULL,
	"archivo_docx" "bytea",
	"archivo_pdf" "bytea",
	"url_externa" text DEFAULT '' NOT NULL,
	"motor" varchar(10) DEFAULT 'local' NOT NULL,
	"creado_por" varchar(150) DEFAULT '' NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_notificacion" timestamp with time zone,
	CONSTRAINT "estampados_motor_check" CHECK ("estampados"."motor" in ('local', 'google'))
);
--> statement-breakpoint
CREATE TABLE "gmail_conexiones" (
	"estudio_id" integer PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"access_token_cifrado" text NOT NULL,
	"refresh_token_cifrado" text DEFAULT '' NOT NULL,
	"expira_en" timestamp with time zone,
	"scope" text DEFAULT '' NOT NULL,
	"fecha_conexion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_renovacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "informes_configuracion" (
	"estudio_id" integer PRIMARY KEY NOT NULL,
	"informes_activos" boolean DEFAULT false NOT NULL,
	"semanal" boolean DEFAULT false NOT NULL,
	"formato" varchar(10) DEFAULT 'excel' NOT NULL,
	"correo_raiz" varchar(254) DEFAULT '' NOT NULL,
	"fecha_modificacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "informes_envios" (
	"id" serial PRIMARY KEY NOT NULL,
	"estudio_id" integer NOT NULL,
	"frecuencia" varchar(10) NOT NULL,
	"fecha_inicio" date NOT NULL,
	"fecha_fin" date NOT NULL,
	"origen" varchar(12) NOT NULL,
	"estado" varchar(12) NOT NULL,
	"intentos" integer DEFAULT 1 NOT NULL,
	"destinatarios" text DEFAULT '' NOT NULL,
	"filas" integer DEFAULT 0 NOT NULL,
	"total_valor" bigint DEFAULT 0 NOT NULL,
	"via" varchar(10) DEFAULT '' NOT NULL,
	"archivo" varchar(300) DEFAULT '' NOT NULL,
	"message_id" varchar(300) DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"reclamado_hasta" timestamp with time zone,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_envio" timestamp with time zone,
	CONSTRAINT "informes_envios_frecuencia_check" CHECK ("informes_envios"."frecuencia" in ('diario', 'semanal', 'mensual')),
	CONSTRAINT "informes_envios_estado_check" CHECK ("informes_envios"."estado" in ('enviando', 'enviado', 'sin_datos', 'fallido'))
);
--> statement-breakpoint
CREATE TABLE "oauth_estados" (
	"nonce" varchar(64) PRIMARY KEY NOT NULL,
	"estudio_id" integer NOT NULL,
	"usuario_id" integer,
	"expira_en" timestamp with time zone NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plantillas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"tipo_estampado_id" integer,
	"plantilla_base" varchar(60) DEFAULT '' NOT NULL,
	"archivo" "bytea",
	"google_document_id" varchar(200) DEFAULT '' NOT NULL,
	"google_document_url" text DEFAULT '' NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_modificacion" timestamp with time zone DEFAULT now() NOT NULL,
	"modificado_por" varchar(150) DEFAULT '' NOT NULL,
	CONSTRAINT "plantillas_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "tipos_estampado" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(60) NOT NULL,
	"nombre" varchar(150) NOT NULL,
	"valor_por_defecto" integer DEFAULT 0 NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tipos_estampado_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
ALTER TABLE "encargos" ADD COLUMN "estado_estampado" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "encargos" ADD COLUMN "fecha_estampado" date;--> statement-breakpoint
ALTER TABLE "encargos" ADD COLUMN "observacion_estampado" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alarma_avisos" ADD CONSTRAINT "alarma_avisos_alarma_id_alarmas_id_fk" FOREIGN KEY ("alarma_id") REFERENCES "public"."alarmas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diligencias" ADD CONSTRAINT "diligencias_encargo_id_encargos_id_fk" FOREIGN KEY ("encargo_id") REFERENCES "public"."encargos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diligencias" ADD CONSTRAINT "diligencias_tipo_estampado_id_tipos_estampado_id_fk" FOREIGN KEY ("tipo_estampado_id") REFERENCES "public"."tipos_estampado"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estampados" ADD CONSTRAINT "estampados_encargo_id_encargos_id_fk" FOREIGN KEY ("encargo_id") REFERENCES "public"."encargos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estampados" ADD CONSTRAINT "estampados_tipo_estampado_id_tipos_estampado_id_fk" FOREIGN KEY ("tipo_estampado_id") REFERENCES "public"."tipos_estampado"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gmail_conexiones" ADD CONSTRAINT "gmail_conexiones_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "informes_configuracion" ADD CONSTRAINT "informes_configuracion_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "informes_envios" ADD CONSTRAINT "informes_envios_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_estados" ADD CONSTRAINT "oauth_estados_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas" ADD CONSTRAINT "plantillas_tipo_estampado_id_tipos_estampado_id_fk" FOREIGN KEY ("tipo_estampado_id") REFERENCES "public"."tipos_estampado"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarma_avisos_key" ON "alarma_avisos" USING btree ("alarma_id","aviso","fecha_hora");--> statement-breakpoint
CREATE INDEX "diligencias_encargo_idx" ON "diligencias" USING btree ("encargo_id","fecha_diligencia" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "diligencias_fecha_idx" ON "diligencias" USING btree ("fecha_diligencia");--> statement-breakpoint
CREATE INDEX "estampados_rol_idx" ON "estampados" USING btree ("numero_rol");--> statement-breakpoint
CREATE INDEX "estampados_encargo_idx" ON "estampados" USING btree ("encargo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "informes_envios_programado_key" ON "informes_envios" USING btree ("estudio_id","frecuencia","fecha_inicio") WHERE "informes_envios"."origen" = 'programado';--> statement-breakpoint
CREATE INDEX "informes_envios_estudio_idx" ON "informes_envios" USING btree ("estudio_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plantillas_tipo_idx" ON "plantillas" USING btree ("tipo_estampado_id");--> statement-breakpoint
CREATE INDEX "encargos_estado_fecha_estampado_idx" ON "encargos" USING btree ("estado","fecha_estampado","id");