import { z } from 'zod';
import { VersionSchema } from '../auditoria/schemas';
import { boundedString } from '../common/text';
import { lenientRut, optionalText, requiredText } from '../encargos/fields';
import { isValidEmail, isValidTelefono } from '../estudios/schemas';
import { receptorMessages as m } from './messages';

/** Column lengths of the control `tenants` row that holds the identity. */
export const RECEPTOR_LIMITS = { nombre: 200, direccion: 300, comuna: 100, telefono: 30, email: 254, titulo: 200 } as const;

const blankToEmpty = (value: unknown) => (value === null ? '' : typeof value === 'string' ? value.trim() : value);

const telefono = () =>
  z.preprocess(
    blankToEmpty,
    boundedString(RECEPTOR_LIMITS.telefono, { error: m.telefonoFormato, tooLong: m.textoDemasiadoLargo(RECEPTOR_LIMITS.telefono) })
      .refine((value) => value === '' || isValidTelefono(value), { error: m.telefonoFormato }),
  );

const email = () =>
  z.preprocess(
    blankToEmpty,
    boundedString(RECEPTOR_LIMITS.email, { error: m.emailFormato, tooLong: m.textoDemasiadoLargo(RECEPTOR_LIMITS.email) })
      .refine((value) => value === '' || isValidEmail(value), { error: m.emailFormato })
      .transform((value) => value.toLowerCase()),
  );

/**
 * A change of the receiver's identity (PUT): name and RUT always (the RUT with or without dots, stored
 * as 12345678-9); the other fields, when present, replace the stored ones ('' or null clears them) and
 * are kept when absent. `version` as read: a stale one is refused with 409.
 */
export const ReceptorDatosUpdateSchema = z.object({
  nombre: requiredText(m.nombreRequerido, RECEPTOR_LIMITS.nombre),
  rut: lenientRut(m.rutRequerido, m.rutInvalido),
  direccion: optionalText(RECEPTOR_LIMITS.direccion).optional(),
  comuna: optionalText(RECEPTOR_LIMITS.comuna).optional(),
  telefono: telefono().optional(),
  email: email().optional(),
  titulo: optionalText(RECEPTOR_LIMITS.titulo).optional(),
  version: VersionSchema.optional(),
});
export type ReceptorDatosUpdateInput = z.input<typeof ReceptorDatosUpdateSchema>;
export type ReceptorDatosUpdateValue = z.output<typeof ReceptorDatosUpdateSchema>;

/** The receiver's identity as the API answers it (RUT as stored, 12345678-9; '' when missing). */
export const ReceptorDatosSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  rut: z.string(),
  direccion: z.string(),
  comuna: z.string(),
  telefono: z.string(),
  email: z.string(),
  titulo: z.string(),
  version: z.number().int(),
});
export type ReceptorDatos = z.infer<typeof ReceptorDatosSchema>;

/** The answer of a change: the identity as stored now, with a confirmation. */
export const ReceptorDatosUpdateResponseSchema = ReceptorDatosSchema.extend({ message: z.string() });
export type ReceptorDatosUpdateResponse = z.infer<typeof ReceptorDatosUpdateResponseSchema>;
