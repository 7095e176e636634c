/**
 * The dashboard's fixed values and texts without zod, so the dashboard downloads none of it:
 * `@receptoria/contracts/dashboard/constants`. The one definition: schemas.ts and detalle.ts hand out
 * these same objects next to their zod types.
 */

/** Economic indicators (spec 01 §3, §7 Dashboard). */
export const INDICADOR_CODIGOS = ['uf', 'ipc', 'dolar'] as const;
export type IndicadorCodigo = (typeof INDICADOR_CODIGOS)[number];

/** Where the values came from (see `IndicadorFuenteSchema`). */
export const INDICADOR_FUENTES = ['mindicador', 'cache', 'respaldo', 'defecto'] as const;

/** Fixed values the dashboard shows when no indicator could be obtained (spec 01 §8). */
export const INDICADORES_POR_DEFECTO: Record<IndicadorCodigo, number> = { uf: 39200, ipc: 0.3, dolar: 950 };

export function indicadoresPorDefecto(): Record<IndicadorCodigo, { valor: number; fecha: string | null }> {
  return {
    uf: { valor: INDICADORES_POR_DEFECTO.uf, fecha: null },
    ipc: { valor: INDICADORES_POR_DEFECTO.ipc, fecha: null },
    dolar: { valor: INDICADORES_POR_DEFECTO.dolar, fecha: null },
  };
}

/** The workflow widget's states, in order (spec 01 §7 Dashboard). */
export const FLUJO_TRABAJO_ESTADOS = ['preparado', 'listo_para_estampar', 'estampado'] as const;
export type FlujoTrabajoEstado = (typeof FLUJO_TRABAJO_ESTADOS)[number];

/** Dashboard detail screen (spec 02 §2.4): one endpoint key per dashboard figure. */
export const DETALLE_CLAVES = ['encargos-activos', 'diligencias-pendientes', 'diligencias-completadas', 'estudios-registrados'] as const;
export type DetalleClave = (typeof DETALLE_CLAVES)[number];

export const DETALLE_TEXTOS: Record<DetalleClave, { titulo: string; descripcion: string; vacio: string }> = {
  'encargos-activos': {
    titulo: 'Encargos Activos',
    descripcion: 'Encargos pendientes, preparados y listos para estampar',
    vacio: 'No hay encargos activos en este momento',
  },
  'diligencias-pendientes': {
    titulo: 'Diligencias Pendientes',
    descripcion: 'Encargos recibidos este mes que esperan su diligencia',
    vacio: 'No hay diligencias pendientes este mes',
  },
  'diligencias-completadas': {
    titulo: 'Diligencias Completadas',
    descripcion: 'Encargos recibidos este mes con sus resultados registrados',
    vacio: 'No hay diligencias completadas este mes',
  },
  'estudios-registrados': {
    titulo: 'Estudios Registrados',
    descripcion: 'Estudios jurídicos registrados y sus encargos del mes',
    vacio: 'No hay estudios registrados',
  },
};

/** Texts of the 'Cierre del día' panel and its PDF (GET /dashboard/cierre_dia/). */
export const cierreDiaMessages = {
  titulo: 'Cierre del día',
  fechaInvalida: 'La fecha debe ser una fecha válida con el formato AAAA-MM-DD',
  certificados: 'Certificados emitidos',
  sinCertificados: 'No se emitieron certificados este día',
  totalDerechos: 'Total de derechos',
  facturable: 'Facturable',
  noFacturable: 'No facturable',
  sinResultadoRegistrado: 'Sin resultados registrados',
  sinResultados: 'Encargos trabajados sin resultados',
  sinResultadosVacio: 'No hay encargos trabajados este día que esperen resultados',
  /** What 'worked that day' means here. */
  criterioSinResultados: 'Encargos en estado preparado, sin diligencia registrada, que se visitaron, crearon o modificaron este día.',
  visitas: 'Visitas a terreno',
  sinVisitas: 'No se registraron visitas este día',
  resumenVisitas: (visitas: number, encargos: number) =>
    `${visitas === 1 ? '1 visita' : `${visitas} visitas`} en ${encargos === 1 ? '1 encargo' : `${encargos} encargos`}`,
  visitasNegativas: (n: number) => (n === 1 ? '1 búsqueda negativa' : `${n} búsquedas negativas`),
  visitasSinResultados: (n: number) => (n === 1 ? '1 visita sin resultados registrados' : `${n} visitas sin resultados registrados`),
  visitasSinCertificado: (n: number) => (n === 1 ? '1 visita sin certificado' : `${n} visitas sin certificado`),
  visitasFacturables: (n: number) => (n === 1 ? '1 visita de un encargo facturable' : `${n} visitas de encargos facturables`),
  conResultados: 'Resultados',
  conCertificado: 'Certificado',
  si: 'Sí',
  no: 'No',
  negativa: 'Negativa',
  criterioFacturable:
    'Facturable: encargos estampados que no fueron re-encargados, como los cuenta Cobranza; cada encargo se suma una vez aunque tenga varios certificados.',
  descargarPdf: 'Descargar PDF',
  errorCargar: 'Error al cargar el cierre del día',
  errorPdf: 'Error al generar el PDF del cierre del día',
} as const;
