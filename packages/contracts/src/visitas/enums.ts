/**
 * Field work (issue 23): what a receiver records at the address, each value with the Spanish label the
 * phone's buttons and the office timeline show.
 */

/** What the receiver went to do. */
export const TIPOS_VISITA = ['busqueda', 'notificacion', 'requerimiento', 'embargo', 'otra'] as const;
export type TipoVisita = (typeof TIPOS_VISITA)[number];

export const TIPO_VISITA_LABELS: Record<TipoVisita, string> = {
  busqueda: 'Búsqueda',
  notificacion: 'Notificación',
  requerimiento: 'Requerimiento de pago',
  embargo: 'Embargo',
  otra: 'Otra diligencia',
};

/**
 * What happened. `domicilio_confirmado`: the person was not found, but the address is their dwelling and
 * they are in the place of the trial (a positive búsqueda for art. 44). The `negativa_*` end the attempt at
 * that address with a reason.
 */
export const RESULTADOS_VISITA = [
  'habido',
  'domicilio_confirmado',
  'negativa_no_reside',
  'negativa_domicilio_incompleto',
  'negativa_numeracion_inexistente',
  'negativa_desconocido',
  'negativa_inmueble_deshabitado',
  'notificado_personal',
  'notificado_art44',
  'notificado_cedula',
  'requerido_pago',
  'otro',
] as const;
export type ResultadoVisita = (typeof RESULTADOS_VISITA)[number];

/** Button labels (short, for the phone). */
export const RESULTADO_VISITA_LABELS: Record<ResultadoVisita, string> = {
  habido: 'Habido',
  domicilio_confirmado: 'Domicilio confirmado',
  negativa_no_reside: 'No reside',
  negativa_domicilio_incompleto: 'Domicilio incompleto',
  negativa_numeracion_inexistente: 'Numeración inexistente',
  negativa_desconocido: 'Desconocido en el domicilio',
  negativa_inmueble_deshabitado: 'Inmueble deshabitado',
  notificado_personal: 'Notificado personalmente',
  notificado_art44: 'Notificado art. 44',
  notificado_cedula: 'Notificado por cédula',
  requerido_pago: 'Requerido de pago',
  otro: 'Otro',
};

/** The negative results: each ends the attempt at that address with its reason. */
export const RESULTADOS_NEGATIVOS = [
  'negativa_no_reside',
  'negativa_domicilio_incompleto',
  'negativa_numeracion_inexistente',
  'negativa_desconocido',
  'negativa_inmueble_deshabitado',
] as const satisfies readonly ResultadoVisita[];

export function esResultadoNegativo(resultado: ResultadoVisita): boolean {
  return (RESULTADOS_NEGATIVOS as readonly string[]).includes(resultado);
}

/** Who gave the account at the address. */
export const RELACIONES_INFORMANTE = ['conserje', 'vecino', 'familiar', 'empleado', 'el_mismo', 'otro'] as const;
export type RelacionInformante = (typeof RELACIONES_INFORMANTE)[number];

export const RELACION_INFORMANTE_LABELS: Record<RelacionInformante, string> = {
  conserje: 'Conserje',
  vecino: 'Vecino(a)',
  familiar: 'Familiar',
  empleado: 'Empleado(a)',
  el_mismo: 'El mismo / la misma',
  otro: 'Otro',
};

/** Where the visit was typed: on the phone at the address, or afterwards in the office. */
export const ORIGENES_VISITA = ['terreno', 'oficina'] as const;
export type OrigenVisita = (typeof ORIGENES_VISITA)[number];

export const ORIGEN_VISITA_LABELS: Record<OrigenVisita, string> = {
  terreno: 'En terreno',
  oficina: 'En oficina',
};

/**
 * Art. 44 state of one address of one assignment: how many Santiago calendar days with a
 * `domicilio_confirmado` visit (0, 1, 2 or more), or `notificado` once a `notificado_art44` visit exists.
 */
export const ESTADOS_ART44 = ['sin_busquedas', 'una_busqueda', 'lista_para_art44', 'notificado'] as const;
export type EstadoArt44 = (typeof ESTADOS_ART44)[number];

export const ESTADO_ART44_LABELS: Record<EstadoArt44, string> = {
  sin_busquedas: 'Sin búsquedas',
  una_busqueda: '1 búsqueda positiva',
  lista_para_art44: 'Lista para art. 44',
  notificado: 'Notificado art. 44',
};

/** Photos: JPEG, PNG or WebP (by their first bytes), at most 5 MiB each and 4 per visit. */
export const FOTO_TIPOS_MIME = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type FotoTipoMime = (typeof FOTO_TIPOS_MIME)[number];
export const FOTO_MAX_BYTES = 5 * 1024 * 1024;
export const FOTOS_MAX_POR_VISITA = 4;
/** The browser resizes photos to at most this many pixels on their longer side before upload. */
export const FOTO_LADO_MAX_PX = 1600;
/** A photo link works this long without a bearer (its expiry is inside the signed part). */
export const FOTO_ENLACE_SEGUNDOS = 600;

export const VISITA_APUNTES_MAX = 2000;
export const INFORMANTE_NOMBRE_MAX = 150;
export const NUMERO_SEGUIMIENTO_MAX = 40;

/** The stamp-type code of the certificate of the art. 46 letter. */
export const TIPO_ESTAMPADO_CARTA_ART_46 = 'certificado_carta_art46';
