import {
  type EntregaCopias,
  EntregaCopiasSchema,
  FIRMAS_NOTIFICADO,
  type FirmaNotificado,
  HORA_RE,
  leerEntregaCopias,
  parseCLP,
  parseDateTime,
  parseFechaDiligencia,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import type { UltimaDiligencia } from '../diligencias/diligencias.repository';
import { findVisitaByUuid } from '../visitas/visitas.repository';
import { type DiligenciaCertificado, ddmmyyyy, type StampPayload, wallDate, wallTime } from './stamp-payload';

/**
 * The diligence a certificate is filled from. A generation for an assignment may bring the results
 * form's values in `datos` (typed but perhaps not saved); they are read here, laid over the stored last
 * diligence, and the generation decides whether they are the stored ones, only complete its hour, or
 * are new results to store first.
 */

/** Keys of `datos` that carry a typed diligence (hora_diligencia alone only completes an hour). */
const CAMPOS_TIPEADOS = [
  'fecha_diligencia',
  'apuntes_terreno',
  'valor_cobrado',
  'observaciones_diligencia',
  'informante',
  'informante_relacion',
] as const;

export interface Tipeado {
  /** Some result field was typed (not only an hour). */
  hay: boolean;
  fecha: { iso: string; hora: string | null } | null;
  fechaInvalida: boolean;
  /** datos.hora_diligencia, HH:MM. */
  hora: string | null;
  horaInvalida: boolean;
  apuntes?: string;
  tratamiento?: string;
  valor?: number;
  valorInvalido: boolean;
  observaciones?: string;
  informante?: string;
  relacion?: string;
  /** datos.entrega_copias as JSON text of {modo, nombre?, relacion?, detalle?}. */
  entregaCopias?: EntregaCopias;
  firmaNotificado?: FirmaNotificado;
}

/** The copies typed in datos (JSON text), or undefined when absent or not valid. */
function entregaTipeada(text: string | null | undefined): EntregaCopias | undefined {
  if (!text?.trim()) return undefined;
  try {
    const parsed = EntregaCopiasSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A date as a client may write it (DD-MM-YYYY, DD/MM/YYYY, YYYY-MM-DD, ISO, with or without time). */
export function clientDate(text: string): { iso: string; hora: string | null } | null {
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})(?:\s+(\d{2}):(\d{2}))?$/.exec(text.trim());
  if (dmy) {
    const instant = parseFechaDiligencia(`${dmy[1]}/${dmy[2]}/${dmy[3]}${dmy[4] ? ` ${dmy[4]}:${dmy[5]}` : ''}`);
    if (!instant) return null;
    return { iso: `${dmy[3]}-${dmy[2]}-${dmy[1]}`, hora: dmy[4] ? `${dmy[4]}:${dmy[5]}` : null };
  }
  const instant = parseFechaDiligencia(text);
  if (!instant) return null;
  return { iso: wallDate(instant), hora: /\d{1,2}:\d{2}/.test(text) ? wallTime(instant) : null };
}

const texto = (value: string | null | undefined) => (value === null || value === undefined ? undefined : value.trim());

/** The results typed in `datos`. */
export function leerTipeado(sent: StampPayload): Tipeado {
  const present = (key: string) => {
    const value = sent[key];
    return value !== null && value !== undefined && value.trim() !== '';
  };
  const hay = CAMPOS_TIPEADOS.some(present);
  const fechaTexto = present('fecha_diligencia') ? (sent.fecha_diligencia as string) : null;
  const fecha = fechaTexto ? clientDate(fechaTexto) : null;
  const horaTexto = present('hora_diligencia') ? (sent.hora_diligencia as string).trim() : null;
  const horaOk = horaTexto !== null && HORA_RE.test(horaTexto);
  const valorTexto = present('valor_cobrado') ? (sent.valor_cobrado as string) : null;
  const valor = valorTexto === null ? null : parseCLP(valorTexto);
  const tipeado: Tipeado = {
    hay,
    fecha,
    fechaInvalida: fechaTexto !== null && fecha === null,
    hora: horaOk ? horaTexto : null,
    horaInvalida: horaTexto !== null && !horaOk,
    valorInvalido: valorTexto !== null && (valor === null || valor < 0),
  };
  if (present('apuntes_terreno')) tipeado.apuntes = texto(sent.apuntes_terreno);
  // '' is a choice ("sin tratamiento") when the rest of the form came with it.
  if (present('tratamiento') || (hay && sent.tratamiento !== undefined && sent.tratamiento !== null)) tipeado.tratamiento = texto(sent.tratamiento);
  if (valor !== null && valor >= 0) tipeado.valor = Math.round(valor);
  if (present('observaciones_diligencia')) tipeado.observaciones = texto(sent.observaciones_diligencia);
  if (present('informante')) tipeado.informante = texto(sent.informante);
  if (present('informante_relacion')) tipeado.relacion = texto(sent.informante_relacion);
  const entrega = entregaTipeada(sent.entrega_copias);
  if (entrega) tipeado.entregaCopias = entrega;
  const firma = texto(sent.firma_notificado);
  if (firma && (FIRMAS_NOTIFICADO as readonly string[]).includes(firma)) tipeado.firmaNotificado = firma as FirmaNotificado;
  return tipeado;
}

/** A diligence as the form shows it: date and hour apart (hour null when never given). */
export interface Candidata {
  tipoId: number;
  tipoNombre: string;
  fechaIso: string | null;
  hora: string | null;
  apuntes: string;
  tratamiento: string;
  valorFinal: number;
  /** The custom value (valor_personalizado), null when the fee is the price list's. */
  valorCobrado: number | null;
  observaciones: string;
  informante: string;
  relacion: string;
  entregaCopias: EntregaCopias | null;
  firmaNotificado: string | null;
  /** The stored instant (to the second, when it came from a visit) while the date and hour are unchanged. */
  instante?: Date;
  visitaUuid: string | null;
  domicilioId?: number | null;
  domicilioDireccion?: string | null;
  domicilioComuna?: string | null;
}

export function desdeGuardada(d: UltimaDiligencia): Candidata {
  return {
    tipoId: d.tipoEstampadoId,
    tipoNombre: d.tipoNombre,
    fechaIso: wallDate(d.fechaDiligencia),
    hora: d.horaInformada ? wallTime(d.fechaDiligencia) : null,
    apuntes: d.apuntesTerreno,
    tratamiento: d.tratamiento,
    valorFinal: d.valorFinal,
    valorCobrado: d.valorCobrado,
    observaciones: d.observaciones,
    informante: d.informante,
    relacion: d.informanteRelacion,
    entregaCopias: leerEntregaCopias(d.entregaCopias),
    firmaNotificado: d.firmaNotificado ?? null,
    instante: d.fechaDiligencia,
    visitaUuid: d.visitaUuid ?? null,
    domicilioId: d.domicilioId,
    domicilioDireccion: d.domicilioDireccion,
    domicilioComuna: d.domicilioComuna,
  };
}

interface TipoRef {
  id: number;
  nombre: string;
}

/**
 * The stored diligence with the typed values laid over it (typed results are of the stamp type generated).
 * `honorario` is the fee of the generated type on this assignment (honorarioDe): results of another type
 * than the stored ones, or none stored, carry it unless a different value was typed (a custom value).
 */
export function candidata(stored: UltimaDiligencia | undefined, t: Tipeado, tipo: TipoRef, honorario: number): Candidata {
  const base: Candidata = stored
    ? desdeGuardada(stored)
    : {
        tipoId: tipo.id,
        tipoNombre: tipo.nombre,
        fechaIso: null,
        hora: null,
        apuntes: '',
        tratamiento: '',
        valorFinal: honorario,
        valorCobrado: null,
        observaciones: '',
        informante: '',
        relacion: '',
        entregaCopias: null,
        firmaNotificado: null,
        visitaUuid: null,
      };
  const c = { ...base };
  if (t.hay && c.tipoId !== tipo.id) {
    c.tipoId = tipo.id;
    c.tipoNombre = tipo.nombre;
    c.valorFinal = honorario;
    c.valorCobrado = null;
  }
  if (t.fecha) {
    c.fechaIso = t.fecha.iso;
    // The same day typed without its time keeps the hour on record.
    c.hora = t.fecha.hora ?? (t.fecha.iso === base.fechaIso ? base.hora : null);
  }
  if (t.hora) c.hora = t.hora;
  if (c.fechaIso !== base.fechaIso || c.hora !== base.hora) delete c.instante;
  if (t.apuntes !== undefined) c.apuntes = t.apuntes;
  if (t.tratamiento !== undefined) c.tratamiento = t.tratamiento;
  if (t.valor !== undefined && t.valor !== c.valorFinal) {
    c.valorFinal = t.valor;
    c.valorCobrado = t.valor === honorario ? null : t.valor;
  }
  if (t.observaciones !== undefined) c.observaciones = t.observaciones;
  if (t.informante !== undefined) c.informante = t.informante;
  if (t.relacion !== undefined) c.relacion = t.relacion;
  if (t.entregaCopias !== undefined) c.entregaCopias = t.entregaCopias;
  if (t.firmaNotificado !== undefined) c.firmaNotificado = t.firmaNotificado;
  return c;
}

const SIN_HORA: (keyof Candidata)[] = ['tipoId', 'fechaIso', 'apuntes', 'tratamiento', 'valorFinal', 'observaciones', 'informante', 'relacion', 'firmaNotificado'];

const mismaEntrega = (a: EntregaCopias | null, b: EntregaCopias | null) =>
  JSON.stringify(a && [a.modo, a.nombre, a.relacion, a.detalle]) === JSON.stringify(b && [b.modo, b.nombre, b.relacion, b.detalle]);

export type Decision = { accion: 'usar' } | { accion: 'completar_hora'; fecha: Date } | { accion: 'nueva' };

/** Whether the typed values are the stored diligence, only its missing hour, or new results. */
export function decidir(stored: UltimaDiligencia | undefined, c: Candidata): Decision {
  if (!stored) return { accion: 'nueva' };
  const guardada = desdeGuardada(stored);
  const igualSinHora = SIN_HORA.every((key) => guardada[key] === c[key]) && mismaEntrega(guardada.entregaCopias, c.entregaCopias);
  if (igualSinHora && guardada.hora === c.hora) return { accion: 'usar' };
  if (igualSinHora && guardada.hora === null && c.hora !== null && c.fechaIso) {
    const fecha = parseDateTime(`${c.fechaIso} ${c.hora}`);
    if (fecha) return { accion: 'completar_hora', fecha };
  }
  return { accion: 'nueva' };
}

/** The date text of the results save: DD/MM/YYYY, with HH:MM when the hour is known. */
export function fechaTexto(c: Candidata): string {
  if (!c.fechaIso) return '';
  return `${ddmmyyyy(c.fechaIso).replace(/-/g, '/')}${c.hora ? ` ${c.hora}` : ''}`;
}

/** The candidate as the certificate prints it (a preview: nothing stored). */
export function comoCertificado(c: Candidata): DiligenciaCertificado {
  return {
    tipoNombre: c.tipoNombre,
    fechaDiligencia: c.instante ?? (c.fechaIso ? parseDateTime(`${c.fechaIso} ${c.hora ?? '09:00'}`) : null),
    horaInformada: c.hora !== null,
    apuntesTerreno: c.apuntes,
    tratamiento: c.tratamiento,
    valorFinal: c.valorFinal,
    observaciones: c.observaciones,
    informante: c.informante,
    informanteRelacion: c.relacion,
    entregaCopias: c.entregaCopias,
    firmaNotificado: c.firmaNotificado,
    domicilioId: c.domicilioId ?? null,
    domicilioDireccion: c.domicilioDireccion ?? null,
    domicilioComuna: c.domicilioComuna ?? null,
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A preview of results typed from a visit and not stored yet (datos.visita_uuid): the certificate speaks of
 * the visit's address and, for the typed minute, of its exact instant — as the save will store them.
 */
export async function conVisitaTipeada(
  db: TenantDb,
  encargoId: number,
  d: DiligenciaCertificado | undefined,
  visitaUuid: string | null | undefined,
): Promise<DiligenciaCertificado | undefined> {
  const uuid = visitaUuid?.trim().toLowerCase() ?? '';
  if (!d || !UUID_RE.test(uuid) || d.domicilioDireccion) return d;
  const visita = await findVisitaByUuid(db, uuid);
  if (!visita || visita.encargoId !== encargoId) return d;
  const minuto = (x: Date) => Math.floor(x.getTime() / 60_000);
  const mismoMinuto = d.fechaDiligencia !== null && d.horaInformada && minuto(d.fechaDiligencia) === minuto(visita.fechaHora);
  return {
    ...d,
    fechaDiligencia: mismoMinuto ? visita.fechaHora : d.fechaDiligencia,
    domicilioId: visita.domicilioId,
    domicilioDireccion: visita.domicilioDireccion,
    domicilioComuna: visita.domicilioComuna,
  };
}
