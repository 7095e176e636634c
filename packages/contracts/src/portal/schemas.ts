import { z } from 'zod';
import { RefreshResponseSchema } from '../auth/schemas';
import { boundedString, idSchema } from '../common/text';
import { ComunaSchema } from '../comunas/schema';
import { CorreoResultadoSchema } from '../correo/schemas';
import { ENCARGO_ESTADOS, EncargoEstadoSchema } from '../encargos/estados';
import { requiredText } from '../encargos/fields';
import { DomicilioInputSchema, domiciliosSchema, EncargoCreateSchema } from '../encargos/schemas';
import { isValidEmail } from '../estudios/schemas';
import { passwordField } from '../onboarding/schemas';
import { EstadoCuentaQuerySchema, EstadoCuentaSchema } from '../pagos/schemas';
import { ReciboResumenSchema } from '../recibos/schemas';
import { portalMessages as m } from './messages';

/**
 * The law-firm portal (issue 27): a firm's people follow their assignments, send new ones and collect
 * certificates and receipts. Portal users live in the control database, belong to one receiver and one
 * firm, and hold tokens of kind 'portal' that open /api/v1/portal/* only.
 */

/** Invitation links are valid this long, and once. */
export const PORTAL_INVITACION_HORAS = 48;
/** Each PDF of a request (demanda, resolucion): at most 10 MiB, recognised by its magic bytes. */
export const PORTAL_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const PORTAL_ARCHIVOS = ['demanda', 'resolucion'] as const;
export type PortalArchivo = (typeof PORTAL_ARCHIVOS)[number];
export const PORTAL_PAGE_SIZE = 20;
/** A file's name is kept whole up to 255 bytes of UTF-8 (longer names are refused). */
export const PORTAL_NOMBRE_ARCHIVO_MAX_BYTES = 255;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

function emailField() {
  return z.preprocess(
    (value) => (value === null ? undefined : trimmed(value)),
    boundedString(254, { error: m.emailRequerido, tooLong: m.emailInvalido })
      .min(1, { error: m.emailRequerido, abort: true })
      .refine(isValidEmail, { error: m.emailInvalido })
      .transform((value) => value.toLowerCase()),
  );
}

function pageField() {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: m.paginaInvalida })
      .int({ error: m.paginaInvalida })
      .min(1, { error: m.paginaInvalida })
      .max(1_000_000, { error: m.paginaInvalida })
      .default(1),
  );
}

const RefSchema = z.object({ id: z.number().int(), nombre: z.string() });

// ---------------------------------------------------------------------------------------------
// Portal users (office side): /api/v1/estudios/{id}/usuarios_portal/

/** POST /api/v1/estudios/{id}/usuarios_portal/ — invites a person of the firm (mail with a 48 h link). */
export const PortalInvitacionSchema = z.object({
  nombre: requiredText(m.nombreRequerido, 150),
  email: emailField(),
});
export type PortalInvitacionInput = z.input<typeof PortalInvitacionSchema>;
export type PortalInvitacionValue = z.output<typeof PortalInvitacionSchema>;

/** invitado: the link was sent and not used yet; activo: a password was chosen; desactivado: turned off. */
export const PORTAL_USUARIO_ESTADOS = ['invitado', 'activo', 'desactivado'] as const;
export const PortalUsuarioEstadoSchema = z.enum(PORTAL_USUARIO_ESTADOS);
export type PortalUsuarioEstado = z.infer<typeof PortalUsuarioEstadoSchema>;

export const PortalUsuarioSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  email: z.string(),
  estudio_id: z.number().int(),
  estado: PortalUsuarioEstadoSchema,
  activo: z.boolean(),
  /** When the last invitation was sent, and until when its link works (ISO datetimes). */
  invitado_en: z.string(),
  invitacion_vence: z.string().nullable(),
  activado_en: z.string().nullable(),
  ultimo_acceso: z.string().nullable(),
  /** May create and revoke the firm's API keys from the portal. */
  administra_api: z.boolean(),
});
export type PortalUsuario = z.infer<typeof PortalUsuarioSchema>;

/** Answer of invite, desactivar and activar. Inviting an invited (not yet active) e-mail again resends the link. */
export const PortalUsuarioResponseSchema = z.object({ usuario: PortalUsuarioSchema });
export type PortalUsuarioResponse = z.infer<typeof PortalUsuarioResponseSchema>;

