/** Fixed choice lists of spec 01 §9. */

/** Comunas offered by the new-assignment and firm forms (16). */
export const COMUNAS = [
  'Santiago',
  'Las Condes',
  'Providencia',
  'Ñuñoa',
  'La Reina',
  'Vitacura',
  'Maipú',
  'Puente Alto',
  'San Bernardo',
  'Quilicura',
  'Peñalolén',
  'La Florida',
  'Macul',
  'Independencia',
  'Recoleta',
  'Conchalí',
] as const;

/** Cities offered by the assignment forms (46), Santiago first, down to San Javier. */
export const CIUDADES = [
  'Santiago',
  'Valparaíso',
  'Viña del Mar',
  'Concepción',
  'La Serena',
  'Coquimbo',
  'Antofagasta',
  'Calama',
  'Temuco',
  'Iquique',
  'Alto Hospicio',
  'Rancagua',
  'Puerto Montt',
  'Talca',
  'Arica',
  'Chillán',
  'Los Ángeles',
  'Osorno',
  'Valdivia',
  'Copiapó',
  'Punta Arenas',
  'Coyhaique',
  'Quilpué',
  'Villa Alemana',
  'San Antonio',
  'Curicó',
  'Linares',
  'Ovalle',
  'Vallenar',
  'San Fernando',
  'Talcahuano',
  'Coronel',
  'Quillota',
  'Los Andes',
  'San Felipe',
  'Melipilla',
  'Talagante',
  'Buin',
  'Colina',
  'Angol',
  'Castro',
  'Puerto Varas',
  'Ancud',
  'Constitución',
  'Parral',
  'San Javier',
] as const;

/** Cities offered by the firm form (11). */
export const CIUDADES_ESTUDIO = [
  'Santiago',
  'Valparaíso',
  'Viña del Mar',
  'Concepción',
  'La Serena',
  'Antofagasta',
  'Temuco',
  'Rancagua',
  'Talca',
  'Puerto Montt',
  'Iquique',
] as const;

/** Suggestions for observaciones; the longest sets OBSERVACIONES_MAX_LENGTH (34 characters). */
export const OBSERVACIONES_SUGERIDAS = [
  'Considerar distancia',
  'Es muy urgente',
  'Es urgente',
  'Diligencia pagada',
  'Solicitar aprobación por distancia',
] as const;

/** Suggestions for the special reason (estado especial). */
export const ESTADOS_ESPECIALES_SUGERIDOS = ['No a lugar', 'No corresponde Jurisdicción', 'No en Letra', 'Suspendido'] as const;
