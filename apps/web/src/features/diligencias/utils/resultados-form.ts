import {
  admiteResultados,
  DIAS_TABLA_MAX,
  ESTADOS_CON_RESULTADOS,
  type EncargoConResultados,
  type EntregaCopias,
  FIRMAS_NOTIFICADO,
  type FirmaNotificado,
  type GuardarResultadosInput,
  type ModoEntregaCopias,
  MODOS_ENTREGA_COPIAS,
  LUGARES_REQUERIMIENTO,
  type LugarRequerimiento,
  TIPO_ESTAMPADO_REQUERIMIENTO,
  type TipoEstampado,
  diasExcepciones,
  diligenciaMessages as dm,
  formatDate,
  formatDateTime,
  parseFechaDiligencia,
  plazoMessages,
} from '@receptoria/contracts';
import { fechaDiligenciaToWire, horaInformada, stampDateParts } from './fecha-diligencia';

/** 'Resultados de Diligencia' as the form keeps it. */
export interface ResultadosFormValues {
  tipo_estampado: string | null;
  tratamiento: string | null;
  fecha_diligencia: string;
  /** Who gave the account at the address, and their relation to the person sought. */
  informante: string;
  informante_relacion: string;
  apuntes_terreno: string;
  valor_personalizado: number | string;
  observaciones_diligencia: string;
  /** Where a requerimiento de pago took place (asked only for that type). */
  lugar_requerimiento: string | null;
  /** Days of the tabla de emplazamiento, for a requerimiento outside the court's territory. */
  dias_tabla: number | string;
  /** The field visit the results were taken from (its exact instant, address and copies go with it). */
  visita_uuid: string | null;
  /** What was done with the copies (entrega_copias), flat for the form. */
  entrega_modo: string | null;
  entrega_nombre: string;
  entrega_relacion: string;
  entrega_detalle: string;
  /** Art. 43: whether the person notified personally signed. */
  firma_notificado: string | null;
}

export const EMPTY_RESULTADOS: ResultadosFormValues = {
  tipo_estampado: null,
  tratamiento: null,
  fecha_diligencia: '',
  informante: '',
  informante_relacion: '',
  apuntes_terreno: '',
  valor_personalizado: '',
  observaciones_diligencia: '',
  lugar_requerimiento: null,
  dias_tabla: '',
  visita_uuid: null,
  entrega_modo: null,
  entrega_nombre: '',
  entrega_relacion: '',
  entrega_detalle: '',
  firma_notificado: null,
};

/** The copies' fields of the form from a recorded entrega_copias. */
export function entregaAlFormulario(e: EntregaCopias | null | undefined): Pick<ResultadosFormValues, 'entrega_modo' | 'entrega_nombre' | 'entrega_relacion' | 'entrega_detalle'> {
  return { entrega_modo: e?.modo ?? null, entrega_nombre: e?.nombre ?? '', entrega_relacion: e?.relacion ?? '', entrega_detalle: e?.detalle ?? '' };
}

/** The copies as the API takes them, or undefined when no mode was chosen. */
export function entregaDelFormulario(values: ResultadosFormValues): EntregaCopias | undefined {
  const modo = values.entrega_modo;
  if (!modo || !(MODOS_ENTREGA_COPIAS as readonly string[]).includes(modo)) return undefined;
  const out: EntregaCopias = { modo: modo as ModoEntregaCopias };
  const nombre = (values.entrega_nombre ?? '').trim();
  const relacion = (values.entrega_relacion ?? '').trim();
  const detalle = (values.entrega_detalle ?? '').trim();
  if (nombre) out.nombre = nombre;
  if (relacion) out.relacion = relacion;
  if (detalle) out.detalle = detalle;
  return out;
}

function firmaElegida(values: ResultadosFormValues): FirmaNotificado | undefined {
  const firma = values.firma_notificado;
  return firma && (FIRMAS_NOTIFICADO as readonly string[]).includes(firma) ? (firma as FirmaNotificado) : undefined;
}

/** Whether the assignment has a diligence on record. */
export function tieneDiligencia(encargo: EncargoConResultados): boolean {
  return Boolean(encargo.ultima_diligencia_fecha || encargo.diligencia);
}

/** The stored diligence was typed with its date alone (stored at 09:00): the certificate needs the hour. */
export function diligenciaSinHora(encargo: EncargoConResultados): boolean {
  return (encargo.ultima_diligencia_hora_informada ?? encargo.diligencia?.hora_informada) === false;
}

