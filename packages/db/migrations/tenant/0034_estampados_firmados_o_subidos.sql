-- Assignments left 'listo_para_estampar' although a certificate of theirs was signed or marked uploaded after
-- their latest results: signing and uploading are acts that stamp the assignment (dated on the first such
-- act), recorded once in its audit trail by the system.
with actos as (
  select s.encargo_id, f.firmado_en as instante
    from estampados s join estampado_firmas f on f.estampado_id = s.id
   where s.encargo_id is not null
  union all
  select s.encargo_id, (u.fecha::timestamp + time '12:00') at time zone 'America/Santiago'
    from estampados s join estampado_subidas u on u.estampado_id = s.id
   where s.encargo_id is not null
),
por_estampar as (
  select e.id, min(a.instante) as instante, e.fecha_estampado as antes
    from encargos e
    join actos a on a.encargo_id = e.id
   where e.estado = 'listo_para_estampar'
     and a.instante >= coalesce((select max(d.fecha_creacion) from diligencias d where d.encargo_id = e.id), '-infinity'::timestamptz)
   group by e.id, e.fecha_estampado
),
estampados_ahora as (
  update encargos e
     set estado = 'estampado',
         estado_estampado = 'estampado',
         fecha_estampado = (p.instante at time zone 'America/Santiago')::date,
         fecha_modificacion = now()
    from por_estampar p
   where p.id = e.id
  returning e.id, e.fecha_estampado
)
insert into auditoria (usuario, entidad, entidad_id, accion, cambios)
select '', 'encargo', p.id, 'estampado',
       jsonb_build_object(
         'estado', jsonb_build_object('antes', 'listo_para_estampar', 'despues', 'estampado'),
         'fecha_estampado', jsonb_build_object('antes', p.antes, 'despues', a.fecha_estampado)
       )
  from por_estampar p join estampados_ahora a on a.id = p.id;
