import { z } from 'zod';
import { VersionSchema } from '../auditoria/schemas';
import { boundedString } from '../common/text';
import { flag, optionalText, requiredText } from '../encargos/fields';
import { estudioMessages as m } from './messages';

export const EMAIL_TIPOS = ['principal', 'secundario', 'informes', 'cobranza', 'notificaciones'] as const;
export const EmailTipoSchema = z.enum(EMAIL_TIPOS, { error: m.tipoEmailInvalido });
export type EmailTipo = z.infer<typeof EmailTipoSchema>;
export const EMAIL_TIPO_LABELS: Record<EmailTipo, string> = {
  principal: 'Principal',
  secundario: 'Secundario',
  informes: 'Informes',
  cobranza: 'Cobranza',
  notificaciones: 'Notificaciones',
};

export const PARTE_TIPOS = ['empresa', 'banco', 'persona_natural', 'institucion'] as const;
export const ParteTipoSchema = z.enum(PARTE_TIPOS, { error: m.tipoParteInvalido });
export type ParteTipo = z.infer<typeof ParteTipoSchema>;
export const PARTE_TIPO_LABELS: Record<ParteTipo, string> = {
  empresa: 'Empresa',
  banco: 'Banco',
  persona_natural: 'Persona natural',
  institucion: 'Institución',
};

/** Basic e-mail shape x@y.z (spec 01 §5); dot-separated domain labels keep the match linear in time. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const EMAIL_MAX_LENGTH = 254;
/** Optional +56 or 56, a digit 2-9, then 8 digits; spaces, dots, dashes and brackets are ignored. */
export const TELEFONO_PATTERN = /^(\+?56)?[2-9]\d{8}$/;
/** Firm RUT: digits, hyphen, digit or K. */
export const RUT_ESTUDIO_PATTERN = /^\d{7,8}-[\dkK]$/;

export function isValidTelefono(value: string): boolean {
  return TELEFONO_PATTERN.test(value.replace(/[\s.\-()]/g, ''));
}

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH + 64 && EMAIL_PATTERN.test(value.trim());
}

// ---------------------------------------------------------------------------------------------
// Rows of the e-mail and party lists: a plain string or an object; blank rows are dropped.

const emailRow = (defaultTipo: EmailTipo | undefined) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? { email: value } : value),
    z.object(
      {
        email: z.preprocess(
          (value) => (value === null || value === undefined ? '' : value),
          boundedString(EMAIL_MAX_LENGTH + 64, { error: m.emailFormato, tooLong: 'Máximo 254 caracteres' })
            .trim()
            .toLowerCase()
            .max(EMAIL_MAX_LENGTH, { error: 'Máximo 254 caracteres', abort: true })
            .refine((value) => value === '' || EMAIL_PATTERN.test(value), { error: m.emailFormato }),
        ),
        tipo: EmailTipoSchema.optional(),
        activo: z.boolean().optional(),
      },
      { error: m.emailRequerido },
    ),
  ).transform((row) => ({ email: row.email, tipo: row.tipo ?? defaultTipo, activo: row.activo ?? true }));

const parteRow = z
  .preprocess(
    (value) => (typeof value === 'string' ? { nombre: value } : value),
    z.object(
      {
        nombre: z.preprocess(
          (value) => (value === null || value === undefined ? '' : value),
          boundedString(200, { error: m.parteNombreRequerido, tooLong: 'Máximo 200 caracteres' }).trim(),
        ),
        tipo: ParteTipoSchema.optional(),
        activo: z.boolean().optional(),
      },
      { error: m.parteNombreRequerido },
    ),
  )
  .transform((row) => ({ nombre: row.nombre, tipo: row.tipo ?? ('empresa' as ParteTipo), activo: row.activo ?? true }));

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values) {
    const key = value.toLowerCase();
    if (seen.has(key)) repeated.add(value);
    seen.add(key);
  }
  return [...repeated];
}

// ---------------------------------------------------------------------------------------------
// Registering a firm

export const EstudioCreateSchema = z.object({
  nombre: requiredText(m.nombreRequerido, 200, { min: 3, minMessage: m.minimo3 }),
  direccion: requiredText(m.direccionRequerida, 300, { min: 10, minMessage: m.minimo10 }),
  comuna: requiredText(m.comunaRequerida, 100),
  ciudad: requiredText(m.ciudadRequerida, 100),
  telefono: requiredText(m.telefonoRequerido, 30).refine(isValidTelefono, { error: m.telefonoFormato }),
  fax: optionalText(30).optional().default(''),
  rut_estudio: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value === null ? undefined : value),
    boundedString(20, { error: m.rutRequerido, tooLong: m.rutFormato })
      .min(1, { error: m.rutRequerido, abort: true })
      .regex(RUT_ESTUDIO_PATTERN, { error: m.rutFormato })
      .transform((value) => value.toUpperCase()),
  ),
  activo: flag(true),
  enviar_informes_diarios: flag(false),
  enviar_informes_mensuales: flag(false),
  emails: z
    .array(emailRow(undefined), { error: m.emailsRequeridos })
    .max(50, { error: 'Máximo 50 correos' })
    .transform((rows) =>
      rows
        .filter((row) => row.email !== '')
        .map((row, index) => ({ ...row, tipo: row.tipo ?? (index === 0 ? 'principal' : 'secundario') }) as EstudioEmailInputRow),
    )
    .refine((rows) => rows.length > 0, { error: m.emailsRequeridos })
    .superRefine((rows, ctx) => {
      for (const email of duplicates(rows.map((row) => row.email))) ctx.addIssue({ code: 'custom', message: m.emailRepetido(email) });
    }),
  partes_demandantes: z
    .array(parteRow, { error: m.partesRequeridas })
    .max(100, { error: 'Máximo 100 partes demandantes' })
    .transform((rows) => rows.filter((row) => row.nombre !== ''))
    .refine((rows) => rows.length > 0, { error: m.partesRequeridas })
    .superRefine((rows, ctx) => {
      for (const nombre of duplicates(rows.map((row) => row.nombre))) ctx.addIssue({ code: 'custom', message: m.parteRepetida(nombre) });
    }),
});
export type EstudioCreateInput = z.input<typeof EstudioCreateSchema>;
export type EstudioCreateValue = z.output<typeof EstudioCreateSchema>;

