CREATE TABLE "arancel" (
	"id" serial PRIMARY KEY NOT NULL,
	"actuacion" varchar(200) NOT NULL,
	"cuantia_desde" bigint DEFAULT 0 NOT NULL,
	"cuantia_hasta" bigint,
	"porcentaje_utm" numeric(12, 4) NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boletas" (
	"id" serial PRIMARY KEY NOT NULL,
	"recibo_id" integer NOT NULL,
	"numero_boleta" varchar(20) NOT NULL,
	"fecha" date NOT NULL,
	"retiene" varchar(10) NOT NULL,
	"bruto" bigint NOT NULL,
	"tasa" numeric(5, 2) NOT NULL,
	"retencion" bigint NOT NULL,
	"liquido" bigint NOT NULL,
	"creado_por" varchar(150) DEFAULT '' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boletas_retiene_check" CHECK ("boletas"."retiene" in ('pagador', 'receptor'))
);
--> statement-breakpoint
CREATE TABLE "pago_aplicaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"pago_id" integer NOT NULL,
	"recibo_id" integer NOT NULL,
	"monto" bigint NOT NULL,
	"creado_por" varchar(150) DEFAULT '' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pago_aplicaciones_monto_check" CHECK ("pago_aplicaciones"."monto" > 0)
);
--> statement-breakpoint
CREATE TABLE "pagos" (
	"id" serial PRIMARY KEY NOT NULL,
	"estudio_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"monto" bigint NOT NULL,
	"medio" varchar(20) NOT NULL,
	"referencia" varchar(100) DEFAULT '' NOT NULL,
	"creado_por_id" integer,
	"creado_por" varchar(150) DEFAULT '' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"reverso_en" timestamp with time zone,
	"reverso_por" varchar(150),
	CONSTRAINT "pagos_monto_check" CHECK ("pagos"."monto" > 0),
	CONSTRAINT "pagos_medio_check" CHECK ("pagos"."medio" in ('transferencia', 'cheque', 'efectivo', 'otro'))
);
--> statement-breakpoint
CREATE TABLE "rebajas" (
	"id" serial PRIMARY KEY NOT NULL,
	"recibo_id" integer NOT NULL,
	"monto" bigint NOT NULL,
	"motivo" text NOT NULL,
	"creado_por" varchar(150) DEFAULT '' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebajas_monto_check" CHECK ("rebajas"."monto" > 0)
);
--> statement-breakpoint
CREATE TABLE "recibo_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"recibo_id" integer NOT NULL,
	"diligencia_id" integer NOT NULL,
	"numero_rol" varchar(30) NOT NULL,
	"tipo" varchar(150) NOT NULL,
	"valor" bigint NOT NULL,
	"fecha_diligencia" date,
	"activo" boolean DEFAULT true NOT NULL,
	"agregado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"quitado_en" timestamp with time zone,
	"quitado_por" varchar(150),
	CONSTRAINT "recibo_items_valor_check" CHECK ("recibo_items"."valor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recibos" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" integer NOT NULL,
	"estudio_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"observaciones" text DEFAULT '' NOT NULL,
	"creado_por_id" integer,
	"creado_por" varchar(150) DEFAULT '' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"anulado_en" timestamp with time zone,
	"anulado_por" varchar(150),
	"motivo_anulacion" text
);
--> statement-breakpoint
CREATE TABLE "recibos_configuracion" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"numero_inicial" integer DEFAULT 1 NOT NULL,
	"siguiente_numero" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "recibos_configuracion_fila_check" CHECK ("recibos_configuracion"."id" = 1 and "recibos_configuracion"."siguiente_numero" >= "recibos_configuracion"."numero_inicial")
);
--> statement-breakpoint
CREATE TABLE "retencion_tasas" (
	"anio" smallint PRIMARY KEY NOT NULL,
	"tasa" numeric(5, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tarifas" (
	"id" serial PRIMARY KEY NOT NULL,
	"estudio_id" integer,
	"tipo_estampado_id" integer,
	"cuantia_desde" bigint DEFAULT 0 NOT NULL,
	"cuantia_hasta" bigint,
	"monto_clp" bigint,
	"porcentaje_utm" numeric(12, 4),
	"recargos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tarifas_monto_check" CHECK (("tarifas"."monto_clp" is null) <> ("tarifas"."porcentaje_utm" is null)),
	CONSTRAINT "tarifas_cuantia_check" CHECK ("tarifas"."cuantia_desde" >= 0 and ("tarifas"."cuantia_hasta" is null or "tarifas"."cuantia_hasta" > "tarifas"."cuantia_desde"))
);
--> statement-breakpoint
CREATE TABLE "utm_mensual" (
	"mes" varchar(7) PRIMARY KEY NOT NULL,
	"valor" integer NOT NULL,
	"fuente" varchar(12) NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boletas" ADD CONSTRAINT "boletas_recibo_id_recibos_id_fk" FOREIGN KEY ("recibo_id") REFERENCES "public"."recibos"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pago_aplicaciones" ADD CONSTRAINT "pago_aplicaciones_pago_id_pagos_id_fk" FOREIGN KEY ("pago_id") REFERENCES "public"."pagos"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pago_aplicaciones" ADD CONSTRAINT "pago_aplicaciones_recibo_id_recibos_id_fk" FOREIGN KEY ("recibo_id") REFERENCES "public"."recibos"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rebajas" ADD CONSTRAINT "rebajas_recibo_id_recibos_id_fk" FOREIGN KEY ("recibo_id") REFERENCES "public"."recibos"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recibo_items" ADD CONSTRAINT "recibo_items_recibo_id_recibos_id_fk" FOREIGN KEY ("recibo_id") REFERENCES "public"."recibos"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recibo_items" ADD CONSTRAINT "recibo_items_diligencia_id_diligencias_id_fk" FOREIGN KEY ("diligencia_id") REFERENCES "public"."diligencias"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recibos" ADD CONSTRAINT "recibos_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tarifas" ADD CONSTRAINT "tarifas_estudio_id_estudios_id_fk" FOREIGN KEY ("estudio_id") REFERENCES "public"."estudios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tarifas" ADD CONSTRAINT "tarifas_tipo_estampado_id_tipos_estampado_id_fk" FOREIGN KEY ("tipo_estampado_id") REFERENCES "public"."tipos_estampado"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "boletas_recibo_key" ON "boletas" USING btree ("recibo_id");
--> statement-breakpoint
CREATE INDEX "pago_aplicaciones_pago_idx" ON "pago_aplicaciones" USING btree ("pago_id");
--> statement-breakpoint
CREATE INDEX "pago_aplicaciones_recibo_idx" ON "pago_aplicaciones" USING btree ("recibo_id");
--> statement-breakpoint
CREATE INDEX "pagos_estudio_fecha_idx" ON "pagos" USING btree ("estudio_id","fecha","id");
--> statement-breakpoint
CREATE INDEX "rebajas_recibo_idx" ON "rebajas" USING btree ("recibo_id");
--> statement-breakpoint
CREATE INDEX "recibo_items_recibo_idx" ON "recibo_items" USING btree ("recibo_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "recibo_items_diligencia_activa_key" ON "recibo_items" USING btree ("diligencia_id") WHERE "recibo_items"."activo";
--> statement-breakpoint
CREATE UNIQUE INDEX "recibos_numero_key" ON "recibos" USING btree ("numero");
--> statement-breakpoint
CREATE INDEX "recibos_estudio_fecha_idx" ON "recibos" USING btree ("estudio_id","fecha","id");
--> statement-breakpoint
CREATE INDEX "recibos_fecha_idx" ON "recibos" USING btree ("fecha","id");
--> statement-breakpoint
CREATE INDEX "tarifas_estudio_idx" ON "tarifas" USING btree ("estudio_id","tipo_estampado_id");
--> statement-breakpoint
INSERT INTO "recibos_configuracion" ("id", "numero_inicial", "siguiente_numero") VALUES (1, 1, 1);
--> statement-breakpoint
INSERT INTO "retencion_tasas" ("anio", "tasa") VALUES (2024, 13.75), (2025, 14.5), (2026, 15.25), (2027, 16), (2028, 17);
--> statement-breakpoint
-- Receipts are evidence: never deleted; their number, firm, date and author never change; the only
-- change is voiding, once. Items are only ever deactivated (removed or voided), once.
CREATE OR REPLACE FUNCTION recibos_solo_anular() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'recibos: los recibos no se eliminan' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.id <> OLD.id OR NEW.numero <> OLD.numero OR NEW.estudio_id <> OLD.estudio_id OR NEW.fecha <> OLD.fecha
     OR NEW.creado_por_id IS DISTINCT FROM OLD.creado_por_id OR NEW.creado_por <> OLD.creado_por OR NEW.creado_en <> OLD.creado_en
     OR NEW.observaciones <> OLD.observaciones
     OR (OLD.anulado_en IS NOT NULL AND (NEW.anulado_en IS DISTINCT FROM OLD.anulado_en OR NEW.anulado_por IS DISTINCT FROM OLD.anulado_por
         OR NEW.motivo_anulacion IS DISTINCT FROM OLD.motivo_anulacion))
     OR NEW.anulado_en IS NULL AND OLD.anulado_en IS NOT NULL THEN
    RAISE EXCEPTION 'recibos: sólo se puede anular un recibo, una vez' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER recibos_sin_cambios BEFORE UPDATE OR DELETE ON recibos
  FOR EACH ROW EXECUTE FUNCTION recibos_solo_anular();
--> statement-breakpoint
CREATE TRIGGER recibos_sin_vaciar BEFORE TRUNCATE ON recibos
  FOR EACH STATEMENT EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION recibo_items_solo_desactivar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' OR NOT OLD.activo OR NEW.activo
     OR NEW.id <> OLD.id OR NEW.recibo_id <> OLD.recibo_id OR NEW.diligencia_id <> OLD.diligencia_id
     OR NEW.numero_rol <> OLD.numero_rol OR NEW.tipo <> OLD.tipo OR NEW.valor <> OLD.valor
     OR NEW.fecha_diligencia IS DISTINCT FROM OLD.fecha_diligencia OR NEW.agregado_en <> OLD.agregado_en THEN
    RAISE EXCEPTION 'recibo_items: sólo se puede quitar una diligencia del recibo, una vez' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER recibo_items_sin_cambios BEFORE UPDATE OR DELETE ON recibo_items
  FOR EACH ROW EXECUTE FUNCTION recibo_items_solo_desactivar();
--> statement-breakpoint
CREATE TRIGGER recibo_items_sin_vaciar BEFORE TRUNCATE ON recibo_items
  FOR EACH STATEMENT EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
-- A payment is only ever reversed (once); discounts, boletas and applications never change.
CREATE OR REPLACE FUNCTION pagos_solo_reversar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' OR OLD.reverso_en IS NOT NULL OR NEW.reverso_en IS NULL
     OR NEW.id <> OLD.id OR NEW.estudio_id <> OLD.estudio_id OR NEW.fecha <> OLD.fecha OR NEW.monto <> OLD.monto
     OR NEW.medio <> OLD.medio OR NEW.referencia <> OLD.referencia OR NEW.creado_por_id IS DISTINCT FROM OLD.creado_por_id
     OR NEW.creado_por <> OLD.creado_por OR NEW.creado_en <> OLD.creado_en THEN
    RAISE EXCEPTION 'pagos: un pago sólo se deshace, una vez' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER pagos_sin_cambios BEFORE UPDATE OR DELETE ON pagos
  FOR EACH ROW EXECUTE FUNCTION pagos_solo_reversar();
--> statement-breakpoint
CREATE TRIGGER pagos_sin_vaciar BEFORE TRUNCATE ON pagos
  FOR EACH STATEMENT EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER rebajas_sin_cambios BEFORE UPDATE OR DELETE ON rebajas
  FOR EACH ROW EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER rebajas_sin_vaciar BEFORE TRUNCATE ON rebajas
  FOR EACH STATEMENT EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER boletas_sin_cambios BEFORE UPDATE OR DELETE ON boletas
  FOR EACH ROW EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER boletas_sin_vaciar BEFORE TRUNCATE ON boletas
  FOR EACH STATEMENT EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER pago_aplicaciones_sin_cambios BEFORE UPDATE OR DELETE ON pago_aplicaciones
  FOR EACH ROW EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER pago_aplicaciones_sin_vaciar BEFORE TRUNCATE ON pago_aplicaciones
  FOR EACH STATEMENT EXECUTE FUNCTION evidencia_solo_insertar();
