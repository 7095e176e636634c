import { type Frecuencia, FRECUENCIAS, TIME_ZONE } from '@receptoria/contracts';
import { controlLocation, controlSchema, type TenantLease, tenantLocation } from '@receptoria/db';
import { and, asc, eq, ne } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { fromPglite, PgBoss, type PGliteLike } from 'pg-boss';
import type { AppConfig } from '../lib/config';
import { listTenants, tenantDb } from '../modules/tenants/tenants.service';
import {
  envioKey,
  type EnvioProgramadoJob,
  planEnviosProgramados,
  runEnvioProgramado,
  type ScheduledContext,
} from '../modules/informes/informes-programados';
import { santiagoToday } from '../modules/informes/periodos';
import { runAlarmReminders } from '../modules/alarmas/alarmas-avisos';
import { CORREO_SALIENTE_CRON, CORREO_SALIENTE_QUEUE, runCorreoSaliente } from '../modules/correo-saliente/correo-saliente.job';
import { runWebhooks, WEBHOOKS_CRON, WEBHOOKS_DIRECTA_MS, WEBHOOKS_QUEUE } from '../modules/webhooks/webhooks.entregas';
import { RESELLO_MARGEN_DIAS_POR_DEFECTO, RESELLOS_CRON, RESELLOS_QUEUE, runResellos } from '../modules/firma/resellos';
import { eventosNuevos } from '../modules/webhooks/webhooks.eventos';
import { runPlazosPorVencer, WEBHOOKS_PLAZOS_CRON, WEBHOOKS_PLAZOS_QUEUE } from '../modules/webhooks/webhooks.plazos';
import { PORTAL_AVISOS_CRON, runPortalAvisos, runPortalAvisosTenant } from '../modules/portal/portal-avisos';
import { type RespaldoContext } from '../modules/respaldos/respaldos.service';
import { TRASLADO_QUEUE, trasladoContextOf } from '../modules/servidores/servidores.routes';
import { runTraslado } from '../modules/servidores/traslados';
import {
  endedTrasladoJobs,
  liveTrasladoJobs,
  MOVE_JOB_EXPIRE_MINUTES,
  MOVE_STUCK_MINUTES,
  sweepStuckTraslados,
  TRASLADOS_ATASCADOS_CRON,
  TRASLADOS_ATASCADOS_QUEUE,
} from '../modules/servidores/traslados-atascados';
import { type RespaldoTrabajo, respaldoContext, runRespaldoTrabajo, runRespaldosTick } from './respaldos.job';

declare module 'fastify' {
  interface FastifyInstance {
    /** pg-boss on the control database; undefined when jobs are off (tests that do not need them). */
    jobs?: PgBoss;
    /** What scheduled work runs with (tenants, their databases, mail, log). */
    scheduledContext: ScheduledContext;
    /** What backups and restores run with. */
    respaldoContext: RespaldoContext;
  }
}

export const QUEUES = {
  informesTick: 'informes-tick',
  informeEnvio: 'informe-envio',
  alarmasTick: 'alarmas-tick',
  /** Nightly backup of every database (02:00 Santiago). */
  respaldosTick: 'respaldos-tick',
  /** A backup or restore asked by the CLI through a running server's embedded database. */
  respaldoManual: 'respaldo-manual',
  /** The law-firm portal's mails (outbox pass; data { tenantId } for one receiver). */
  portalAvisos: 'portal-avisos',
  /** Mails left pending in the receivers' outboxes (every minute). */
  correoSaliente: CORREO_SALIENTE_QUEUE,
  /** Firms' webhooks due (every minute, and at once after 'Probar' / 'Reenviar'). */
  webhooks: WEBHOOKS_QUEUE,
  /** Signed PDFs re-timestamped before their last timestamp's certificate expires (03:30 Santiago). */
  resellos: RESELLOS_QUEUE,
  /** plazo.por_vencer for the deadlines due by the next día hábil (08:00 Santiago). */
  webhooksPlazos: WEBHOOKS_PLAZOS_QUEUE,
  /** The PDFs of certificates generated without one (no converter then, or a failed conversion). */
  pdfsPendientes: 'pdfs-pendientes',
  /** A receiver's database copied to another server. */
  traslado: TRASLADO_QUEUE,
  /** Moves left 'copiando' with no live job: failed and reverted (every minute). */
  trasladosAtascados: TRASLADOS_ATASCADOS_QUEUE,
} as const;

/** When reports go out, Santiago time: daily at 07:00, weekly on Mondays, monthly on the 1st. */
export const INFORME_CRON: Record<Frecuencia, string> = {
  diario: '0 7 * * *',
  semanal: '0 7 * * 1',
  mensual: '0 7 1 * *',
};
export const ALARMAS_CRON = '*/5 * * * *';

