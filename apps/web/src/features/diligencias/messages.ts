/**
 * UI texts of Resultados y Estampados (spec 02 §2.1). Validation and server messages come from the
 * contracts (diligenciaMessages, estampadoMessages) so the form and the API say the same words.
 */
export const diligenciasMessages = {
  title: 'Resultados y Estampados',
  subtitle: 'Registre los resultados de la diligencia y genere el estampado del encargo.',
  volver: 'Volver a Resultados y Estampados',
  /** The typed results were stored on the way to 'Generar Estampado'. */
  resultadosGuardadosAntes: 'Resultados guardados',
  /** The results form was filled from the latest field visit (issue 23). */
  desdeVisita: (cuando: string, resultado: string) => `Resultados tomados de la visita en terreno (${cuando}, ${resultado}); revíselos antes de guardar.`,

  search: {
    section: 'Buscar Encargo',
    label: 'Número de rol',
    placeholder: 'C-123-2024',
    button: 'Buscar',
  },

  picker: {
    estado: 'Estado',
    fechaIngreso: 'Fecha de ingreso',
    estudio: 'Estudio jurídico',
    ejecutado: 'Ejecutado',
    demandante: 'Demandante',
    demandado: 'Demandado',
    valor: 'Valor',
  },

  info: {
    section: 'Información del Encargo',
    readOnly: 'No editable',
    estadoEstampado: 'Estado del estampado',
    labels: {
      numero_rol: 'Número de rol',
      estudio: 'Estudio jurídico',
      parte_demandante: 'Parte demandante',
      tribunal: 'Tribunal',
      tipo_causa: 'Tipo de causa',
      tipo_encargo: 'Tipo de encargo',
      fecha_encargo: 'Fecha del encargo',
      partes: 'Partes',
      ejecutados: 'Ejecutados',
      rut_ejecutado: 'RUT del demandado',
      rut_representante_legal: 'RUT del representante legal',
      direccion: 'Dirección',
      comuna: 'Comuna',
      ciudad: 'Ciudad',
      fecha_retiro: 'Fecha de retiro',
      fecha_demanda: 'Fecha de la demanda',
      fecha_resolucion: 'Fecha de la resolución',
      fecha_comparendo: 'Fecha de comparendo',
      fecha_prueba: 'Fecha de prueba',
      cuantia: 'Cuantía',
      numero_operacion: 'Número de operación',
      observaciones_encargo: 'Observaciones',
      observacion_retiro: 'Observación de retiro',
      motivo_no_realizable: 'Motivo no realizable',
    },
    placeholders: {
      fecha: 'dd/mm/aaaa',
      fechaHora: 'dd/mm/aaaa hh:mm',
      rut: '12345678-9',
      select: 'Seleccione...',
    },
  },

  resultados: {
    section: 'Resultados de Diligencia',
    tipo: 'Tipo de estampado',
    tipoPlaceholder: 'Seleccione el resultado',
    tratamiento: 'Tratamiento',
    don: 'don',
    dona: 'doña',
    fecha: 'Fecha y hora de la diligencia',
    fechaPlaceholder: 'DD/MM/AAAA HH:MM',
    fechaHint: 'Acepta AAAA-MM-DD, DD/MM/AAAA o DD/MM/AAAA HH:MM (sin hora, se pedirá al generar el estampado)',
    fechaInvalida: 'Fecha inválida',
    informante: 'Informante',
    informantePlaceholder: 'Nombre de quien informó en el domicilio',
    relacion: 'Relación',
    relacionPlaceholder: 'Elija o escriba (conserje, vecino, …)',
    relacionHint: 'Relación del informante con la persona buscada',
    apuntes: 'Apuntes del receptor en terreno',
    apuntesPlaceholder: 'Qué ocurrió en la diligencia',
    valor: 'Valor personalizado (opcional)',
    valorHint: (valor: string) => `Valor por defecto: ${valor}`,
    observaciones: 'Observaciones de la diligencia',
    observacionesHint: 'Obligatorias si especifica un valor personalizado',
    lugar: 'Lugar del requerimiento',
    lugarPlaceholder: 'Seleccione dónde se hizo el requerimiento',
    diasTabla: 'Días de la tabla de emplazamiento',
    diasTablaHint: 'Entre 0 y 60 días, según la tabla de emplazamiento',
    venceExcepciones: (fecha: string) => `Vence excepciones: ${fecha}`,
    otherStateInfo: (estado: string) =>
      `Este encargo está en estado "${estado}": solo se puede generar el estampado.`,
  },

  resumen: {
    section: 'Resumen para Estampado',
    rol: 'Rol',
    estado: 'Estado',
    estadoEstampado: 'Estado del estampado',
    fechaEstampado: 'Fecha del estampado',
    tipo: 'Tipo de estampado',
    fecha: 'Fecha de la diligencia',
    ejecutado: 'Ejecutado',
    domicilio: 'Domicilio',
    valor: 'Valor',
    titulo: 'Título del documento',
    empty: 'Busque un encargo para ver el resumen.',
    noEspecificado: 'No especificado',
  },

  actions: {
    clear: 'Limpiar Formulario',
    later: 'Estampar Más Tarde',
    generate: 'Generar Estampado',
    open: 'Abrir documento',
    disabledGenerate: 'Seleccione el tipo de estampado y la fecha de la diligencia',
    disabledLater: 'Seleccione el tipo de estampado, la fecha y escriba los apuntes',
    preview: 'Vista previa',
  },

  readOnly: {
    title: 'Solo lectura',
    text: 'Su usuario no tiene el módulo Estampar: puede consultar los encargos y sus documentos, pero no registrar resultados ni generar estampados.',
  },

  hora: {
    title: 'Hora de la diligencia',
    text: (fecha: string) =>
      `La diligencia${fecha ? ` del ${fecha}` : ''} se registró solo con la fecha. Indique la hora en que se realizó: el certificado la dice.`,
    label: 'Hora de la diligencia',
    placeholder: 'HH:MM',
    hint: 'Formato de 24 horas, por ejemplo 16:45',
    cancel: 'Cancelar',
    confirm: 'Generar Estampado',
  },

  preview: {
    title: 'Vista previa del estampado',
    intro: 'Así se leerá el certificado con los datos ingresados. Aún no se ha guardado ni generado nada.',
    faltantes: 'Marcadores sin valor',
    advertencias: 'Advertencias',
    close: 'Cerrar',
    generate: 'Generar Estampado',
    error: (detail: string) => `No se pudo generar la vista previa: ${detail}`,
  },

  receptor: {
    completar: 'Completar mis datos de receptor',
  },

  documentos: {
    loadError: 'Error al cargar los documentos del encargo',
    tipo: 'Tipo',
    fecha: 'Fecha',
    autor: 'Autor',
    abierto: 'Abierto',
    sinAbrir: 'Sin abrir',
    docx: 'DOCX',
    pdf: 'PDF',
    eliminar: 'Eliminar',
    eliminarAria: (titulo: string) => `Eliminar ${titulo}`,
    confirmTitle: '¿Eliminar el documento?',
    confirmText: (titulo: string) =>
      `Se eliminará "${titulo}" (Word y PDF). El encargo y sus resultados no cambian. Esta acción no se puede deshacer.`,
    errorEliminar: 'Error al eliminar el documento',
    ver: 'Documentos',
    ocultar: 'Ocultar documentos',
  },





  estampar: {
    title: 'Generar Estampado',
    subtitle: 'Busque el rol, elija el encargo y el tipo de estampado.',
    encargo: 'Encargo',
    encargoPlaceholder: 'Seleccione el encargo',
    encargoOption: (rol: string, re: boolean, estado: string, fecha: string, ejecutado: string) =>
      `${rol} · ${re ? 'RE-ENCARGO' : 'ORIGINAL'} · ${estado} · ${fecha} · ${ejecutado}`,
    generate: 'Generar Estampado',
  },
} as const;
