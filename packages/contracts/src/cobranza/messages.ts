/** Texts of the collection sheet (spec 02 §2.2, §5, §8). */
export const cobranzaMessages = {
  sinDatos: 'No hay datos para mostrar en la planilla',
  sinColumnas: 'Debe seleccionar al menos una columna',
  cargaError: (detail: string) => `Error al cargar los datos: ${detail}`,
  generarError: (detail: string) => `Error generando planilla: ${detail}`,
  fechaInvalida: 'Fecha inválida: use el formato AAAA-MM-DD',
  fechasExcluyentes: 'Use una fecha específica o un rango de fechas, no ambos',
  rangoInvertido: 'La fecha de inicio no puede ser posterior a la fecha de fin',
  estudioInvalido: 'Estudio jurídico inválido',
  columnaInvalida: 'Columna inválida',
  soloSinReciboInvalido: "El filtro 'sólo sin recibo' debe ser verdadero o falso",
  conRecibo: (roles: readonly string[]) =>
    roles.length === 1
      ? `El rol ${roles[0]} ya tiene recibo: quítelo de la planilla o desmarque 'sólo sin recibo'`
      : `Los roles ${roles.join(', ')} ya tienen recibo: quítelos de la planilla o desmarque 'sólo sin recibo'`,
  encargoInvalido: 'Encargo inválido',
  demasiadosEncargos: (max: number) => `La planilla admite hasta ${max} encargos`,
  encargosNoCobrables: (ids: readonly number[]) =>
    ids.length === 1
      ? `El encargo ${ids[0]} no existe, no está estampado o fue re-encargado`
      : `Los encargos ${ids.join(', ')} no existen, no están estampados o fueron re-encargados`,
  planillaNoEncontrada: 'Planilla no encontrada.',
  envioSinEstudio: 'Seleccione un estudio jurídico en los filtros para enviar la planilla por correo.',
  envioSinCorreos: (estudio: string) =>
    `El estudio ${estudio} no tiene correos de cobranza ni correo principal activos.`,
  planillaEnviada: (destinatarios: readonly string[]) => `Planilla enviada a ${destinatarios.join(', ')}`,
  asuntoCorreo: (estudio: string, periodo: string) => `Planilla de cobranza ${estudio} - ${periodo}`,
  todosLosEstudios: 'Todos los estudios',
  todoElPeriodo: 'Todo el período',
  /** The period as the mail's sentence says it ("… del estudio X de todo el período"). */
  periodoFrase: {
    todo: 'de todo el período',
    dia: (fecha: string) => `del ${fecha}`,
    rango: (desde: string, hasta: string) => `del ${desde} al ${hasta}`,
    desde: (fecha: string) => `desde el ${fecha}`,
    hasta: (fecha: string) => `hasta el ${fecha}`,
  },
  cuerpoCorreo: (estudio: string, periodo: string, encargos: number, total: string) =>
    `Adjuntamos la planilla de cobranza del estudio ${estudio} ${periodo}: ` +
    `${encargos === 1 ? '1 encargo estampado' : `${encargos} encargos estampados`} por un total de ${total}.`,
} as const;
