-- The audit trail is append-only. The app connects with one role that owns its tables, so GRANTs
-- cannot keep it from changing rows: these triggers refuse UPDATE, DELETE and TRUNCATE instead.
CREATE OR REPLACE FUNCTION auditoria_solo_insertar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'auditoria es de solo inserción (% no permitido)', TG_OP USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER auditoria_sin_cambios BEFORE UPDATE OR DELETE ON auditoria
  FOR EACH ROW EXECUTE FUNCTION auditoria_solo_insertar();
--> statement-breakpoint
CREATE TRIGGER auditoria_sin_vaciar BEFORE TRUNCATE ON auditoria
  FOR EACH STATEMENT EXECUTE FUNCTION auditoria_solo_insertar();
--> statement-breakpoint
-- Optimistic concurrency: every UPDATE of an editable row raises its version, whichever code path
-- writes it, so a client holding an older version can be told its copy is stale.
CREATE OR REPLACE FUNCTION fila_version_incrementar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER encargos_version BEFORE UPDATE ON encargos
  FOR EACH ROW EXECUTE FUNCTION fila_version_incrementar();
--> statement-breakpoint
CREATE TRIGGER estudios_version BEFORE UPDATE ON estudios
  FOR EACH ROW EXECUTE FUNCTION fila_version_incrementar();
