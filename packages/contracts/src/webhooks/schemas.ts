import { z } from 'zod';
import { webhooksMessages as m } from './messages';

/**
 * Signed webhooks to a firm's systems: each endpoint receives the events it chose, as
 * `{id, tipo, creado, encargo: {id, numero_rol, tribunal}, datos}` signed in the `Receptoria-Firma` header.
 */
export const WEBHOOK_EVENTOS = [
  'solicitud.aceptada',
  'solicitud.rechazada',
  'encargo.creado',
  'visita.registrada',
  'encargo.notificado',
  'carta_art46.enviada',
  'estampado.emitido',
  'estampado.firmado',
  'estampado.subido',
  'plazo.por_vencer',
  'recibo.emitido',
  'pago.aplicado',
] as const;
export type WebhookEvento = (typeof WEBHOOK_EVENTOS)[number];
/** Each event as the screens name it (Spanish). */
export const WEBHOOK_EVENTO_LABELS: Record<WebhookEvento | 'ping', string> = {
  'solicitud.aceptada': 'Solicitud aceptada',
  'solicitud.rechazada': 'Solicitud rechazada',
  'encargo.creado': 'Encargo creado',
  'visita.registrada': 'Visita registrada',
  'encargo.notificado': 'Encargo notificado',
  'carta_art46.enviada': 'Carta art. 46 enviada',
  'estampado.emitido': 'Estampado emitido',
  'estampado.firmado': 'Estampado firmado',
  'estampado.subido': 'Estampado subido a la OJV',
  'plazo.por_vencer': 'Plazo por vencer',
  'recibo.emitido': 'Recibo emitido',
  'pago.aplicado': 'Pago aplicado',
  ping: 'Evento de prueba (ping)',
};
/** While a rotation overlaps, the previous secret still signs for this long. */
export const WEBHOOK_ROTACION_HORAS = 24;
/** The secret shown once: `whsec_` + 32 random bytes in hex. */
export const WEBHOOK_SECRETO_PREFIJO = 'whsec_';
export const WEBHOOK_FIRMA_HEADER = 'Receptoria-Firma';

/** http(s), a host (name, IPv4 or [IPv6]) with no user or password, an optional port and path. */
const URL_WEBHOOK = /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

const UrlSchema = z
  .string({ error: m.urlRequerida })
  .trim()
  .min(1, { error: m.urlRequerida })
  .max(2000, { error: m.urlLarga })
  .regex(URL_WEBHOOK, { error: m.urlInvalida });

const EventosSchema = z
  .array(z.enum(WEBHOOK_EVENTOS, { error: m.eventoInvalido }), { error: m.eventosRequeridos })
  .min(1, { error: m.eventosRequeridos })
  .max(WEBHOOK_EVENTOS.length)
  .transform((eventos) => [...new Set(eventos)]);

export const WebhookEndpointCreateSchema = z.object({
  url: UrlSchema,
  eventos: EventosSchema,
  activo: z.boolean().default(true),
});
export type WebhookEndpointCreate = z.infer<typeof WebhookEndpointCreateSchema>;

export const WebhookEndpointPatchSchema = z
  .object({ url: UrlSchema, eventos: EventosSchema, activo: z.boolean() })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: 'Indique qué cambiar' });
export type WebhookEndpointPatch = z.infer<typeof WebhookEndpointPatchSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  eventos: z.array(z.string()),
  activo: z.boolean(),
  secreto_rotado_en: z.string(),
  /** Until when the previous secret also signs (a rotation's 24 h), null when only one signs. */
  secreto_anterior_hasta: z.string().nullable(),
  /** Since when its deliveries fail (null when the last one succeeded). */
  fallando_desde: z.string().nullable(),
  /** Turned off by the platform after failing for 24 h (set active again to resume). */
  desactivado_por_fallas: z.boolean(),
  creado_en: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointCreadoSchema = z.object({ endpoint: WebhookEndpointSchema, secreto: z.string() });
/** A rotation's answer: the new secret (shown this once) and until when the previous one still signs. */
export const WebhookSecretoRotadoSchema = z.object({ endpoint: WebhookEndpointSchema, secreto: z.string(), anterior_valido_hasta: z.string() });
export type WebhookSecretoRotado = z.infer<typeof WebhookSecretoRotadoSchema>;
export type WebhookEndpointCreado = z.infer<typeof WebhookEndpointCreadoSchema>;
export const WebhookEndpointsListSchema = z.object({ results: z.array(WebhookEndpointSchema) });

export const WebhookEntregaSchema = z.object({
  id: z.number().int(),
  evento_id: z.string(),
  tipo: z.string(),
  intento: z.number().int(),
  enviado_en: z.string(),
  estado_http: z.number().int().nullable(),
  duracion_ms: z.number().int(),
  respuesta: z.string(),
  error: z.string().nullable(),
});
export type WebhookEntrega = z.infer<typeof WebhookEntregaSchema>;
export const WebhookEntregasListSchema = z.array(WebhookEntregaSchema);
export const WebhookMensajeSchema = z.object({ message: z.string(), evento_id: z.string().optional() });
