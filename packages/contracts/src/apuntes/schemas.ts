import { z } from 'zod';

export const APUNTE_MAX_LENGTH = 20000;

export const ApunteSchema = z.object({
  texto: z.string(),
  fecha_actualizacion: z.string().nullable(),
});
export type Apunte = z.infer<typeof ApunteSchema>;

export const ApunteSaveSchema = z.object({
  texto: z
    .string({ error: 'El texto es requerido' })
    .max(APUNTE_MAX_LENGTH, `Máximo ${APUNTE_MAX_LENGTH} caracteres`),
});
export type ApunteSaveInput = z.infer<typeof ApunteSaveSchema>;

export const ApunteSaveResponseSchema = z.object({ fecha_actualizacion: z.string() });