/** The last diligence of the assignment, when there is one, fills the form. */
export function encargoToResultadosValues(encargo: EncargoConResultados): ResultadosFormValues {
  const tipo = encargo.ultima_diligencia_tipo_estampado ?? encargo.tipo_estampado;
  const fecha = encargo.ultima_diligencia_fecha ?? encargo.diligencia?.fecha_diligencia ?? '';
  return {
    tipo_estampado: tipo ? String(tipo) : null,
    tratamiento: encargo.ultima_diligencia_tratamiento || encargo.diligencia?.tratamiento || null,
    // A date stored without its hour is shown as it was typed: the date alone.
    fecha_diligencia: fecha ? (diligenciaSinHora(encargo) ? formatDate(fecha, '') : formatDateTime(fecha, '')) : '',
    informante: encargo.ultima_diligencia_informante ?? encargo.diligencia?.informante ?? '',
    informante_relacion: encargo.ultima_diligencia_informante_relacion ?? encargo.diligencia?.informante_relacion ?? '',
    apuntes_terreno: encargo.ultima_diligencia_apuntes ?? encargo.diligencia?.apuntes_terreno ?? '',
    valor_personalizado: encargo.diligencia?.valor_cobrado ?? '',
    observaciones_diligencia: encargo.ultima_diligencia_observaciones ?? encargo.diligencia?.observaciones ?? '',
    lugar_requerimiento: null,
    dias_tabla: '',
    visita_uuid: encargo.diligencia?.visita_uuid ?? null,
    ...entregaAlFormulario(encargo.diligencia?.entrega_copias),
    firma_notificado: encargo.diligencia?.firma_notificado ?? null,
  };
}

/** The lifecycle's rule (contracts): the states whose results the office takes, the same the API enforces. */
export { admiteResultados, ESTADOS_CON_RESULTADOS };

/**
 * Buttons: 'Estampar Más Tarde' needs a type, a date and the notes (spec 02 §5); 'Generar Estampado' a
 * type and a date, or, with nothing typed, a loaded assignment whose results are stored (a diligence).
 */
export function actionAvailability(values: ResultadosFormValues, encargo: EncargoConResultados | null = null) {
  const typed = Boolean(values.tipo_estampado) && values.fecha_diligencia.trim() !== '';
  const stored = Boolean(encargo?.diligencia);
  return { generate: typed || stored, later: typed && values.apuntes_terreno.trim() !== '' };
}

/** Whether the chosen stamp type is a requerimiento de pago (it asks where it took place). */
export function esRequerimiento(tipoId: string | null, tipos: readonly TipoEstampado[]): boolean {
  return tipos.some((tipo) => String(tipo.id) === tipoId && tipo.codigo === TIPO_ESTAMPADO_REQUERIMIENTO);
}

function lugarElegido(values: ResultadosFormValues): LugarRequerimiento | null {
  const lugar = values.lugar_requerimiento;
  return lugar && (LUGARES_REQUERIMIENTO as readonly string[]).includes(lugar) ? (lugar as LugarRequerimiento) : null;
}

/** The typed days of the tabla de emplazamiento when they are a whole number 0–60, else null. */
function diasTablaValidos(values: ResultadosFormValues): number | null {
  const text = String(values.dias_tabla ?? '').trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const dias = Number(text);
  return dias <= DIAS_TABLA_MAX ? dias : null;
}

/** The rule the place of a requerimiento breaks (the API's messages), or null. */
function lugarProblem(values: ResultadosFormValues): string | null {
  if (!values.lugar_requerimiento) return plazoMessages.lugarRequerido;
  const lugar = lugarElegido(values);
  if (!lugar) return plazoMessages.lugarInvalido;
  if (lugar !== 'fuera_territorio') return null;
  if (String(values.dias_tabla ?? '').trim() === '') return plazoMessages.diasTablaRequeridos;
  return diasTablaValidos(values) === null ? plazoMessages.diasTablaInvalidos : null;
}

/**
 * Días hábiles to oppose excepciones that the typed place gives, or null when the type is not a
 * requerimiento or the place (or its tabla) is not complete.
 */
export function diasExcepcionesTipeados(values: ResultadosFormValues, tipos: readonly TipoEstampado[]): number | null {
  if (!esRequerimiento(values.tipo_estampado, tipos) || lugarProblem(values)) return null;
  const lugar = lugarElegido(values);
  return lugar ? diasExcepciones(lugar, diasTablaValidos(values)) : null;
}