/** POST /api/v1/estudios/{id}/usuarios_portal/ — the invited user and how its mail went (issue 36 §4). */
export const PortalInvitacionResponseSchema = z.object({ usuario: PortalUsuarioSchema, correo: CorreoResultadoSchema });
export type PortalInvitacionResponse = z.infer<typeof PortalInvitacionResponseSchema>;

/** GET /api/v1/estudios/{id}/usuarios_portal/ */
export const PortalUsuariosListResponseSchema = z.object({ results: z.array(PortalUsuarioSchema) });
export type PortalUsuariosListResponse = z.infer<typeof PortalUsuariosListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Activation and sign-in: /api/v1/portal/auth/*

/** The link's token: what follows /portal/activar/. */
export const PortalTokenSchema = boundedString(200, { error: m.tokenRequerido, tooLong: m.tokenInvalido }).min(1, {
  error: m.tokenRequerido,
});

/** POST /api/v1/portal/auth/activar/ — the product's password rules (8 to 128 characters). */
export const PortalActivarSchema = z.object({ token: PortalTokenSchema, password: passwordField() });
export type PortalActivarInput = z.input<typeof PortalActivarSchema>;
export const PortalActivarResponseSchema = z.object({ success: z.literal(true), detail: z.string(), email: z.string() });
export type PortalActivarResponse = z.infer<typeof PortalActivarResponseSchema>;

/** POST /api/v1/portal/auth/login/ */
export const PortalLoginSchema = z.object({
  email: emailField(),
  password: boundedString(128, { error: m.credencialesInvalidas, tooLong: m.credencialesInvalidas }).min(1, {
    error: m.credencialesInvalidas,
  }),
});
export type PortalLoginInput = z.input<typeof PortalLoginSchema>;

/** The signed-in portal user: the receiver's and the firm's names go on top of every portal screen. */
export const PortalSessionUserSchema = z.object({
  id: z.number().int(),
  kind: z.literal('portal'),
  nombre: z.string(),
  email: z.string(),
  estudio: RefSchema,
  receptor: RefSchema,
});
export type PortalSessionUser = z.infer<typeof PortalSessionUserSchema>;

/** Same token pair as the staff login (same throttling and rotation). */
export const PortalLoginResponseSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  user: PortalSessionUserSchema,
});
export type PortalLoginResponse = z.infer<typeof PortalLoginResponseSchema>;

/** POST /api/v1/portal/auth/refresh/ and /logout/ take { refresh } (auth's RefreshSchema / LogoutSchema). */
export const PortalRefreshResponseSchema = RefreshResponseSchema;

/** GET /api/v1/portal/perfil/ */
export const PortalPerfilResponseSchema = z.object({ user: PortalSessionUserSchema });
export type PortalPerfilResponse = z.infer<typeof PortalPerfilResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The firm's assignments: /api/v1/portal/encargos/

/** GET /api/v1/portal/encargos/?estado&search&page */
export const PortalEncargosQuerySchema = z.object({
  estado: z.preprocess(
    (value) => (value === '' || value === 'todos' ? undefined : value),
    z.enum(ENCARGO_ESTADOS, { error: m.estadoInvalido }).optional(),
  ),
  search: z.preprocess(
    trimmed,
    boundedString(100, { tooLong: m.busquedaDemasiadoLarga }).optional(),
  ),
  page: pageField(),
});
export type PortalEncargosQuery = z.output<typeof PortalEncargosQuerySchema>;

export const PortalPlazoProximoSchema = z.object({
  /** 'excepciones' | 'carta_art_46' | 'subida_estampado' */
  tipo: z.string(),
  /** 'Vence excepciones', … */
  nombre: z.string(),
  /** YYYY-MM-DD (Santiago). */
  vence: z.string(),
});
export type PortalPlazoProximo = z.infer<typeof PortalPlazoProximoSchema>;

export const PortalEncargoItemSchema = z.object({
  id: z.number().int(),
  numero_rol: z.string(),
  tribunal: z.string(),
  partes: z.string(),
  ejecutados: z.string(),
  estado: EncargoEstadoSchema,
  /** 'Pendiente', 'Estampado', … */
  estado_label: z.string(),
  fecha_encargo: z.string(),
  /** ISO datetime of the latest visit, result, certificate or change. */
  ultima_actividad: z.string(),
  proximo_plazo: PortalPlazoProximoSchema.nullable(),
});
export type PortalEncargoItem = z.infer<typeof PortalEncargoItemSchema>;

