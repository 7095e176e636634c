import { correoMessages, type Frecuencia } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import type { FastifyBaseLogger } from 'fastify';
import { type FirmaReceptor, firmaReceptor } from '../../integrations/mail/firma';
import type { MailTransport } from '../../integrations/mail/mail-transport';
import { enviarCorreo } from '../correo-saliente/correo-saliente.service';
import { buildInformeXlsx, informeFileName, XLSX_CONTENT_TYPE } from './informe-excel';
import {
  claimEnvioProgramado,
  type EstudioConConfiguracion,
  findEstudioConConfiguracion,
  findEstudiosActivosConConfiguracion,
  updateEnvio,
} from './informes.repository';
import { buildInforme, mailText, reportReceipientsSafe, toConfiguracion } from './informes.service';
import { reportPeriod, santiagoToday } from './periodos';

/** One scheduled report: a firm of a receiver, a frequency, the Santiago date it runs on. */
export interface EnvioProgramadoJob {
  tenantId: number;
  estudioId: number;
  frecuencia: Frecuencia;
  fechaReferencia: string;
}

/** A receiver as the scheduled jobs see it: its state and the identity its mails are signed with. */
export interface TenantRef extends FirmaReceptor {
  id: number;
  nombre: string;
  activo: boolean;
}

export interface ScheduledContext {
  listTenants(): Promise<TenantRef[]>;
  tenantDb(tenantId: number): Promise<TenantDb>;
  mail: MailTransport;
  log: FastifyBaseLogger;
  /** The receiver's e-mail for alarm reminders ('' when none). */
  receptorEmail?(tenantId: number): Promise<string>;
}

/** How long a claimed send belongs to its worker before another may take it over. */
export const CLAIM_LEASE_MS = 10 * 60_000;

/** The sends a tick must make: every active receiver's active firms that enable this frequency. */
export async function planEnviosProgramados(
  ctx: ScheduledContext,
  frecuencia: Frecuencia,
  fechaReferencia: string,
): Promise<EnvioProgramadoJob[]> {
  const jobs: EnvioProgramadoJob[] = [];
  for (const tenant of await ctx.listTenants()) {
    if (!tenant.activo) continue;
    const db = await ctx.tenantDb(tenant.id);
    for (const estudio of await findEstudiosActivosConConfiguracion(db)) {
      const configuracion = toConfiguracion(estudio);
      if (configuracion.informes_activos && configuracion[frecuencia]) {
        jobs.push({ tenantId: tenant.id, estudioId: estudio.id, frecuencia, fechaReferencia });
      }
    }
  }
  return jobs;
}

/** The key that makes a scheduled send unique (also the pg-boss singleton key). */
export function envioKey(job: EnvioProgramadoJob): string {
  return `${job.tenantId}:${job.estudioId}:${job.frecuencia}:${reportPeriod(job.frecuencia, job.fechaReferencia).fecha_inicio}`;
}

export type EnvioOutcome = 'enviado' | 'sin_datos' | 'sin_transporte' | 'ya_reclamado' | 'omitido';

/**
 * Sends one scheduled report exactly once: the (firm, frequency, period) row is claimed first in one
 * atomic statement; only the claimer builds and sends. A failed mail marks the row 'fallido' and
 * throws, so the job is retried (with backoff) and the retry takes the row over.
 */
