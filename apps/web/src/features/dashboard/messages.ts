export const dashboardMessages = {
  greetingMorning: 'Buenos días',
  greetingAfternoon: 'Buenas tardes',
  greetingEvening: 'Buenas noches',
  subtitle: 'Panel principal',
  modules: 'Módulos',
  moreTools: 'Herramientas',
  moduleDenied: 'No tienes permisos para acceder a este módulo',
  noAccess: 'Sin acceso',
  notes: {
    title: 'Apuntes personales',
    placeholder: 'Escriba sus apuntes...',
    save: 'Guardar',
    saved: 'Guardado',
    updatedAt: 'Actualizado el',
    neverSaved: 'Sin guardar todavía',
    hint: 'Enter continúa la viñeta; Enter en una viñeta vacía la quita.',
    eraseTitle: '¿Borrar sus apuntes?',
    eraseText: 'Se borrará el apunte guardado y el cuadro quedará vacío. Esta acción no se puede deshacer.',
    eraseConfirm: 'Borrar apuntes',
  },
  indicators: {
    title: 'Indicadores económicos',
    uf: 'UF',
    ipc: 'IPC',
    dolar: 'Dólar',
    fallback: 'Datos de respaldo',
    connectionError: 'Error de conexión',
  },
  cierre: {
    hoy: (fecha: string) => `Hoy, ${fecha}`,
    anterior: 'Día anterior',
    siguiente: 'Día siguiente',
    sinResultadosCorto: 'Sin resultados',
    encargos: (n: number) => (n === 1 ? '1 encargo' : `${n} encargos`),
  },
  workflow: {
    title: 'Flujo de trabajo',
    preparado: 'Preparados',
    listo_para_estampar: 'Listos para estampar',
    estampado: 'Estampados',
  },
} as const;

export const dashboardCards = {
  nuevoEncargo: {
    title: 'Nuevo Encargo',
    description: 'Cree un encargo completo directamente en estado preparado, con membrete y ficha terreno.',
  },
  diligencias: {
    title: 'Resultados y Estampados',
    description: 'Registre los resultados de las diligencias y genere los estampados desde plantillas.',
  },
  cobranza: {
    title: 'Cobranza',
    description: 'Prepare las planillas de cobranza de los encargos estampados por estudio.',
  },
  verPendientes: { title: 'Ver Pendientes', description: 'Encargos pendientes, preparados y listos para firmar' },
  plantillas: { title: 'Plantillas', description: 'Gestione las plantillas de documentos' },
  administrarEstudios: { title: 'Administrar Estudios', description: 'Registre y configure estudios jurídicos' },
  carpetas: { title: 'Carpetas', description: 'Acceda a las carpetas de estampados y cobranza' },
} as const;