export const PortalEncargosListResponseSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(PortalEncargoItemSchema),
});
export type PortalEncargosListResponse = z.infer<typeof PortalEncargosListResponseSchema>;

// Timeline: GET /api/v1/portal/encargos/{id}/ — events oldest first; `fecha` is an ISO datetime, or a
// YYYY-MM-DD date for deadlines. Download links are paths under /api/v1/portal/ (portal token required).

export const PortalFotoSchema = z.object({ id: z.string(), url: z.string() });

export const PortalEventoRecibidoSchema = z.object({ tipo: z.literal('recibido'), fecha: z.string(), titulo: z.string() });
export const PortalEventoVisitaSchema = z.object({
  tipo: z.literal('visita'),
  id: z.number().int(),
  fecha: z.string(),
  /** HH:MM (Santiago). */
  hora: z.string(),
  titulo: z.string(),
  /** Result code and its Spanish label ('negativa_no_reside', 'Negativa: no reside'). */
  resultado: z.string(),
  resultado_label: z.string(),
  domicilio: z.string(),
  /** Empty unless the receiver shares photos with the portal (compartir_fotos_portal). */
  fotos: z.array(PortalFotoSchema),
});
export const PortalEventoResultadoSchema = z.object({
  tipo: z.literal('resultado'),
  id: z.number().int(),
  fecha: z.string(),
  titulo: z.string(),
  domicilio: z.string(),
});
export const PortalEventoCertificadoSchema = z.object({
  tipo: z.literal('certificado'),
  id: z.string(),
  fecha: z.string(),
  titulo: z.string(),
  /** True when the PDF offered is the signed one. */
  firmado: z.boolean(),
  /** Null when the certificate has no PDF yet. */
  url: z.string().nullable(),
});
export const PortalEventoPlazoSchema = z.object({
  tipo: z.literal('plazo'),
  id: z.number().int(),
  fecha: z.string(),
  titulo: z.string(),
  estado: z.enum(['pendiente', 'cumplido']),
  /** The due date (YYYY-MM-DD); `fecha` is the instant of the act that met it once cumplido. */
  vence: z.string(),
  cumplido_en: z.string().nullable(),
  /** What met it, e.g. the art. 46 letter's tracking number. */
  referencia: z.string().nullable(),
});
/** One of the assignment's other acts (letter sent, certificate signed, uploaded to the court). */
export const PortalEventoActoSchema = z.object({
  tipo: z.literal('acto'),
  id: z.number().int(),
  /** The act's kind (TIPOS_EVENTO). */
  evento: z.string(),
  fecha: z.string(),
  titulo: z.string(),
  detalle: z.string(),
});
export const PortalEventoReciboSchema = z.object({
  tipo: z.literal('recibo'),
  id: z.number().int(),
  fecha: z.string(),
  titulo: z.string(),
  numero: z.number().int(),
  total: z.number().int(),
  saldo: z.number().int(),
  url: z.string(),
});

export const PortalEventoSchema = z.discriminatedUnion('tipo', [
  PortalEventoRecibidoSchema,
  PortalEventoVisitaSchema,
  PortalEventoResultadoSchema,
  PortalEventoCertificadoSchema,
  PortalEventoPlazoSchema,
  PortalEventoReciboSchema,
  PortalEventoActoSchema,
]);
export type PortalEvento = z.infer<typeof PortalEventoSchema>;
export const PORTAL_EVENTO_TIPOS = ['recibido', 'visita', 'resultado', 'certificado', 'plazo', 'recibo', 'acto'] as const;

export const PortalEncargoDetalleSchema = z.object({
  encargo: PortalEncargoItemSchema.extend({
    tipo_causa: z.string(),
    tipo_encargo: z.string(),
    cuantia: z.number().int().nullable(),
    domicilios: z.array(z.object({ direccion: z.string(), comuna: z.string(), ciudad: z.string() })),
  }),
  eventos: z.array(PortalEventoSchema),
});
export type PortalEncargoDetalle = z.infer<typeof PortalEncargoDetalleSchema>;

// ---------------------------------------------------------------------------------------------
// Requests: POST|GET /api/v1/portal/solicitudes/

/** Unknown keys are named (each cut to 40 characters, at most 5) in the refusal. */
const unknownKeys = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys' ? m.campoDesconocido(issue.keys.slice(0, 5).map((key) => key.slice(0, 40)).join(', ')) : undefined;

