CREATE TABLE "encargos_cambios" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"cambios" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every statement that changes assignments adds one to a shard of encargos_cambios, in the same
-- transaction (the shard of the writing connection, as the per-state counters): a reader summing
-- the shards in one snapshot gets a number that grows with every committed change. The search keeps
-- its per-state counts beside the sum they were counted at and counts again once the sum moves.
CREATE OR REPLACE FUNCTION encargos_cambio_anotar(fragmento smallint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO encargos_cambios (shard, cambios) VALUES (fragmento, 1)
  ON CONFLICT (shard) DO UPDATE SET cambios = encargos_cambios.cambios + 1
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION encargo_totales_aplicar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fragmento smallint := pg_backend_pid() % 32;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM nuevas) THEN RETURN NULL; END IF;
    INSERT INTO encargo_totales (estado, shard, total)
    SELECT estado, fragmento, count(*) FROM nuevas GROUP BY estado ORDER BY estado
    ON CONFLICT (estado, shard) DO UPDATE SET total = encargo_totales.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM anteriores) THEN RETURN NULL; END IF;
    INSERT INTO encargo_totales (estado, shard, total)
    SELECT estado, fragmento, -count(*) FROM anteriores GROUP BY estado ORDER BY estado
    ON CONFLICT (estado, shard) DO UPDATE SET total = encargo_totales.total + excluded.total;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM nuevas) THEN RETURN NULL; END IF;
    INSERT INTO encargo_totales (estado, shard, total)
    SELECT estado, fragmento, sum(delta) FROM (
      SELECT estado, 1 AS delta FROM nuevas
      UNION ALL
      SELECT estado, -1 AS delta FROM anteriores
    ) cambios
    GROUP BY estado HAVING sum(delta) <> 0 ORDER BY estado
    ON CONFLICT (estado, shard) DO UPDATE SET total = encargo_totales.total + excluded.total;
  END IF;
  PERFORM encargos_cambio_anotar(fragmento);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION encargo_totales_vaciar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE encargo_totales SET total = 0;
  PERFORM encargos_cambio_anotar((pg_backend_pid() % 32)::smallint);
  RETURN NULL;
END $$;