/** The diligence's day in Santiago (YYYY-MM-DD), from which the excepciones term is counted; null if unreadable. */
export function diaDiligenciaIso(values: ResultadosFormValues): string | null {
  const instant = parseFechaDiligencia(values.fecha_diligencia);
  if (!instant) return null;
  const [day, month, year] = stampDateParts(instant).fecha.split('-');
  return `${year}-${month}-${day}`;
}

/** A YYYY-MM-DD date as DD-MM-YYYY. */
export function fechaGuiones(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : iso;
}

function hasValor(values: ResultadosFormValues): boolean {
  return values.valor_personalizado !== '' && values.valor_personalizado !== null && values.valor_personalizado !== undefined;
}

/**
 * The first rule the results break, in the spec's order (spec 02 §5), or null. `forStamp` checks what
 * generating needs (type and date); otherwise everything 'Estampar Más Tarde' needs.
 */
export function resultadosProblem(
  encargo: EncargoConResultados | null,
  values: ResultadosFormValues,
  tipos: readonly TipoEstampado[],
  forStamp: boolean,
): string | null {
  if (!encargo) return dm.encargoRequerido;
  if (!values.tipo_estampado) return dm.tipoRequerido;
  if (!tipos.some((tipo) => String(tipo.id) === values.tipo_estampado)) return dm.tipoInvalido;
  if (!forStamp && !admiteResultados(encargo.estado)) return dm.estadoNoPermitido(encargo.estado);
  if (!values.fecha_diligencia.trim()) return dm.fechaRequerida;
  if (!parseFechaDiligencia(values.fecha_diligencia)) return dm.fechaInvalida;
  if (forStamp) return null;
  if (!values.apuntes_terreno.trim()) return dm.apuntesRequeridos;
  if (hasValor(values) && !values.observaciones_diligencia.trim()) return dm.motivoValorRequerido;
  if (esRequerimiento(values.tipo_estampado, tipos)) return lugarProblem(values);
  return null;
}

/**
 * Body of POST /diligencias/guardar_resultados/ (valid values only). A requerimiento de pago carries
 * its place (and, outside the court's territory, the days of the tabla); other types carry neither.
 */
export function toGuardarResultados(
  encargo: EncargoConResultados,
  values: ResultadosFormValues,
  tipos: readonly TipoEstampado[],
): GuardarResultadosInput {
  const body: GuardarResultadosInput = {
    numero_rol: encargo.numero_rol,
    encargo_id: encargo.id,
    resultado_id: Number(values.tipo_estampado),
    fecha_diligencia: fechaDiligenciaToWire(values.fecha_diligencia) ?? values.fecha_diligencia,
    hora_informada: horaInformada(values.fecha_diligencia),
    apuntes_terreno: values.apuntes_terreno.trim(),
    valor_personalizado: hasValor(values) ? Number(values.valor_personalizado) : null,
    observaciones_diligencia: values.observaciones_diligencia.trim(),
    tratamiento: (values.tratamiento ?? '') as GuardarResultadosInput['tratamiento'],
    informante: values.informante.trim(),
    informante_relacion: values.informante_relacion.trim(),
    cambiar_estado_a: 'listo_para_estampar',
  };
  if (values.visita_uuid) body.visita_uuid = values.visita_uuid;
  const entrega = entregaDelFormulario(values);
  if (entrega) body.entrega_copias = entrega;
  const firma = firmaElegida(values);
  if (firma) body.firma_notificado = firma;
  const lugar = lugarElegido(values);
  if (!esRequerimiento(values.tipo_estampado, tipos) || !lugar) return body;
  body.lugar_requerimiento = lugar;
  if (lugar === 'fuera_territorio') body.dias_tabla = diasTablaValidos(values) ?? undefined;
  return body;
}

/** Whether anything of the results was typed (the treatment alone does not count). */
export function hasTypedResultados(values: ResultadosFormValues): boolean {
  return (
    Boolean(values.tipo_estampado) ||
    hasValor(values) ||
    [values.fecha_diligencia, values.informante, values.informante_relacion, values.apuntes_terreno, values.observaciones_diligencia].some(
      (text) => text.trim() !== '',
    )
  );
}