const SolicitudDomicilioSchema = z.strictObject(DomicilioInputSchema.omit({ id: true }).shape, { error: unknownKeys });

/**
 * The `datos` field (JSON text) of a request: Nuevo Encargo's creation payload (spec 01 §3) without the
 * firm, which is the portal user's. Same fields, rules and messages as EncargoCreateSchema, but every
 * key is known and typed (what is stored is exactly what this parsed): no unknown keys, no address ids,
 * `encargo_no_realizable` a boolean or absent.
 */
export const SolicitudDatosSchema = z.strictObject(
  {
    ...EncargoCreateSchema.in.omit({ estudio_juridico: true }).shape,
    domicilios: domiciliosSchema(SolicitudDomicilioSchema),
    encargo_no_realizable: z.boolean({ error: 'Valor inválido' }).optional(),
  },
  { error: unknownKeys },
);
/**
 * The request form's resolver: the shared assignment form also holds the firm and the re-encargo note,
 * which are left out here; its output is what SolicitudDatosSchema accepts.
 */
export const SolicitudDatosFormSchema = z.object(SolicitudDatosSchema.shape);
export type SolicitudDatosInput = z.input<typeof SolicitudDatosSchema>;
export type SolicitudDatos = z.output<typeof SolicitudDatosSchema>;

/** The lists the request form chooses from: GET /api/v1/portal/catalogos/ (partes: the firm's plaintiffs). */
export const PortalCatalogosResponseSchema = z.object({
  tribunales: z.array(RefSchema),
  tipos_causa: z.array(RefSchema),
  tipos_encargo: z.array(RefSchema),
  partes_demandantes: z.array(RefSchema),
  comunas: z.array(ComunaSchema),
});
export type PortalCatalogosResponse = z.infer<typeof PortalCatalogosResponseSchema>;

export const SOLICITUD_ESTADOS = ['pendiente', 'aceptada', 'rechazada'] as const;
export const SolicitudEstadoSchema = z.enum(SOLICITUD_ESTADOS);
export type SolicitudEstado = z.infer<typeof SolicitudEstadoSchema>;

export const SolicitudArchivoSchema = z.object({
  campo: z.enum(PORTAL_ARCHIVOS),
  nombre: z.string(),
  bytes: z.number().int(),
});

export const SolicitudSchema = z.object({
  id: z.number().int(),
  estado: SolicitudEstadoSchema,
  numero_rol: z.string(),
  partes: z.string(),
  /** As sent (the `datos` JSON, validated). */
  datos: z.record(z.string(), z.unknown()),
  archivos: z.array(SolicitudArchivoSchema),
  estudio: RefSchema,
  /** The portal user who sent it (id null when an API key sent it). */
  usuario: z.object({ id: z.number().int().nullable(), nombre: z.string(), email: z.string() }),
  /** The API key that sent it (null when a person did). */
  clave_api: z.object({ id: z.number().int(), prefijo: z.string() }).nullable(),
  /** Who sent it, as shown: the user's name or 'vía API (clave rk_…)'. */
  remitente: z.string(),
  creada_en: z.string(),
  resuelta_en: z.string().nullable(),
  /** Once accepted. */
  encargo_id: z.number().int().nullable(),
  /** Once rejected. */
  motivo_rechazo: z.string().nullable(),
});
export type Solicitud = z.infer<typeof SolicitudSchema>;

/** 201 of POST /api/v1/portal/solicitudes/ */
export const SolicitudResponseSchema = z.object({ solicitud: SolicitudSchema });
export type SolicitudResponse = z.infer<typeof SolicitudResponseSchema>;

/** GET /api/v1/portal/solicitudes/?estado&page and the office's GET /api/v1/solicitudes/?estado&page */
export const SolicitudesQuerySchema = z.object({
  estado: z.preprocess(
    (value) => (value === '' || value === 'todas' ? undefined : value),
    z.enum(SOLICITUD_ESTADOS, { error: m.estadoInvalido }).optional(),
  ),
  page: pageField(),
});
export type SolicitudesQuery = z.output<typeof SolicitudesQuerySchema>;

export const SolicitudesListResponseSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The receiver's pending requests (the top bar's badge); the portal's own for portal users. */
  pendientes: z.number().int(),
  results: z.array(SolicitudSchema),
});
export type SolicitudesListResponse = z.infer<typeof SolicitudesListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Receiver's inbox: /api/v1/solicitudes/{id}/aceptar/ | rechazar/ | archivos/{campo}/

