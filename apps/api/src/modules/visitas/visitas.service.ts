import { createHash } from 'node:crypto';
import {
  FOTO_MAX_BYTES,
  FOTOS_MAX_POR_VISITA,
  type Domicilio,
  formatDate,
  type FotoTipoMime,
  type Genero,
  leerEntregaCopias,
  type OrigenVisita,
  type RelacionInformante,
  RESULTADOS_ACTO,
  type EncargoEstado,
  estadoTras,
  type ResultadoVisita,
  type TipoVisita,
  todayIso,
  toSantiagoIso,
  type Visita,
  type VisitaValue,
  visitaMessages as m,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import { avanzarEncargo, registrarEvento } from '../ciclo-vida/ciclo-vida.service';
import type { AuditActor } from '../auditoria/audit-actor';
import { diffFields } from '../auditoria/audit-diff';
import { recordAudit } from '../auditoria/auditoria.service';
import type { CalendarioRef } from '../calendario/calendario.service';
import { plazoDeVisitaArt44 } from '../calendario/plazos.service';
import { cumpleArt44, type DomicilioRef, type VisitaArt44 } from './art44';
import { type FotoSigner, tipoPorFirma } from './fotos';
import {
  diligenciasDeVisitas,
  domiciliosDe,
  findEncargoRef,
  type FotoMeta,
  fotosDe,
  fotosDeVisita,
  insertFoto,
  insertVisita,
  lockEncargo,
  lockVisitaByUuid,
  findVisitaByUuid,
  type VisitaRow,
  visitasDe,
  visitasDeEncargoEnDomicilio,
} from './visitas.repository';

/** A device clock a little ahead of the server's is tolerated; a visit further in the future is refused. */
const ADELANTO_TOLERADO_MS = 10 * 60 * 1000;

export interface VisitaActor extends AuditActor {
  userId: number;
  nombre: string;
}

export interface FotoContext {
  signer: FotoSigner;
  tenantId: number;
  now?: Date;
}

// ---------------------------------------------------------------------------------------------
// Reading

export function toVisita(row: VisitaRow, fotos: readonly FotoMeta[], ctx: FotoContext, corregidaPor: string | null, diligenciaId: number | null = null): Visita {
  return {
    uuid: row.uuid,
    encargo_id: row.encargoId,
    domicilio_id: row.domicilioId,
    domicilio_texto: row.domicilioDireccion === null ? null : [row.domicilioDireccion, row.domicilioComuna].filter(Boolean).join(', '),
    fecha_hora: toSantiagoIso(row.fechaHora),
    tipo: row.tipo as TipoVisita,
    resultado: row.resultado as ResultadoVisita,
    informante:
      row.informanteNombre !== null && row.informanteRelacion !== null
        ? {
            nombre: row.informanteNombre,
            relacion: row.informanteRelacion as RelacionInformante,
            ...(row.informanteGenero ? { genero: row.informanteGenero as Genero } : {}),
          }
        : null,
    apuntes: row.apuntes,
    ubicacion: row.lat !== null && row.lon !== null ? { lat: row.lat, lon: row.lon, precision_m: row.precisionM ?? 0 } : null,
    origen: row.origen as OrigenVisita,
    corrige_a: row.corrigeA,
    corregida_por: corregidaPor,
    autor: { id: row.autorId, nombre: row.autorNombre },
    registrada_en: toSantiagoIso(row.registradaEn),
    fotos: fotos.map((f) => ({ id: f.id, url: ctx.signer.url(ctx.tenantId, f.id, ctx.now), tipo_mime: f.tipoMime as FotoTipoMime, bytes: f.bytes })),
    entrega_copias: leerEntregaCopias(row.entregaCopias),
    diligencia_id: diligenciaId,
  };
}

/** Visits with their photos and who corrects them, in the order given. */
export async function conFotos(db: TenantDb, rows: readonly VisitaRow[], ctx: FotoContext): Promise<Visita[]> {
  const [fotos, diligenciaDe] = await Promise.all([
    fotosDe(
      db,
      rows.map((r) => r.id),
    ),
    diligenciasDeVisitas(
      db,
      rows.map((r) => r.uuid),
    ),
  ]);
  const porVisita = new Map<number, FotoMeta[]>();
  for (const f of fotos) (porVisita.get(f.visitaId) ?? porVisita.set(f.visitaId, []).get(f.visitaId))?.push(f);
  const correccion = new Map<string, string>();
  for (const r of rows) if (r.corrigeA !== null && !correccion.has(r.corrigeA)) correccion.set(r.corrigeA, r.uuid);
  return rows.map((r) => toVisita(r, porVisita.get(r.id) ?? [], ctx, correccion.get(r.uuid) ?? null, diligenciaDe.get(r.uuid) ?? null));
}

/** GET /encargos/{id}/visitas/: oldest first, with photos (signed links) and location. */
export async function listarVisitas(db: TenantDb, encargoId: number, ctx: FotoContext): Promise<Visita[]> {
  if (!(await findEncargoRef(db, encargoId))) throw new AppError('NOT_FOUND', m.encargoNoEncontrado);
  return conFotos(db, await visitasDe(db, [encargoId]), ctx);
}

// ---------------------------------------------------------------------------------------------
// The art. 44 rule

const art44Rechazo = () => new AppError('CONFLICT', m.art44Requisitos, { errors: { resultado: [m.art44Requisitos] } });

/**
 * Refuses an art. 44 notification at `instante` unless the assignment has positive searches at that
 * address on two different Santiago days before it (inside the caller's transaction, the assignment
 * locked).
 */
export async function exigirArt44(tx: TenantDb, encargoId: number, domicilio: DomicilioRef | null, instante: Date): Promise<void> {
  const visitas: VisitaArt44[] = await visitasDeEncargoEnDomicilio(tx, encargoId);
  if (!cumpleArt44(visitas, domicilio, instante)) throw art44Rechazo();
}

// ---------------------------------------------------------------------------------------------
// Recording a visit

type Contenido = Record<string, string | number | null>;

/** What a visit says, normalised, to tell an offline retry (same content) from a different visit. */
function contenidoDe(v: {
  encargoId: number;
  domicilioId: number | null;
  fechaHora: Date;
  tipo: string;
  resultado: string;
  informanteNombre: string | null;
  informanteRelacion: string | null;
  apuntes: string;
  lat: number | null;
  lon: number | null;
  precisionM: number | null;
  origen: string;
  corrigeA: string | null;
  informanteGenero?: string | null;
  entregaCopias?: unknown;
}): Contenido {
  return {
    encargo_id: v.encargoId,
    domicilio_id: v.domicilioId,
    fecha_hora: v.fechaHora.getTime(),
    tipo: v.tipo,
    resultado: v.resultado,
    informante_nombre: v.informanteNombre,
    informante_relacion: v.informanteRelacion,
    apuntes: v.apuntes,
    lat: v.lat,
    lon: v.lon,
    precision_m: v.precisionM,
    origen: v.origen,
    corrige_a: v.corrigeA,
    informante_genero: v.informanteGenero ?? null,
    entrega_copias: v.entregaCopias ? JSON.stringify(v.entregaCopias, Object.keys(v.entregaCopias as object).sort()) : null,
  };
}

const mismoContenido = (a: Contenido, b: Contenido) => Object.keys(a).every((k) => a[k] === b[k]);

export interface VisitaCreada {
  visita: Visita;
  creada: boolean;
}

/**
 * POST /encargos/{id}/visitas/: one transaction, the assignment locked. The same uuid again with the
 * same content answers the stored visit (creada false); with other content, 409. A notificado_art44
 * visit must meet the art. 44 rule and opens the art. 46 letter's deadline.
 */
export async function crearVisita(
  db: TenantDb,
  encargoId: number,
  input: VisitaValue,
  actor: VisitaActor,
  calendario: CalendarioRef,
  ctx: FotoContext,
  now = new Date(),
): Promise<VisitaCreada> {
  const { row, creada } = await db.transaction(async (tx) => {
    const encargo = await lockEncargo(tx, encargoId);
    if (!encargo) throw new AppError('NOT_FOUND', m.encargoNoEncontrado);
    const domicilios = await domiciliosDe(tx, encargoId);
    let domicilio: (typeof domicilios)[number] | null = null;
    if (input.domicilio_id !== undefined) {
      domicilio = domicilios.find((d) => d.id === input.domicilio_id) ?? null;
      if (!domicilio) throw new AppError('BAD_REQUEST', m.domicilioAjeno, { errors: { domicilio_id: [m.domicilioAjeno] } });
    } else if (domicilios.some((d) => d.activo)) {
      throw new AppError('BAD_REQUEST', m.domicilioRequerido, { errors: { domicilio_id: [m.domicilioRequerido] } });
    }
    const values = {
      uuid: input.uuid,
      encargoId,
      domicilioId: domicilio?.id ?? null,
      domicilioDireccion: domicilio?.direccion ?? null,
      domicilioComuna: domicilio?.comuna ?? null,
      fechaHora: input.fecha_hora,
      tipo: input.tipo,
      resultado: input.resultado,
      informanteNombre: input.informante?.nombre ?? null,
      informanteRelacion: input.informante?.relacion ?? null,
      apuntes: input.apuntes,
      lat: input.ubicacion?.lat ?? null,
      lon: input.ubicacion?.lon ?? null,
      precisionM: input.ubicacion?.precision_m ?? null,
      origen: input.origen,
      corrigeA: input.corrige_a ?? null,
      informanteGenero: input.informante?.genero ?? null,
      entregaCopias: input.entrega_copias ?? null,
      autorId: actor.userId,
      autorNombre: actor.nombre.slice(0, 150),
      registradaEn: now,
    };
    const previa = await findVisitaByUuid(tx, input.uuid);
    if (previa) {
      if (!mismoContenido(contenidoDe(previa), contenidoDe(values))) throw new AppError('CONFLICT', m.visitaConflicto, { errors: { uuid: [m.visitaConflicto] } });
      return { row: previa, creada: false };
    }
    if (input.fecha_hora.getTime() > now.getTime() + ADELANTO_TOLERADO_MS) {
      throw new AppError('BAD_REQUEST', m.fechaHoraFutura, { errors: { fecha_hora: [m.fechaHoraFutura] } });
    }
    // A visit belongs to the assignment's story: never before the day it was received.
    if (todayIso(input.fecha_hora) < encargo.fechaEncargo) {
      const detalle = m.fechaAnteriorAlEncargo(formatDate(encargo.fechaEncargo));
      throw new AppError('BAD_REQUEST', detalle, { errors: { fecha_hora: [detalle] } });
    }
    if (input.corrige_a !== undefined) {
      if (input.corrige_a === input.uuid) throw new AppError('BAD_REQUEST', m.corrigeASiMisma, { errors: { corrige_a: [m.corrigeASiMisma] } });
      const corregida = await findVisitaByUuid(tx, input.corrige_a);
      if (!corregida || corregida.encargoId !== encargoId) {
        throw new AppError('BAD_REQUEST', m.corrigeANoEncontrada, { errors: { corrige_a: [m.corrigeANoEncontrada] } });
      }
    }
    if (input.resultado === 'notificado_art44') await exigirArt44(tx, encargoId, domicilio, input.fecha_hora);
    const inserted = await insertVisita(tx, values);
    if (!inserted) {
      // The same uuid committed by a concurrent request (possibly for another assignment).
      const otra = await findVisitaByUuid(tx, input.uuid);
      if (otra && mismoContenido(contenidoDe(otra), contenidoDe(values))) return { row: otra, creada: false };
      throw new AppError('CONFLICT', m.visitaConflicto, { errors: { uuid: [m.visitaConflicto] } });
    }
    await recordAudit(tx, actor, {
      entidad: 'visita',
      entidadId: inserted.id,
      accion: 'crear',
      cambios: diffFields(null, { uuid: inserted.uuid, ...contenidoDe(inserted), fecha_hora: toSantiagoIso(inserted.fechaHora) }),
    });
    if (input.resultado === 'notificado_art44') {
      await plazoDeVisitaArt44(tx, calendario, { encargoId, visitaUuid: inserted.uuid, fechaHora: inserted.fechaHora }, actor);
    }
    await registrarVisita(tx, inserted, actor, encargo.estado);
    return { row: inserted, creada: true };
  });
  // A visit just created has, as of its commit, no photos and no diligence saved from it (both need it stored).
  const [visita] = creada ? [toVisita(row, [], ctx, null, null)] : await conFotos(db, [row], ctx);
  return { visita: visita as Visita, creada };
}

/**
 * The visit as the assignment's act (and, for a notification or requerimiento, the act it is), in its
 * transaction: a pendiente assignment becomes preparado, so the office can take its results.
 */
async function registrarVisita(tx: TenantDb, v: VisitaRow, actor: VisitaActor, estado: EncargoEstado): Promise<void> {
  const datos = { visita_uuid: v.uuid, resultado: v.resultado, corrige_a: v.corrigeA, domicilio: [v.domicilioDireccion, v.domicilioComuna].filter(Boolean).join(', ') };
  const evento = { encargoId: v.encargoId, tipo: 'visita' as const, instante: v.fechaHora, actor: actor.username, datos, origen: `visita:${v.uuid}`, registradoEn: v.registradaEn };
  // Only a visit that moves the assignment reads it whole (the assignment is already locked).
  if (estadoTras(estado, 'visita') === estado) await registrarEvento(tx, evento);
  else await avanzarEncargo(tx, evento, actor, v.registradaEn);
  if ((RESULTADOS_ACTO as readonly string[]).includes(v.resultado)) {
    await registrarEvento(tx, { encargoId: v.encargoId, tipo: 'acto', instante: v.fechaHora, actor: actor.username, datos: { visita_uuid: v.uuid, resultado: v.resultado }, origen: `acto:visita:${v.uuid}`, registradoEn: v.registradaEn });
  }
}

// ---------------------------------------------------------------------------------------------
// Photos

export interface FotoSubida {
  foto: { id: string; url: string };
  creada: boolean;
}

/**
 * POST /visitas/{uuid}/fotos/: one JPEG, PNG or WebP (by its first bytes), at most 5 MiB, at most 4
 * per visit. The same bytes again (an offline retry) answer the stored photo.
 */
export async function subirFoto(db: TenantDb, uuid: string, bytes: Buffer, actor: AuditActor, ctx: FotoContext): Promise<FotoSubida> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', m.fotoRequerida, { errors: { foto: [m.fotoRequerida] } });
  if (bytes.length > FOTO_MAX_BYTES) throw new AppError('BAD_REQUEST', m.fotoDemasiadoGrande, { errors: { foto: [m.fotoDemasiadoGrande] } });
  const tipo = tipoPorFirma(bytes);
  if (!tipo) throw new AppError('BAD_REQUEST', m.fotoTipoInvalido, { errors: { foto: [m.fotoTipoInvalido] } });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const result = await db.transaction(async (tx) => {
    const visita = await lockVisitaByUuid(tx, uuid);
    if (!visita) throw new AppError('NOT_FOUND', m.visitaNoEncontrada);
    const existentes = await fotosDeVisita(tx, visita.id);
    const misma = existentes.find((f) => f.sha256 === sha256);
    if (misma) return { id: misma.id, creada: false };
    if (existentes.length >= FOTOS_MAX_POR_VISITA) throw new AppError('BAD_REQUEST', m.fotoLimite, { errors: { foto: [m.fotoLimite] } });
    const { id } = await insertFoto(tx, { visitaId: visita.id, tipoMime: tipo, bytes: bytes.length, sha256, contenido: bytes, subidaPor: actor.username });
    await recordAudit(tx, actor, {
      entidad: 'visita',
      entidadId: visita.id,
      accion: 'foto_agregada',
      cambios: { foto: { antes: null, despues: { id, tipo_mime: tipo, bytes: bytes.length, sha256 } } },
    });
    return { id, creada: true };
  });
  return { foto: { id: result.id, url: ctx.signer.url(ctx.tenantId, result.id, ctx.now) }, creada: result.creada };
}

/**
 * The address a results save speaks of, among the assignment's addresses as read with it (in their
 * order): the one named (it must be the assignment's: 400 otherwise), else the principal active address,
 * else the first active one; null when the assignment has none.
 */
export function domicilioDelActo(domicilios: readonly Domicilio[], domicilioId: number | undefined): DomicilioRef | null {
  if (domicilioId !== undefined) {
    const named = domicilios.find((d) => d.id === domicilioId);
    if (!named) throw new AppError('BAD_REQUEST', m.domicilioAjeno, { errors: { domicilio_id: [m.domicilioAjeno] } });
    return named;
  }
  const activos = domicilios.filter((d) => d.activo);
  return activos.find((d) => d.es_principal) ?? activos[0] ?? null;
}