export interface TickData {
  frecuencia: Frecuencia;
  /** Santiago date the period counts back from; the run's date when absent. */
  fechaReferencia?: string;
}

export const jobsPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const scheduledContext: ScheduledContext = {
      listTenants: async () =>
        (await listTenants(app.controlDb)).map((t) => ({
          id: t.id,
          nombre: t.nombre,
          activo: t.activo,
          titulo: t.titulo,
          direccion: t.direccion,
          comuna: t.comuna,
          telefono: t.telefono,
          email: t.email,
        })),
      tenantDb: async (tenantId) => {
        const tenant = (await listTenants(app.controlDb)).find((t) => t.id === tenantId);
        if (!tenant) throw new Error(`tenant ${tenantId} not found`);
        return tenantDb({ controlDb: app.controlDb, databaseConfig: app.databaseConfig, tenantPools: app.tenantPools }, tenant);
      },
      mail: app.mail,
      log: app.log,
      receptorEmail: async (tenantId) => {
        const tenant = (await listTenants(app.controlDb)).find((t) => t.id === tenantId);
        if (tenant?.email) return tenant.email;
        const [user] = await app.controlDb
          .select({ email: controlSchema.users.email })
          .from(controlSchema.users)
          .where(
            and(
              eq(controlSchema.users.tenantId, tenantId),
              eq(controlSchema.users.cargo, 'receptor'),
              eq(controlSchema.users.isActive, true),
              ne(controlSchema.users.email, ''),
            ),
          )
          .orderBy(asc(controlSchema.users.id))
          .limit(1);
        return user?.email ?? '';
      },
    };
    app.decorate('scheduledContext', scheduledContext);
    /**
     * Runs a pass over every receiver (the outbox and the webhooks each minute, alarms, deadlines, report
     * plans) with a context whose `tenantDb` leases one receiver's database at a time (TenantPools.forPass):
     * the one open for requests if there is one, else a single connection of the pass's own. The passes
     * are loops that finish a receiver before asking for the next, so asking for the next (or the pass
     * ending) releases the previous one. Through the requests' cache, each pass opened every receiver's
     * database (evicting the ones requests were using) and left up to TENANT_POOL_MAX × TENANT_POOL_SIZE
     * connections idle: with a hundred receivers two passes a minute used up PostgreSQL's max_connections
     * and provisioning a receiver answered 503.
     */
    const enPasada = async <T>(run: (ctx: ScheduledContext) => Promise<T>): Promise<T> => {
      let previa: TenantLease | undefined;
      // The receivers' rows read once for the pass (the pass itself lists them once).
      let receptores: Promise<Map<number, Awaited<ReturnType<typeof listTenants>>[number]>> | undefined;
      const pasada: ScheduledContext = {
        ...scheduledContext,
        tenantDb: async (tenantId) => {
          previa?.release();
          previa = undefined;
          receptores ??= listTenants(app.controlDb).then((rows) => new Map(rows.map((t) => [t.id, t])));
          const tenant = (await receptores).get(tenantId);
          if (!tenant) throw new Error(`tenant ${tenantId} not found`);
          previa = await app.tenantPools.forPass(tenantLocation(app.databaseConfig, tenant));
          return previa.db;
        },
      };
      try {
        return await run(pasada);
      } finally {
        previa?.release();
      }
    };
    const respaldos = respaldoContext(app, config);
    app.decorate('respaldoContext', respaldos);
    const stuckMinutes = config.moveStuckMinutes ?? MOVE_STUCK_MINUTES;
    if (!config.jobs?.enabled) {
      // No schedule to sweep stuck moves: once at start, when no move of this process runs yet.
      if (controlLocation(config.database).kind !== 'postgres') return;
      app.addHook('onReady', async () => {
        await sweepStuckTraslados(trasladoContextOf(app), { minutes: stuckMinutes, isLive: async () => new Set() }).catch((error: unknown) =>
          app.log.error({ err: error }, 'stuck receiver moves could not be swept'),
        );
      });
      return;
    }

    const location = controlLocation(config.database);
    const boss =
      location.kind === 'postgres'
        ? new PgBoss({ connectionString: location.url, max: 4, application_name: 'receptoria-jobs' } as never)
        : new PgBoss({ db: fromPglite((app.controlDb as unknown as { $client: PGliteLike }).$client), backend: 'pglite' });
    boss.on('error', (error) => app.log.error({ error: error.message }, 'job queue error'));
    await boss.start();

    const retry = {
      retryLimit: config.jobs.retryLimit ?? 5,
      retryDelay: config.jobs.retryDelaySeconds ?? 60,
      retryBackoff: true,
      retryDelayMax: 3600,
    };
    for (const name of Object.values(QUEUES)) {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, retry).catch(() => undefined);
    }
    // Every move job sent to the queue (by any instance) takes the queue's expiry.
    await boss.updateQueue(QUEUES.traslado, { expireInSeconds: (config.moveJobExpireMinutes ?? MOVE_JOB_EXPIRE_MINUTES) * 60 });
    if (config.jobs.schedule !== false) {
      for (const frecuencia of FRECUENCIAS) {
        await boss.schedule(QUEUES.informesTick, INFORME_CRON[frecuencia], { frecuencia } satisfies TickData, {
          tz: TIME_ZONE,
          key: frecuencia,
          singletonKey: `tick-${frecuencia}`,
        });
      }
      await boss.schedule(QUEUES.alarmasTick, ALARMAS_CRON, {}, { tz: TIME_ZONE, key: 'alarmas' });
      await boss.schedule(QUEUES.portalAvisos, PORTAL_AVISOS_CRON, {}, { tz: TIME_ZONE, key: 'portal-avisos' });
      await boss.schedule(QUEUES.correoSaliente, CORREO_SALIENTE_CRON, {}, { tz: TIME_ZONE, key: 'correo-saliente' });
      await boss.schedule(QUEUES.webhooks, WEBHOOKS_CRON, {}, { tz: TIME_ZONE, key: 'webhooks' });
      await boss.schedule(QUEUES.resellos, RESELLOS_CRON, {}, { tz: TIME_ZONE, key: 'resellos' });
      await boss.schedule(QUEUES.webhooksPlazos, WEBHOOKS_PLAZOS_CRON, {}, { tz: TIME_ZONE, key: 'webhooks-plazos' });
      await boss.schedule(QUEUES.trasladosAtascados, TRASLADOS_ATASCADOS_CRON, {}, { tz: TIME_ZONE, key: 'traslados-atascados' });
      if (respaldos.config.schedule) {
        await boss.schedule(QUEUES.respaldosTick, respaldos.config.cron, {}, { tz: TIME_ZONE, key: 'respaldos', singletonKey: 'respaldos' });
      } else {
        await boss.unschedule(QUEUES.respaldosTick, 'respaldos').catch(() => undefined);
      }
    }

    const polling = { pollingIntervalSeconds: config.jobs.pollingIntervalSeconds ?? 2 };
    await boss.work<TickData>(QUEUES.informesTick, polling, async (jobs) => {
      for (const job of jobs) {
        const fechaReferencia = job.data.fechaReferencia ?? santiagoToday();
        const planned = await enPasada((pasada) => planEnviosProgramados(pasada, job.data.frecuencia, fechaReferencia));
        for (const envio of planned) {
          await boss.send(QUEUES.informeEnvio, envio, { ...retry, singletonKey: envioKey(envio) });
        }
        app.log.info({ frecuencia: job.data.frecuencia, fechaReferencia, envios: planned.length }, 'scheduled reports planned');
      }
    });
    await boss.work<EnvioProgramadoJob>(QUEUES.informeEnvio, polling, async (jobs) => {
      for (const job of jobs) await runEnvioProgramado(scheduledContext, job.data);
    });
    await boss.work(QUEUES.alarmasTick, polling, async () => {
      await enPasada((pasada) => runAlarmReminders(pasada));
    });
    await boss.work<{ tenantId?: number }>(QUEUES.portalAvisos, polling, async (jobs) => {
      for (const job of jobs) {
        if (typeof job.data?.tenantId === 'number') await runPortalAvisosTenant(app.controlDb, scheduledContext, job.data.tenantId);
        else await runPortalAvisos(app.controlDb, scheduledContext);
      }
    });
    await boss.work(QUEUES.correoSaliente, polling, async () => {
      await enPasada((pasada) => runCorreoSaliente(pasada));
    });
    await boss.work(QUEUES.resellos, polling, async () => {
      const firma = app.firma;
      await enPasada((pasada) =>
        runResellos(pasada, { tsa: firma.tsa, revocacion: firma.ltv, margenDias: config.reselloMargenDias ?? RESELLO_MARGEN_DIAS_POR_DEFECTO }),
      );
    });
    await boss.work(QUEUES.webhooks, polling, async () => {
      await enPasada((pasada) => runWebhooks(pasada, { permitirPrivadas: config.webhooksPermitirPrivadas ?? false }, app.controlDb));
    });
    await boss.work(QUEUES.webhooksPlazos, polling, async () => {
      await enPasada((pasada) => runPlazosPorVencer(pasada, app.controlDb));
      await boss.send(QUEUES.webhooks, {}, { retryLimit: 0 });
    });
    // An act owed to a firm's endpoint is delivered by the instance that recorded it, right after its
    // commit: a pass of its own (WEBHOOKS_DIRECTA_MS after the act, one at a time, another if acts came
    // in meanwhile), without waiting for the queue's polling. The deliveries' rows stay the truth: each
    // attempt is claimed by one conditional UPDATE, so this pass, the queue's and other instances' never
    // send the same attempt, and an assignment's later event waits for its earlier one. The queued pass
    // half a second later stays as the fallback (an act whose commit came after the direct pass looked),
    // and the pass every minute retries and catches up.
    let webhooksPronto: NodeJS.Timeout | undefined;
    let directaReloj: NodeJS.Timeout | undefined;
    let directaEnCurso = false;
    let directaDeNuevo = false;
    let cerrando = false;
    let directa: Promise<unknown> = Promise.resolve();
    let basesPendientes = new Set<string | undefined>();
    const opcionesEntrega = { permitirPrivadas: config.webhooksPermitirPrivadas ?? false };
    const pasadaDirecta = () => {
      directaReloj = undefined;
      if (cerrando) return;
      if (directaEnCurso) {
        directaDeNuevo = true;
        return;
      }
      directaEnCurso = true;
      directaDeNuevo = false;
      // Only the receivers whose acts were just recorded (their databases' names); an act with no name
      // (none known) makes the pass visit every receiver, as the queued one does.
      const bases = basesPendientes;
      basesPendientes = new Set();
      directa = enPasada((pasada) =>
        runWebhooks(
          bases.has(undefined)
            ? pasada
            : {
                ...pasada,
                listTenants: async () => {
                  const ids = new Set((await listTenants(app.controlDb)).filter((t) => bases.has(t.databaseName)).map((t) => t.id));
                  return (await pasada.listTenants()).filter((t) => ids.has(t.id));
                },
              },
          opcionesEntrega,
          app.controlDb,
        ),
      )
        .catch((error: unknown) => app.log.warn({ err: error }, 'direct webhook delivery failed'))
        .finally(() => {
          directaEnCurso = false;
          if (directaDeNuevo && !cerrando) directaReloj ??= setTimeout(pasadaDirecta, WEBHOOKS_DIRECTA_MS);
        });
    };
    const alEventoNuevo = (base?: string) => {
      basesPendientes.add(base);
      directaReloj ??= setTimeout(pasadaDirecta, WEBHOOKS_DIRECTA_MS);
      webhooksPronto ??= setTimeout(() => {
        webhooksPronto = undefined;
        boss.send(QUEUES.webhooks, {}, { retryLimit: 0, singletonKey: 'webhooks-pronto' }).catch((error: unknown) => app.log.warn({ err: error }, 'webhook delivery not queued'));
      }, 500);
    };
    eventosNuevos.on('nuevo', alEventoNuevo);
    app.addHook('onClose', async () => {
      cerrando = true;
      eventosNuevos.off('nuevo', alEventoNuevo);
      clearTimeout(webhooksPronto);
      clearTimeout(directaReloj);
      await directa;
    });

    await boss.work<{ fecha?: string }>(QUEUES.respaldosTick, polling, async (jobs) => {
      for (const job of jobs) await runRespaldosTick(respaldos, job.data);
    });
    await boss.work<RespaldoTrabajo>(QUEUES.respaldoManual, polling, async ([job]) => runRespaldoTrabajo(respaldos, job!.data));
    await boss.work<{ id: number }>(QUEUES.traslado, polling, async (jobs) => {
      for (const job of jobs) await runTraslado(trasladoContextOf(app), job.data.id);
    });
    await boss.work(QUEUES.trasladosAtascados, polling, async () => {
      await sweepStuckTraslados(trasladoContextOf(app), {
        minutes: stuckMinutes,
        isLive: (ids) => liveTrasladoJobs(app.controlDb, ids),
        hasEnded: (ids) => endedTrasladoJobs(app.controlDb, ids),
      });
    });
    const pdfs = app.stampEngines.pdfs;
    if (pdfs?.disponible) {
      await boss.work(QUEUES.pdfsPendientes, polling, async () => {
        const activos = (await listTenants(app.controlDb)).filter((t) => t.activo).map((t) => t.id);
        const result = await pdfs.convertPending(activos);
        app.log.info(result, 'pending certificate PDFs');
      });
      // A converter at start (LibreOffice installed or GOTENBERG_URL set since): the missing PDFs are made.
      await boss.send(QUEUES.pdfsPendientes, {}, { singletonKey: 'pdfs-pendientes', retryLimit: 0 });
    }

    app.decorate('jobs', boss);
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, timeout: 10_000 });
    });
  },
  { name: 'jobs', dependencies: ['databases', 'mail'] },
);