/** POST /api/v1/solicitudes/{id}/aceptar/ takes Nuevo Encargo's creation body (EncargoCreateSchema). */
export const SolicitudAceptarSchema = EncargoCreateSchema;
export const SolicitudAceptarResponseSchema = z.object({ encargo_id: z.number().int(), solicitud: SolicitudSchema });
export type SolicitudAceptarResponse = z.infer<typeof SolicitudAceptarResponseSchema>;

/** POST /api/v1/solicitudes/{id}/rechazar/ */
export const SolicitudRechazarSchema = z.object({ motivo: requiredText(m.motivoRequerido, 500) });
export type SolicitudRechazarInput = z.input<typeof SolicitudRechazarSchema>;

/** GET /api/v1/encargos/{id}/adjuntos/ — files attached to an assignment (a request's PDFs). */
export const EncargoAdjuntoSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  tipo_mime: z.string(),
  bytes: z.number().int(),
  /** 'demanda' | 'resolucion' */
  origen: z.string(),
  creado_en: z.string(),
  /** GET: the file. */
  url: z.string(),
});
export type EncargoAdjunto = z.infer<typeof EncargoAdjuntoSchema>;
export const EncargoAdjuntosResponseSchema = z.object({ results: z.array(EncargoAdjuntoSchema) });
export type EncargoAdjuntosResponse = z.infer<typeof EncargoAdjuntosResponseSchema>;

export const SolicitudIdParamsSchema = z.object({ id: idSchema() });

// ---------------------------------------------------------------------------------------------
// Receipts and account: /api/v1/portal/recibos/, /recibos/{id}/pdf/, /estado_cuenta/

export const PortalRecibosQuerySchema = z.object({ page: pageField() });
export const PortalRecibosListResponseSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(ReciboResumenSchema.extend({ url: z.string() })),
});
export type PortalRecibosListResponse = z.infer<typeof PortalRecibosListResponseSchema>;

/** The firm's account as of today, its lists paged as the office's (see EstadoCuentaQuerySchema). */
export const PortalEstadoCuentaQuerySchema = EstadoCuentaQuerySchema.omit({ hasta: true });
export type PortalEstadoCuentaQuery = z.output<typeof PortalEstadoCuentaQuerySchema>;

/** The firm's account (same shape as the office's estado de cuenta). */
export const PortalEstadoCuentaResponseSchema = EstadoCuentaSchema;
export type PortalEstadoCuentaResponse = z.infer<typeof PortalEstadoCuentaResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Preferences: GET|PUT /api/v1/portal/preferencias/ — which mails the user wants (all on by default).

export const PortalPreferenciasSchema = z.object({
  /** Accepted or rejected requests. */
  mail_solicitudes: z.boolean(),
  /** Each new certificate of the firm's assignments. */
  mail_certificados: z.boolean(),
  /** Each new deadline of the firm's assignments. */
  mail_plazos: z.boolean(),
});
export type PortalPreferencias = z.infer<typeof PortalPreferenciasSchema>;
export const PORTAL_PREFERENCIAS_DEFAULT: PortalPreferencias = {
  mail_solicitudes: true,
  mail_certificados: true,
  mail_plazos: true,
};

/** PUT: any subset; omitted keys stay. */
export const PortalPreferenciasInputSchema = z
  .object({
    mail_solicitudes: z.boolean({ error: 'Valor inválido' }),
    mail_certificados: z.boolean({ error: 'Valor inválido' }),
    mail_plazos: z.boolean({ error: 'Valor inválido' }),
  })
  .partial()
  .strict();
export type PortalPreferenciasInput = z.infer<typeof PortalPreferenciasInputSchema>;
export const PortalPreferenciasResponseSchema = z.object({ preferencias: PortalPreferenciasSchema });

// ---------------------------------------------------------------------------------------------
// Receiver setting: photos of visits on the portal (default off), in Configuración del receptor.

export const PortalConfiguracionSchema = z.object({ compartir_fotos_portal: z.boolean() });
export type PortalConfiguracion = z.infer<typeof PortalConfiguracionSchema>;
/** GET|PUT /api/v1/portal_configuracion/ (office, admin). */
export const PortalConfiguracionInputSchema = z.object({ compartir_fotos_portal: z.boolean({ error: 'Valor inválido' }) });
