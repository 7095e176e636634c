-- Ver Pendientes' search matches the assignments' active addresses (street and comuna): their
-- lower-case, accent-free text is trigram-indexed where pg_trgm exists, as the assignments' own
-- search text is (0002). The expression is the one the search writes (encargos-busqueda-domicilios.ts).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE $i$CREATE INDEX IF NOT EXISTS domicilios_busqueda_trgm_idx ON domicilios
      USING gin (lower(translate(direccion || ' ' || comuna, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun')) gin_trgm_ops)
      WHERE activo$i$;
  END IF;
END $$;
