/** Validation and server messages of the assignment area (spec 01 §5 and §8), word for word. */
export const encargoMessages = {
  fechaRequerida: 'La fecha es requerida',
  fechaEncargoRequerida: 'La fecha del encargo es requerida',
  fechaInvalida: 'Fecha inválida',
  fechaHoraInvalida: 'Fecha y hora inválidas',
  rolRequerido: 'El número de rol es requerido',
  rolFormato: 'Formato inválido (ej: C-123-2024)',
  estudioRequerido: 'El estudio jurídico es requerido',
  parteDemandanteRequerida: 'La parte demandante es requerida',
  tribunalRequerido: 'El tribunal es requerido',
  tipoCausaRequerido: 'El tipo de causa es requerido',
  tipoEncargoRequerido: 'El tipo de encargo es requerido',
  partesRequeridas: 'Las partes son requeridas',
  minimo3: 'Mínimo 3 caracteres',
  maximo30: 'Máximo 30 caracteres',
  fechaRetiroRequerida: 'La fecha de retiro es requerida',
  fechaDemandaRequerida: 'La fecha de la demanda es requerida',
  fechaResolucionRequerida: 'La fecha de la resolución es requerida',
  cuantiaRequerida: 'La cuantía es requerida',
  cuantiaNumerica: 'La cuantía debe ser numérica',
  cuantiaNegativa: 'La cuantía no puede ser negativa',
  cuantiaMaxima: 'La cuantía excede el máximo permitido',
  rutEjecutadoRequerido: 'El RUT del demandado es requerido',
  rutEjecutadoInvalido: 'El RUT del demandado no es válido. Formato: 12345678-9',
  rutRepresentanteInvalido: 'El RUT del representante legal no es válido. Formato: 12345678-9',
  /** Message under a RUT field while typing. */
  rutFormatoCampo: 'Formato: 12345678-9 (sin puntos)',
  /** Debtor RUT on the modify screen. */
  rutInvalido: 'RUT inválido',
  ejecutadosRequeridos: 'Los ejecutados son requeridos',
  observacionesRequeridas: 'Las observaciones son requeridas',
  direccionRequerida: 'La dirección es requerida',
  comunaRequerida: 'La comuna es requerida',
  ciudadRequerida: 'La ciudad es requerida',
  domicilioValidoRequerido: 'Debe agregar al menos un domicilio válido',
  unSoloPrincipal: 'Solo un domicilio puede ser principal',
  textoDemasiadoLargo: (max: number) => `Máximo ${max} caracteres`,
  camposRequeridosFaltantes: (campos: readonly string[]) => `Campos requeridos faltantes: ${campos.join(', ')}`,
  botonDeshabilitado: 'Complete todos los campos obligatorios para habilitar este botón',
  membreteFaltantes: (campos: readonly string[]) =>
    `Debe completar todos los campos obligatorios antes de generar el membrete: ${campos.join(', ')}`,
  fichaFaltantes: (campos: readonly string[]) =>
    `Debe completar todos los campos obligatorios antes de generar la ficha terreno: ${campos.join(', ')}`,
  rolBusquedaVacia: 'Ingresa un número de rol para buscar',
  primeroBuscarOriginal: 'Primero debes buscar y seleccionar un encargo original',
  rolNoEncontrado: (rol: string) =>
    `No se encontró ningún encargo con el rol "${rol}". Verifique que el rol existe y tiene la ficha completada.`,
  rolEnPendiente: (rol: string) =>
    `Encargo "${rol}" encontrado pero en estado "Pendiente". Primero complete la ficha en Menú 2.2 - Completar Ficha.`,
  reEncargoDePendiente: (rol: string) =>
    `No se puede re-encargar el encargo "${rol}" porque está en estado "Pendiente". Primero complete la ficha en Menú 2.2 - Completar Ficha.`,
  encargoNoEncontrado: 'No se encontró el encargo',
  encargoOriginalNoEncontrado: 'No se encontró el encargo original',
  estudioNoExiste: 'El estudio jurídico seleccionado no existe',
  estudioInactivo: 'El estudio jurídico seleccionado está inactivo',
  parteNoPertenece: 'La parte demandante no pertenece al estudio jurídico seleccionado',
  tribunalNoExiste: 'El tribunal seleccionado no existe',
  tipoCausaNoExiste: 'El tipo de causa seleccionado no existe',
  tipoEncargoNoExiste: 'El tipo de encargo seleccionado no existe',
  estadoInvalido: 'Estado inválido',
  paginaInvalida: 'Página inválida',
  tamanoPaginaInvalido: 'El tamaño de página debe estar entre 1 y 100',
  busquedaDemasiadoLarga: 'La búsqueda no puede superar los 100 caracteres',
  motivoReEncargo: 'Re-encargo con datos actualizados',
  alarmaCreada: (fechaHora: string) => `Alarma creada para Comparendo/Prueba: ${fechaHora}`,
} as const;

/** The one list of assignment field labels: form fields, toasts and 'Campos requeridos faltantes: …'. */
export const ENCARGO_FIELD_LABELS = {
  fecha_encargo: 'Fecha del encargo',
  estudio_juridico: 'Estudio jurídico',
  parte_demandante: 'Parte demandante',
  tribunal: 'Tribunal',
  numero_rol: 'Número de rol',
  tipo_causa: 'Tipo de causa',
  tipo_encargo: 'Tipo de encargo',
  partes: 'Partes',
  fecha_retiro: 'Fecha de retiro',
  fecha_demanda: 'Fecha de la demanda',
  fecha_resolucion: 'Fecha de la resolución',
  cuantia: 'Cuantía',
  rut_ejecutado: 'RUT del demandado',
  rut_representante_legal: 'RUT del representante legal',
  numero_operacion: 'Número de operación',
  ejecutados: 'Ejecutados',
  domicilios: 'Domicilio',
  fecha_comparendo: 'Fecha de comparendo',
  fecha_prueba: 'Fecha de prueba',
  observaciones_encargo: 'Observaciones',
  estado_especial: 'Estado especial',
  observacion_re_encargo: 'Observación del re-encargo',
} as const;

/** Idempotent creation (issue 11): the header and its messages. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyMessages = {
  claveInvalida: 'La clave de idempotencia debe tener entre 8 y 100 letras, dígitos o guiones',
  claveReutilizada:
    'Esta solicitud ya se registró con otros datos. Recargue el formulario antes de registrar un encargo distinto.',
} as const;
