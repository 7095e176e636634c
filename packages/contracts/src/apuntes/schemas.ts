import { z } from 'zod';
import { boundedString } from '../common/text';

export const APUNTE_MAX_LENGTH = 20000;

export const ApunteSchema = z.object({
  texto: z.string(),
  fecha_actualizacion: z.string().nullable(),
});
export type Apunte = z.infer<typeof ApunteSchema>;

export const ApunteSaveSchema = z.object({
  texto: boundedString(APUNTE_MAX_LENGTH, { error: 'El texto es requerido' }),
});
export type ApunteSaveInput = z.infer<typeof ApunteSaveSchema>;

export const ApunteSaveResponseSchema = z.object({ fecha_actualizacion: z.string() });
