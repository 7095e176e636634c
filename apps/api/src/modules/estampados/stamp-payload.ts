import {
  type EntregaCopias,
  type Encargo,
  entregaCopiasOracion,
  FIRMA_NOTIFICADO_ORACION,
  type FirmaNotificado,
  formatRutWithDots,
  leerEntregaCopias,
  formatThousands,
  parseDateTime,
  santiagoWallClock,
  todayIso,
} from '@receptoria/contracts';
import { fechaEnPalabras } from '../../documents/docx/palabras';

/** The stamp document payload (spec 02 §3): every value a string, null where the data is missing. */
export type StampPayload = Record<string, string | null>;

const pad = (n: number) => String(n).padStart(2, '0');

/** 2025-03-10 → 10-03-2025 (stamped dates are DD-MM-YYYY). */
export function ddmmyyyy(isoDate: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

export function wallDate(instant: Date): string {
  const w = santiagoWallClock(instant);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

export function wallTime(instant: Date): string {
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
  titulo: string;
  telefono: string;
  email: string;
}

/** Printed under the signature when the receiver has not set their title. */
export const TITULO_RECEPTOR_POR_DEFECTO = 'Receptor Judicial';

/** The diligence fields a certificate prints (the stored last one, or the one a preview would store). */
export interface DiligenciaCertificado {
  tipoNombre: string;
  /** Null only in a preview whose typed date is missing. */
  fechaDiligencia: Date | null;
  horaInformada: boolean;
  apuntesTerreno: string;
  tratamiento: string;
  valorFinal: number;
  observaciones: string;
  informante: string;
  informanteRelacion: string;
  /** The address the act took place at, stored with the diligence (issue 23); absent → the principal one. */
  domicilioId?: number | null;
  domicilioDireccion?: string | null;
  domicilioComuna?: string | null;
  /** What was done with the copies (feeds <<entrega_copias>>), null when not recorded. */
  entregaCopias?: EntregaCopias | { modo: string } | null;
  /** Art. 43: whether the person notified signed (feeds <<firma_notificado>>). */
  firmaNotificado?: string | null;
}

/**
 * A company (persona jurídica) by its RUT — companies are numbered from 50.000.000 — or by its legal
 * representative or its name's legal form; a person otherwise.
 */
export function esPersonaJuridica(rutEjecutado: string | null | undefined, nombre: string | null | undefined, rutRepresentante?: string | null): boolean {
  const cuerpo = Number((rutEjecutado ?? '').replace(/[^0-9kK]/g, '').slice(0, -1));
  if (Number.isFinite(cuerpo) && cuerpo >= 50_000_000) return true;
  if ((rutRepresentante ?? '').trim() !== '') return true;
  return /\b(s\.?\s?a\.?|spa|ltda\.?|limitada|e\.?i\.?r\.?l\.?|sociedad|compa[ñn][íi]a|corporaci[óo]n|fundaci[óo]n|banco)\b/i.test(nombre ?? '');
}

/** "cédula nacional de identidad N° 12.345.678-5" for a person, "RUT N° 76.123.456-7" for a company; null without a RUT. */
export function identificacion(rutEjecutado: string | null | undefined, nombre: string | null | undefined, rutRepresentante?: string | null): string | null {
  const conPuntos = rut(rutEjecutado);
  if (!conPuntos) return null;
  return esPersonaJuridica(rutEjecutado, nombre, rutRepresentante) ? `RUT N° ${conPuntos}` : `cédula nacional de identidad N° ${conPuntos}`;
}

function entregaDe(value: unknown): string | null {
  const entrega = leerEntregaCopias(value);
  return entrega ? entregaCopiasOracion(entrega) : null;
}

/** 'doña' → feminine; 'don' and no tratamiento → the generic masculine of legal drafting. */
export function concordancia(tratamiento: string, masculino: string): string {
  return tratamiento.trim().toLowerCase() === 'doña' ? `${masculino.slice(0, -1)}a` : masculino;
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** "don Juan Pérez", or "Juan Pérez" without a tratamiento (never a double space). */
export function persona(tratamiento: string, nombre: string): string {
  return squeeze(`${tratamiento} ${nombre}`);
}

/** Text ending in a sentence's final mark: a period is added unless it already ends in one. */
export function oracion(text: string): string {
  const t = squeeze(text);
  if (!t) return '';
  return /[.!?…]["»”)]?$/.test(t) ? t : `${t.replace(/[,;:]+$/, '')}.`;
}

const SIN_INFORMANTE = 'Según lo constatado en el lugar,';

/**
 * The opening of the sentence that states the source of what the receiver established:
 * "Por los dichos de María Soto, conserje," — and without an informant "Según lo constatado en el lugar,".
 */
export function dichosInformante(informante: string, relacion: string): string {
  const nombre = squeeze(informante).replace(/[,.;:]+$/, '');
  const rel = squeeze(relacion).replace(/[,.;:]+$/, '');
  const propia = /^(el|la) mism[oa]$/i.test(rel);
  if (propia) return nombre ? `Por los dichos de ${nombre}, la persona buscada,` : 'Por los dichos de la propia persona buscada,';
  if (nombre && rel) return `Por los dichos de ${nombre}, ${rel},`;
  if (nombre) return `Por los dichos de ${nombre},`;
  if (rel) return `Por los dichos de quien se identificó como ${rel},`;
  return SIN_INFORMANTE;
}

/**
 * The receiver's markers: name, RUT with dots (and its signature line, empty without one), title
 * (default 'Receptor Judicial'), office, contact, and the place of the certificate — the office's
 * comuna, else where the diligence was (`comunaDiligencia`).
 */
export function receptorFields(receptor: ReceptorData, comunaDiligencia: string | null): StampPayload {
  const receptorRut = rut(receptor.rut);
  return {
    receptor_nombre: receptor.nombre,
    receptor_rut: receptorRut,
    receptor_rut_linea: receptorRut ? `RUT ${receptorRut}` : '',
    receptor_titulo: receptor.titulo.trim() || TITULO_RECEPTOR_POR_DEFECTO,
    receptor_direccion: receptor.direccion,
    receptor_comuna: receptor.comuna,
    receptor_telefono: receptor.telefono,
    receptor_email: receptor.email,
    lugar_certificado: receptor.comuna.trim() || comunaDiligencia || null,
  };
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
  diligencia: DiligenciaCertificado | undefined;
  tipoNombre: string;
  /** The fee printed without a diligence: the type's fee on this assignment by the price lists. */
  honorario: number;
  receptor: ReceptorData;
  now?: Date;
}): StampPayload {
  const { encargo: e, diligencia: d, receptor } = input;
  const now = input.now ?? new Date();
  const principal = e.domicilios.find((x) => x.es_principal) ?? e.domicilios[0];
  // The address stored with the diligence (the art. 44 notification's, say), else the principal one.
  const domicilio = d?.domicilioDireccion
    ? {
        direccion: d.domicilioDireccion,
        comuna: d.domicilioComuna ?? '',
        ciudad: e.domicilios.find((x) => x.id === d.domicilioId)?.ciudad ?? principal?.ciudad ?? '',
      }
    : principal;
  const fechaDiligenciaIso = d?.fechaDiligencia ? wallDate(d.fechaDiligencia) : null;
  const tratamiento = d?.tratamiento ?? '';
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
    identificacion_ejecutado: identificacion(e.rut_ejecutado, e.ejecutados, e.rut_representante_legal),
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
    // A date typed without its time has no hour to print: the generation asks for it.
    hora_diligencia: d?.fechaDiligencia && d.horaInformada ? wallTime(d.fechaDiligencia) : null,
    resultado_diligencia: d?.tipoNombre ?? null,
    apuntes_terreno: d?.apuntesTerreno || null,
    apuntes_oracion: d?.apuntesTerreno ? oracion(d.apuntesTerreno) : null,
    tratamiento,
    persona: e.ejecutados ? persona(tratamiento, e.ejecutados) : null,
    notificado: concordancia(tratamiento, 'notificado'),
    requerido: concordancia(tratamiento, 'requerido'),
    informante: d?.informante ?? '',
    informante_relacion: d?.informanteRelacion ?? '',
    dichos_informante: dichosInformante(d?.informante ?? '', d?.informanteRelacion ?? ''),
    entrega_copias: entregaDe(d?.entregaCopias),
    firma_notificado: d?.firmaNotificado ? (FIRMA_NOTIFICADO_ORACION[d.firmaNotificado as FirmaNotificado] ?? null) : null,
    valor_cobrado: formatThousands(d ? d.valorFinal : input.honorario),
    observaciones_diligencia: d?.observaciones ?? '',
    fecha_hoy: ddmmyyyy(hoy),
    fecha_hoy_palabras: fechaEnPalabras(hoy),
    hora_actual: wallTime(now),
    ...receptorFields(receptor, domicilio?.comuna ?? null),
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
