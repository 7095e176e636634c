import {
  type AgregarEmailsResponse,
  type AgregarEmailsValue,
  type AgregarPartesResponse,
  type AgregarPartesValue,
  type Estudio,
  type EstudioCreateValue,
  type EstudioEmail,
  type EstudioListItem,
  type EstudioListQuery,
  estudioMessages as m,
  type ParteDemandante,
  toSantiagoIso,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import { assertVersion } from '../../lib/concurrency';
import { type AuditActor, SYSTEM_ACTOR } from '../auditoria/audit-actor';
import { diffFields } from '../auditoria/audit-diff';
import { recordAudit } from '../auditoria/auditoria.service';
import { comunaValidada } from '../lookups/comunas-validas';
import {
  type EstudioEmailRow,
  type EstudioRow,
  findEmails,
  findEstudioById,
  findEstudioByRut,
  findEstudios,
  findPartes,
  insertEmails,
  insertEstudio,
  insertPartes,
  lockEstudio,
  type ParteRow,
  touchEstudio,
} from './estudios.repository';

const toEmail = (row: EstudioEmailRow): EstudioEmail => ({
  id: row.id,
  email: row.email,
  tipo: row.tipo,
  activo: row.activo,
});

const toParte = (row: ParteRow): ParteDemandante => ({
  id: row.id,
  nombre: row.nombre,
  tipo: row.tipo,
  activo: row.activo,
});

function toEstudio(row: EstudioRow, emails: EstudioEmailRow[], partes: ParteRow[]): Estudio {
  return {
    id: row.id,
    nombre: row.nombre,
    direccion: row.direccion,
    comuna: row.comuna,
    ciudad: row.ciudad,
    telefono: row.telefono,
    fax: row.fax,
    rut_estudio: row.rutEstudio,
    activo: row.activo,
    enviar_informes_diarios: row.enviarInformesDiarios,
    enviar_informes_mensuales: row.enviarInformesMensuales,
    fecha_creacion: toSantiagoIso(row.fechaCreacion),
    version: row.version,
    emails: emails.map(toEmail),
    partes_demandantes: partes.map(toParte),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/** Firms with their active plaintiff parties, by name. */
export async function listEstudios(db: TenantDb, query: EstudioListQuery): Promise<EstudioListItem[]> {
  const rows = await findEstudios(db, { search: query.search || undefined, activo: query.activo });
  const partes = await findPartes(
    db,
    rows.map((row) => row.id),
    true,
  );
  return rows.map((row) => ({
    id: row.id,
    nombre: row.nombre,
    rut_estudio: row.rutEstudio,
    activo: row.activo,
    partes_demandantes: partes.filter((p) => p.estudioId === row.id).map(toParte),
  }));
}

export async function getEstudio(db: TenantDb, id: number): Promise<Estudio> {
  const row = await findEstudioById(db, id);
  if (!row) throw new AppError('NOT_FOUND', m.estudioNoEncontrado);
  const [emails, partes] = await Promise.all([findEmails(db, [id]), findPartes(db, [id])]);
  return toEstudio(row, emails, partes);
}

/** Sequential reads: inside a transaction all queries share one connection. */
async function readEstudio(tx: TenantDb, id: number): Promise<Estudio> {
  const row = await findEstudioById(tx, id);
  if (!row) throw new AppError('NOT_FOUND', m.estudioNoEncontrado);
  const emails = await findEmails(tx, [id]);
  const partes = await findPartes(tx, [id]);
  return toEstudio(row, emails, partes);
}

const AUDIT_IGNORED = ['id', 'version', 'fecha_creacion'] as const;

/**
 * Records a change to a firm (its e-mails and parties included) in the audit trail, inside the
 * transaction that made it. Other modules that change firms (report settings) call it too.
 */
export async function auditEstudio(
  tx: TenantDb,
  actor: AuditActor,
  id: number,
  accion: string,
  before: Estudio,
): Promise<void> {
  const after = await readEstudio(tx, id);
  await recordAudit(tx, actor, { entidad: 'estudio', entidadId: id, accion, cambios: diffFields(before, after, AUDIT_IGNORED) });
}

/**
 * Locks a firm for a change and checks the client's version (optimistic concurrency, 409 when
 * stale); answers the firm as it was, for the audit trail.
 */
export async function lockEstudioForChange(tx: TenantDb, id: number, version: number | undefined): Promise<Estudio> {
  const row = await lockEstudio(tx, id);
  if (!row) throw new AppError('NOT_FOUND', m.estudioNoEncontrado);
  assertVersion(row, version);
  return readEstudio(tx, id);
}

/** Registers a firm with its e-mails and plaintiff parties in one transaction. */
export async function registerEstudio(
  db: TenantDb,
  input: EstudioCreateValue,
  actor: AuditActor = SYSTEM_ACTOR,
  now = new Date(),
): Promise<Estudio> {
  const conflict = () => new AppError('CONFLICT', m.rutYaRegistrado(input.rut_estudio), {
    errors: { rut_estudio: [m.rutYaRegistrado(input.rut_estudio)] },
  });
  const comuna = comunaValidada(input.comuna);
  if (await findEstudioByRut(db, input.rut_estudio)) throw conflict();
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const estudioId = await insertEstudio(tx, {
        nombre: input.nombre,
        direccion: input.direccion,
        comuna,
        ciudad: input.ciudad,
        telefono: input.telefono,
        fax: input.fax,
        rutEstudio: input.rut_estudio,
        activo: input.activo,
        enviarInformesDiarios: input.enviar_informes_diarios,
        enviarInformesMensuales: input.enviar_informes_mensuales,
        fechaCreacion: now,
        fechaModificacion: now,
      });
      await insertEmails(tx, estudioId, input.emails);
      await insertPartes(tx, estudioId, input.partes_demandantes);
      const created = await readEstudio(tx, estudioId);
      await recordAudit(tx, actor, {
        entidad: 'estudio',
        entidadId: estudioId,
        accion: 'crear',
        cambios: diffFields(null, created, AUDIT_IGNORED),
      });
      return estudioId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
  return getEstudio(db, id);
}

export async function addEmails(
  db: TenantDb,
  estudioId: number,
  input: AgregarEmailsValue,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<AgregarEmailsResponse> {
  const added = await db.transaction(async (tx) => {
    const before = await lockEstudioForChange(tx, estudioId, input.version);
    const existing = new Set((await findEmails(tx, [estudioId])).map((row) => row.email.toLowerCase()));
    const repeated = input.emails.filter((row) => existing.has(row.email.toLowerCase())).map((row) => m.emailYaRegistrado(row.email));
    if (repeated.length > 0) throw new AppError('BAD_REQUEST', repeated.join(', '), { errors: { emails: repeated } });
    const rows = await insertEmails(tx, estudioId, input.emails);
    await touchEstudio(tx, estudioId);
    await auditEstudio(tx, actor, estudioId, 'agregar_emails', before);
    return rows;
  });
  return { message: m.emailsAgregados(added.length), emails_agregados: added.map(toEmail) };
}

export async function addPartes(
  db: TenantDb,
  estudioId: number,
  input: AgregarPartesValue,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<AgregarPartesResponse> {
  const added = await db.transaction(async (tx) => {
    const before = await lockEstudioForChange(tx, estudioId, input.version);
    const existing = new Set((await findPartes(tx, [estudioId])).map((row) => row.nombre.toLowerCase()));
    const repeated = input.partes_demandantes
      .filter((row) => existing.has(row.nombre.toLowerCase()))
      .map((row) => m.parteYaRegistrada(row.nombre));
    if (repeated.length > 0) {
      throw new AppError('BAD_REQUEST', repeated.join(', '), { errors: { partes_demandantes: repeated } });
    }
    const rows = await insertPartes(tx, estudioId, input.partes_demandantes);
    await touchEstudio(tx, estudioId);
    await auditEstudio(tx, actor, estudioId, 'agregar_partes', before);
    return rows;
  });
  return { message: m.partesAgregadas(added.length), partes_agregadas: added.map(toParte) };
}
