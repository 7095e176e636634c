-- The work queue's 'waiting for a stamp since the last diligence' read every waiting assignment's last
-- diligence to sort them. Each assignment now keeps the Santiago day of its latest diligence: saving results
-- sets it in the statement that inserts the diligence and updates the assignment; this trigger keeps it for
-- every other writer (seeds, imports, a diligence moved, re-dated or deleted) and changes nothing when the
-- day is already right (no extra version). The queue reads its page off the index below.
ALTER TABLE "encargos" ADD COLUMN "ultima_diligencia_dia" date;
--> statement-breakpoint
UPDATE "encargos" e SET "ultima_diligencia_dia" = d.dia
  FROM (SELECT "encargo_id", (max("fecha_diligencia") AT TIME ZONE 'America/Santiago')::date AS dia FROM "diligencias" GROUP BY "encargo_id") d
 WHERE e."id" = d."encargo_id";
--> statement-breakpoint
-- Statement-level (transition tables, as the per-state counters): a bulk insert updates each assignment once.
CREATE OR REPLACE FUNCTION diligencias_ultima_en_encargo() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tocados integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT encargo_id) INTO tocados FROM nuevas;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT encargo_id) INTO tocados FROM anteriores;
  ELSE
    SELECT array_agg(DISTINCT x.encargo_id) INTO tocados
      FROM nuevas n JOIN anteriores o ON o.id = n.id, LATERAL (VALUES (n.encargo_id), (o.encargo_id)) x(encargo_id)
     WHERE n.fecha_diligencia IS DISTINCT FROM o.fecha_diligencia OR n.encargo_id <> o.encargo_id;
  END IF;
  IF tocados IS NULL THEN RETURN NULL; END IF;
  UPDATE encargos e SET ultima_diligencia_dia = u.dia
    FROM (SELECT t.encargo_id,
                 (SELECT (max(d.fecha_diligencia) AT TIME ZONE 'America/Santiago')::date FROM diligencias d WHERE d.encargo_id = t.encargo_id) AS dia
            FROM unnest(tocados) AS t(encargo_id)) u
   WHERE e.id = u.encargo_id AND e.ultima_diligencia_dia IS DISTINCT FROM u.dia;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER diligencias_ultima_dia_insert AFTER INSERT ON diligencias
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION diligencias_ultima_en_encargo();
--> statement-breakpoint
CREATE TRIGGER diligencias_ultima_dia_update AFTER UPDATE ON diligencias
  REFERENCING OLD TABLE AS anteriores NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION diligencias_ultima_en_encargo();
--> statement-breakpoint
CREATE TRIGGER diligencias_ultima_dia_delete AFTER DELETE ON diligencias
  REFERENCING OLD TABLE AS anteriores FOR EACH STATEMENT EXECUTE FUNCTION diligencias_ultima_en_encargo();
--> statement-breakpoint
CREATE INDEX "encargos_cola_espera_idx" ON "encargos" USING btree ("estado",(coalesce("ultima_diligencia_dia", "fecha_encargo")),"id") WHERE "encargos"."es_re_encargado" = false;
--> statement-breakpoint
-- A firm's account statement is remembered by the API until anything it reads changes: every statement that
-- writes receipts, their items, discounts, boletas, payments or their applications adds one to a shard of
-- cobranza_cambios in the same transaction (the writing connection's shard, as encargos_cambios), and a
-- remembered statement serves only while the sum of the shards is the one it was computed at.
CREATE TABLE "cobranza_cambios" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"cambios" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cobranza_cambio_anotar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cobranza_cambios (shard, cambios) VALUES ((pg_backend_pid() % 32)::smallint, 1)
  ON CONFLICT (shard) DO UPDATE SET cambios = cobranza_cambios.cambios + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recibos_cobranza_cambio AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON recibos
  FOR EACH STATEMENT EXECUTE FUNCTION cobranza_cambio_anotar();
--> statement-breakpoint
CREATE TRIGGER recibo_items_cobranza_cambio AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON recibo_items
  FOR EACH STATEMENT EXECUTE FUNCTION cobranza_cambio_anotar();
--> statement-breakpoint
CREATE TRIGGER rebajas_cobranza_cambio AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rebajas
  FOR EACH STATEMENT EXECUTE FUNCTION cobranza_cambio_anotar();
--> statement-breakpoint
CREATE TRIGGER boletas_cobranza_cambio AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON boletas
  FOR EACH STATEMENT EXECUTE FUNCTION cobranza_cambio_anotar();
--> statement-breakpoint
CREATE TRIGGER pagos_cobranza_cambio AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pagos
  FOR EACH STATEMENT EXECUTE FUNCTION cobranza_cambio_anotar();
--> statement-breakpoint
CREATE TRIGGER pago_aplicaciones_cobranza_cambio AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pago_aplicaciones
  FOR EACH STATEMENT EXECUTE FUNCTION cobranza_cambio_anotar();
--> statement-breakpoint
CREATE TRIGGER estudios_cobranza_cambio AFTER UPDATE OR DELETE ON estudios
  FOR EACH STATEMENT EXECUTE FUNCTION cobranza_cambio_anotar();
--> statement-breakpoint
-- The work queue's totals: the per-state counts of encargo_totales less the state's re-assigned originals, found here.
CREATE INDEX "encargos_re_encargados_idx" ON "encargos" USING btree ("estado") WHERE "encargos"."es_re_encargado";
