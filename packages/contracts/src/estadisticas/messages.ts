/** Texts of Estadísticas e Informes (spec 02 §2.5, §8). */
export const estadisticaMessages = {
  fechaInvalida: 'Fecha inválida: use el formato AAAA-MM-DD',
  mesInvalido: 'Mes inválido: use el formato AAAA-MM',
  errorTitulo: 'No se pueden cargar las estadísticas',
  error401: 'Error de autenticación: Token inválido o expirado.',
  error403: 'Error de permisos: No tiene acceso a las estadísticas.',
  error404: 'Error: Endpoints de estadísticas no encontrados en el servidor.',
  error5xx: 'Error del servidor: El sistema de estadísticas no está respondiendo.',
  errorConexion: 'Error de conexión: No se pudo conectar con el sistema de estadísticas.',
  errorInesperado: 'Error inesperado al cargar los datos',
  alertaEsperaLarga: (n: number, dias: number) =>
    n === 1
      ? `Hay 1 encargo pendiente o preparado con más de ${dias} días de antigüedad`
      : `Hay ${n} encargos pendientes o preparados con más de ${dias} días de antigüedad`,
  alertaSinEstampar: (n: number, dias: number) =>
    n === 1 ? `1 encargo lleva más de ${dias} días listo para estampar` : `${n} encargos llevan más de ${dias} días listos para estampar`,
  alertaCaidaVolumen: (estudio: string, porcentaje: number) =>
    `El volumen de ${estudio} cayó un ${porcentaje}% respecto del mes anterior`,
  alertaSinActividad: 'No hay encargos con resultados registrados en el mes',
} as const;