export interface EstudioEmailInputRow {
  email: string;
  tipo: EmailTipo;
  activo: boolean;
}

// ---------------------------------------------------------------------------------------------
// Adding e-mails and parties to an existing firm

export const AgregarEmailsSchema = z.object({
  emails: z
    .array(emailRow('secundario'), { error: m.emailRequerido })
    .min(1, { error: m.emailRequerido })
    .max(50, { error: 'Máximo 50 correos' })
    .superRefine((rows, ctx) => {
      rows.forEach((row, index) => {
        if (row.email === '') ctx.addIssue({ code: 'custom', path: [index, 'email'], message: m.emailRequerido });
      });
      for (const email of duplicates(rows.map((row) => row.email).filter(Boolean))) {
        ctx.addIssue({ code: 'custom', message: m.emailRepetido(email) });
      }
    })
    .transform((rows) => rows.map((row) => ({ ...row, tipo: row.tipo ?? 'secundario' }) as EstudioEmailInputRow)),
  /** Optional: the firm's version as read; a stale one is refused with 409. */
  version: VersionSchema.optional(),
});
export type AgregarEmailsInput = z.input<typeof AgregarEmailsSchema>;
export type AgregarEmailsValue = z.output<typeof AgregarEmailsSchema>;

export const AgregarPartesSchema = z.object({
  partes_demandantes: z
    .array(parteRow, { error: m.parteNombreRequerido })
    .min(1, { error: m.parteNombreRequerido })
    .max(100, { error: 'Máximo 100 partes demandantes' })
    .superRefine((rows, ctx) => {
      rows.forEach((row, index) => {
        if (row.nombre === '') ctx.addIssue({ code: 'custom', path: [index, 'nombre'], message: m.parteNombreRequerido });
      });
      for (const nombre of duplicates(rows.map((row) => row.nombre).filter(Boolean))) {
        ctx.addIssue({ code: 'custom', message: m.parteRepetida(nombre) });
      }
    }),
  version: VersionSchema.optional(),
});
export type AgregarPartesInput = z.input<typeof AgregarPartesSchema>;
export type AgregarPartesValue = z.output<typeof AgregarPartesSchema>;

// ---------------------------------------------------------------------------------------------
// Reading

export const EstudioEmailSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  tipo: EmailTipoSchema,
  activo: z.boolean(),
});
export type EstudioEmail = z.infer<typeof EstudioEmailSchema>;

export const ParteDemandanteSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  tipo: ParteTipoSchema,
  activo: z.boolean(),
});
export type ParteDemandante = z.infer<typeof ParteDemandanteSchema>;

/** List form: what the assignment forms need (firm and its parties). */
export const EstudioListItemSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  rut_estudio: z.string(),
  activo: z.boolean(),
  partes_demandantes: z.array(ParteDemandanteSchema),
});
export type EstudioListItem = z.infer<typeof EstudioListItemSchema>;

export const EstudioListQuerySchema = z.object({
  search: boundedString(100, { tooLong: 'La búsqueda no puede superar los 100 caracteres' }).trim().optional(),
  activo: z
    .preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value === '' ? undefined : value), z.boolean({ error: 'Valor inválido' }).optional()),
});
export type EstudioListQuery = z.output<typeof EstudioListQuerySchema>;

export const EstudioSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  direccion: z.string(),
  comuna: z.string(),
  ciudad: z.string(),
  telefono: z.string(),
  fax: z.string(),
  rut_estudio: z.string(),
  activo: z.boolean(),
  enviar_informes_diarios: z.boolean(),
  enviar_informes_mensuales: z.boolean(),
  fecha_creacion: z.string(),
  /** Optimistic-concurrency version of the firm (raised by every change, e-mails and parties included). */
  version: z.number(),
  emails: z.array(EstudioEmailSchema),
  partes_demandantes: z.array(ParteDemandanteSchema),
});
export type Estudio = z.infer<typeof EstudioSchema>;

export const AgregarEmailsResponseSchema = z.object({
  message: z.string(),
  emails_agregados: z.array(EstudioEmailSchema),
});
export type AgregarEmailsResponse = z.infer<typeof AgregarEmailsResponseSchema>;

export const AgregarPartesResponseSchema = z.object({
  message: z.string(),
  partes_agregadas: z.array(ParteDemandanteSchema),
});
export type AgregarPartesResponse = z.infer<typeof AgregarPartesResponseSchema>;
