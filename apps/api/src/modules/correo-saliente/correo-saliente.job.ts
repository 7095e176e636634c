import type { ScheduledContext } from '../informes/informes-programados';
import { findPendientes } from './correo-saliente.repository';
import { entregarCorreo } from './correo-saliente.service';

/** The pg-boss queue that delivers what is left pending in the receivers' outboxes (jobs.plugin's QUEUES). */
export const CORREO_SALIENTE_QUEUE = 'correo-saliente';
export const CORREO_SALIENTE_CRON = '* * * * *';
const LOTE = 50;

/**
 * Delivers the mails left 'pendiente' (their writer stopped before sending, or a transport was busy):
 * each claimed once, so several instances never send one twice.
 */
export async function runCorreoSaliente(ctx: Pick<ScheduledContext, 'listTenants' | 'tenantDb' | 'mail' | 'log'>): Promise<number> {
  let sent = 0;
  for (const tenant of await ctx.listTenants()) {
    if (!tenant.activo) continue;
    try {
      const db = await ctx.tenantDb(tenant.id);
      for (const id of await findPendientes(db, LOTE)) {
        const result = await entregarCorreo(ctx.mail, db, id);
        if (result.estado === 'enviado') sent += 1;
        else if (result.estado === 'fallido') ctx.log.warn({ tenant: tenant.id, correo: id }, 'outbox mail failed');
      }
    } catch (error) {
      ctx.log.warn({ tenant: tenant.id, err: error instanceof Error ? error.message : String(error) }, 'outbox pass failed');
    }
  }
  return sent;
}
