import { ADMIN_USERNAME } from '@receptoria/contracts';
import { controlSchema } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../lib/config';
import {
  ejecutarRespaldo,
  type RespaldoContext,
  type RespaldoResultado,
  respaldosConfigPorDefecto,
  restaurarReceptor,
  type RestauracionPedido,
  type RestauracionResultado,
} from '../modules/respaldos/respaldos.service';
import { santiagoToday } from '../modules/informes/periodos';
import { enviarCorreo } from '../modules/correo-saliente/correo-saliente.service';
import { listTenants, tenantDb } from '../modules/tenants/tenants.service';

/** The platform's own mail (a failed backup) goes through the outbox of the platform admin's receiver. */
async function enviarCorreoPlataforma(app: FastifyInstance, message: { to: string; subject: string; text: string }) {
  const [admin] = await app.controlDb
    .select({ tenantId: controlSchema.users.tenantId })
    .from(controlSchema.users)
    .where(sql`lower(${controlSchema.users.username}) = ${ADMIN_USERNAME}`);
  const tenant = (await listTenants(app.controlDb)).find((row) => row.id === admin?.tenantId);
  if (!tenant) return app.mail.send(message);
  const db = await tenantDb({ controlDb: app.controlDb, databaseConfig: app.databaseConfig, tenantPools: app.tenantPools }, tenant);
  return enviarCorreo(app.mail, db, { tipo: 'respaldo', ...message });
}

/** What backups and restores run with, taken from the application. */
export function respaldoContext(app: FastifyInstance, config: AppConfig): RespaldoContext {
  return {
    controlDb: app.controlDb,
    databaseConfig: app.databaseConfig,
    tenantPools: app.tenantPools,
    config: config.respaldos ?? respaldosConfigPorDefecto(config.database),
    mail: { send: (message) => enviarCorreoPlataforma(app, message) },
    log: app.log,
    clearSessions: () => app.sessionCache.clear(),
    sessionCacheTtlMs: config.sessionCacheTtlMs ?? 5_000,
  };
}

/**
 * The nightly run: keyed by its Santiago day, so however many instances or retries pick the tick,
 * one set of files is written (`fecha` overrides the day, for tests and catch-up runs).
 */
export async function runRespaldosTick(ctx: RespaldoContext, data: { fecha?: string } = {}): Promise<RespaldoResultado> {
  const fecha = data.fecha ?? santiagoToday();
  return ejecutarRespaldo(ctx, { origen: 'programado', receptor: 'all', clave: `programado:${fecha}` });
}

/** A backup or restore asked through the queue (the CLI of an embedded installation whose server runs). */
export type RespaldoTrabajo =
  | { accion: 'respaldar'; receptor: number | 'all' }
  | ({ accion: 'restaurar' } & RestauracionPedido);

export type RespaldoTrabajoResultado =
  | { accion: 'respaldar'; resultado: RespaldoResultado }
  | { accion: 'restaurar'; resultado?: RestauracionResultado; error?: string };

export async function runRespaldoTrabajo(ctx: RespaldoContext, trabajo: RespaldoTrabajo): Promise<RespaldoTrabajoResultado> {
  if (trabajo.accion === 'respaldar') {
    return { accion: 'respaldar', resultado: await ejecutarRespaldo(ctx, { origen: 'manual', receptor: trabajo.receptor }) };
  }
  try {
    const { receptor, archivo, into, replace } = trabajo;
    return { accion: 'restaurar', resultado: await restaurarReceptor(ctx, { receptor, archivo, into, replace }) };
  } catch (error) {
    // The CLI shows the reason; a restore is never retried by the queue.
    return { accion: 'restaurar', error: (error as Error).message };
  }
}
