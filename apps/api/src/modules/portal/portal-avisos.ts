import { type ControlDb, controlSchema, type TenantDb } from '@receptoria/db';
import { and, eq, isNotNull } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { enviarCorreo } from '../correo-saliente/correo-saliente.service';
import type { ScheduledContext } from '../informes/informes-programados';
import { PLAZO_PORTAL_LABELS } from './portal.service';
import { preferenciasOf } from './portal-usuarios.service';

/** The pg-boss queue of the portal's mail passes (jobs.plugin's QUEUES.portalAvisos). */
export const PORTAL_AVISOS_QUEUE = 'portal-avisos';
/** Every minute: news of the firms' assignments are queued and mailed within about a minute. */
export const PORTAL_AVISOS_CRON = '* * * * *';

/** A claimed mail not marked sent within this time (the sender died) is taken again. */
const TOMA_VENCE_MINUTOS = 10;
/** Certificates and deadlines older than this are not announced (a receiver back after a long pause). */
const VENTANA_DIAS = 7;
const LOTE = 50;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

interface UsuarioAviso {
  id: number;
  estudioId: number;
  email: string;
  nombre: string;
  certificados: boolean;
  plazos: boolean;
}

async function usuariosActivos(controlDb: ControlDb, tenantId: number): Promise<UsuarioAviso[]> {
  const { portalUsuarios } = controlSchema;
  const rows = await controlDb
    .select()
    .from(portalUsuarios)
    .where(and(eq(portalUsuarios.tenantId, tenantId), eq(portalUsuarios.isActive, true), isNotNull(portalUsuarios.passwordHash)));
  return rows.map((row) => {
    const prefs = preferenciasOf(row);
    return { id: row.id, estudioId: row.estudioId, email: row.email, nombre: row.nombre, certificados: prefs.mail_certificados, plazos: prefs.mail_plazos };
  });
}

/**
 * Queues one mail per portal user (per preferences) for each certificate and deadline of the firm's
 * assignments created since the portal was installed (and within the last week). The outbox key makes
 * every event queued once however often the scan runs, on however many instances.
 */
export async function encolarNovedades(db: TenantDb, usuarios: UsuarioAviso[], now = new Date()): Promise<number> {
  let queued = 0;
  const desde = sql`greatest((select desde from portal_avisos_marca where id = 1), ${new Date(now.getTime() - VENTANA_DIAS * 86_400_000)})`;
  for (const usuario of usuarios) {
    if (usuario.certificados) {
      const result = await db.execute(sql`
        insert into portal_avisos (clave, portal_usuario_id, destinatario, asunto, cuerpo)
        select 'estampado:' || s.id, ${usuario.id}, ${usuario.email},
               left('Nuevo certificado: rol ' || e.numero_rol, 300),
               ${`Hola ${usuario.nombre}:`} || E'\n\n' || 'Hay un nuevo certificado del rol ' || e.numero_rol || ' (' || e.partes || E'):\n' || s.titulo
                 || E'\n\nPuede descargarlo desde el portal.'
        from estampados s join encargos e on e.id = s.encargo_id
        where e.estudio_id = ${usuario.estudioId} and s.fecha_creacion > ${desde}
        on conflict (clave, portal_usuario_id) do nothing
        returning id`);
      queued += rowsOf(result).length;
    }
    if (usuario.plazos) {
      const labels = sql.join(
        Object.entries(PLAZO_PORTAL_LABELS).map(([tipo, label]) => sql`when ${tipo} then ${label}`),
        sql` `,
      );
      const result = await db.execute(sql`
        insert into portal_avisos (clave, portal_usuario_id, destinatario, asunto, cuerpo)
        select 'plazo:' || p.id, ${usuario.id}, ${usuario.email},
               left('Nuevo plazo: rol ' || e.numero_rol, 300),
               ${`Hola ${usuario.nombre}:`} || E'\n\n' || 'Nuevo plazo del rol ' || e.numero_rol || ' (' || e.partes || E'):\n'
                 || (case p.tipo ${labels} else p.tipo end) || ': ' || to_char(p.vence, 'DD-MM-YYYY')
        from plazos p join encargos e on e.id = p.encargo_id
        where e.estudio_id = ${usuario.estudioId} and p.fecha_creacion > ${desde}
        on conflict (clave, portal_usuario_id) do nothing
        returning id`);
      queued += rowsOf(result).length;
    }
  }
  return queued;
}

