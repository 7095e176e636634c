CREATE TABLE "cartas_art46" (
	"id" serial PRIMARY KEY NOT NULL,
	"encargo_id" integer NOT NULL,
	"origen" varchar(80) NOT NULL,
	"fecha_notificacion" date NOT NULL,
	"fecha_envio" date NOT NULL,
	"numero_seguimiento" varchar(40) NOT NULL,
	"registrada_por" varchar(150) NOT NULL,
	"registrada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rutas_del_dia" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"domicilio_ids" jsonb NOT NULL,
	"generada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visita_fotos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visita_id" integer NOT NULL,
	"tipo_mime" varchar(20) NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"contenido" "bytea" NOT NULL,
	"subida_por" varchar(150) NOT NULL,
	"subida_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visita_fotos_tipo_check" CHECK ("visita_fotos"."tipo_mime" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "visitas" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"encargo_id" integer NOT NULL,
	"domicilio_id" integer,
	"domicilio_direccion" varchar(300),
	"domicilio_comuna" varchar(100),
	"fecha_hora" timestamp with time zone NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"resultado" varchar(40) NOT NULL,
	"informante_nombre" varchar(150),
	"informante_relacion" varchar(20),
	"apuntes" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"precision_m" double precision,
	"origen" varchar(10) DEFAULT 'terreno' NOT NULL,
	"corrige_a" uuid,
	"autor_id" integer NOT NULL,
	"autor_nombre" varchar(150) NOT NULL,
	"registrada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitas_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "visitas_tipo_check" CHECK ("visitas"."tipo" in ('busqueda', 'notificacion', 'requerimiento', 'embargo', 'otra')),
	CONSTRAINT "visitas_resultado_check" CHECK ("visitas"."resultado" in ('habido', 'domicilio_confirmado', 'negativa_no_reside', 'negativa_domicilio_incompleto', 'negativa_numeracion_inexistente', 'negativa_desconocido', 'negativa_inmueble_deshabitado', 'notificado_personal', 'notificado_art44', 'notificado_cedula', 'requerido_pago', 'otro')),
	CONSTRAINT "visitas_relacion_check" CHECK ("visitas"."informante_relacion" is null or "visitas"."informante_relacion" in ('conserje', 'vecino', 'familiar', 'empleado', 'el_mismo', 'otro')),
	CONSTRAINT "visitas_origen_check" CHECK ("visitas"."origen" in ('terreno', 'oficina')),
	CONSTRAINT "visitas_apuntes_check" CHECK (char_length("visitas"."apuntes") <= 2000),
	CONSTRAINT "visitas_ubicacion_check" CHECK (("visitas"."lat" is null) = ("visitas"."lon" is null) and ("visitas"."lat" is null or ("visitas"."lat" between -90 and 90 and "visitas"."lon" between -180 and 180)))
);
--> statement-breakpoint
ALTER TABLE "cartas_art46" ADD CONSTRAINT "cartas_art46_encargo_id_encargos_id_fk" FOREIGN KEY ("encargo_id") REFERENCES "public"."encargos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita_fotos" ADD CONSTRAINT "visita_fotos_visita_id_visitas_id_fk" FOREIGN KEY ("visita_id") REFERENCES "public"."visitas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitas" ADD CONSTRAINT "visitas_encargo_id_encargos_id_fk" FOREIGN KEY ("encargo_id") REFERENCES "public"."encargos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cartas_art46_origen_key" ON "cartas_art46" USING btree ("origen");--> statement-breakpoint
CREATE INDEX "cartas_art46_encargo_idx" ON "cartas_art46" USING btree ("encargo_id","id");--> statement-breakpoint
CREATE INDEX "rutas_del_dia_usuario_idx" ON "rutas_del_dia" USING btree ("usuario_id","fecha","id");--> statement-breakpoint
CREATE UNIQUE INDEX "visita_fotos_contenido_key" ON "visita_fotos" USING btree ("visita_id","sha256");--> statement-breakpoint
CREATE INDEX "visitas_encargo_fecha_idx" ON "visitas" USING btree ("encargo_id","fecha_hora","id");--> statement-breakpoint
CREATE INDEX "visitas_corrige_idx" ON "visitas" USING btree ("corrige_a");--> statement-breakpoint
ALTER TABLE "diligencias" ADD COLUMN "domicilio_id" integer;--> statement-breakpoint
ALTER TABLE "diligencias" ADD COLUMN "domicilio_direccion" varchar(300);--> statement-breakpoint
ALTER TABLE "diligencias" ADD COLUMN "domicilio_comuna" varchar(100);--> statement-breakpoint
-- Visits, their photos and the art. 46 letters are evidence a court or a firm may dispute: append-only.
-- The app's role owns its tables, so GRANTs cannot stop it: these triggers refuse UPDATE, DELETE and
-- TRUNCATE (a correction is a new visit naming the one it corrects).
CREATE OR REPLACE FUNCTION evidencia_solo_insertar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% es de solo inserción (% no permitido)', TG_TABLE_NAME, TG_OP USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER visitas_sin_cambios BEFORE UPDATE OR DELETE ON visitas
  FOR EACH ROW EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER visitas_sin_vaciar BEFORE TRUNCATE ON visitas
  FOR EACH STATEMENT EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER visita_fotos_sin_cambios BEFORE UPDATE OR DELETE ON visita_fotos
  FOR EACH ROW EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER visita_fotos_sin_vaciar BEFORE TRUNCATE ON visita_fotos
  FOR EACH STATEMENT EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER cartas_art46_sin_cambios BEFORE UPDATE OR DELETE ON cartas_art46
  FOR EACH ROW EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER cartas_art46_sin_vaciar BEFORE TRUNCATE ON cartas_art46
  FOR EACH STATEMENT EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
-- The certificate of the art. 46 letter (CPC art. 46): a stamp type with its built-in template
-- (plantilla_base names the wording kept in the API, as migration 0008 did for the others).
INSERT INTO "tipos_estampado" ("codigo", "nombre", "valor_por_defecto", "orden") VALUES
  ('certificado_carta_art46', 'Certificado carta certificada art. 46', 10000, 15)
ON CONFLICT ("codigo") DO NOTHING;
--> statement-breakpoint
INSERT INTO "plantillas" ("nombre", "tipo_estampado_id", "plantilla_base", "modificado_por")
SELECT 'plantilla_' || "codigo" || '_receptoria', "id", "codigo", 'sistema'
FROM "tipos_estampado"
WHERE "codigo" = 'certificado_carta_art46'
ON CONFLICT ("nombre") DO NOTHING;
