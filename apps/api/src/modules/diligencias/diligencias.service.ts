import {
  COLA_LIMITE,
  ESTADOS_CON_RESULTADOS as ESTADOS_CICLO_CON_RESULTADOS,
  estadoTras,
  type ColaResponse,
  type EncargoEstado,
  generoInformante,
  type Genero,
  type GuardarFechaEstampadoValue,
  leerEntregaCopias,
  relacionInformanteTexto,
  type GuardarResultadosResponse,
  type GuardarResultadosValue,
  type NotificarEstampadoResponse,
  type NotificarEstampadoValue,
  diligenciaMessages as m,
  type Tarifa,
  TIPO_ESTAMPADO_ART_44,
  TIPO_ESTAMPADO_CARTA_ART_46,
  TIPO_ESTAMPADO_REQUERIMIENTO,
  visitaMessages,
  todayIso,
  toSantiagoIso,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import { type AuditActor, SYSTEM_ACTOR } from '../auditoria/audit-actor';
import { diffFields } from '../auditoria/audit-diff';
import type { CalendarioRef } from '../calendario/calendario.service';
import { exigirLugarRequerimiento, plazoDeDiligencia } from '../calendario/plazos.service';
import { montoSugerido, sugeridoDe, utmLeida } from '../honorarios/honorarios.service';
import { avanzarEncargo } from '../ciclo-vida/ciclo-vida.service';
import { auditEncargoAs, encargoAuditEntry, lockForChange, snapshotOf } from '../encargos/encargos.service';
import {
  type EncargoFull,
  encargosFullByRolWith,
  lockEncargosFullByRol,
  updateEncargoReturning,
  withUpdatedRow,
} from '../encargos/encargos.repository';
import { findEstampado, markEstampadoNotificado } from '../estampados/estampados.repository';
import { ultimaCartaArt46 } from '../visitas/carta-art46.service';
import type { DomicilioRef } from '../visitas/art44';
import { findVisitaByUuid, type VisitaRow } from '../visitas/visitas.repository';
import { domicilioDelActo, exigirArt44 } from '../visitas/visitas.service';
import {
  type DiligenciaRow,
  type DiligenciaValues,
  findUltimaDiligencia,
  insertDiligenciaConResultados,
  readColaJson,
  type TipoEstampadoJson,
  tarifasJson,
  tipoEstampadoJson,
  tipoFromJson,
  toDiligenciaResumen,
  type UltimaDiligencia,
  utmJson,
} from './diligencias.repository';

/** States in which results may be registered (spec 02 §4): the lifecycle's rule, shared with the web app. */
export const ESTADOS_CON_RESULTADOS: readonly EncargoEstado[] = ESTADOS_CICLO_CON_RESULTADOS;

/**
 * The assignment a rol (and optional id) names, locked and read whole in one round trip; several
 * without an id is refused (the other assignments of the rol are locked only until then).
 */
async function lockByRol(db: TenantDb, numeroRol: string, encargoId: number | undefined): Promise<EncargoFull> {
  return chooseOfRol(await lockEncargosFullByRol(db, numeroRol), numeroRol, encargoId);
}

/** The assignment of a rol the request means: the one named, or the only one. */
function chooseOfRol(rows: EncargoFull[], numeroRol: string, encargoId: number | undefined): EncargoFull {
  if (rows.length === 0) throw new AppError('NOT_FOUND', m.rolNoEncontrado(numeroRol));
  if (encargoId !== undefined) {
    const chosen = rows.find((r) => r.encargo.id === encargoId);
    if (!chosen) throw new AppError('BAD_REQUEST', m.encargoNoCorrespondeRol);
    return chosen;
  }
  if (rows.length > 1) {
    throw new AppError('BAD_REQUEST', m.variosEncargos(numeroRol, rows.length), { errors: { encargo_id: [m.variosEncargos(numeroRol, rows.length)] } });
  }
  return rows[0] as EncargoFull;
}

/**
 * Types whose save reads more than the assignment (the art. 44 searches, the art. 46 letter on record) or
 * writes more than the diligence (the deadline a requerimiento or an art. 44 notification starts): saved
 * with the assignment locked, in one transaction.
 */
const TIPOS_EN_TRANSACCION: ReadonlySet<string> = new Set([TIPO_ESTAMPADO_ART_44, TIPO_ESTAMPADO_CARTA_ART_46, TIPO_ESTAMPADO_REQUERIMIENTO]);

/**
 * 'Estampar Más Tarde': stores the field results and moves the assignment to listo_para_estampar.
 * Most types take two round trips and no transaction of their own: one read (the rol's assignments, the
 * type, the price list and the month's UTM), then one statement that updates the assignment only while
 * its version is the one read, inserts the diligence and both audit entries. When another change came
 * in between (nothing was written), and for the types of TIPOS_EN_TRANSACCION, the save runs again in a
 * transaction with the rol's assignments locked before their state is checked.
 */
export async function guardarResultados(
  db: TenantDb,
  input: GuardarResultadosValue,
  actor: AuditActor,
  calendario: CalendarioRef,
  now = new Date(),
): Promise<GuardarResultadosResponse> {
  const saved = await registrar(db, input, actor, calendario, now, false);
  if (saved) return saved.response;
  return db.transaction(async (tx) => (await registrarResultados(tx, input, actor, calendario, now)).response);
}

/**
 * The results save inside a caller's transaction (also used by a generation that brings typed results):
 * the answer and the stored diligence with its type's name. A requerimiento de pago or an art. 44
 * notification starts its deadline in the same transaction (counted on the receiver's calendar).
 */
export async function registrarResultados(
  tx: TenantDb,
  input: GuardarResultadosValue,
  actor: AuditActor,
  calendario: CalendarioRef,
  now = new Date(),
): Promise<{ response: GuardarResultadosResponse; diligencia: UltimaDiligencia }> {
  const saved = await registrar(tx, input, actor, calendario, now, true);
  if (!saved) throw new Error(`los encargos del rol ${input.numero_rol}, bloqueados, no se actualizaron`);
  return saved;
}

/** What the results save reads beside each assignment of the rol. */
interface LeidoConEncargo {
  tipo: TipoEstampadoJson | null;
  tarifas: Tarifa[];
  utm: number | null;
}

/**
 * One results save. With `lock` (inside a transaction) the rol's assignments are locked as they are read
 * and the save always writes; without it, undefined when it must run locked (its type, or a change since
 * the read: nothing written then).
 */
async function registrar(
  db: TenantDb,
  input: GuardarResultadosValue,
  actor: AuditActor,
  calendario: CalendarioRef,
  now: Date,
  lock: boolean,
): Promise<{ response: GuardarResultadosResponse; diligencia: UltimaDiligencia } | undefined> {
  const mes = todayIso().slice(0, 7);
  const read = await encargosFullByRolWith<LeidoConEncargo>(
    db,
    lock ? 'resultados_rol_bloqueo' : 'resultados_rol',
    { tipo: tipoEstampadoJson, tarifas: tarifasJson, utm: utmJson },
    { rol: input.numero_rol, tipo: input.resultado_id, mes },
    lock,
  );
  const found = chooseOfRol(
    read.map((r) => r.full),
    input.numero_rol,
    input.encargo_id,
  );
  const current = found.row;
  const encargoId = current.id;
  if (!ESTADOS_CON_RESULTADOS.includes(current.estado)) {
    throw new AppError('CONFLICT', m.estadoNoPermitido(current.estado));
  }
  const leido = (read.find((r) => r.full === found) as { extra: LeidoConEncargo }).extra;
  const tipo = tipoFromJson(leido.tipo);
  if (!tipo || !tipo.activo) {
    throw new AppError('BAD_REQUEST', m.tipoInvalido, { errors: { resultado_id: [m.tipoInvalido] } });
  }
  exigirLugarRequerimiento(tipo.codigo, input.lugar_requerimiento);
  if (!lock && TIPOS_EN_TRANSACCION.has(tipo.codigo)) return undefined;
  const domicilios = found.encargo.domicilios;
  const visita = input.visita_uuid === undefined ? undefined : await visitaDelEncargo(db, encargoId, input.visita_uuid);
  const desde = visita ? desdeVisita(visita, input) : undefined;
  const fecha = desde?.fecha ?? input.fecha_diligencia;
  // The address of the act (issue 23): the one named, else the visit's, else the principal one. An art. 44
  // notification needs two positive searches there on different days before it.
  const domicilio = input.domicilio_id === undefined && desde?.domicilio ? desde.domicilio : domicilioDelActo(domicilios, input.domicilio_id);
  if (tipo.codigo === TIPO_ESTAMPADO_ART_44) await exigirArt44(db, encargoId, domicilio, fecha);
  // The letter's certificate certifies a letter on record (fecha de envío, número de seguimiento).
  if (tipo.codigo === TIPO_ESTAMPADO_CARTA_ART_46 && !(await ultimaCartaArt46(db, encargoId))) {
    throw new AppError('CONFLICT', visitaMessages.sinCartaArt46, { errors: { resultado_id: [visitaMessages.sinCartaArt46] } });
  }
  const personalizado = input.valor_personalizado;
  // Without a custom value, the fee of the firm's price list (issue 25), else the general list, else the type's default.
  const valorFinal =
    personalizado ??
    (await montoSugerido(
      () =>
        sugeridoDe(
          {
            estudio_id: current.estudioId,
            estudio_nombre: found.encargo.estudio_nombre,
            cuantia: current.cuantia,
            // The comuna of the principal active address, else of the first active one.
            comuna: domicilioDelActo(domicilios, undefined)?.comuna ?? null,
          },
          tipo,
          leido.tarifas,
          utmLeida(leido.utm),
        ),
      tipo.valorPorDefecto,
    ));
  const values: DiligenciaValues = {
    encargoId,
    tipoEstampadoId: tipo.id,
    fechaDiligencia: fecha,
    apuntesTerreno: input.apuntes_terreno,
    tratamiento: input.tratamiento,
    valorCobrado: personalizado,
    valorFinal,
    motivoCambioValor: personalizado === null ? '' : input.observaciones_diligencia,
    observaciones: input.observaciones_diligencia,
    informante: desde?.informante ?? input.informante,
    informanteRelacion: desde?.relacion ?? input.informante_relacion,
    horaInformada: input.hora_informada,
    domicilioId: domicilio?.id ?? null,
    domicilioDireccion: domicilio?.direccion ?? null,
    domicilioComuna: domicilio?.comuna ?? null,
    creadoPor: actor.username,
    fechaCreacion: now,
    visitaUuid: visita?.uuid ?? null,
    entregaCopias: input.entrega_copias ?? desde?.entregaCopias ?? null,
    firmaNotificado: input.firma_notificado ?? null,
  };
  const tipoRef = { id: tipo.id, nombre: tipo.nombre };
  // The assignment as the update leaves it (state, modification time and the version its trigger raises):
  // its audit entry is written by the same statement.
  const estado = estadoTras(current.estado, 'resultados');
  const after = withUpdatedRow(found, { ...current, estado, fechaModificacion: now, version: current.version + 1 });
  const id = await insertDiligenciaConResultados(db, values, {
    version: current.version,
    estado,
    fechaModificacion: now,
    actor,
    cambiosDiligencia: diffFields(null, { ...toDiligenciaResumen({ id: 0, ...values }), encargo_id: encargoId, tipo_estampado: tipoRef }, ['id']),
    cambiosEncargo: encargoAuditEntry('resultados', snapshotOf(found), after).cambios,
    tipoNombre: tipo.nombre,
  });
  if (id === undefined) return undefined;
  const diligencia: DiligenciaRow = { id, ...values, visitaUuid: values.visitaUuid ?? null, entregaCopias: values.entregaCopias ?? null, firmaNotificado: values.firmaNotificado ?? null };
  await plazoDeDiligencia(
    db,
    calendario,
    {
      encargoId,
      diligenciaId: id,
      tipoCodigo: tipo.codigo,
      fechaDiligencia: fecha,
      lugarRequerimiento: input.lugar_requerimiento,
      diasTabla: input.dias_tabla,
    },
    actor,
  );
  return {
    diligencia: { ...diligencia, tipoNombre: tipo.nombre },
    response: {
      success: true as const,
      message: m.resultadosGuardados,
      encargo_id: encargoId,
      numero_rol: current.numeroRol,
      estado,
      diligencia: {
        ...toDiligenciaResumen(diligencia),
        encargo_id: encargoId,
        tipo_estampado: tipoRef,
        creado_por: diligencia.creadoPor,
        fecha_creacion: toSantiagoIso(diligencia.fechaCreacion),
      },
    },
  };
}

/** The visit a results save names: of this assignment, else 400. */
async function visitaDelEncargo(db: TenantDb, encargoId: number, uuid: string): Promise<VisitaRow> {
  const visita = await findVisitaByUuid(db, uuid);
  if (!visita || visita.encargoId !== encargoId) {
    throw new AppError('BAD_REQUEST', visitaMessages.visitaAjena, { errors: { visita_uuid: [visitaMessages.visitaAjena] } });
  }
  return visita;
}

const minuto = (instante: Date) => Math.floor(instante.getTime() / 60_000);

/**
 * What a diligence saved from a visit takes from it unless the form changed it: the visit's exact instant
 * when the typed date is that instant's minute (the form shows HH:MM), its address, its informant when the
 * form gives none (the relation agreeing with the informant), and its copies.
 */
function desdeVisita(visita: VisitaRow, input: GuardarResultadosValue) {
  const mismoMinuto = input.hora_informada && minuto(input.fecha_diligencia) === minuto(visita.fechaHora);
  const domicilio: DomicilioRef | undefined =
    visita.domicilioDireccion === null ? undefined : { id: visita.domicilioId ?? -1, direccion: visita.domicilioDireccion, comuna: visita.domicilioComuna ?? '' };
  const sinInformante = input.informante === '' && input.informante_relacion === '';
  const nombre = visita.informanteNombre ?? '';
  return {
    fecha: mismoMinuto ? visita.fechaHora : undefined,
    domicilio,
    informante: sinInformante && nombre ? nombre : undefined,
    relacion:
      sinInformante && nombre
        ? relacionInformanteTexto(visita.informanteRelacion, generoInformante(nombre, (visita.informanteGenero as Genero | null) ?? null))
        : undefined,
    entregaCopias: leerEntregaCopias(visita.entregaCopias) ?? undefined,
  };
}

/**
 * After the stamp document was opened: the assignment becomes estampado with today's stamp date
 * (Santiago). Only for a document this receiver generated for that rol.
 */
export async function notificarEstampado(
  db: TenantDb,
  input: NotificarEstampadoValue,
  now = new Date(),
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<NotificarEstampadoResponse> {
  const found = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.documento_id)
    ? await findEstampado(db, input.documento_id.toLowerCase())
    : undefined;
  if (!found) throw new AppError('NOT_FOUND', m.documentoInvalido);
  if (found.doc.numeroRol !== input.numero_rol) throw new AppError('BAD_REQUEST', m.documentoNoCorresponde);
  return db.transaction(async (tx) => {
    // A document names its assignment; an older one only its rol.
    const locked =
      found.doc.encargoId !== null ? (await lockForChange(tx, found.doc.encargoId)).found : await lockByRol(tx, input.numero_rol, undefined);
    const current = locked.row;
    const encargoId = current.id;
    if (current.numeroRol !== input.numero_rol) throw new AppError('NOT_FOUND', m.encargoNoEncontrado);
    // A certificate is never on record without its result and fee: no diligence, no estampado.
    if (!(await findUltimaDiligencia(tx, encargoId))) throw new AppError('CONFLICT', m.sinDiligenciaEstampado);
    await markEstampadoNotificado(tx, found.doc.id, now);
    // Opening the document is the assignment's act: it becomes estampado once, dated today.
    const { fechaEstampado } = await avanzarEncargo(
      tx,
      {
        encargoId,
        tipo: 'estampado_abierto',
        instante: now,
        actor: actor.username,
        datos: { estampado_id: found.doc.id },
        origen: `estampado_abierto:${found.doc.id}`,
      },
      actor,
      now,
      locked,
    );
    const fecha = fechaEstampado ?? todayIso(now);
    return {
      success: true as const,
      message: m.estadoActualizado,
      encargo_id: encargoId,
      numero_rol: current.numeroRol,
      estado: 'estampado' as const,
      estado_estampado: 'estampado',
      fecha_estampado: fecha,
    };
  });
}

/** Saves the stamp date and its observation (the client sends today after a generated stamp). */
export async function guardarFechaEstampado(
  db: TenantDb,
  id: number,
  input: GuardarFechaEstampadoValue,
  now = new Date(),
  actor: AuditActor = SYSTEM_ACTOR,
) {
  return db.transaction(async (tx) => {
    const { found, before } = await lockForChange(tx, id);
    const row = await updateEncargoReturning(tx, id, {
      fechaEstampado: input.fecha_estampado,
      observacionEstampado: input.observaciones,
      fechaModificacion: now,
    });
    await auditEncargoAs(tx, actor, 'modificar', before, withUpdatedRow(found, row));
    return {
      success: true as const,
      message: m.fechaEstampadoGuardada,
      encargo_id: id,
      fecha_estampado: input.fecha_estampado,
      observaciones: input.observaciones,
    };
  });
}

/** The /resultados-dashboard work queue's body as JSON text, written by PostgreSQL (see readColaJson). */
export async function getColaJson(db: TenantDb, now = new Date()): Promise<string> {
  return readColaJson(db, COLA_LIMITE, now);
}

/** The /resultados-dashboard work queue. */
export async function getCola(db: TenantDb, now = new Date()): Promise<ColaResponse> {
  return JSON.parse(await getColaJson(db, now)) as ColaResponse;
}
