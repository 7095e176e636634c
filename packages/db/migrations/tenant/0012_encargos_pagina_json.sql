-- A page of the pending list as the JSON text of its `results`, written by PostgreSQL: the API sends
-- it as it comes instead of parsing forty columns per row and serializing them again. The fields,
-- values and key order are those the API writes for one assignment (toEncargo in
-- apps/api/src/modules/encargos/encargos.repository.ts; a test holds the two equal). PL/pgSQL keeps
-- the statement's plan for the connection, so a page is not planned again on every call. Instants
-- are written in America/Santiago with their offset, to the second (the function's own time zone).

-- A reference as the API writes one: { id, nombre }, or null unless both are there.
CREATE OR REPLACE FUNCTION encargo_referencia_json(id integer, nombre text) RETURNS json
LANGUAGE sql STABLE
AS $$ SELECT CASE WHEN id IS NOT NULL AND nombre IS NOT NULL THEN json_build_object('id', id, 'nombre', nombre) END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION encargos_pagina_json(ids integer[]) RETURNS text
LANGUAGE plpgsql STABLE
SET timezone = 'America/Santiago'
AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(r ORDER BY r.fecha_encargo DESC NULLS LAST, r.id DESC NULLS LAST), '[]')::text
    FROM (
      SELECT e.id, e.numero_rol, e.estado, e.fecha_encargo,
        coalesce(to_char(e.fecha_encargo, 'DD/MM/YYYY'), 'No especificada') AS fecha_encargo_formatted,
        e.fecha_retiro, e.fecha_demanda, e.fecha_demanda AS dda_fs_fecha, e.fecha_resolucion,
        to_char(e.fecha_comparendo, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM') AS fecha_comparendo,
        to_char(e.fecha_prueba, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM') AS fecha_prueba,
        e.cuantia, e.numero_operacion, e.rut_ejecutado, e.rut_representante_legal, e.ejecutados, e.partes,
        json_build_object('id', e.estudio_id, 'nombre', n.estudio) AS estudio_juridico, n.estudio AS estudio_nombre,
        encargo_referencia_json(e.parte_demandante_id, n.parte) AS parte_demandante,
        coalesce(n.parte, '') AS parte_demandante_nombre,
        encargo_referencia_json(e.tribunal_id, n.tribunal) AS tribunal,
        coalesce(n.tribunal, '') AS tribunal_nombre,
        encargo_referencia_json(e.tipo_encargo_id, n.tipo_encargo) AS tipo_encargo,
        coalesce(n.tipo_encargo, '') AS tipo_encargo_nombre,
        encargo_referencia_json(e.tipo_causa_id, n.tipo_causa) AS tipo_causa,
        coalesce(n.tipo_causa, '') AS tipo_causa_nombre,
        e.observaciones_encargo AS observaciones, e.observaciones_encargo, e.observacion_encargo, e.observacion_retiro,
        e.observacion_re_encargo, e.motivo_no_realizable, e.encargo_no_realizable, e.es_re_encargado, e.es_re_encargo,
        e.encargo_original_id, e.motivo_re_encargo,
        to_char(e.fecha_creacion, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM') AS fecha_creacion,
        to_char(e.fecha_modificacion, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM') AS fecha_modificacion,
        e.version,
        coalesce((
          SELECT json_agg(json_build_object('id', d.id, 'direccion', d.direccion, 'comuna', d.comuna, 'ciudad', d.ciudad,
                                            'es_principal', d.es_principal, 'activo', d.activo) ORDER BY d.orden, d.id)
          FROM domicilios d WHERE d.encargo_id = e.id
        ), '[]'::json) AS domicilios
      FROM encargos e
      CROSS JOIN LATERAL (
        SELECT (SELECT nombre FROM estudios WHERE id = e.estudio_id) AS estudio,
          (SELECT nombre FROM partes_demandantes WHERE id = e.parte_demandante_id) AS parte,
          (SELECT nombre FROM tribunales WHERE id = e.tribunal_id) AS tribunal,
          (SELECT nombre FROM tipos_encargo WHERE id = e.tipo_encargo_id) AS tipo_encargo,
          (SELECT nombre FROM tipos_causa WHERE id = e.tipo_causa_id) AS tipo_causa
        OFFSET 0
      ) n
      WHERE e.id = ANY (ids)
    ) r
  );
END $$;
