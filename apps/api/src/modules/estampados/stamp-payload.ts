import {
  type Encargo,
  formatRutWithDots,
  formatThousands,
  parseCLP,
  parseDateTime,
  parseFechaDiligencia,
  santiagoWallClock,
  todayIso,
} from '@receptoria/contracts';
import { fechaEnPalabras } from '../../documents/docx/palabras';
import type { UltimaDiligencia } from '../diligencias/diligencias.repository';

/** The stamp document payload (spec 02 §3): every value a string, null where the data is missing. */
export type StampPayload = Record<string, string | null>;

const pad = (n: number) => String(n).padStart(2, '0');

/** 2025-03-10 → 10-03-2025 (stamped dates are DD-MM-YYYY). */
export function ddmmyyyy(isoDate: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

function wallDate(instant: Date): string {
  const w = santiagoWallClock(instant);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

function wallTime(instant: Date): string {
  const w = santiagoWallClock(instant);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

function dateTimeText(value: string | null): string {
  const instant = value ? parseDateTime(value) : null;
  return instant ? `${ddmmyyyy(wallDate(instant))} ${wallTime(instant)}` : '';
}

const rut = (value: string | null | undefined) => (value ? formatRutWithDots(value) : '');

export interface ReceptorData {
  nombre: string;
  rut: string;
  direccion: string;
  comuna: string;
}

/** 'Estampado {type with spaces} - {rol} - {dd-mm-yyyy}' (spec 02 §5). */
export function stampTitle(tipo: string, numeroRol: string, now = new Date()): string {
  return `Estampado ${tipo.replace(/_/g, ' ')} - ${numeroRol} - ${ddmmyyyy(todayIso(now))}`;
}

/**
 * Builds the payload from the stored assignment, its last diligence and the receiver's own record.
 * RUTs with dots and hyphen, dates DD-MM-YYYY, the principal address (else the first).
 */
export function buildStampPayload(input: {
  encargo: Encargo;
  diligencia: UltimaDiligencia | undefined;
  tipoNombre: string;
  valorPorDefecto: number;
  receptor: ReceptorData;
  now?: Date;
}): StampPayload {
  const { encargo: e, diligencia: d, receptor } = input;
  const now = input.now ?? new Date();
  const domicilio = e.domicilios.find((x) => x.es_principal) ?? e.domicilios[0];
  const fechaDiligenciaIso = d ? wallDate(d.fechaDiligencia) : null;
  const hoy = todayIso(now);
  return {
    numero_rol: e.numero_rol,
    fecha_encargo: ddmmyyyy(e.fecha_encargo),
    estudio_juridico: e.estudio_nombre,
    tribunal: e.tribunal_nombre,
    tipo_causa_nombre: e.tipo_causa_nombre,
    tipo_encargo_nombre: e.tipo_encargo_nombre,
    parte_demandante: e.parte_demandante_nombre,
    ejecutados: e.ejecutados || null,
    partes: e.partes,
    rut_ejecutado: rut(e.rut_ejecutado) || null,
    rut_demandado: rut(e.rut_ejecutado) || null,
    rut_representante_legal: rut(e.rut_representante_legal),
    domicilio_demandado: domicilio?.direccion ?? null,
    domicilio_comuna: domicilio?.comuna ?? null,
    domicilio_ciudad: domicilio?.ciudad ?? '',
    fecha_retiro: ddmmyyyy(e.fecha_retiro),
    fecha_resolucion: ddmmyyyy(e.fecha_resolucion),
    fecha_comparendo: dateTimeText(e.fecha_comparendo),
    fecha_prueba: dateTimeText(e.fecha_prueba),
    fecha_demanda: ddmmyyyy(e.fecha_demanda),
    cuantia: e.cuantia === null ? '' : formatThousands(e.cuantia),
    numero_operacion: e.numero_operacion,
    observaciones_encargo: e.observaciones_encargo,
    observacion_retiro: e.observacion_retiro,
    motivo_no_realizable: e.motivo_no_realizable,
    tipo_estampado: input.tipoNombre,
    fecha_diligencia: fechaDiligenciaIso ? ddmmyyyy(fechaDiligenciaIso) : null,
    fecha_diligencia_palabras: fechaDiligenciaIso ? fechaEnPalabras(fechaDiligenciaIso) : null,
    hora_diligencia: d ? wallTime(d.fechaDiligencia) : null,
    resultado_diligencia: d?.tipoNombre ?? null,
    apuntes_terreno: d?.apuntesTerreno || null,
    tratamiento: d?.tratamiento ?? '',
    valor_cobrado: formatThousands(d ? d.valorFinal : input.valorPorDefecto),
    observaciones_diligencia: d?.observaciones ?? '',
    fecha_hoy: ddmmyyyy(hoy),
    fecha_hoy_palabras: fechaEnPalabras(hoy),
    hora_actual: wallTime(now),
    receptor_nombre: receptor.nombre,
    receptor_rut: rut(receptor.rut),
    receptor_direccion: receptor.direccion,
    receptor_comuna: receptor.comuna,
  };
}

/** Values sent by a client: strings as they came, numbers and booleans as text, null stays missing. */
export function normalizeDatos(datos: Record<string, string | number | boolean | null>): StampPayload {
  const out: StampPayload = {};
  for (const [key, value] of Object.entries(datos)) {
    out[key] = value === null ? null : typeof value === 'string' ? value : String(value);
  }
  return out;
}

/** Diligence fields the results form may send before the results are saved: the form's values win. */
const FORM_DILIGENCE_KEYS = [
  'fecha_diligencia',
  'hora_diligencia',
  'fecha_diligencia_palabras',
  'resultado_diligencia',
  'apuntes_terreno',
  'tratamiento',
  'valor_cobrado',
  'observaciones_diligencia',
] as const;

/** A date as a client may write it (DD-MM-YYYY, DD/MM/YYYY, YYYY-MM-DD, with or without time). */
function clientDate(text: string): { iso: string; hora: string | null } | null {
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})(?:\s+(\d{2}):(\d{2}))?$/.exec(text.trim());
  if (dmy) return { iso: `${dmy[3]}-${dmy[2]}-${dmy[1]}`, hora: dmy[4] ? `${dmy[4]}:${dmy[5]}` : null };
  const instant = parseFechaDiligencia(text);
  if (!instant) return null;
  return { iso: wallDate(instant), hora: /\d{2}:\d{2}/.test(text) ? wallTime(instant) : null };
}

/**
 * The stored payload with the diligence fields the client filled in the form (results typed but not
 * saved yet: spec 02 §4 lets the results screen stamp in any state); every other stored field wins.
 */
export function mergeClientDiligence(built: StampPayload, sent: StampPayload): StampPayload {
  const merged: StampPayload = { ...sent, ...built };
  for (const key of FORM_DILIGENCE_KEYS) {
    const value = sent[key];
    if (value !== null && value !== undefined && value.trim() !== '') merged[key] = value.trim();
  }
  const fecha = sent.fecha_diligencia ? clientDate(sent.fecha_diligencia) : null;
  if (fecha) {
    merged.fecha_diligencia = ddmmyyyy(fecha.iso);
    if (!sent.fecha_diligencia_palabras) merged.fecha_diligencia_palabras = fechaEnPalabras(fecha.iso);
    if (!sent.hora_diligencia && fecha.hora) merged.hora_diligencia = fecha.hora;
  }
  const valor = sent.valor_cobrado ? parseCLP(sent.valor_cobrado) : null;
  if (valor !== null && valor >= 0) merged.valor_cobrado = formatThousands(valor);
  return merged;
}
