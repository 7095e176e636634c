import { type Facturable, recibosMessages as m } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { rowsOf } from './recibos.repository';

const { estudios } = tenantSchema;

/**
 * What the receipt form offers for a firm: the diligences of its stamped assignments (not re-assigned, as
 * the collection sheet) that no receipt holds, unless void; oldest first. Another receiver's firm is not found.
 */
export async function listFacturables(db: TenantDb, estudioId: number): Promise<Facturable[]> {
  const [estudio] = await db.select({ id: estudios.id }).from(estudios).where(eq(estudios.id, estudioId));
  if (!estudio) throw new AppError('NOT_FOUND', m.estudioNoEncontrado);
  const rows = rowsOf<Facturable & { valor: string | number }>(
    await db.execute(sql`
      select d.id as diligencia_id, e.id as encargo_id, e.numero_rol, coalesce(ts.nombre, '') as tipo,
             coalesce(d.valor_final, d.valor_cobrado, 0) as valor,
             to_char(d.fecha_diligencia at time zone 'America/Santiago', 'YYYY-MM-DD') as fecha_diligencia
        from diligencias d
        join encargos e on e.id = d.encargo_id
        left join tipos_estampado ts on ts.id = d.tipo_estampado_id
       where e.estudio_id = ${estudioId} and e.estado = 'estampado' and e.es_re_encargado = false
         and not exists (select 1 from recibo_items i where i.diligencia_id = d.id and i.activo)
       order by d.fecha_diligencia, d.id
       limit 5000`),
  );
  return rows.map((row) => ({ ...row, valor: Number(row.valor) }));
}
