import { z } from 'zod';
import { boundedString } from './common/text';
import { isValidIsoDate } from './format/dates';

/**
 * The UF value of each day (issue 41 §1): the reading of a demanda converts an amount in UF to pesos only
 * with the value stored for the demanda's date. Values come from the economic indicators (the day's value,
 * each time they are fetched) or are entered by hand by the receiver.
 */

export const valoresUfMessages = {
  fechaInvalida: 'La fecha debe ser una fecha válida (AAAA-MM-DD) entre 2000 y 2100.',
  valorInvalido: 'El valor de la UF debe ser un número en pesos mayor que 0, con hasta dos decimales (por ejemplo 38123.45).',
  sinPermiso: 'Solo el receptor o el administrador pueden registrar valores de la UF.',
  rangoInvalido: 'La fecha "desde" no puede ser posterior a la fecha "hasta".',
} as const;
const m = valoresUfMessages;

export const VALORES_UF_ORIGENES = ['indicadores', 'manual'] as const;
/** The largest UF value accepted (pesos); the UF was about 40,000 pesos in 2025. */
export const VALOR_UF_MAX = 10_000_000;

const FechaUfSchema = boundedString(10, { error: m.fechaInvalida, tooLong: m.fechaInvalida }).refine(
  (value) => isValidIsoDate(value) && Number(value.slice(0, 4)) >= 2000 && Number(value.slice(0, 4)) <= 2100,
  { error: m.fechaInvalida },
);

export const ValorUfSchema = z.object({
  fecha: z.string(),
  /** Pesos with up to two decimals, as the UF is published. */
  valor: z.number(),
  origen: z.enum(VALORES_UF_ORIGENES),
});
export type ValorUf = z.infer<typeof ValorUfSchema>;

export const ValorUfCreateSchema = z.object({
  fecha: FechaUfSchema,
  valor: z
    .number({ error: m.valorInvalido })
    .positive({ error: m.valorInvalido })
    .max(VALOR_UF_MAX, { error: m.valorInvalido })
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: m.valorInvalido }),
});
export type ValorUfCreate = z.infer<typeof ValorUfCreateSchema>;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const ValoresUfQuerySchema = z
  .object({
    desde: z.preprocess(blankToUndefined, FechaUfSchema.optional()),
    hasta: z.preprocess(blankToUndefined, FechaUfSchema.optional()),
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, { error: m.rangoInvalido, path: ['desde'] });
export type ValoresUfQuery = z.infer<typeof ValoresUfQuerySchema>;

/** At most this many values in one answer (the newest first). */
export const VALORES_UF_LIMITE = 400;

/**
 * An amount in UF converted to whole pesos: `uf` (up to four decimals) times the stored value (two
 * decimals), computed exactly in integers and rounded half up.
 */
export function ufAPesos(uf: number, valorUf: number): number {
  const ufDiezmilesimas = BigInt(Math.round(uf * 10_000));
  const valorCentavos = BigInt(Math.round(valorUf * 100));
  const producto = ufDiezmilesimas * valorCentavos; // pesos × 1,000,000
  const UNIDAD = 1_000_000n;
  return Number((producto + UNIDAD / 2n) / UNIDAD);
}
