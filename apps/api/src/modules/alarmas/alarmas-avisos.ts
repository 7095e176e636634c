import { ALARMA_TIPO_LABELS, type AlarmaCalendario, type AlarmasProximas, type AlarmasRangoQuery, alarmaMessages as m, toSantiagoIso } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { enviarCorreo } from '../correo-saliente/correo-saliente.service';
import type { ScheduledContext } from '../informes/informes-programados';
import { claimAviso, findAlarmasDelRango, findAlarmasEntre, markAlarmaAvisada, releaseAviso } from './alarmas.repository';

const HOUR = 3_600_000;
/** Reminders: the day before (24 h) and two hours before the hearing. */
export const AVISOS = [
  { aviso: 'dia_antes', antes: 24 * HOUR, cuando: m.manana },
  { aviso: 'dos_horas', antes: 2 * HOUR, cuando: m.enDosHoras },
] as const;

const santiago = (date: Date) => format(new TZDate(date.getTime(), 'America/Santiago'), 'dd-MM-yyyy HH:mm');

/** Which reminder is due now for an alarm at `fechaHora`, if any (the closer one wins). */
export function dueAviso(fechaHora: Date, now: Date): (typeof AVISOS)[number] | null {
  const left = fechaHora.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= 2 * HOUR) return AVISOS[1];
  if (left <= 24 * HOUR) return AVISOS[0];
  return null;
}

/** Sends the reminders due now for every active receiver; each (alarm, reminder, time) once. */
export async function runAlarmReminders(ctx: ScheduledContext, now = new Date()): Promise<number> {
  let sent = 0;
  for (const tenant of await ctx.listTenants()) {
    if (!tenant.activo) continue;
    const db = await ctx.tenantDb(tenant.id);
    const destinatario = ctx.receptorEmail ? await ctx.receptorEmail(tenant.id) : '';
    sent += await remindTenant(ctx, db, tenant.nombre, destinatario, now);
  }
  return sent;
}

async function remindTenant(ctx: ScheduledContext, db: TenantDb, receptor: string, destinatario: string, now: Date) {
  let sent = 0;
  for (const alarma of await findAlarmasEntre(db, now, new Date(now.getTime() + 24 * HOUR))) {
    const aviso = dueAviso(alarma.fechaHora, now);
    if (!aviso) continue;
    const claimed = await claimAviso(db, { alarmaId: alarma.id, aviso: aviso.aviso, fechaHora: alarma.fechaHora, destinatario });
    if (claimed === null) continue;
    await markAlarmaAvisada(db, alarma.id, now);
    if (!destinatario) {
      ctx.log.info({ alarma: alarma.id }, 'alarm reminder not mailed: the receiver has no e-mail');
      continue;
    }
    const tipo = ALARMA_TIPO_LABELS[alarma.tipo];
    try {
      const correo = await enviarCorreo(ctx.mail, db, {
        tipo: 'alarma',
        clave: `alarma:${alarma.id}:${aviso.aviso}:${alarma.fechaHora.getTime()}`,
        to: destinatario,
        subject: m.asuntoCorreo(tipo, alarma.numeroRol, aviso.cuando),
        text: [
          `${tipo} del rol ${alarma.numeroRol}: ${santiago(alarma.fechaHora)} (hora de Santiago).`,
          alarma.mensaje,
          '',
          receptor,
        ].join('\n'),
        messageId: `<alarma-${alarma.id}-${aviso.aviso}-${alarma.fechaHora.getTime()}@receptoria>`,
      });
      if (correo.estado === 'enviado') sent += 1;
    } catch (error) {
      // Released so the next pass tries again.
      await releaseAviso(db, claimed);
      ctx.log.warn({ alarma: alarma.id, err: error instanceof Error ? error.message : String(error) }, 'alarm reminder failed');
    }
  }
  return sent;
}

/** The bell: alarms in the next seven days (and those that just passed within the hour). */
export async function listAlarmasProximas(db: TenantDb, now = new Date()): Promise<AlarmasProximas> {
  const rows = await findAlarmasEntre(db, new Date(now.getTime() - HOUR), new Date(now.getTime() + 7 * 24 * HOUR));
  const alarmas = rows.map((row) => ({
    id: row.id,
    encargo_id: row.encargoId,
    numero_rol: row.numeroRol,
    tipo: row.tipo,
    fecha_hora: toSantiagoIso(row.fechaHora),
    mensaje: row.mensaje,
    recordatorio: row.fechaHora.getTime() - now.getTime() <= 24 * HOUR,
  }));
  return { total: alarmas.length, recordatorios: alarmas.filter((a) => a.recordatorio).length, alarmas };
}

/** The calendar: the alarms of a range of Santiago dates (both included), with their assignment's firm. */
export async function listAlarmasDelRango(db: TenantDb, query: AlarmasRangoQuery, now = new Date()): Promise<AlarmaCalendario[]> {
  const rows = await findAlarmasDelRango(db, query.desde, query.hasta);
  return rows.map((row) => {
    const left = row.fechaHora.getTime() - now.getTime();
    return {
      id: row.id,
      encargo_id: row.encargoId,
      numero_rol: row.numeroRol,
      estudio_id: row.estudioId,
      estudio: row.estudio,
      tipo: row.tipo,
      fecha_hora: toSantiagoIso(row.fechaHora),
      mensaje: row.mensaje,
      recordatorio: left > -HOUR && left <= 24 * HOUR,
    };
  });
}
