/** Texts of the office's visits timeline (issue 23); labels of results and relations come from the contracts. */
export const visitasTimelineMessages = {
  title: 'Visitas en terreno',
  cargando: 'Cargando visitas…',
  errorCargar: 'No se pudieron cargar las visitas del encargo.',
  reintentar: 'Reintentar',
  vacio: 'Aún no hay visitas registradas para este encargo.',
  por: 'Por',
  informante: 'Informante',
  mapa: (precision: number) => `Ver punto en el mapa (±${Math.round(precision)} m)`,
  sinUbicacion: 'Sin ubicación',
  foto: (n: number) => `Foto ${n}`,
  corrige: 'Corrige una visita anterior',
  corregida: 'Corregida por una visita posterior',
  registrada: (cuando: string) => `Registrada ${cuando}`,
} as const;
