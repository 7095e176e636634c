/**
 * Delivering what endpoints are owed: each pending delivery whose time has come, in the order of its
 * assignment's events per endpoint (a failing event holds back that assignment's later ones), each
 * attempt logged; a failure is retried after 1 min, 5 min, 30 min, 2 h, 6 h, 12 h… for 24 h from its
 * first attempt, then given up. An endpoint whose deliveries fail for 24 h is turned off and its firm
 * (portal users with administra_api) and the receiver are mailed through the receiver's outbox.
 */
import { toSantiagoIso, webhooksMessages as m } from '@receptoria/contracts';
import { type ControlDb, controlSchema, type TenantDb, tenantSchema } from '@receptoria/db';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { insertCorreo } from '../correo-saliente/correo-saliente.repository';
import type { ScheduledContext } from '../informes/informes-programados';
import { enviarWebhook, type ResultadoEnvio } from './webhooks.red';

const { webhookEndpoints, webhookEventos, webhookEnvios, webhookEntregas } = tenantSchema;

/** The pg-boss queue that delivers webhooks (jobs.plugin's QUEUES); every minute, and at once after 'Probar'/'Reenviar'. */
export const WEBHOOKS_QUEUE = 'webhooks-entregas';
export const WEBHOOKS_CRON = '* * * * *';
/** After an act, the recording instance's own pass waits this long for the act's transaction to commit. */
export const WEBHOOKS_DIRECTA_MS = 15;
/** Seconds to wait after the n-th failed attempt (the last one repeats), within the 24 h window. */
export const WEBHOOK_REINTENTOS_S = [60, 300, 1800, 7200, 21_600, 43_200] as const;
/** How long one event is retried, and how long an endpoint may fail before it is turned off. */
export const WEBHOOK_VENTANA_MS = 24 * 3600_000;
const LOTE = 50;

export interface OpcionesEntrega {
  permitirPrivadas: boolean;
  timeoutMs?: number;
  /** The clock (tests move it instead of waiting). */
  now?: () => Date;
  /** Who is told an endpoint was turned off: the firm's API administrators and the receiver. */
  destinatariosAviso?: (estudioId: number) => Promise<string[]>;
}

/** The wait after a failed attempt number `intento` that started its series at `primero`; null: give up. */
export function proximoReintento(intento: number, primero: Date, ahora: Date): Date | null {
  const limite = primero.getTime() + WEBHOOK_VENTANA_MS;
  if (ahora.getTime() >= limite) return null;
  const espera = WEBHOOK_REINTENTOS_S[Math.min(intento, WEBHOOK_REINTENTOS_S.length) - 1]! * 1000;
  return new Date(Math.min(ahora.getTime() + espera, limite));
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
  // The series started with its latest first attempt ('Reenviar' starts a new one).
  const [primera] = await db
    .select({ enviadoEn: webhookEntregas.enviadoEn })
    .from(webhookEntregas)
    .where(and(eq(webhookEntregas.envioId, envio.id), eq(webhookEntregas.intento, 1)))
    .orderBy(desc(webhookEntregas.id))
    .limit(1);
  const primero = envio.intentos === 1 || !primera ? ahora : primera.enviadoEn;
  const proximo = exito ? null : proximoReintento(envio.intentos, primero, ahora);
  const desactivado = await db.transaction(async (tx) => {
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
      .set(exito ? { estado: 'entregado', entregadoEn: ahora } : proximo === null ? { estado: 'fallido' } : { proximoIntento: proximo })
      .where(eq(webhookEnvios.id, envio.id));
    if (exito) {
      await tx.update(webhookEndpoints).set({ fallandoDesde: null }).where(eq(webhookEndpoints.id, envio.endpointId));
      return null;
    }
    // Failing since its first failed attempt; 24 h of failures turn it off (once: only while active).
    const limite = new Date(ahora.getTime() - WEBHOOK_VENTANA_MS).toISOString();
    const [w] = await tx
      .update(webhookEndpoints)
      .set({
        fallandoDesde: sql`coalesce(${webhookEndpoints.fallandoDesde}, ${ahora.toISOString()}::timestamptz)`,
        activo: sql`not (${webhookEndpoints.activo} and coalesce(${webhookEndpoints.fallandoDesde}, ${ahora.toISOString()}::timestamptz) <= ${limite}::timestamptz)`,
      })
      .where(eq(webhookEndpoints.id, envio.endpointId))
      .returning();
    return w && !w.activo && fila.endpoint.activo ? w : null;
  });
  if (desactivado) await avisarDesactivado(db, desactivado, ahora, opciones);
  return resultado;
}

