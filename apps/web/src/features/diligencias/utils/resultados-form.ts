import {
  type EncargoConResultados,
  type GuardarResultadosInput,
  type TipoEstampado,
  diligenciaMessages as dm,
  formatDate,
  formatDateTime,
  parseFechaDiligencia,
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
};

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
  };
}

export const ESTADOS_CON_RESULTADOS = ['preparado', 'listo_para_estampar'] as const;

export function admiteResultados(estado: string): boolean {
  return (ESTADOS_CON_RESULTADOS as readonly string[]).includes(estado);
}

/**
 * Buttons: 'Estampar Más Tarde' needs a type, a date and the notes (spec 02 §5); 'Generar Estampado' a
 * type and a date, or a loaded assignment (which may have its results on record already).
 */
export function actionAvailability(values: ResultadosFormValues, encargo: EncargoConResultados | null = null) {
  const typed = Boolean(values.tipo_estampado) && values.fecha_diligencia.trim() !== '';
  return { generate: typed || encargo !== null, later: typed && values.apuntes_terreno.trim() !== '' };
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
  return null;
}

/** Body of POST /diligencias/guardar_resultados/ (valid values only). */
export function toGuardarResultados(encargo: EncargoConResultados, values: ResultadosFormValues): GuardarResultadosInput {
  return {
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
  const valor = hasValor(values) ? Number(values.valor_personalizado) : tipo?.valor_por_defecto;
  if (valor !== undefined && Number.isFinite(valor)) datos.valor_cobrado = valor;
  return datos;
}