/**
 * Hands the pending notices to the receiver's outbox, each once: claimed (a row taken by another
 * sender in the last minutes is left alone), written and sent with a stable Message-ID, marked; a
 * failed delivery releases it for the next pass (which retries the same outbox mail).
 */
export async function enviarPendientes(db: TenantDb, ctx: Pick<ScheduledContext, 'mail' | 'log'>, tenantId: number): Promise<number> {
  let sent = 0;
  const pendientes = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from portal_avisos
      where estado = 'pendiente' and (tomado_en is null or tomado_en < now() - make_interval(mins => ${TOMA_VENCE_MINUTOS}))
      order by creado_en, id limit ${LOTE}`),
  );
  for (const { id } of pendientes) {
    const [aviso] = rowsOf<{ id: number; destinatario: string; asunto: string; cuerpo: string }>(
      await db.execute(sql`
        update portal_avisos set tomado_en = now(), intentos = intentos + 1
        where id = ${id} and estado = 'pendiente' and (tomado_en is null or tomado_en < now() - make_interval(mins => ${TOMA_VENCE_MINUTOS}))
        returning id, destinatario, asunto, cuerpo`),
    );
    if (!aviso) continue;
    try {
      // Through the receiver's outbox: sent now when a transport exists, else kept there (Correo saliente).
      const result = await enviarCorreo(ctx.mail, db, {
        tipo: 'aviso_portal',
        clave: `portal-aviso:${aviso.id}`,
        to: aviso.destinatario,
        subject: aviso.asunto,
        text: aviso.cuerpo,
        messageId: `<portal-aviso-${tenantId}-${aviso.id}@receptoria>`,
      });
      const enviado = result.estado === 'enviado';
      await db.execute(
        sql`update portal_avisos set estado = 'enviado', enviado_en = ${enviado ? sql`now()` : null}, error = ${enviado ? '' : result.estado} where id = ${aviso.id}`,
      );
      if (enviado) sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.execute(sql`update portal_avisos set tomado_en = null, error = ${message.slice(0, 500)} where id = ${aviso.id}`);
      ctx.log.warn({ aviso: aviso.id, err: message }, 'portal mail failed');
    }
  }
  return sent;
}

/** One receiver: queue the news of its firms' assignments, then send what is pending. */
export async function runPortalAvisosTenant(controlDb: ControlDb, ctx: ScheduledContext, tenantId: number, now = new Date()): Promise<number> {
  const db = await ctx.tenantDb(tenantId);
  const usuarios = await usuariosActivos(controlDb, tenantId);
  if (usuarios.length > 0) await encolarNovedades(db, usuarios, now);
  return enviarPendientes(db, ctx, tenantId);
}

/** The portal's mail pass over every active receiver that has portal users. */
export async function runPortalAvisos(controlDb: ControlDb, ctx: ScheduledContext, now = new Date()): Promise<number> {
  const { portalUsuarios } = controlSchema;
  const conUsuarios = new Set(
    (await controlDb.selectDistinct({ tenantId: portalUsuarios.tenantId }).from(portalUsuarios)).map((row) => row.tenantId),
  );
  let sent = 0;
  for (const tenant of await ctx.listTenants()) {
    if (!tenant.activo || !conUsuarios.has(tenant.id)) continue;
    try {
      sent += await runPortalAvisosTenant(controlDb, ctx, tenant.id, now);
    } catch (error) {
      ctx.log.warn({ tenant: tenant.id, err: error instanceof Error ? error.message : String(error) }, 'portal mail pass failed');
    }
  }
  return sent;
}