/** The mail that says an endpoint was turned off, written once per failure streak to the receiver's outbox. */
async function avisarDesactivado(db: TenantDb, w: typeof webhookEndpoints.$inferSelect, ahora: Date, opciones: OpcionesEntrega): Promise<void> {
  const para = [...new Set((await opciones.destinatariosAviso?.(w.estudioId)) ?? [])].filter(Boolean);
  if (para.length === 0) return;
  const { rows } = (await db.execute(sql`select nombre from estudios where id = ${w.estudioId}`)) as unknown as { rows: { nombre: string }[] };
  const estudio = rows[0]?.nombre ?? '';
  const desde = toSantiagoIso(w.fallandoDesde ?? ahora);
  await insertCorreo(
    db,
    {
      tipo: 'webhook',
      clave: `webhook-desactivado:${w.id}:${desde}`,
      para: para.join(', '),
      asunto: `${m.desactivadoAsunto}: ${estudio}`.slice(0, 300),
      cuerpo: [
        'Estimado(a):',
        '',
        `El webhook ${w.url} del estudio ${estudio} no respondió correctamente desde el ${desde.slice(8, 10)}-${desde.slice(5, 7)}-${desde.slice(0, 4)} a las ${desde.slice(11, 16)} y fue desactivado tras 24 horas de fallas.`,
        'Los eventos pendientes se conservan: revise el registro de entregas, corrija el problema y vuelva a activarlo para que se envíen.',
      ].join('\n'),
      estudioId: w.estudioId,
      estado: 'pendiente',
    },
    [],
  );
}

/** The firm's portal users who manage its API (control database), plus the receiver's own address. */
export function destinatariosDeAviso(controlDb: ControlDb, tenantId: number, receptorEmail?: () => Promise<string>) {
  return async (estudioId: number): Promise<string[]> => {
    const { portalUsuarios } = controlSchema;
    const usuarios = await controlDb
      .select({ email: portalUsuarios.email })
      .from(portalUsuarios)
      .where(and(eq(portalUsuarios.tenantId, tenantId), eq(portalUsuarios.estudioId, estudioId), eq(portalUsuarios.administraApi, true), eq(portalUsuarios.isActive, true)));
    const receptor = receptorEmail ? await receptorEmail().catch(() => '') : '';
    return [...usuarios.map((u) => u.email), ...(receptor ? [receptor] : [])];
  };
}

/** How many attempts run at once (each for a different endpoint or assignment, so order holds). */
export const WEBHOOK_CONCURRENCIA = 8;
/** A pass stops taking new work after this long (the next one starts within the minute). */
const PASADA_MAX_MS = 45_000;

/**
 * Delivers every due event of one receiver: each batch holds at most the oldest owed event of each
 * endpoint and assignment, sent WEBHOOK_CONCURRENCIA at a time; an assignment's next event goes in the
 * next batch, once the one before it is delivered.
 */
export async function entregarPendientes(db: TenantDb, opciones: OpcionesEntrega): Promise<number> {
  let intentos = 0;
  const inicio = Date.now();
  while (Date.now() - inicio < PASADA_MAX_MS) {
    const ids = await pendientesListos(db, opciones.now?.() ?? new Date());
    if (ids.length === 0) break;
    let alguno = false;
    let siguiente = 0;
    const trabajador = async () => {
      while (siguiente < ids.length) {
        const id = ids[siguiente]!;
        siguiente += 1;
        if (await entregarEnvio(db, id, opciones)) {
          intentos += 1;
          alguno = true;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(WEBHOOK_CONCURRENCIA, ids.length) }, trabajador));
    if (!alguno) break;
  }
  return intentos;
}

export async function runWebhooks(
  ctx: Pick<ScheduledContext, 'listTenants' | 'tenantDb' | 'log' | 'receptorEmail'>,
  opciones: OpcionesEntrega,
  controlDb?: ControlDb,
): Promise<number> {
  let total = 0;
  for (const tenant of await ctx.listTenants()) {
    if (!tenant.activo) continue;
    try {
      const receptorEmail = ctx.receptorEmail ? () => ctx.receptorEmail!(tenant.id) : undefined;
      const destinatariosAviso = controlDb ? destinatariosDeAviso(controlDb, tenant.id, receptorEmail) : opciones.destinatariosAviso;
      total += await entregarPendientes(await ctx.tenantDb(tenant.id), { ...opciones, destinatariosAviso });
    } catch (error) {
      ctx.log.warn({ tenant: tenant.id, err: error instanceof Error ? error.message : String(error) }, 'webhook deliveries failed');
    }
  }
  return total;
}
