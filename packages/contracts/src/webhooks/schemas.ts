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
  creado_en: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointCreadoSchema = z.object({ endpoint: WebhookEndpointSchema, secreto: z.string() });
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
