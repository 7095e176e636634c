import {
  ADMIN_USERNAME,
  AUDIT_ENTIDADES_CONTROL,
  type AuditEntidad,
  type AuditoriaQuery,
  type AuditoriaResponse,
  type AuditRegistro,
  toSantiagoIso,
} from '@receptoria/contracts';
import type { ControlDb, TenantDb } from '@receptoria/db';
import type { AuditActor } from './audit-actor';
import type { AuditChanges } from './audit-diff';
import { insertAudit, insertControlAudit, listAudit, listControlAudit } from './auditoria.repository';

export interface AuditEntry {
  entidad: AuditEntidad;
  entidadId: number;
  accion: string;
  cambios: AuditChanges;
}

function actorColumns(actor: AuditActor) {
  return { usuarioId: actor.userId, usuario: actor.username, ip: actor.ip, userAgent: actor.userAgent };
}

/**
 * Appends one change to the receiver's audit trail. Call it with the transaction that makes the
 * change, so the record and the change commit or roll back together. An update that changed no
 * field is not recorded.
 */
export async function recordAudit(db: TenantDb, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(db, actor, [entry]);
}

/** Several entries of one change in one insert (same rule: an empty modification is left out). */
export async function recordAudits(db: TenantDb, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  const kept = entries.filter((entry) => !(entry.accion === 'modificar' && Object.keys(entry.cambios).length === 0));
  if (kept.length === 0) return;
  const who = actorColumns(actor);
  await insertAudit(
    db,
    kept.map((entry) => ({ entidad: entry.entidad, entidadId: entry.entidadId, accion: entry.accion, cambios: entry.cambios, ...who })),
  );
}

/** Same for control-database changes (permissions, receivers), inside the control transaction. */
export async function recordControlAudit(db: ControlDb, tenantId: number, actor: AuditActor, entry: AuditEntry): Promise<void> {
  if (entry.accion === 'modificar' && Object.keys(entry.cambios).length === 0) return;
  await insertControlAudit(db, {
    tenantId,
    entidad: entry.entidad,
    entidadId: entry.entidadId,
    accion: entry.accion,
    cambios: entry.cambios,
    ...actorColumns(actor),
  });
}

interface StoredRow {
  id: number;
  fecha: Date;
  usuarioId: number | null;
  usuario: string;
  entidad: string;
  entidadId: number;
  accion: string;
  cambios: unknown;
  ip: string;
  userAgent: string;
}

function toRegistro(row: StoredRow): AuditRegistro {
  return {
    id: row.id,
    fecha: toSantiagoIso(row.fecha),
    usuario_id: row.usuarioId,
    usuario: row.usuario,
    entidad: row.entidad,
    entidad_id: row.entidadId,
    accion: row.accion,
    cambios: (row.cambios ?? {}) as AuditRegistro['cambios'],
    ip: row.ip,
    user_agent: row.userAgent,
  };
}

const CONTROL_ENTIDADES = new Set<string>(AUDIT_ENTIDADES_CONTROL);

/**
 * History of one record, newest first. Tenant entities come from the caller's own database;
 * control entities only from the caller's receiver (the platform admin reads every receiver's).
 */
export async function listHistory(
  dbs: { tenantDb: TenantDb; controlDb: ControlDb },
  actor: { tenantId: number; username: string },
  query: AuditoriaQuery,
): Promise<AuditoriaResponse> {
  const offset = (query.page - 1) * query.page_size;
  const page = CONTROL_ENTIDADES.has(query.entidad)
    ? await listControlAudit(
        dbs.controlDb,
        actor.username === ADMIN_USERNAME ? null : actor.tenantId,
        query.entidad,
        query.id,
        query.page_size,
        offset,
      )
    : await listAudit(dbs.tenantDb, query.entidad, query.id, query.page_size, offset);
  return { count: page.count, page: query.page, page_size: query.page_size, results: page.rows.map(toRegistro) };
}
