import { z } from 'zod';
import { VersionSchema } from '../auditoria/schemas';
import { CargoSchema } from '../auth/schemas';
import { bodyIdSchema, boundedString } from '../common/text';
import { lenientRut, optionalText, requiredText } from '../encargos/fields';
import { isValidEmail, isValidTelefono } from '../estudios/schemas';
import { ReceptorDatosSchema } from '../receptor/schemas';
import { onboardingMessages as m } from './messages';
import { servidoresMessages } from './servidores';

/** Login names: letters, digits and @ . + - _ (the same names the login screen accepts). */
export const USERNAME_PATTERN = /^[\w.@+-]+$/;
export const PASSWORD_MIN_LENGTH = 8;

/** Prefix of the login name suggested for a new receiver's first user (spec 02 §5). */
export const SUGGESTED_USERNAME_PREFIX = 'receptor_';

/**
 * The login name suggested from a receiver's name: 'receptor_' plus the name in lowercase letters
 * and digits, every run of other characters (spaces, punctuation, accented letters) turned into one
 * underscore (spec 02 §5): 'Juan Pérez' → 'receptor_juan_p_rez'. Surrounding spaces are ignored.
 */
export function suggestUsername(nombre: string): string {
  const slug = nombre.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return `${SUGGESTED_USERNAME_PREFIX}${slug}`;
}

