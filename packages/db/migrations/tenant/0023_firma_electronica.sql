-- Electronic signature of certificates (issue 26): each certificate carries a verification code, each
-- user may store one signing certificate (PKCS#12, encrypted), and the signed PDF and the upload to the
-- court are evidence kept beside the unsigned document.
ALTER TABLE "estampados" ADD COLUMN "codigo_verificacion" varchar(26);--> statement-breakpoint
CREATE UNIQUE INDEX "estampados_codigo_verificacion_key" ON "estampados" USING btree ("codigo_verificacion");--> statement-breakpoint
CREATE TABLE "firma_certificados" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"archivo_cifrado" text NOT NULL,
	"nombre" varchar(300) NOT NULL,
	"rut" varchar(15) DEFAULT '' NOT NULL,
	"emisor" varchar(300) NOT NULL,
	"numero_serie" varchar(100) NOT NULL,
	"huella_sha256" varchar(64) NOT NULL,
	"valido_desde" timestamp with time zone NOT NULL,
	"valido_hasta" timestamp with time zone NOT NULL,
	"cargado_por" varchar(150) NOT NULL,
	"cargado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estampado_firmas" (
	"id" serial PRIMARY KEY NOT NULL,
	"estampado_id" uuid NOT NULL,
	"archivo_pdf" bytea NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"codigo_verificacion" varchar(26) NOT NULL,
	"firmante_nombre" varchar(300) NOT NULL,
	"firmante_rut" varchar(15) NOT NULL,
	"emisor" varchar(300) NOT NULL,
	"certificado_serie" varchar(100) NOT NULL,
	"certificado_huella" varchar(64) NOT NULL,
	"firmado_por" varchar(150) NOT NULL,
	"firmado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estampado_subidas" (
	"id" serial PRIMARY KEY NOT NULL,
	"estampado_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"registrada_por" varchar(150) NOT NULL,
	"registrada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estampado_firmas" ADD CONSTRAINT "estampado_firmas_estampado_id_estampados_id_fk" FOREIGN KEY ("estampado_id") REFERENCES "public"."estampados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estampado_subidas" ADD CONSTRAINT "estampado_subidas_estampado_id_estampados_id_fk" FOREIGN KEY ("estampado_id") REFERENCES "public"."estampados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estampado_firmas_estampado_key" ON "estampado_firmas" USING btree ("estampado_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estampado_subidas_estampado_key" ON "estampado_subidas" USING btree ("estampado_id");--> statement-breakpoint
-- The signed PDF and the upload date are evidence: append-only, as the visits (migration 0020).
CREATE TRIGGER estampado_firmas_sin_cambios BEFORE UPDATE OR DELETE ON estampado_firmas
  FOR EACH ROW EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER estampado_firmas_sin_vaciar BEFORE TRUNCATE ON estampado_firmas
  FOR EACH STATEMENT EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER estampado_subidas_sin_cambios BEFORE UPDATE OR DELETE ON estampado_subidas
  FOR EACH ROW EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER estampado_subidas_sin_vaciar BEFORE TRUNCATE ON estampado_subidas
  FOR EACH STATEMENT EXECUTE FUNCTION evidencia_solo_insertar();