export async function runEnvioProgramado(
  ctx: ScheduledContext,
  job: EnvioProgramadoJob,
  now = new Date(),
): Promise<EnvioOutcome> {
  const tenant = (await ctx.listTenants()).find((row) => row.id === job.tenantId);
  if (!tenant?.activo) return 'omitido';
  const db = await ctx.tenantDb(job.tenantId);
  const estudio = await findEstudioConConfiguracion(db, job.estudioId);
  if (!estudio || !estudio.activo) return 'omitido';
  const periodo = reportPeriod(job.frecuencia, job.fechaReferencia);
  const claimed = await claimEnvioProgramado(
    db,
    { estudioId: estudio.id, frecuencia: job.frecuencia, fechaInicio: periodo.fecha_inicio, fechaFin: periodo.fecha_fin },
    new Date(now.getTime() + CLAIM_LEASE_MS),
    now,
  );
  if (!claimed) {
    ctx.log.info({ key: envioKey(job) }, 'scheduled report already sent or in progress');
    return 'ya_reclamado';
  }
  try {
    return await sendClaimed(ctx, job, { db, estudio, receptor: tenant, claimedId: claimed.id, now });
  } catch (error) {
    // Any failure gives the claim back as 'fallido', so the job's retry takes it over.
    const message = error instanceof Error ? error.message : String(error);
    await updateEnvio(db, claimed.id, { estado: 'fallido', error: message, reclamadoHasta: null });
    ctx.log.warn({ key: envioKey(job), err: message, intento: claimed.intentos }, 'scheduled report failed; it will be retried');
    throw error;
  }
}

async function sendClaimed(
  ctx: ScheduledContext,
  job: EnvioProgramadoJob,
  claim: { db: TenantDb; estudio: EstudioConConfiguracion; receptor: TenantRef; claimedId: number; now: Date },
): Promise<EnvioOutcome> {
  const { db, estudio, now, receptor, claimedId } = claim;
  const informe = await buildInforme(db, estudio, job.frecuencia, job.fechaReferencia);
  if (informe.datos.length === 0) {
    await updateEnvio(db, claimedId, { estado: 'sin_datos', reclamadoHasta: null, error: '' });
    ctx.log.info({ key: envioKey(job) }, 'scheduled report not sent: no stamped assignments in the period');
    return 'sin_datos';
  }
  const destinatarios = await reportReceipientsSafe(db, estudio);
  const hoy = santiagoToday(now);
  const filename = informeFileName(job.frecuencia, estudio.nombre, hoy);
  const { rango: _r, ...preview } = informe;
  const content = await buildInformeXlsx(preview, receptor.nombre, hoy);
  const { subject, text } = mailText(preview, firmaReceptor(receptor));
  const summary = {
    destinatarios: destinatarios.join(', '),
    filas: preview.estadisticas.total_roles,
    totalValor: preview.estadisticas.total_valor,
    archivo: filename,
  };
  await updateEnvio(db, claimedId, summary);
  // One outbox mail per (firm, frequency, period): a retry of the job delivers the same mail again.
  const sent = await enviarCorreo(ctx.mail, db, {
    tipo: 'informe',
    clave: `informe:${envioKey(job)}`,
    to: destinatarios,
    subject,
    text,
    attachments: [{ filename, content, contentType: XLSX_CONTENT_TYPE }],
    estudioId: estudio.id,
    // The same Message-ID for the same period lets a mail client recognise a repeat.
    messageId: `<informe-${envioKey(job).replaceAll(':', '-')}@receptoria>`,
  });
  if (sent.estado === 'sin_transporte') {
    await updateEnvio(db, claimedId, { ...summary, estado: 'fallido', error: correoMessages.soloEnBandeja, reclamadoHasta: null });
    ctx.log.info({ key: envioKey(job) }, 'scheduled report kept in the outbox: no mail transport');
    return 'sin_transporte';
  }
  await updateEnvio(db, claimedId, {
    ...summary,
    estado: 'enviado',
    via: sent.via ?? '',
    messageId: sent.messageId ?? '',
    error: '',
    reclamadoHasta: null,
    fechaEnvio: new Date(),
  });
  ctx.log.info({ key: envioKey(job), to: destinatarios }, 'scheduled report sent');
  return 'enviado';
}

/** Runs a whole tick in-process (used when jobs are off and by tests): plan, then send each once. */
export async function runTick(ctx: ScheduledContext, frecuencia: Frecuencia, fechaReferencia: string) {
  const outcomes: Record<string, EnvioOutcome | 'error'> = {};
  for (const job of await planEnviosProgramados(ctx, frecuencia, fechaReferencia)) {
    try {
      outcomes[envioKey(job)] = await runEnvioProgramado(ctx, job);
    } catch {
      outcomes[envioKey(job)] = 'error';
    }
  }
  return outcomes;
}
