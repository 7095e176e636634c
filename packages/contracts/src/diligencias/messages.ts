/** Messages of Resultados y Estampados (spec 02 §4, §5 and §8), word for word. */
export const diligenciaMessages = {
  encargoRequerido: 'Primero debes buscar y seleccionar un encargo',
  diligenciaRequerida: 'Primero debes buscar y seleccionar una diligencia',
  tipoRequerido: 'Debes seleccionar un tipo de estampado',
  tipoInvalido: 'Tipo de estampado no válido',
  estadoNoPermitido: (estado: string) =>
    `Este encargo está en estado "${estado}". Solo se pueden registrar resultados para encargos en estado "preparado" o "listo para estampar".`,
  estadoNoPermitidoEstampar: (estado: string) =>
    `Rol en estado "${estado}". Debe estar en "Preparado" o "Listo para Estampar".`,
  fechaRequerida: 'Debes especificar la fecha y hora de la diligencia',
  fechaInvalida: 'Fecha y hora inválidas',
  apuntesRequeridos: 'Debes escribir los apuntes del receptor en terreno',
  motivoValorRequerido: 'Si especificas un valor personalizado, debes indicar el motivo en las observaciones',
  valorInvalido: 'El valor debe ser un monto numérico en pesos',
  valorNegativo: 'El valor no puede ser negativo',
  valorMaximo: 'El valor excede el máximo permitido',
  tratamientoInvalido: 'Tratamiento inválido',
  cambiarEstadoInvalido: 'Estado de destino inválido',
  textoDemasiadoLargo: (max: number) => `Máximo ${max} caracteres`,
  resultadosGuardados: 'Resultados guardados. El encargo está listo para estampar cuando lo necesites.',
  errorGuardarResultados: 'Error al guardar los resultados',
  errorGuardarResultadosReintentar: 'Error al guardar los resultados. Por favor, intenta nuevamente.',
  encargoNoEncontrado: 'No se encontró el encargo',
  rolNoEncontrado: (rol: string) =>
    `No se encontró ningún encargo con el rol "${rol}". Verifique que el rol existe y tiene resultados registrados.`,
  variosEncargos: (rol: string, n: number) =>
    `El rol "${rol}" tiene ${n} encargos. Indique cuál con encargo_id.`,
  encargoNoCorrespondeRol: 'El encargo indicado no corresponde al rol',
  errorBuscarEncargo: 'Error al buscar el encargo',
  errorCargarDatos: 'Error al cargar datos del sistema',
  encargoCargado: 'Encargo cargado',
  rolBusquedaVacia: 'Ingresa un número de rol para buscar',
  sinEstampar: 'Sin estampar',
  estadoActualizado: 'Estado actualizado correctamente',
  errorActualizarEstado: 'Error al actualizar el estado del encargo',
  documentoInvalido: 'El documento indicado no es válido',
  documentoNoCorresponde: 'El documento no corresponde al rol indicado',
  fechaEstampadoRequerida: 'La fecha de estampado es requerida',
  fechaEstampadoGuardada: 'Fecha de estampado guardada',
  observacionEstampadoAutomatica: 'Estampado generado automáticamente',
  cambiosGuardados: 'Cambios guardados exitosamente',
  errorGuardarCambios: 'Error al guardar los cambios',
  sinCambios: 'No se indicaron campos para actualizar',
  campoModificado: 'Campo modificado',
  horaInformadaInvalida: 'Indique si la hora de la diligencia fue informada (sí o no)',
  /** A generated certificate needs its diligence on record first (issue 30). */
  primeroResultados: 'Primero registre los resultados de la diligencia',
  horaRequerida: 'Indique la hora de la diligencia: se registró solo la fecha',
  horaInvalida: 'Hora inválida: use el formato HH:MM',
  sinDiligenciaEstampado:
    'El encargo no tiene resultados registrados: registre la diligencia antes de marcarlo como estampado',
  firmaInvalida: 'Indique si la persona notificada firmó: firmó, no quiso firmar o no supo o no pudo firmar',
  firmaNotificado: '¿Firmó la persona notificada? (art. 43 CPC)',
  informante: 'Informante',
  informanteRelacion: 'Relación con la persona buscada',
} as const;

/** Suggestions of the informant's relation (free text is accepted too). */
export const INFORMANTE_RELACIONES = [
  'conserje',
  'vecino',
  'vecina',
  'familiar',
  'cónyuge',
  'hijo',
  'hija',
  'empleado',
  'empleada',
  'arrendatario',
  'el mismo',
  'la misma',
  'otro',
] as const;

/** Labels of the tratamiento choice in the results form (feeds the <<tratamiento>> marker). */
export const TRATAMIENTOS = ['', 'don', 'doña'] as const;
export const TRATAMIENTO_LABELS: Record<(typeof TRATAMIENTOS)[number], string> = {
  '': 'Sin tratamiento',
  don: 'Don',
  doña: 'Doña',
};
