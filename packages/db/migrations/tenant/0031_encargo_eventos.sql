-- The assignment's acts as events (its lifecycle, issue 36 §5), written by the API in each act's own
-- transaction; a retried act finds its origen taken and is recorded once. Never updated.
CREATE TABLE IF NOT EXISTS "encargo_eventos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"encargo_id" integer NOT NULL,
	"tipo" varchar(30) NOT NULL,
	"instante" timestamp with time zone NOT NULL,
	"registrado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" varchar(150) DEFAULT '' NOT NULL,
	"datos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"origen" varchar(120) NOT NULL,
	CONSTRAINT "encargo_eventos_encargo_id_encargos_id_fk" FOREIGN KEY ("encargo_id") REFERENCES "public"."encargos"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "encargo_eventos_origen_key" ON "encargo_eventos" USING btree ("origen");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "encargo_eventos_encargo_idx" ON "encargo_eventos" USING btree ("encargo_id","instante","id");
--> statement-breakpoint
CREATE TRIGGER encargo_eventos_sin_cambios BEFORE UPDATE ON encargo_eventos
  FOR EACH ROW EXECUTE FUNCTION evidencia_solo_insertar();
--> statement-breakpoint
-- What fulfilled a deadline (the art. 46 letter's tracking number).
ALTER TABLE "plazos" ADD COLUMN IF NOT EXISTS "referencia" varchar(100);
--> statement-breakpoint
-- A date-only act happened on its day: at its registration when registered that day, else at the end of it.
CREATE OR REPLACE FUNCTION instante_de_fecha(f date, registrado timestamptz) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  select case when (registrado at time zone 'America/Santiago')::date = f then registrado
              else ((f + 1)::timestamp at time zone 'America/Santiago') - interval '1 second' end
$$;
--> statement-breakpoint
-- Completes the story of every assignment from the rows on record (idempotent: each act's origen once); run here
-- for existing assignments and by the demo seed after it writes rows directly.
CREATE OR REPLACE FUNCTION completar_encargo_eventos() RETURNS void LANGUAGE sql AS $$
INSERT INTO encargo_eventos (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
SELECT e.id, 'recibido', e.fecha_encargo::timestamp at time zone 'America/Santiago', e.fecha_creacion, '',
       jsonb_build_object('fecha_encargo', e.fecha_encargo, 'estado_inicial', case when e.estado = 'pendiente' then 'pendiente' else 'preparado' end), 'recibido:' || e.id
  FROM encargos e
ON CONFLICT (origen) DO NOTHING;
INSERT INTO encargo_eventos (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
SELECT v.encargo_id, 'visita', v.fecha_hora, v.registrada_en, v.autor_nombre,
       jsonb_build_object('visita_uuid', v.uuid, 'resultado', v.resultado, 'corrige_a', v.corrige_a,
                          'domicilio', concat_ws(', ', v.domicilio_direccion, v.domicilio_comuna)),
       'visita:' || v.uuid
  FROM visitas v
ON CONFLICT (origen) DO NOTHING;
INSERT INTO encargo_eventos (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
SELECT v.encargo_id, 'acto', v.fecha_hora, v.registrada_en, v.autor_nombre,
       jsonb_build_object('visita_uuid', v.uuid, 'resultado', v.resultado), 'acto:visita:' || v.uuid
  FROM visitas v
 WHERE v.resultado in ('notificado_personal', 'notificado_art44', 'notificado_cedula', 'requerido_pago')
ON CONFLICT (origen) DO NOTHING;
INSERT INTO encargo_eventos (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
SELECT c.encargo_id, 'carta_art46_enviada', instante_de_fecha(c.fecha_envio, c.registrada_en), c.registrada_en, c.registrada_por,
       jsonb_build_object('fecha_envio', c.fecha_envio, 'numero_seguimiento', c.numero_seguimiento, 'fecha_notificacion', c.fecha_notificacion),
       'carta_art46:' || c.id
  FROM cartas_art46 c
ON CONFLICT (origen) DO NOTHING;
INSERT INTO encargo_eventos (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
SELECT d.encargo_id, 'resultados', d.fecha_diligencia, d.fecha_creacion, d.creado_por,
       jsonb_build_object('diligencia_id', d.id, 'tipo_estampado_id', d.tipo_estampado_id, 'tipo', coalesce(t.nombre, ''),
                          'domicilio', concat_ws(', ', d.domicilio_direccion, d.domicilio_comuna)),
       'diligencia:' || d.id
  FROM diligencias d LEFT JOIN tipos_estampado t ON t.id = d.tipo_estampado_id
ON CONFLICT (origen) DO NOTHING;
INSERT INTO encargo_eventos (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
SELECT s.encargo_id, 'estampado_generado', s.fecha_creacion, s.fecha_creacion, s.creado_por,
       jsonb_build_object('estampado_id', s.id, 'titulo', s.titulo), 'estampado:' || s.id
  FROM estampados s WHERE s.encargo_id IS NOT NULL
ON CONFLICT (origen) DO NOTHING;
INSERT INTO encargo_eventos (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
SELECT s.encargo_id, 'estampado_abierto', s.fecha_notificacion, s.fecha_notificacion, '',
       jsonb_build_object('estampado_id', s.id), 'estampado_abierto:' || s.id
  FROM estampados s WHERE s.encargo_id IS NOT NULL AND s.fecha_notificacion IS NOT NULL
ON CONFLICT (origen) DO NOTHING;
INSERT INTO encargo_eventos (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
SELECT s.encargo_id, 'estampado_firmado', f.firmado_en, f.firmado_en, f.firmado_por,
       jsonb_build_object('estampado_id', s.id, 'firmante', f.firmante_nombre), 'firma:' || f.id
  FROM estampado_firmas f JOIN estampados s ON s.id = f.estampado_id WHERE s.encargo_id IS NOT NULL
ON CONFLICT (origen) DO NOTHING;
INSERT INTO encargo_eventos (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
SELECT s.encargo_id, 'estampado_subido', instante_de_fecha(u.fecha, u.registrada_en), u.registrada_en, u.registrada_por,
       jsonb_build_object('estampado_id', s.id, 'fecha', u.fecha), 'subida:' || u.id
  FROM estampado_subidas u JOIN estampados s ON s.id = u.estampado_id WHERE s.encargo_id IS NOT NULL
ON CONFLICT (origen) DO NOTHING;
INSERT INTO encargo_eventos (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
SELECT e.id, 're_encargado', n.fecha_creacion, n.fecha_creacion, '', jsonb_build_object('nuevo_encargo_id', n.id), 're_encargado:' || n.id
  FROM encargos n JOIN encargos e ON e.id = n.encargo_original_id WHERE n.es_re_encargo
ON CONFLICT (origen) DO NOTHING;
-- A receipt comes after the acts it bills: never before the assignment's latest other act.
INSERT INTO encargo_eventos (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
SELECT b.encargo_id, 'facturado',
       greatest(instante_de_fecha(b.fecha, b.creado_en),
                (select max(x.instante) from encargo_eventos x where x.encargo_id = b.encargo_id and x.tipo not in ('facturado', 'pagado'))),
       b.creado_en, b.creado_por, jsonb_build_object('recibo_id', b.recibo_id, 'numero', b.numero, 'fecha', b.fecha),
       'recibo:' || b.recibo_id || ':' || b.encargo_id
  FROM (SELECT DISTINCT r.id as recibo_id, r.numero, r.fecha, r.creado_en, r.creado_por, d.encargo_id
          FROM recibos r JOIN recibo_items i ON i.recibo_id = r.id AND i.activo JOIN diligencias d ON d.id = i.diligencia_id
         WHERE r.anulado_en IS NULL) b
ON CONFLICT (origen) DO NOTHING;
INSERT INTO encargo_eventos (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
SELECT b.encargo_id, 'pagado',
       greatest(instante_de_fecha(b.fecha, b.creado_en),
                (select max(x.instante) from encargo_eventos x where x.encargo_id = b.encargo_id and x.tipo = 'facturado')),
       b.creado_en, b.creado_por, jsonb_build_object('pago_id', b.pago_id, 'recibo_id', b.recibo_id, 'monto', b.monto, 'fecha', b.fecha),
       'pago:' || b.aplicacion_id || ':' || b.encargo_id
  FROM (SELECT DISTINCT a.id as aplicacion_id, p.id as pago_id, a.recibo_id, a.monto, p.fecha, a.creado_en, a.creado_por, d.encargo_id
          FROM pago_aplicaciones a JOIN pagos p ON p.id = a.pago_id AND p.reverso_en IS NULL
          JOIN recibo_items i ON i.recibo_id = a.recibo_id AND i.activo JOIN diligencias d ON d.id = i.diligencia_id) b
ON CONFLICT (origen) DO NOTHING;
$$;
--> statement-breakpoint
SELECT completar_encargo_eventos();
--> statement-breakpoint
-- An art. 46 deadline whose letter is on record was fulfilled by it: cumplido on the sending date, with its tracking number.
UPDATE plazos p SET estado = 'cumplido', cumplido_en = c.fecha_envio, cumplido_por = c.registrada_por, referencia = c.numero_seguimiento
  FROM cartas_art46 c
 WHERE p.tipo = 'carta_art_46' AND p.estado = 'pendiente' AND c.encargo_id = p.encargo_id AND c.fecha_notificacion = p.desde;
--> statement-breakpoint
UPDATE plazos p SET referencia = c.numero_seguimiento
  FROM cartas_art46 c
 WHERE p.tipo = 'carta_art_46' AND p.referencia IS NULL AND c.encargo_id = p.encargo_id AND c.fecha_notificacion = p.desde;
--> statement-breakpoint
-- The deadlines list shows when and by what a deadline was met: its covering index holds those columns too.
DROP INDEX IF EXISTS "plazos_vence_idx";
--> statement-breakpoint
CREATE INDEX "plazos_vence_idx" ON "plazos" USING btree ("vence","id","encargo_id","estado","tipo","origen","cumplido_en","referencia");
