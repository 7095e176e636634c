/**
 * Delivering what endpoints are owed: each pending delivery whose time has come, in the order of its
 * assignment's events per endpoint (a failing event holds back that assignment's later ones), each
 * attempt logged; a failure is retried after 1 min, 5 min, 30 min, 2 h, 6 h and 12 h, then given up.
 */
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { ScheduledContext } from '../informes/informes-programados';
import { enviarWebhook, type ResultadoEnvio } from './webhooks.red';

const { webhookEndpoints, webhookEventos, webhookEnvios, webhookEntregas } = tenantSchema;

/** The pg-boss queue that delivers webhooks (jobs.plugin's QUEUES); every minute, and at once after 'Probar'/'Reenviar'. */
export const WEBHOOKS_QUEUE = 'webhooks-entregas';
export const WEBHOOKS_CRON = '* * * * *';
/** Seconds to wait after the n-th failed attempt. */
export const WEBHOOK_REINTENTOS_S = [60, 300, 1800, 7200, 21_600, 43_200] as const;
const LOTE = 50;

export interface OpcionesEntrega {
  permitirPrivadas: boolean;
  timeoutMs?: number;
  now?: () => Date;
}

/** Due deliveries with no earlier pending one for the same endpoint and assignment. */
async function pendientesListos(db: TenantDb, ahora: Date): Promise<number[]> {
  const { rows } = (await db.execute(sql`
    select e.id from ${webhookEnvios} e
      join ${webhookEndpoints} w on w.id = e.endpoint_id and w.activo
     where e.estado = 'pendiente' and e.proximo_intento <= ${ahora.toISOString()}::timestamptz
       and not exists (select 1 from ${webhookEnvios} o
                        where o.endpoint_id = e.endpoint_id and o.encargo_id = e.encargo_id
                          and o.estado = 'pendiente' and o.id < e.id)
     order by e.id limit ${LOTE}`)) as unknown as { rows: { id: number | string }[] };
  return rows.map((r) => Number(r.id));
}

function secretosVigentes(w: typeof webhookEndpoints.$inferSelect, ahora: Date): string[] {
  return w.secretoAnterior && w.secretoAnteriorHasta && w.secretoAnteriorHasta > ahora ? [w.secreto, w.secretoAnterior] : [w.secreto];
}

/** One attempt of one delivery, claimed first so that two workers never send it at once. */
export async function entregarEnvio(db: TenantDb, envioId: number, opciones: OpcionesEntrega): Promise<ResultadoEnvio | null> {
  const ahora = opciones.now?.() ?? new Date();
  const [envio] = await db
    .update(webhookEnvios)
    .set({ proximoIntento: new Date(ahora.getTime() + 60_000), intentos: sql`${webhookEnvios.intentos} + 1` })
    .where(and(eq(webhookEnvios.id, envioId), eq(webhookEnvios.estado, 'pendiente'), lte(webhookEnvios.proximoIntento, ahora)))
    .returning();
  if (!envio) return null;
  const [fila] = await db
    .select({ endpoint: webhookEndpoints, cuerpo: webhookEventos.cuerpo })
    .from(webhookEndpoints)
    .innerJoin(webhookEventos, eq(webhookEventos.id, envio.eventoId))
    .where(eq(webhookEndpoints.id, envio.endpointId));
  if (!fila) return null;
  const resultado = await enviarWebhook(fila.endpoint.url, fila.cuerpo, secretosVigentes(fila.endpoint, ahora), {
    permitirPrivadas: opciones.permitirPrivadas,
    timeoutMs: opciones.timeoutMs,
    now: () => ahora.getTime(),
  });
  const exito = resultado.estadoHttp !== null && resultado.estadoHttp >= 200 && resultado.estadoHttp < 300;
  const espera = WEBHOOK_REINTENTOS_S[envio.intentos - 1];
  await db.transaction(async (tx) => {
    await tx.insert(webhookEntregas).values({
      envioId: envio.id,
      endpointId: envio.endpointId,
      eventoId: envio.eventoId,
      intento: envio.intentos,
      enviadoEn: ahora,
      estadoHttp: resultado.estadoHttp,
      duracionMs: resultado.duracionMs,
      respuesta: resultado.respuesta,
      error: exito || resultado.error ? resultado.error : `Respuesta HTTP ${resultado.estadoHttp}`,
    });
    await tx
      .update(webhookEnvios)
      .set(
        exito
          ? { estado: 'entregado', entregadoEn: new Date() }
          : espera === undefined
            ? { estado: 'fallido' }
            : { proximoIntento: new Date(ahora.getTime() + espera * 1000) },
      )
      .where(eq(webhookEnvios.id, envio.id));
    await tx
      .update(webhookEndpoints)
      .set({ fallandoDesde: exito ? null : sql`coalesce(${webhookEndpoints.fallandoDesde}, ${ahora.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, envio.endpointId));
  });
  return resultado;
}

/** Delivers every due event of one receiver (an assignment's next event as soon as the one before it is delivered). */
export async function entregarPendientes(db: TenantDb, opciones: OpcionesEntrega): Promise<number> {
  let intentos = 0;
  for (let pasada = 0; pasada < 20; pasada += 1) {
    const ids = await pendientesListos(db, opciones.now?.() ?? new Date());
    if (ids.length === 0) break;
    let alguno = false;
    for (const id of ids) {
      if (await entregarEnvio(db, id, opciones)) {
        intentos += 1;
        alguno = true;
      }
    }
    if (!alguno) break;
  }
  return intentos;
}

export async function runWebhooks(ctx: Pick<ScheduledContext, 'listTenants' | 'tenantDb' | 'log'>, opciones: OpcionesEntrega): Promise<number> {
  let total = 0;
  for (const tenant of await ctx.listTenants()) {
    if (!tenant.activo) continue;
    try {
      total += await entregarPendientes(await ctx.tenantDb(tenant.id), opciones);
    } catch (error) {
      ctx.log.warn({ tenant: tenant.id, err: error instanceof Error ? error.message : String(error) }, 'webhook deliveries failed');
    }
  }
  return total;
}
