/** UI texts of the results work queue (/resultados-dashboard). */
export const resultadosMessages = {
  title: 'Resultados',
  subtitle: 'Encargos que esperan resultados o estampado, del más antiguo al más reciente.',
  refresh: 'Actualizar',
  esperandoResultados: 'Esperando resultados',
  esperandoResultadosHint: 'Encargos en estado Preparado',
  esperandoEstampado: 'Esperando estampado',
  esperandoEstampadoHint: 'Encargos en estado Listo para Estampar',
  columns: {
    rol: 'Rol',
    estudio: 'Estudio Jurídico',
    ejecutado: 'Ejecutado',
    tipoEncargo: 'Tipo de Encargo',
    desde: 'Esperando desde',
    dias: 'Días',
    resultado: 'Último resultado',
    documentos: 'Documentos',
    plazo: 'Plazo',
  },
  documentosDe: (rol: string) => `Documentos del rol ${rol}`,
  dias: (n: number) => (n === 1 ? '1 día' : `${n} días`),
  reEncargo: 'RE-ENCARGO',
  /** The nearest open deadline's badge: 'Vence 23-09' (YYYY-MM-DD in). */
  vence: (fecha: string) => `Vence ${fecha.slice(8, 10)}-${fecha.slice(5, 7)}`,
  venceTitulo: (tipo: string, fecha: string, vencido: boolean) =>
    `${tipo}: ${vencido ? 'venció' : 'vence'} el ${fecha.slice(8, 10)}-${fecha.slice(5, 7)}-${fecha.slice(0, 4)}`,
  empty: 'No hay encargos en esta cola',
  loadError: 'Error al cargar la cola de trabajo',
  total: (shown: number, total: number) => (shown < total ? `Mostrando ${shown} de ${total}` : `${total} encargos`),
} as const;