/** The results as they compare: trimmed texts, the date as an instant plus whether its hour was given. */
function comparable(values: ResultadosFormValues) {
  const instant = parseFechaDiligencia(values.fecha_diligencia);
  return JSON.stringify([
    values.tipo_estampado ?? '',
    values.tratamiento ?? '',
    instant ? instant.getTime() : values.fecha_diligencia.trim(),
    horaInformada(values.fecha_diligencia),
    values.informante.trim(),
    values.informante_relacion.trim(),
    values.apuntes_terreno.trim(),
    hasValor(values) ? Number(values.valor_personalizado) : null,
    values.observaciones_diligencia.trim(),
    entregaDelFormulario(values) ?? null,
    firmaElegida(values) ?? null,
  ]);
}

/** True when the typed results say the same as the stored diligence. */
export function sameResultados(a: ResultadosFormValues, b: ResultadosFormValues): boolean {
  return comparable(a) === comparable(b);
}

/** What 'Generar Estampado' does on the results screen. */
export type GeneratePlan =
  | { kind: 'error'; message: string }
  /** Stores the typed results first (guardar_resultados), then generates from them. */
  | { kind: 'save'; tipoId: number; sinHora: boolean }
  /** Generates from the diligence on record. */
  | { kind: 'stored'; tipoId: number; sinHora: boolean };

/**
 * A certificate never exists without its result and fee on record (issue 30): in preparado and
 * listo_para_estampar, typed results that differ from the stored ones (or with none stored) are saved
 * first under the same rules as 'Estampar Más Tarde'; in other states the stored diligence is used.
 */
export function planGenerate(
  encargo: EncargoConResultados | null,
  values: ResultadosFormValues,
  tipos: readonly TipoEstampado[],
): GeneratePlan {
  if (!encargo) return { kind: 'error', message: dm.encargoRequerido };
  const stored = tieneDiligencia(encargo) ? encargoToResultadosValues(encargo) : null;
  const typed = hasTypedResultados(values);
  if (!stored && !typed) return { kind: 'error', message: dm.primeroResultados };
  const chosen = tipos.find((tipo) => String(tipo.id) === values.tipo_estampado);
  const storedTipo = stored ? Number(stored.tipo_estampado) : Number.NaN;

  if (stored && (!admiteResultados(encargo.estado) || !typed || sameResultados(stored, values))) {
    const tipoId = chosen?.id ?? storedTipo;
    if (!Number.isFinite(tipoId) || tipoId <= 0) return { kind: 'error', message: dm.tipoRequerido };
    return { kind: 'stored', tipoId, sinHora: diligenciaSinHora(encargo) };
  }
  if (!admiteResultados(encargo.estado)) return { kind: 'error', message: dm.primeroResultados };
  const problem = resultadosProblem(encargo, values, tipos, false);
  if (problem || !chosen) return { kind: 'error', message: problem ?? dm.tipoInvalido };
  return { kind: 'save', tipoId: chosen.id, sinHora: !horaInformada(values.fecha_diligencia) };
}

/**
 * The typed results as the stamp payload names them, for 'Vista previa' (the preview fills the
 * certificate with them without storing anything): dates DD-MM-YYYY and HH:MM (the hour only when typed).
 */
export function typedStampDatos(
  numeroRol: string,
  values: ResultadosFormValues,
  tipo: TipoEstampado | undefined,
): Record<string, string | number | null> {
  const datos: Record<string, string | number | null> = { numero_rol: numeroRol };
  const instant = parseFechaDiligencia(values.fecha_diligencia);
  if (instant) {
    const parts = stampDateParts(instant);
    datos.fecha_diligencia = parts.fecha;
    if (horaInformada(values.fecha_diligencia)) datos.hora_diligencia = parts.hora;
  }
  if (tipo) datos.resultado_diligencia = tipo.nombre;
  const texts = {
    tratamiento: values.tratamiento ?? '',
    informante: values.informante,
    informante_relacion: values.informante_relacion,
    apuntes_terreno: values.apuntes_terreno,
    observaciones_diligencia: values.observaciones_diligencia,
  };
  for (const [key, text] of Object.entries(texts)) if (text.trim()) datos[key] = text.trim();
  if (values.visita_uuid) datos.visita_uuid = values.visita_uuid;
  const entrega = entregaDelFormulario(values);
  if (entrega) datos.entrega_copias = JSON.stringify(entrega);
  const firma = firmaElegida(values);
  if (firma) datos.firma_notificado = firma;
  // Only a custom value is sent: without one the API prints the fee of the price lists.
  const valor = hasValor(values) ? Number(values.valor_personalizado) : undefined;
  if (valor !== undefined && Number.isFinite(valor)) datos.valor_cobrado = valor;
  return datos;
}