/** An absolute http(s) address: scheme, a host of letters, digits, dots or dashes, optional port and path. */
export const HTTP_URL_PATTERN = /^https?:\/\/(?:[^\s:@/]+(?::[^\s@/]*)?@)?[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?(?:[/?#]\S*)?$/i;

export function isHttpUrl(value: string): boolean {
  return HTTP_URL_PATTERN.test(value);
}

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const blankToEmpty = (value: unknown) => (value === null || value === undefined ? '' : trimmed(value));

/** An optional folder link: blank stays '', anything else must be an http(s) URL. */
export function folderUrl() {
  return z.preprocess(
    blankToEmpty,
    boundedString(2000, { error: m.urlInvalida, tooLong: m.textoDemasiadoLargo(2000) })
      .refine((value) => value === '' || isHttpUrl(value), { error: m.urlInvalida }),
  );
}

function optionalEmail() {
  return z.preprocess(
    blankToEmpty,
    boundedString(254, { error: m.emailFormato, tooLong: m.textoDemasiadoLargo(254) })
      .refine((value) => value === '' || isValidEmail(value), { error: m.emailFormato })
      .transform((value) => value.toLowerCase()),
  );
}

function requiredEmail(required: string) {
  return z.preprocess(
    (value) => (value === null ? undefined : trimmed(value)),
    boundedString(254, { error: required, tooLong: m.textoDemasiadoLargo(254) })
      .min(1, { error: required, abort: true })
      .refine(isValidEmail, { error: m.emailFormato })
      .transform((value) => value.toLowerCase()),
  );
}

function optionalTelefono() {
  return z.preprocess(
    blankToEmpty,
    boundedString(30, { error: m.telefonoFormato, tooLong: m.textoDemasiadoLargo(30) })
      .refine((value) => value === '' || isValidTelefono(value), { error: m.telefonoFormato }),
  );
}

export function usernameField() {
  return z.preprocess(
    (value) => (value === null ? undefined : trimmed(value)),
    boundedString(150, { error: m.usernameRequerido, tooLong: m.textoDemasiadoLargo(150) })
      .min(1, { error: m.usernameRequerido, abort: true })
      .min(3, { error: m.usernameMinimo, abort: true })
      .regex(USERNAME_PATTERN, { error: m.usernameFormato }),
  );
}

export function passwordField() {
  return z.preprocess(
    (value) => (value === null ? undefined : value),
    boundedString(128, { error: m.passwordRequerida, tooLong: m.textoDemasiadoLargo(128) })
      .min(1, { error: m.passwordRequerida, abort: true })
      .min(PASSWORD_MIN_LENGTH, { error: m.passwordMinima, abort: true }),
  );
}

function cargoField(defaultCargo: z.infer<typeof CargoSchema>) {
  return z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.enum(['receptor', 'secretaria'], { error: m.cargoInvalido }).default(defaultCargo),
  );
}

// ---------------------------------------------------------------------------------------------
// New client (a receiver with its own database) and its first user

export const ClienteCreateSchema = z.object({
  nombre: requiredText(m.nombreRequerido, 200),
  rut: lenientRut(m.rutRequerido, m.rutInvalido),
  direccion: optionalText(300).default(''),
  comuna: optionalText(100).default(''),
  telefono: optionalTelefono(),
  email: optionalEmail(),
  username: usernameField(),
  password: passwordField(),
  usuario_email: requiredEmail(m.usuarioEmailRequerido),
  first_name: requiredText(m.firstNameRequerido, 150),
  last_name: requiredText(m.lastNameRequerido, 150),
  cargo: cargoField('receptor'),
  carpeta_principal: folderUrl(),
  carpeta_cobranza: folderUrl(),
  carpeta_estampados: folderUrl(),
  carpeta_plantillas: folderUrl(),
  /** The database server for its database; absent: the active server with the most room left. */
  servidor_id: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    bodyIdSchema(servidoresMessages.servidorIdInvalido).optional(),
  ),
});
export type ClienteCreateInput = z.input<typeof ClienteCreateSchema>;
export type ClienteCreateValue = z.output<typeof ClienteCreateSchema>;

/** Another user for an existing client (spec 02 §5): cargo secretaria unless told otherwise. */
export const ClienteUsuarioCreateSchema = z.object({
  username: usernameField(),
  password: passwordField(),
  email: requiredEmail(m.emailRequerido),
  first_name: requiredText(m.firstNameRequerido, 150),
  last_name: requiredText(m.lastNameRequerido, 150),
  cargo: cargoField('secretaria'),
});
export type ClienteUsuarioCreateInput = z.input<typeof ClienteUsuarioCreateSchema>;
export type ClienteUsuarioCreateValue = z.output<typeof ClienteUsuarioCreateSchema>;

/** Partial change of a client: its state, contact data or folder links. */
export const ClienteUpdateSchema = z
  .object({
    activo: z.boolean({ error: m.activoInvalido }).optional(),
    nombre: requiredText(m.nombreRequerido, 200).optional(),
    direccion: optionalText(300).optional(),
    comuna: optionalText(100).optional(),
    telefono: optionalTelefono().optional(),
    email: optionalEmail().optional(),
    carpeta_principal: folderUrl().optional(),
    carpeta_cobranza: folderUrl().optional(),
    carpeta_estampados: folderUrl().optional(),
    carpeta_plantillas: folderUrl().optional(),
    /** Optimistic concurrency: the receiver's version as read; a stale one is refused with 409. */
    version: VersionSchema.optional(),
  })
  .refine(({ version: _version, ...value }) => Object.values(value).some((field) => field !== undefined), { error: m.sinCambios });
export type ClienteUpdateInput = z.input<typeof ClienteUpdateSchema>;
export type ClienteUpdateValue = z.output<typeof ClienteUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const ClienteConfiguracionSchema = z.object({
  database_name: z.string(),
  carpeta_principal_url: z.string(),
  carpeta_cobranza_url: z.string(),
  carpeta_estampados_url: z.string(),
  carpeta_plantillas_url: z.string(),
});
export type ClienteConfiguracion = z.infer<typeof ClienteConfiguracionSchema>;

/** A client as onboarding lists it: its identity (see ReceptorDatosSchema) with its state and creation date. */
export const ReceptorSchema = ReceptorDatosSchema.extend({
  activo: z.boolean(),
  fecha_creacion: z.string(),
});
export type Receptor = z.infer<typeof ReceptorSchema>;

export const ClienteSchema = ReceptorSchema.extend({
  num_usuarios: z.number().int(),
  configuracion: ClienteConfiguracionSchema,
  /** The database server holding its database (`GET /onboarding/servidores/`). */
  servidor_id: z.number().int(),
});
export type Cliente = z.infer<typeof ClienteSchema>;

export const ClienteListResponseSchema = z.object({ clientes: z.array(ClienteSchema) });
export type ClienteListResponse = z.infer<typeof ClienteListResponseSchema>;

export const OnboardingEstadisticasSchema = z.object({
  total_receptores: z.number().int(),
  total_usuarios: z.number().int(),
  receptores_activos: z.number().int(),
});
export type OnboardingEstadisticas = z.infer<typeof OnboardingEstadisticasSchema>;

export const ClienteUsuarioSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  cargo: CargoSchema,
  is_active: z.boolean(),
});
export type ClienteUsuario = z.infer<typeof ClienteUsuarioSchema>;

export const ClienteDetailSchema = z.object({
  receptor: ReceptorSchema,
  configuracion: ClienteConfiguracionSchema,
  usuarios: z.array(ClienteUsuarioSchema),
  num_usuarios: z.number().int(),
});
export type ClienteDetail = z.infer<typeof ClienteDetailSchema>;

export const ClienteCreateResponseSchema = ClienteDetailSchema.extend({ message: z.string() });
export type ClienteCreateResponse = z.infer<typeof ClienteCreateResponseSchema>;

export const ClienteUsuarioCreateResponseSchema = z.object({ message: z.string(), usuario: ClienteUsuarioSchema });
export type ClienteUsuarioCreateResponse = z.infer<typeof ClienteUsuarioCreateResponseSchema>;
