import {
  type Alarma,
  type EncargoConResultados,
  type EncargoCreateValue,
  type EncargoDetail,
  type EncargoListQuery,
  type EncargoListResponse,
  type EncargoModifyValue,
  type ReEncargoValue,
  encargoMessages as m,
  formatDateTime,
  normalizeRol,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { inicioDeFecha, registrarEvento } from '../ciclo-vida/eventos.repository';
import { AppError } from '../../lib/app-error';
import { assertVersion } from '../../lib/concurrency';
import { type AuditActor, SYSTEM_ACTOR } from '../auditoria/audit-actor';
import { diffFields } from '../auditoria/audit-diff';
import { type AuditEntry, recordAudit } from '../auditoria/auditoria.service';
import { findUltimaDiligencia, toDiligenciaResumen } from '../diligencias/diligencias.repository';
import { domiciliosConComunaValidada } from '../lookups/comunas-validas';
import {
  type ClaveNueva,
  type EncargoFull,
  type EncargoInsert,
  deleteAlarma,
  findEncargoFull,
  findEncargosByRol,
  findReferences,
  insertEncargoConDomicilios,
  listEncargoPageJson,
  lockEncargoFull,
  newEncargoFull,
  type ReferenceIds,
  type References,
  replaceDomicilios,
  updateEncargo,
  updateEncargoReturning,
  upsertAlarma,
  withUpdatedRow,
} from './encargos.repository';

/** Checks that every related row exists and that the plaintiff belongs to the firm. */
async function assertReferences(
  db: TenantDb,
  ids: ReferenceIds,
  options: { requireActiveFirm: boolean; parteFirmId?: number },
): Promise<References> {
  const found = await findReferences(db, ids);
  const errors: Record<string, string[]> = {};
  if (ids.estudioId !== undefined) {
    if (!found.estudio) errors.estudio_juridico = [m.estudioNoExiste];
    else if (options.requireActiveFirm && !found.estudio.activo) errors.estudio_juridico = [m.estudioInactivo];
  }
  if (ids.parteDemandanteId !== undefined) {
    const firmId = options.parteFirmId ?? ids.estudioId;
    if (!found.parte || (firmId !== undefined && found.parte.estudioId !== firmId)) {
      errors.parte_demandante = [m.parteNoPertenece];
    }
  }
  if (ids.tribunalId !== undefined && !found.tribunal) errors.tribunal = [m.tribunalNoExiste];
  if (ids.tipoCausaId !== undefined && !found.tipoCausa) errors.tipo_causa = [m.tipoCausaNoExiste];
  if (ids.tipoEncargoId !== undefined && !found.tipoEncargo) errors.tipo_encargo = [m.tipoEncargoNoExiste];
  const messages = Object.values(errors).flat();
  if (messages.length > 0) throw new AppError('BAD_REQUEST', messages.join(', '), { errors });
  return found;
}

const ALARMA_LABEL: Record<Alarma['tipo'], string> = { comparendo: 'Comparendo', prueba: 'Prueba' };

/**
 * Keeps the reminder of a comparendo or prueba in step with its date-time: a future date creates
 * or moves it; a cleared or past date removes it.
 */
async function syncAlarma(
  db: TenantDb,
  encargoId: number,
  numeroRol: string,
  tipo: Alarma['tipo'],
  fechaHora: string | null,
  now: Date,
  options: { nuevo?: boolean } = {},
): Promise<Alarma | null> {
  const when = fechaHora ? new Date(fechaHora) : null;
  if (when && when.getTime() > now.getTime()) {
    const mensaje = `${ALARMA_LABEL[tipo]} del rol ${numeroRol}: ${formatDateTime(when)}`;
    return upsertAlarma(db, encargoId, tipo, when, mensaje);
  }
  if (!options.nuevo) await deleteAlarma(db, encargoId, tipo);
  return null;
}

function toDate(value: string | null | undefined): Date | null {
  return value ? new Date(value) : null;
}

/** The detail shape of an assignment read (or just written) in full. */
export function detailOf(found: EncargoFull): EncargoDetail {
  // Not a spread plus a field: V8 makes that a slow dictionary object (see findEncargosByRol).
  return Object.assign({}, found.encargo, { alarmas: found.alarmas });
}

async function loadDetail(db: TenantDb, id: number): Promise<EncargoDetail> {
  const found = await findEncargoFull(db, id);
  if (!found) throw new AppError('NOT_FOUND', m.encargoNoEncontrado);
  return detailOf(found);
}

/** Read-shape fields left out of the audit trail: derived copies and bookkeeping. */
const AUDIT_IGNORED = [
  'id',
  'version',
  'fecha_creacion',
  'fecha_modificacion',
  'fecha_encargo_formatted',
  'dda_fs_fecha',
  'observaciones',
  'estudio_nombre',
  'parte_demandante_nombre',
  'tribunal_nombre',
  'tipo_encargo_nombre',
  'tipo_causa_nombre',
  'alarmas',
] as const;

/**
 * Records a change to an assignment in the audit trail, inside the transaction that made it, and
 * answers with the assignment as it now is. `before` null means created. Exported so other modules
 * that change assignments record them the same way.
 */
export async function auditEncargo(
  tx: TenantDb,
  actor: AuditActor,
  id: number,
  accion: string,
  before: EncargoSnapshot | null,
): Promise<EncargoFull> {
  const after = await findEncargoFull(tx, id);
  if (!after) throw new AppError('NOT_FOUND', m.encargoNoEncontrado);
  await auditEncargoAs(tx, actor, accion, before, after);
  return after;
}

/** The same when the caller already holds the assignment as it now is (nothing read again). */
export async function auditEncargoAs(
  tx: TenantDb,
  actor: AuditActor,
  accion: string,
  before: EncargoSnapshot | null,
  after: EncargoFull,
): Promise<void> {
  await recordAudit(tx, actor, encargoAuditEntry(accion, before, after));
}

/** The audit entry of a change to an assignment (for a caller recording several in one insert). */
export function encargoAuditEntry(accion: string, before: EncargoSnapshot | null, after: EncargoFull): AuditEntry {
  return { entidad: 'encargo', entidadId: after.encargo.id, accion, cambios: diffFields(before, snapshotOf(after), AUDIT_IGNORED) };
}

export type EncargoSnapshot = EncargoDetail & Record<string, unknown>;

/**
 * An assignment as the audit trail compares it: its read shape plus the stamp columns that shape
 * does not carry.
 */
export function snapshotOf(found: EncargoFull): EncargoSnapshot {
  const { encargo, alarmas, row } = found;
  return Object.assign({}, encargo, {
    alarmas,
    // Addresses are replaced as a whole on every save (new ids): compare them by content.
    domicilios: encargo.domicilios.map(({ id: _id, ...domicilio }) => domicilio) as EncargoDetail['domicilios'],
    estado_estampado: row.estadoEstampado,
    fecha_estampado: row.fechaEstampado,
    observacion_estampado: row.observacionEstampado,
  });
}

/**
 * Locks an assignment for the rest of the transaction and reads it whole, in one round trip:
 * `found` for the checks, `before` for the audit trail.
 */
export async function lockForChange(tx: TenantDb, id: number, notFound: string = m.encargoNoEncontrado) {
  const found = await lockEncargoFull(tx, id);
  if (!found) throw new AppError('NOT_FOUND', notFound);
  return { found, current: found.row, before: snapshotOf(found) };
}

type CompleteEncargo = Pick<
  EncargoCreateValue,
  | 'numero_rol'
  | 'fecha_encargo'
  | 'fecha_retiro'
  | 'fecha_demanda'
  | 'fecha_resolucion'
  | 'fecha_comparendo'
  | 'fecha_prueba'
  | 'cuantia'
  | 'numero_operacion'
  | 'rut_ejecutado'
  | 'rut_representante_legal'
  | 'ejecutados'
  | 'partes'
  | 'estudio_juridico'
  | 'parte_demandante'
  | 'tribunal'
  | 'tipo_causa'
  | 'tipo_encargo'
  | 'observaciones_encargo'
  | 'domicilios'
>;

/** The assignment's first act: received on its fecha_encargo, in state preparado. */
async function registrarRecibido(tx: TenantDb, found: EncargoFull, actor: AuditActor): Promise<void> {
  await registrarEvento(tx, {
    encargoId: found.row.id,
    tipo: 'recibido',
    instante: inicioDeFecha(found.row.fechaEncargo),
    actor: actor.username,
    datos: { fecha_encargo: found.row.fechaEncargo, estado_inicial: found.row.estado },
    origen: `recibido:${found.row.id}`,
  });
}

/** Thrown inside the creating transaction (rolling it back) when its idempotency key was already taken. */
export class ClaveYaUsada extends Error {}

/**
 * Stores a complete assignment in state preparado with its addresses and reminders, and answers
 * with it whole, built from what the inserts returned and the names the reference check found.
 * With an idempotency key, the key is claimed in the same statement (ClaveYaUsada when taken).
 */
async function insertPreparado(
  tx: TenantDb,
  input: CompleteEncargo,
  extra: Partial<EncargoInsert>,
  now: Date,
  clave?: ClaveNueva,
): Promise<EncargoFull> {
  const refs = await assertReferences(
    tx,
    {
      estudioId: input.estudio_juridico,
      parteDemandanteId: input.parte_demandante,
      tribunalId: input.tribunal,
      tipoCausaId: input.tipo_causa,
      tipoEncargoId: input.tipo_encargo,
    },
    { requireActiveFirm: true },
  );
  // The row, its addresses and its key in one statement (a new row has no addresses to delete first).
  const { row, addresses, claimed } = await insertEncargoConDomicilios(
    tx,
    {
    numeroRol: input.numero_rol,
    estado: 'preparado',
    fechaEncargo: input.fecha_encargo,
    fechaRetiro: input.fecha_retiro,
    fechaDemanda: input.fecha_demanda,
    fechaResolucion: input.fecha_resolucion,
    fechaComparendo: toDate(input.fecha_comparendo),
    fechaPrueba: toDate(input.fecha_prueba),
    cuantia: input.cuantia,
    numeroOperacion: input.numero_operacion,
    rutEjecutado: input.rut_ejecutado,
    rutRepresentanteLegal: input.rut_representante_legal,
    ejecutados: input.ejecutados,
    partes: input.partes,
    estudioId: input.estudio_juridico,
    parteDemandanteId: input.parte_demandante,
    tribunalId: input.tribunal,
    tipoCausaId: input.tipo_causa,
    tipoEncargoId: input.tipo_encargo,
    observacionesEncargo: input.observaciones_encargo,
    ...extra,
    fechaCreacion: now,
    fechaModificacion: now,
    },
    input.domicilios,
    clave,
  );
  if (!claimed) throw new ClaveYaUsada();
  const reminders = [
    await syncAlarma(tx, row.id, input.numero_rol, 'comparendo', input.fecha_comparendo, now, { nuevo: true }),
    await syncAlarma(tx, row.id, input.numero_rol, 'prueba', input.fecha_prueba, now, { nuevo: true }),
  ].filter((alarma) => alarma !== null);
  const names = {
    estudio: refs.estudio?.nombre ?? '',
    parte: refs.parte?.nombre ?? null,
    tribunal: refs.tribunal?.nombre ?? null,
    tipoCausa: refs.tipoCausa?.nombre ?? null,
    tipoEncargo: refs.tipoEncargo?.nombre ?? null,
  };
  return newEncargoFull(row, names, addresses, reminders);
}

/**
 * Nuevo Encargo: a complete assignment, created directly in state preparado (spec 01 §4). With
 * `clave`, the idempotency key is claimed with it; ClaveYaUsada (nothing stored) when it was taken.
 */
export async function createEncargo(
  db: TenantDb,
  input: EncargoCreateValue,
  actor: AuditActor = SYSTEM_ACTOR,
  now = new Date(),
  clave?: ClaveNueva,
): Promise<EncargoDetail> {
  const valid = { ...input, domicilios: domiciliosConComunaValidada(input.domicilios) };
  const created = await db.transaction(async (tx) => {
    const found = await insertPreparado(
      tx,
      valid,
      { motivoNoRealizable: input.estado_especial, encargoNoRealizable: input.encargo_no_realizable },
      now,
      clave,
    );
    await auditEncargoAs(tx, actor, 'crear', null, found);
    await registrarRecibido(tx, found, actor);
    return found;
  });
  return detailOf(created);
}

export async function getEncargo(db: TenantDb, id: number): Promise<EncargoDetail> {
  const detail = await loadDetail(db, id);
  // The last diligence (with the visit it came from), when there is one: the other answers carry no results.
  const ultima = await findUltimaDiligencia(db, id);
  return ultima ? Object.assign(detail, { diligencia: toDiligenciaResumen(ultima) }) : detail;
}

const listFilterOf = (query: EncargoListQuery) => ({
  search: query.search || undefined,
  estado: query.estado,
  estudio: query.estudio,
  page: query.page,
  pageSize: query.page_size,
});

/**
 * The list's response body as JSON text: the page's `results` go out as PostgreSQL wrote them
 * (see pageJson), inside the same envelope and key order as listEncargos.
 */
export async function listEncargosJson(db: TenantDb, query: EncargoListQuery): Promise<string> {
  const { results, ...counts } = await listEncargoPageJson(db, listFilterOf(query));
  const head = JSON.stringify(counts);
  return `${head.slice(0, -1)},"results":${results},"page":${query.page},"page_size":${query.page_size}}`;
}

export async function listEncargos(db: TenantDb, query: EncargoListQuery): Promise<EncargoListResponse> {
  return JSON.parse(await listEncargosJson(db, query)) as EncargoListResponse;
}

/** One assignment, or all of them when a rol was re-assigned; 404 when none (spec 01 §7). */
export async function findByRol(db: TenantDb, numeroRol: string): Promise<EncargoConResultados | EncargoConResultados[]> {
  const rol = normalizeRol(numeroRol);
  const found = await findEncargosByRol(db, rol);
  if (found.length === 0) throw new AppError('NOT_FOUND', m.rolNoEncontrado(rol));
  return found.length === 1 ? (found[0] as EncargoConResultados) : found;
}

/**
 * Modify: the fields sent replace the stored ones (addresses as a whole); the id stays.
 * A stale `version` is refused with 409 and changes nothing.
 */
export async function modifyEncargo(
  db: TenantDb,
  id: number,
  input: EncargoModifyValue,
  actor: AuditActor = SYSTEM_ACTOR,
  now = new Date(),
): Promise<EncargoDetail> {
  const changed = await db.transaction(async (tx) => {
    const { found, current, before } = await lockForChange(tx, id);
    assertVersion(current, input.version);

    const estudioChanged = input.estudio_juridico !== undefined && input.estudio_juridico !== current.estudioId;
    const parteId = input.parte_demandante ?? (estudioChanged ? (current.parteDemandanteId ?? undefined) : undefined);
    await assertReferences(
      tx,
      {
        estudioId: estudioChanged ? input.estudio_juridico : undefined,
        parteDemandanteId: parteId,
        tribunalId: input.tribunal,
        tipoCausaId: input.tipo_causa,
        tipoEncargoId: input.tipo_encargo,
      },
      { requireActiveFirm: false, parteFirmId: input.estudio_juridico ?? current.estudioId },
    );

    const values: Partial<EncargoInsert> = { fechaModificacion: now };
    if (input.fecha_encargo !== undefined) values.fechaEncargo = input.fecha_encargo;
    if (input.estudio_juridico !== undefined) values.estudioId = input.estudio_juridico;
    if (input.tribunal !== undefined) values.tribunalId = input.tribunal;
    if (input.numero_rol !== undefined) values.numeroRol = input.numero_rol;
    if (input.parte_demandante !== undefined) values.parteDemandanteId = input.parte_demandante;
    if (input.partes !== undefined) values.partes = input.partes;
    if (input.tipo_encargo !== undefined) values.tipoEncargoId = input.tipo_encargo;
    if (input.tipo_causa !== undefined) values.tipoCausaId = input.tipo_causa;
    if (input.fecha_retiro !== undefined) values.fechaRetiro = input.fecha_retiro;
    if (input.fecha_demanda !== undefined) values.fechaDemanda = input.fecha_demanda;
    if (input.fecha_resolucion !== undefined) values.fechaResolucion = input.fecha_resolucion;
    if (input.cuantia !== undefined) values.cuantia = input.cuantia;
    if (input.rut_ejecutado !== undefined) values.rutEjecutado = input.rut_ejecutado;
    if (input.rut_representante_legal !== undefined) values.rutRepresentanteLegal = input.rut_representante_legal;
    if (input.numero_operacion !== undefined) values.numeroOperacion = input.numero_operacion;
    if (input.ejecutados !== undefined) values.ejecutados = input.ejecutados;
    if (input.fecha_comparendo !== undefined) values.fechaComparendo = toDate(input.fecha_comparendo);
    if (input.fecha_prueba !== undefined) values.fechaPrueba = toDate(input.fecha_prueba);
    if (input.observaciones_encargo !== undefined) values.observacionesEncargo = input.observaciones_encargo;
    if (input.observacion_encargo !== undefined) values.observacionEncargo = input.observacion_encargo;
    if (input.observacion_retiro !== undefined) values.observacionRetiro = input.observacion_retiro;
    if (input.observacion_re_encargo !== undefined) values.observacionReEncargo = input.observacion_re_encargo;
    if (input.motivo_no_realizable !== undefined) {
      values.motivoNoRealizable = input.motivo_no_realizable;
      values.encargoNoRealizable = input.motivo_no_realizable !== '';
    }
    await updateEncargo(tx, id, values);

    if (input.domicilios !== undefined) {
      await replaceDomicilios(tx, id, domiciliosConComunaValidada(input.domicilios, found.encargo.domicilios.map((d) => d.comuna)));
    }
    const rol = input.numero_rol ?? current.numeroRol;
    if (input.fecha_comparendo !== undefined) await syncAlarma(tx, id, rol, 'comparendo', input.fecha_comparendo, now);
    if (input.fecha_prueba !== undefined) await syncAlarma(tx, id, rol, 'prueba', input.fecha_prueba, now);
    return auditEncargo(tx, actor, id, 'modificar', before);
  });
  return detailOf(changed);
}

/**
 * Re-assign: a new assignment (preparado) linked to the original, which is kept and marked
 * es_re_encargado. An original still pendiente cannot be re-assigned (spec 01 §4).
 */
export async function reEncargo(
  db: TenantDb,
  input: ReEncargoValue,
  actor: AuditActor = SYSTEM_ACTOR,
  now = new Date(),
): Promise<EncargoDetail> {
  const created = await db.transaction(async (tx) => {
    const { found: originalFound, current: original, before: originalBefore } = await lockForChange(tx, input.encargo_original_id, m.encargoOriginalNoEncontrado);
    if (original.estado === 'pendiente') throw new AppError('CONFLICT', m.reEncargoDePendiente(original.numeroRol));
    const comunasOriginales = originalFound.encargo.domicilios.map((d) => d.comuna);
    const found = await insertPreparado(
      tx,
      { ...input, domicilios: domiciliosConComunaValidada(input.domicilios, comunasOriginales) },
      {
        observacionEncargo: input.observacion_encargo,
        observacionRetiro: input.observacion_retiro,
        observacionReEncargo: input.observacion_re_encargo,
        motivoNoRealizable: input.motivo_no_realizable,
        encargoNoRealizable: input.encargo_no_realizable,
        esReEncargo: true,
        encargoOriginalId: original.id,
        motivoReEncargo: input.motivo_re_encargo,
      },
      now,
    );
    const originalRow = await updateEncargoReturning(tx, original.id, { esReEncargado: true, fechaModificacion: now });
    await auditEncargoAs(tx, actor, 're_encargo', null, found);
    await auditEncargoAs(tx, actor, 're_encargado', originalBefore, withUpdatedRow(originalFound, originalRow));
    await registrarRecibido(tx, found, actor);
    await registrarEvento(tx, {
      encargoId: original.id,
      tipo: 're_encargado',
      instante: now,
      actor: actor.username,
      datos: { nuevo_encargo_id: found.row.id },
      origen: `re_encargado:${found.row.id}`,
    });
    return found;
  });
  return detailOf(created);
}
