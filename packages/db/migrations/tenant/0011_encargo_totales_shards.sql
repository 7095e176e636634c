-- The per-state counters are spread over 32 shards: the writing connection picks one by its backend
-- pid, so concurrent transactions that create assignments or change their state no longer queue on
-- one counter row until they commit. Readers sum the shards.
ALTER TABLE "encargo_totales" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "encargo_totales" DROP CONSTRAINT "encargo_totales_pkey";--> statement-breakpoint
ALTER TABLE "encargo_totales" ADD CONSTRAINT "encargo_totales_estado_shard_pk" PRIMARY KEY("estado","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION encargo_totales_aplicar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fragmento smallint := pg_backend_pid() % 32;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO encargo_totales (estado, shard, total)
    SELECT estado, fragmento, count(*) FROM nuevas GROUP BY estado ORDER BY estado
    ON CONFLICT (estado, shard) DO UPDATE SET total = encargo_totales.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO encargo_totales (estado, shard, total)
    SELECT estado, fragmento, -count(*) FROM anteriores GROUP BY estado ORDER BY estado
    ON CONFLICT (estado, shard) DO UPDATE SET total = encargo_totales.total + excluded.total;
  ELSE
    INSERT INTO encargo_totales (estado, shard, total)
    SELECT estado, fragmento, sum(delta) FROM (
      SELECT estado, 1 AS delta FROM nuevas
      UNION ALL
      SELECT estado, -1 AS delta FROM anteriores
    ) cambios
    GROUP BY estado HAVING sum(delta) <> 0 ORDER BY estado
    ON CONFLICT (estado, shard) DO UPDATE SET total = encargo_totales.total + excluded.total;
  END IF;
  RETURN NULL;
END $$;
