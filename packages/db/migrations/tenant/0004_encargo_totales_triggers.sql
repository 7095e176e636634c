-- Per-state assignment counts kept by statement-level triggers (transition tables), so bulk
-- writes adjust each state once. Rows are upserted in state order to keep lock order stable.
CREATE OR REPLACE FUNCTION encargo_totales_aplicar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO encargo_totales (estado, total)
    SELECT estado, count(*) FROM nuevas GROUP BY estado ORDER BY estado
    ON CONFLICT (estado) DO UPDATE SET total = encargo_totales.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO encargo_totales (estado, total)
    SELECT estado, -count(*) FROM anteriores GROUP BY estado ORDER BY estado
    ON CONFLICT (estado) DO UPDATE SET total = encargo_totales.total + excluded.total;
  ELSE
    INSERT INTO encargo_totales (estado, total)
    SELECT estado, sum(delta) FROM (
      SELECT estado, 1 AS delta FROM nuevas
      UNION ALL
      SELECT estado, -1 AS delta FROM anteriores
    ) cambios
    GROUP BY estado HAVING sum(delta) <> 0 ORDER BY estado
    ON CONFLICT (estado) DO UPDATE SET total = encargo_totales.total + excluded.total;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION encargo_totales_vaciar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE encargo_totales SET total = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER encargos_totales_insert AFTER INSERT ON encargos
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION encargo_totales_aplicar();
--> statement-breakpoint
CREATE TRIGGER encargos_totales_update AFTER UPDATE ON encargos
  REFERENCING OLD TABLE AS anteriores NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION encargo_totales_aplicar();
--> statement-breakpoint
CREATE TRIGGER encargos_totales_delete AFTER DELETE ON encargos
  REFERENCING OLD TABLE AS anteriores FOR EACH STATEMENT EXECUTE FUNCTION encargo_totales_aplicar();
--> statement-breakpoint
CREATE TRIGGER encargos_totales_truncate AFTER TRUNCATE ON encargos
  FOR EACH STATEMENT EXECUTE FUNCTION encargo_totales_vaciar();
--> statement-breakpoint
INSERT INTO encargo_totales (estado, total)
SELECT estado, 0 FROM (VALUES ('pendiente'), ('preparado'), ('listo_para_estampar'), ('estampado')) AS e(estado)
ON CONFLICT (estado) DO NOTHING;
--> statement-breakpoint
UPDATE encargo_totales t SET total = (SELECT count(*) FROM encargos e WHERE e.estado = t.estado);
