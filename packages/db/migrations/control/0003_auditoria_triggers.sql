-- Append-only audit of permissions and receivers: the app's single role owns the table, so a
-- trigger (not a GRANT) refuses UPDATE, DELETE and TRUNCATE.
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
-- Optimistic concurrency on receivers (onboarding edits): every UPDATE raises the version.
CREATE OR REPLACE FUNCTION fila_version_incrementar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tenants_version BEFORE UPDATE ON tenants
  FOR EACH ROW EXECUTE FUNCTION fila_version_incrementar();
