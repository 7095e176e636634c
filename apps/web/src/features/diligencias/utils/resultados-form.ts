import {
  type EncargoConResultados,
  type GuardarResultadosInput,
  type TipoEstampado,
  diligenciaMessages as dm,
  formatDateTime,
  parseFechaDiligencia,
} from '@receptoria/contracts';
import { fechaDiligenciaToWire } from './fecha-diligencia';

/** 'Resultados de Diligencia' as the form keeps it. */
export interface ResultadosFormValues {
  tipo_estampado: string | null;
  tratamiento: string | null;
  fecha_diligencia: string;
  apuntes_terreno: string;
  valor_personalizado: number | string;
  observaciones_diligencia: string;
}

export const EMPTY_RESULTADOS: ResultadosFormValues = {
  tipo_estampado: null,
  tratamiento: null,
  fecha_diligencia: '',
  apuntes_terreno: '',
  valor_personalizado: '',
  observaciones_diligencia: '',
};

/** The last diligence of the assignment, when there is one, fills the form. */
export function encargoToResultadosValues(encargo: EncargoConResultados): ResultadosFormValues {
  const tipo = encargo.ultima_diligencia_tipo_estampado ?? encargo.tipo_estampado;
  return {
    tipo_estampado: tipo ? String(tipo) : null,
    tratamiento: encargo.ultima_diligencia_tratamiento || encargo.diligencia?.tratamiento || null,
    fecha_diligencia: encargo.ultima_diligencia_fecha ? formatDateTime(encargo.ultima_diligencia_fecha, '') : '',
    apuntes_terreno: encargo.ultima_diligencia_apuntes ?? encargo.diligencia?.apuntes_terreno ?? '',
    valor_personalizado: encargo.diligencia?.valor_cobrado ?? '',
    observaciones_diligencia: encargo.ultima_diligencia_observaciones ?? encargo.diligencia?.observaciones ?? '',
  };
}

export const ESTADOS_CON_RESULTADOS = ['preparado', 'listo_para_estampar'] as const;

export function admiteResultados(estado: string): boolean {
  return (ESTADOS_CON_RESULTADOS as readonly string[]).includes(estado);
}

/** Buttons: 'Generar Estampado' needs a type and a date; 'Estampar Más Tarde' the notes too (spec 02 §5). */
export function actionAvailability(values: ResultadosFormValues) {
  const generate = Boolean(values.tipo_estampado) && values.fecha_diligencia.trim() !== '';
  return { generate, later: generate && values.apuntes_terreno.trim() !== '' };
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
    apuntes_terreno: values.apuntes_terreno.trim(),
    valor_personalizado: hasValor(values) ? Number(values.valor_personalizado) : null,
    observaciones_diligencia: values.observaciones_diligencia.trim(),
    tratamiento: (values.tratamiento ?? '') as GuardarResultadosInput['tratamiento'],
    cambiar_estado_a: 'listo_para_estampar',
  };
}
