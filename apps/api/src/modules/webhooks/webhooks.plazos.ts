/**
 * `plazo.por_vencer`: each morning at 08:00 (Santiago) the firms hear of their assignments' open
 * deadlines due by the next día hábil of the receiver's calendar (its holidays and Saturday rule).
 * One event per deadline and due date (a fixed id): a second run that day writes nothing new.
 */
import type { ControlDb, TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { contarDiasHabiles } from '../calendario/calendario.service';
import type { ScheduledContext } from '../informes/informes-programados';
import { santiagoToday } from '../informes/periodos';
import { encolarEvento } from './webhooks.eventos';

export const WEBHOOKS_PLAZOS_QUEUE = 'webhooks-plazos';
export const WEBHOOKS_PLAZOS_CRON = '0 8 * * *';

interface PlazoPorVencer {
  id: number;
  encargo_id: number;
  estudio_id: number;
  numero_rol: string;
  tribunal: string;
  tipo: string;
  desde: string;
  dias: number;
  vence: string;
}

/** Writes the events of one receiver's deadlines due after `hoy` up to its next día hábil; answers how many were new. */
export async function avisarPlazosPorVencer(db: TenantDb, controlDb: ControlDb, tenantId: number, hoy: string, now = new Date()): Promise<number> {
  const { vence: siguienteHabil } = await contarDiasHabiles(db, controlDb, tenantId, hoy, 1);
  const { rows } = (await db.execute(sql`
    select p.id, p.encargo_id, e.estudio_id, e.numero_rol, coalesce(t.nombre, '') as tribunal, p.tipo, p.desde::text as desde, p.dias, p.vence::text as vence
      from plazos p
      join encargos e on e.id = p.encargo_id
      left join tribunales t on t.id = e.tribunal_id
     where p.estado = 'pendiente' and p.vence > ${hoy}::date and p.vence <= ${siguienteHabil}::date
       and exists (select 1 from webhook_endpoints w where w.estudio_id = e.estudio_id and w.activo and w.eventos @> '["plazo.por_vencer"]'::jsonb)
     order by p.vence, p.id`)) as unknown as { rows: PlazoPorVencer[] };
  let nuevos = 0;
  for (const p of rows) {
    const id = `evt_plazo_${p.id}_${p.vence.replaceAll('-', '')}`;
    await db.transaction(async (tx) => {
      const { rows: ya } = (await tx.execute(sql`select 1 from webhook_eventos where id = ${id}`)) as unknown as { rows: unknown[] };
      if (ya.length > 0) return;
      const escrito = await encolarEvento(tx, {
        id,
        estudioId: Number(p.estudio_id),
        tipo: 'plazo.por_vencer',
        instante: now,
        encargo: { id: Number(p.encargo_id), numero_rol: p.numero_rol, tribunal: p.tribunal },
        datos: { plazo_id: Number(p.id), tipo: p.tipo, desde: p.desde, dias: Number(p.dias), vence: p.vence },
      });
      if (escrito) nuevos += 1;
    });
  }
  return nuevos;
}

/** The morning pass over every active receiver. */
export async function runPlazosPorVencer(
  ctx: Pick<ScheduledContext, 'listTenants' | 'tenantDb' | 'log'>,
  controlDb: ControlDb,
  now = new Date(),
): Promise<number> {
  const hoy = santiagoToday(now);
  let total = 0;
  for (const tenant of await ctx.listTenants()) {
    if (!tenant.activo) continue;
    try {
      total += await avisarPlazosPorVencer(await ctx.tenantDb(tenant.id), controlDb, tenant.id, hoy, now);
    } catch (error) {
      ctx.log.warn({ tenant: tenant.id, err: error instanceof Error ? error.message : String(error) }, 'deadline webhooks failed');
    }
  }
  return total;
}
