import { z } from 'zod';
import { boundedString, idSchema } from '../common/text';
import { isValidIsoDate } from '../format/dates';
import { EMAIL_PATTERN } from '../estudios/schemas';
import { informeMessages as m } from './messages';

export const FRECUENCIAS = ['diario', 'semanal', 'mensual'] as const;
export const FrecuenciaSchema = z.enum(FRECUENCIAS, { error: m.frecuenciaInvalida });
export type Frecuencia = z.infer<typeof FrecuenciaSchema>;

export const FORMATOS_INFORME = ['excel'] as const;

const flag = z.boolean({ error: m.booleano });

/** Optional e-mail: blank becomes ''. */
const optionalEmail = (message: string) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : typeof value === 'string' ? value.trim().toLowerCase() : value),
    boundedString(254).refine((value) => value === '' || EMAIL_PATTERN.test(value), { error: message }),
  );

// ---------------------------------------------------------------------------------------------
// Configuration (spec 01 §3 report configuration; §7 configuracion_informes)

export const ConfiguracionInformesSchema = z.object({
  informes_activos: flag,
  diario: flag,
  semanal: flag,
  mensual: flag,
  formato: z.enum(FORMATOS_INFORME, { error: m.formatoInvalido }),
  correo_raiz: z.string(),
});
export type ConfiguracionInformes = z.infer<typeof ConfiguracionInformesSchema>;

export const ConfiguracionInformesInputSchema = z.object({
  informes_activos: flag.default(false),
  diario: flag.default(false),
  semanal: flag.default(false),
  mensual: flag.default(false),
  formato: z.enum(FORMATOS_INFORME, { error: m.formatoInvalido }).default('excel'),
  correo_raiz: optionalEmail(m.correoRaizFormato).default(''),
});
export type ConfiguracionInformesInput = z.infer<typeof ConfiguracionInformesInputSchema>;

export const GuardarConfiguracionResponseSchema = z.object({
  message: z.string(),
  configuracion: ConfiguracionInformesSchema,
});

// ---------------------------------------------------------------------------------------------
// Preview, Excel, mail

const fechaReferencia = z
  .preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    boundedString(10)
      .refine((value) => isValidIsoDate(value), { error: m.fechaReferenciaInvalida })
      .optional(),
  );

export const PreviewQuerySchema = z.object({
  frecuencia: FrecuenciaSchema,
  /** Santiago date the period is counted back from; today when absent. */
  fecha_referencia: fechaReferencia,
});
export type PreviewQuery = z.infer<typeof PreviewQuerySchema>;

export const GenerarExcelSchema = z.object({ frecuencia: FrecuenciaSchema, fecha_referencia: fechaReferencia });
export type GenerarExcelInput = z.infer<typeof GenerarExcelSchema>;

export const EnviarExcelSchema = z.object({
  frecuencia: FrecuenciaSchema,
  /** Extra destination; the firm's informes/principal e-mails and the root e-mail always receive it. */
  correo_destino: optionalEmail(m.correoDestinoFormato).default(''),
  fecha_referencia: fechaReferencia,
});
export type EnviarExcelInput = z.infer<typeof EnviarExcelSchema>;

export const PeriodoSchema = z.object({
  frecuencia: FrecuenciaSchema,
  fecha_inicio: z.string(),
  fecha_fin: z.string(),
  /** '22-11-2026' or '16-11-2026 al 22-11-2026'. */
  descripcion: z.string(),
});
export type Periodo = z.infer<typeof PeriodoSchema>;

export const InformeFilaSchema = z.object({
  id: z.number().int(),
  numero_rol: z.string(),
  estado: z.string(),
  valor_asociado: z.number().int().nullable(),
  parte_demandante: z.string(),
  fecha_diligencia: z.string().nullable(),
  fecha_demanda: z.string().nullable(),
  fecha_estampado: z.string().nullable(),
  fecha_encargo: z.string().nullable(),
  tipo_causa_nombre: z.string(),
  tipo_encargo_nombre: z.string(),
  tipo_estampado: z.string(),
  tribunal: z.string(),
  rut_ejecutado: z.string(),
  ejecutados: z.string(),
  /** Where a requerimiento de pago exists: the due date (YYYY-MM-DD) of its 'Plazo para oponer excepciones' (open or met); null otherwise. */
  vence_excepciones: z.string().nullable(),
});
export type InformeFila = z.infer<typeof InformeFilaSchema>;

export const InformePreviewSchema = z.object({
  estudio: z.object({ id: z.number().int(), nombre: z.string() }),
  periodo: PeriodoSchema,
  estadisticas: z.object({ total_roles: z.number().int(), total_valor: z.number().int() }),
  datos: z.array(InformeFilaSchema),
});
export type InformePreview = z.infer<typeof InformePreviewSchema>;

export const EnviarExcelResponseSchema = z.object({
  message: z.string(),
  destinatarios: z.array(z.string()),
  archivo: z.string(),
  /** 'bandeja' when no transport exists: the mail waits in Correo saliente. */
  via: z.enum(['gmail', 'smtp', 'bandeja']),
});

// ---------------------------------------------------------------------------------------------
// Delivery log (GET /estudios/{id}/informes_enviados/)

export const ENVIO_ESTADOS = ['enviando', 'enviado', 'sin_datos', 'fallido'] as const;
export const ENVIO_ORIGENES = ['programado', 'manual'] as const;

export const InformeEnvioSchema = z.object({
  id: z.number().int(),
  frecuencia: FrecuenciaSchema,
  fecha_inicio: z.string(),
  fecha_fin: z.string(),
  origen: z.enum(ENVIO_ORIGENES),
  estado: z.enum(ENVIO_ESTADOS),
  intentos: z.number().int(),
  destinatarios: z.array(z.string()),
  filas: z.number().int(),
  total_valor: z.number().int(),
  via: z.string(),
  archivo: z.string(),
  error: z.string(),
  fecha_creacion: z.string(),
  fecha_envio: z.string().nullable(),
});
export type InformeEnvio = z.infer<typeof InformeEnvioSchema>;

export const InformesEnviadosQuerySchema = z.object({
  limite: z.coerce.number({ error: 'Valor inválido' }).int({ error: 'Valor inválido' }).min(1).max(200).default(50),
});

// ---------------------------------------------------------------------------------------------
// Gmail connection (spec 01 §3 mail-connection status; §4 Mail connection)

export const OAuthStatusSchema = z.object({
  oauth_configured: z.boolean(),
  oauth_enabled: z.boolean(),
  email_verified: z.string().nullable(),
  email_method: z.enum(['gmail', 'smtp', 'ninguno']),
  button_text: z.string(),
  button_status: z.enum(['disconnected', 'connected']),
  connection_info: z.string(),
});
export type OAuthStatus = z.infer<typeof OAuthStatusSchema>;

export const OAuthStartResponseSchema = z.object({ authorization_url: z.string() });
export const MessageResponseSchema = z.object({ message: z.string() });

export const OAuthCallbackQuerySchema = z.object({
  code: boundedString(2048).optional(),
  state: boundedString(1024).optional(),
  error: boundedString(200).optional(),
  scope: boundedString(2048).optional(),
});

export const EstudioIdParamSchema = z.object({ id: idSchema() });
