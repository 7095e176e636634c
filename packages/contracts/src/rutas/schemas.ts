import { z } from 'zod';
import { boundedString } from '../common/text';
import { rutaMessages as m } from './messages';
import { ESTADOS_EN_TERRENO } from '../ciclo-vida/eventos';

/** Assignment states whose addresses are planned into routes (spec 02 §4). */
export const RUTA_ESTADOS = ESTADOS_EN_TERRENO;

/** Google Maps directions take about ten places per link; longer routes are split into legs. */
export const MAX_PARADAS_POR_TRAMO = 10;
/** Upper bound of one generated route. */
export const MAX_DOMICILIOS_RUTA = 200;

const filterText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    boundedString(max, { tooLong: m.filtroDemasiadoLargo(max) })
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
  );

/** GET /rutas/domicilios_pendientes/?comuna&numero_rol */
export const RutaDomiciliosQuerySchema = z.object({
  comuna: filterText(100),
  numero_rol: filterText(30),
});
export type RutaDomiciliosQuery = z.output<typeof RutaDomiciliosQuerySchema>;

/** Route domicilio row (spec 02 §3). */
export const RutaDomicilioSchema = z.object({
  id: z.number().int(),
  encargo_id: z.number().int(),
  numero_rol: z.string(),
  ejecutado: z.string(),
  ejecutado_completo: z.string(),
  direccion: z.string(),
  comuna: z.string(),
  ciudad: z.string(),
  direccion_completa: z.string(),
  tipo_encargo: z.string(),
  fecha_encargo: z.string(),
  estudio_juridico: z.string(),
  estado_encargo: z.enum(RUTA_ESTADOS),
  es_principal: z.boolean(),
  referencias: z.string(),
});
export type RutaDomicilio = z.infer<typeof RutaDomicilioSchema>;

export const RutaDomiciliosResponseSchema = z.object({
  domicilios: z.array(RutaDomicilioSchema),
  comunas_disponibles: z.array(z.string()),
  estadisticas: z.object({
    total_domicilios: z.number().int(),
    total_encargos: z.number().int(),
    total_comunas: z.number().int(),
    por_estado: z.object({ pendiente: z.number().int(), preparado: z.number().int() }),
  }),
});
export type RutaDomiciliosResponse = z.infer<typeof RutaDomiciliosResponseSchema>;

const domicilioId = z
  .number({ error: m.domicilioInvalido })
  .int({ error: m.domicilioInvalido })
  .positive({ error: m.domicilioInvalido })
  .max(2_147_483_647, { error: m.domicilioInvalido });

/** POST /rutas/generar/ */
export const RutaGenerarSchema = z.object({
  domicilio_ids: z
    .array(domicilioId, { error: m.seleccionRequerida })
    .min(1, { error: m.seleccionRequerida })
    .max(MAX_DOMICILIOS_RUTA, { error: m.demasiadosDomicilios(MAX_DOMICILIOS_RUTA) }),
});
export type RutaGenerarInput = z.infer<typeof RutaGenerarSchema>;

export const RutaParadaSchema = z.object({
  orden: z.number().int(),
  numero_rol: z.string(),
  direccion: z.string(),
  comuna: z.string(),
  ciudad: z.string(),
  direccion_google_maps: z.string(),
});
export type RutaParada = z.infer<typeof RutaParadaSchema>;

/** A leg of at most MAX_PARADAS_POR_TRAMO stops; a leg starts where the previous one ended. */
export const RutaTramoSchema = z.object({
  numero: z.number().int(),
  desde: z.number().int(),
  hasta: z.number().int(),
  url_google_maps: z.string(),
});
export type RutaTramo = z.infer<typeof RutaTramoSchema>;

/** Generated route (spec 02 §3) plus its legs. */
export const RutaGeneradaSchema = z.object({
  total_domicilios: z.number().int(),
  ruta_google_maps_texto: z.string(),
  url_google_maps: z.string(),
  punto_partida: z.string(),
  domicilios: z.array(RutaParadaSchema),
  tramos: z.array(RutaTramoSchema),
});
export type RutaGenerada = z.infer<typeof RutaGeneradaSchema>;

/** 'direccion, comuna, ciudad, Chile' (spec 02 §7). */
export function direccionGoogleMaps(parada: { direccion: string; comuna: string; ciudad: string }): string {
  return [parada.direccion, parada.comuna, parada.ciudad, 'Chile'].map((part) => part.trim()).filter(Boolean).join(', ');
}

/** A directions link: each place url-encoded, joined by slashes (spec 02 §7). */
export function googleMapsDirUrl(places: readonly string[]): string {
  return `https://www.google.com/maps/dir/${places.map((place) => encodeURIComponent(place)).join('/')}`;
}
