import { createHash } from 'node:crypto';
import {
  type EncargoAdjunto,
  type EncargoCreateValue,
  PORTAL_PAGE_SIZE,
  type PortalArchivo,
  type PortalPreferencias,
  type Solicitud,
  type SolicitudDatos,
  type SolicitudesListResponse,
  type SolicitudesQuery,
  clavesApiMessages,
  portalMessages as m,
  toSantiagoIso,
} from '@receptoria/contracts';
import { type ControlDb, controlSchema, type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { AuditActor } from '../auditoria/audit-actor';
import { recordAudit } from '../auditoria/auditoria.service';
import { createEncargo } from '../encargos/encargos.service';
import { domiciliosConComunaValidada } from '../lookups/comunas-validas';
import { preferenciasOf } from './portal-usuarios.service';
import { encolarEvento, nombreTribunal } from '../webhooks/webhooks.eventos';

const { solicitudes, solicitudArchivos, encargoAdjuntos, estudios, portalAvisos, portalConfiguracion } = tenantSchema;
type SolicitudRow = typeof solicitudes.$inferSelect;

const NO_ENCONTRADA = 'Solicitud no encontrada';

export interface ArchivoSubido {
  campo: PortalArchivo;
  nombre: string;
  contenido: Buffer;
}

export interface PortalAutor {
  /** The portal user who sends it; null when an API key does (claveApi). */
  usuarioId: number | null;
  claveApi?: { id: number; prefijo: string } | null;
  estudioId: number;
  nombre: string;
  email: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const iso = (value: Date | null) => (value ? toSantiagoIso(value) : null);

async function solicitudesOf(db: TenantDb, rows: SolicitudRow[]): Promise<Solicitud[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const estudioIds = [...new Set(rows.map((r) => r.estudioId))];
  const [archivos, firmas] = await Promise.all([
    db
      .select({ solicitudId: solicitudArchivos.solicitudId, campo: solicitudArchivos.campo, nombre: solicitudArchivos.nombre, bytes: solicitudArchivos.bytes })
      .from(solicitudArchivos)
      .where(sql`${solicitudArchivos.solicitudId} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
      .orderBy(asc(solicitudArchivos.campo)),
    db
      .select({ id: estudios.id, nombre: estudios.nombre })
      .from(estudios)
      .where(sql`${estudios.id} in (${sql.join(estudioIds.map((id) => sql`${id}`), sql`, `)})`),
  ]);
  const nombres = new Map(firmas.map((f) => [f.id, f.nombre]));
  return rows.map((row) => ({
    id: row.id,
    estado: row.estado,
    numero_rol: row.numeroRol,
    partes: row.partes,
    datos: row.datos as Record<string, unknown>,
    archivos: archivos.filter((a) => a.solicitudId === row.id).map((a) => ({ campo: a.campo, nombre: a.nombre, bytes: a.bytes })),
    estudio: { id: row.estudioId, nombre: nombres.get(row.estudioId) ?? '' },
    usuario: { id: row.portalUsuarioId, nombre: row.usuarioNombre, email: row.usuarioEmail },
    clave_api: row.claveApiId !== null ? { id: row.claveApiId, prefijo: row.claveApiPrefijo ?? '' } : null,
    remitente: row.claveApiPrefijo !== null ? clavesApiMessages.viaApi(row.claveApiPrefijo) : row.usuarioNombre,
    creada_en: toSantiagoIso(row.creadaEn),
    resuelta_en: iso(row.resueltaEn),
    encargo_id: row.encargoId,
    motivo_rechazo: row.motivoRechazo,
  }));
}

/** The referenced ids of a request exist in this receiver, and the plaintiff is the firm's. */
async function checkReferencias(db: TenantDb, estudioId: number, datos: SolicitudDatos) {
  const errors: Record<string, string[]> = {};
  const exists = async (table: string, id: number, extra: SQL = sql`true`) => {
    const result = (await db.execute(sql`select 1 from ${sql.identifier(table)} where id = ${id} and ${extra}`)) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  };
  if (!(await exists('tribunales', datos.tribunal))) errors.tribunal = ['Tribunal inválido'];
  if (!(await exists('tipos_causa', datos.tipo_causa))) errors.tipo_causa = ['Tipo de causa inválido'];
  if (!(await exists('tipos_encargo', datos.tipo_encargo))) errors.tipo_encargo = ['Tipo de encargo inválido'];
  if (!(await exists('partes_demandantes', datos.parte_demandante, sql`estudio_id = ${estudioId}`))) {
    errors.parte_demandante = ['Parte demandante inválida'];
  }
  const keys = Object.keys(errors);
  if (keys.length > 0) throw new AppError('BAD_REQUEST', errors[keys[0]!]![0]!, { errors });
}

/** A firm's request: its data (Nuevo Encargo without the firm) and PDFs, pending for the office. */
export async function createSolicitud(db: TenantDb, autor: PortalAutor, datos: SolicitudDatos, archivos: ArchivoSubido[], actor: AuditActor): Promise<Solicitud> {
  await checkReferencias(db, autor.estudioId, datos);
  const validos = { ...datos, domicilios: domiciliosConComunaValidada(datos.domicilios) };
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(solicitudes)
      .values({
        estudioId: autor.estudioId,
        portalUsuarioId: autor.claveApi ? null : autor.usuarioId,
        claveApiId: autor.claveApi?.id ?? null,
        claveApiPrefijo: autor.claveApi?.prefijo ?? null,
        usuarioNombre: autor.nombre,
        usuarioEmail: autor.email,
        datos: validos,
        numeroRol: datos.numero_rol,
        partes: datos.partes,
      })
      .returning();
    if (archivos.length > 0) {
      await tx.insert(solicitudArchivos).values(
        archivos.map((a) => ({
          solicitudId: saved!.id,
          campo: a.campo,
          nombre: a.nombre,
          tipoMime: 'application/pdf',
          bytes: a.contenido.length,
          sha256: sha256(a.contenido),
          contenido: a.contenido,
        })),
      );
    }
    await recordAudit(tx, actor, {
      entidad: 'solicitud',
      entidadId: saved!.id,
      accion: 'crear',
      cambios: { numero_rol: { antes: null, despues: datos.numero_rol }, estudio_id: { antes: null, despues: autor.estudioId } },
    });
    return saved!;
  });
  return (await solicitudesOf(db, [row]))[0]!;
}

export async function listSolicitudes(db: TenantDb, query: SolicitudesQuery, estudioId?: number): Promise<SolicitudesListResponse> {
  const conditions: SQL[] = [];
  if (estudioId !== undefined) conditions.push(eq(solicitudes.estudioId, estudioId));
  const scope = conditions.length > 0 ? and(...conditions) : undefined;
  const filtered = query.estado ? and(scope, eq(solicitudes.estado, query.estado)) : scope;
  const [rows, [total], [pendientes]] = await Promise.all([
    db
      .select()
      .from(solicitudes)
      .where(filtered)
      .orderBy(desc(solicitudes.creadaEn), desc(solicitudes.id))
      .limit(PORTAL_PAGE_SIZE)
      .offset((query.page - 1) * PORTAL_PAGE_SIZE),
    db.select({ n: count() }).from(solicitudes).where(filtered),
    db.select({ n: count() }).from(solicitudes).where(and(scope, eq(solicitudes.estado, 'pendiente'))),
  ]);
  return { count: total?.n ?? 0, page: query.page, page_size: PORTAL_PAGE_SIZE, pendientes: pendientes?.n ?? 0, results: await solicitudesOf(db, rows) };
}

export async function getSolicitud(db: TenantDb, id: number): Promise<Solicitud> {
  const [row] = await db.select().from(solicitudes).where(eq(solicitudes.id, id));
  if (!row) throw new AppError('NOT_FOUND', NO_ENCONTRADA);
  return (await solicitudesOf(db, [row]))[0]!;
}

export async function getSolicitudArchivo(db: TenantDb, id: number, campo: string) {
  const [row] = await db
    .select({ nombre: solicitudArchivos.nombre, contenido: solicitudArchivos.contenido })
    .from(solicitudArchivos)
    .where(and(eq(solicitudArchivos.solicitudId, id), sql`${solicitudArchivos.campo} = ${campo}`));
  if (!row) throw new AppError('NOT_FOUND', 'Archivo no encontrado');
  return { filename: row.nombre, content: Buffer.from(row.contenido) };
}

/** The portal user's mail preferences and address, read from the control database (null: user gone or off). */
export async function destinatarioPortal(controlDb: ControlDb, tenantId: number, usuarioId: number): Promise<{ email: string; preferencias: PortalPreferencias } | null> {
  const { portalUsuarios } = controlSchema;
  const [row] = await controlDb
    .select()
    .from(portalUsuarios)
    .where(and(eq(portalUsuarios.id, usuarioId), eq(portalUsuarios.tenantId, tenantId)));
  if (!row || !row.isActive) return null;
  return { email: row.email, preferencias: preferenciasOf(row) };
}

async function lockPendiente(tx: TenantDb, id: number): Promise<SolicitudRow> {
  const [row] = await tx.select().from(solicitudes).where(eq(solicitudes.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', NO_ENCONTRADA);
  if (row.estado !== 'pendiente') throw new AppError('CONFLICT', m.solicitudNoPendiente);
  return row;
}

export interface Aviso {
  email: string;
  preferencias: PortalPreferencias;
}

/**
 * Accepts a request: the assignment is created with Nuevo Encargo's rules (the request's firm only),
 * the request's PDFs are attached to it, the request is marked aceptada and its sender's mail is queued
 * in the portal outbox — all in one transaction.
 */
export async function aceptarSolicitud(
  db: TenantDb,
  id: number,
  input: EncargoCreateValue,
  actor: AuditActor,
  aviso: (row: SolicitudRow) => Promise<Aviso | null>,
): Promise<{ encargo_id: number; solicitud: Solicitud }> {
  const [current] = await db.select().from(solicitudes).where(eq(solicitudes.id, id));
  if (!current) throw new AppError('NOT_FOUND', NO_ENCONTRADA);
  const destinatario = await aviso(current);
  const encargoId = await db.transaction(async (tx) => {
    const row = await lockPendiente(tx, id);
    if (input.estudio_juridico !== row.estudioId) {
      const detail = 'El encargo debe ser del estudio que envió la solicitud';
      throw new AppError('BAD_REQUEST', detail, { errors: { estudio_juridico: [detail] } });
    }
    const encargo = await createEncargo(tx, input, actor);
    await tx.execute(sql`
      insert into encargo_adjuntos (encargo_id, nombre, tipo_mime, bytes, sha256, contenido, origen, solicitud_id, creado_por)
      select ${encargo.id}, nombre, tipo_mime, bytes, sha256, contenido, campo, solicitud_id, ${actor.username}
      from solicitud_archivos where solicitud_id = ${id} order by campo`);
    await tx
      .update(solicitudes)
      .set({ estado: 'aceptada', encargoId: encargo.id, resueltaEn: new Date(), resueltaPor: actor.username })
      .where(eq(solicitudes.id, id));
    await recordAudit(tx, actor, {
      entidad: 'solicitud',
      entidadId: id,
      accion: 'aceptar',
      cambios: { estado: { antes: 'pendiente', despues: 'aceptada' }, encargo_id: { antes: null, despues: encargo.id } },
    });
    // Whatever path accepts a request, its firm's endpoints hear of it with the act.
    await encolarEvento(tx, {
      estudioId: row.estudioId,
      tipo: 'solicitud.aceptada',
      instante: new Date(),
      encargo: { id: encargo.id, numero_rol: encargo.numero_rol, tribunal: await nombreTribunal(tx, (row.datos as { tribunal?: unknown }).tribunal) },
      datos: { solicitud_id: id, encargo_id: encargo.id, aceptada_por: actor.username },
    });
    if (destinatario?.preferencias.mail_solicitudes && row.portalUsuarioId !== null) {
      await tx
        .insert(portalAvisos)
        .values({
          clave: `solicitud:${id}:aceptada`,
          portalUsuarioId: row.portalUsuarioId,
          destinatario: destinatario.email,
          asunto: `Solicitud aceptada: rol ${encargo.numero_rol}`,
          cuerpo: [
            `Hola ${row.usuarioNombre}:`,
            '',
            `Su solicitud del rol ${encargo.numero_rol} (${row.partes}) fue aceptada y ya es un encargo.`,
            'Puede seguir cada visita, certificado y plazo en el portal.',
          ].join('\n'),
        })
        .onConflictDoNothing();
    }
    return encargo.id;
  });
  return { encargo_id: encargoId, solicitud: await getSolicitud(db, id) };
}

export async function rechazarSolicitud(
  db: TenantDb,
  id: number,
  motivo: string,
  actor: AuditActor,
  aviso: (row: SolicitudRow) => Promise<Aviso | null>,
): Promise<Solicitud> {
  const [current] = await db.select().from(solicitudes).where(eq(solicitudes.id, id));
  if (!current) throw new AppError('NOT_FOUND', NO_ENCONTRADA);
  const destinatario = await aviso(current);
  await db.transaction(async (tx) => {
    const row = await lockPendiente(tx, id);
    await tx
      .update(solicitudes)
      .set({ estado: 'rechazada', motivoRechazo: motivo, resueltaEn: new Date(), resueltaPor: actor.username })
      .where(eq(solicitudes.id, id));
    await recordAudit(tx, actor, {
      entidad: 'solicitud',
      entidadId: id,
      accion: 'rechazar',
      cambios: { estado: { antes: 'pendiente', despues: 'rechazada' }, motivo_rechazo: { antes: null, despues: motivo } },
    });
    await encolarEvento(tx, {
      estudioId: row.estudioId,
      tipo: 'solicitud.rechazada',
      instante: new Date(),
      encargo: { id: null, numero_rol: row.numeroRol, tribunal: await nombreTribunal(tx, (row.datos as { tribunal?: unknown }).tribunal) },
      datos: { solicitud_id: id, motivo },
    });
    if (destinatario?.preferencias.mail_solicitudes && row.portalUsuarioId !== null) {
      await tx
        .insert(portalAvisos)
        .values({
          clave: `solicitud:${id}:rechazada`,
          portalUsuarioId: row.portalUsuarioId,
          destinatario: destinatario.email,
          asunto: `Solicitud rechazada: rol ${row.numeroRol}`,
          cuerpo: [`Hola ${row.usuarioNombre}:`, '', `Su solicitud del rol ${row.numeroRol} (${row.partes}) fue rechazada.`, `Motivo: ${motivo}`].join('\n'),
        })
        .onConflictDoNothing();
    }
  });
  return getSolicitud(db, id);
}

export async function listAdjuntos(db: TenantDb, encargoId: number): Promise<EncargoAdjunto[]> {
  const [encargo] = await db.select({ id: tenantSchema.encargos.id }).from(tenantSchema.encargos).where(eq(tenantSchema.encargos.id, encargoId));
  if (!encargo) throw new AppError('NOT_FOUND', 'Encargo no encontrado');
  const rows = await db
    .select({
      id: encargoAdjuntos.id,
      nombre: encargoAdjuntos.nombre,
      tipoMime: encargoAdjuntos.tipoMime,
      bytes: encargoAdjuntos.bytes,
      origen: encargoAdjuntos.origen,
      creadoEn: encargoAdjuntos.creadoEn,
    })
    .from(encargoAdjuntos)
    .where(eq(encargoAdjuntos.encargoId, encargoId))
    .orderBy(asc(encargoAdjuntos.id));
  return rows.map((r) => ({
    id: r.id,
    nombre: r.nombre,
    tipo_mime: r.tipoMime,
    bytes: r.bytes,
    origen: r.origen,
    creado_en: toSantiagoIso(r.creadoEn),
    url: `/api/v1/encargos/${encargoId}/adjuntos/${r.id}/`,
  }));
}

export async function getAdjunto(db: TenantDb, encargoId: number, id: number) {
  const [row] = await db
    .select({ nombre: encargoAdjuntos.nombre, tipoMime: encargoAdjuntos.tipoMime, contenido: encargoAdjuntos.contenido })
    .from(encargoAdjuntos)
    .where(and(eq(encargoAdjuntos.id, id), eq(encargoAdjuntos.encargoId, encargoId)));
  if (!row) throw new AppError('NOT_FOUND', 'Archivo no encontrado');
  return { filename: row.nombre, mime: row.tipoMime, content: Buffer.from(row.contenido) };
}

export async function getPortalConfiguracion(db: TenantDb) {
  const [row] = await db.select().from(portalConfiguracion).where(eq(portalConfiguracion.id, 1));
  return { compartir_fotos_portal: row?.compartirFotosPortal ?? false };
}

export async function savePortalConfiguracion(db: TenantDb, compartir: boolean, actor: AuditActor) {
  return db.transaction(async (tx) => {
    const antes = await getPortalConfiguracion(tx);
    await tx
      .insert(portalConfiguracion)
      .values({ id: 1, compartirFotosPortal: compartir })
      .onConflictDoUpdate({ target: portalConfiguracion.id, set: { compartirFotosPortal: compartir } });
    await recordAudit(tx, actor, {
      entidad: 'portal_configuracion',
      entidadId: 1,
      accion: 'modificar',
      cambios: antes.compartir_fotos_portal === compartir ? {} : { compartir_fotos_portal: { antes: antes.compartir_fotos_portal, despues: compartir } },
    });
    return { compartir_fotos_portal: compartir };
  });
}
