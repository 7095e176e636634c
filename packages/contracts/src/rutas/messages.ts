/** Texts of route planning (spec 02 §2.3, §5, §8). */
export const rutaMessages = {
  seleccionRequerida: 'Selecciona al menos un domicilio para generar la ruta',
  demasiadosDomicilios: (max: number) => `Puede incluir hasta ${max} domicilios en una ruta`,
  domicilioInvalido: 'Domicilio inválido',
  domiciliosNoDisponibles: (ids: readonly number[]) =>
    ids.length === 1
      ? `El domicilio ${ids[0]} no existe o su encargo no está pendiente ni preparado`
      : `Los domicilios ${ids.join(', ')} no existen o sus encargos no están pendientes ni preparados`,
  sinDomicilios: 'No hay domicilios disponibles para generar rutas',
  cargaError: 'Error al cargar domicilios',
  generarError: 'Error al generar la ruta',
  generada: (total: number) => `Ruta generada con ${total} domicilios`,
  copiada: 'Ruta copiada al portapapeles',
  copiarError: 'Error al copiar la ruta',
  sinRuta: 'No hay ruta generada para copiar',
  sinUrl: 'No hay URL de Google Maps disponible',
  abriendo: 'Abriendo ruta en Google Maps...',
  filtroDemasiadoLargo: (max: number) => `Máximo ${max} caracteres`,
} as const;
