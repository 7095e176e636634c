import { z } from 'zod';
import { isValidIsoDate } from '../format/dates';
import { cierreDiaMessages } from './constants';

// The texts live without zod in constants.ts (the dashboard downloads no zod).
export { cierreDiaMessages } from './constants';

/** ?fecha=YYYY-MM-DD (a real calendar day); today in America/Santiago when absent. */
export const CierreDiaQuerySchema = z.object({
  fecha: z
    .string({ error: cierreDiaMessages.fechaInvalida })
    .trim()
    .refine((value) => value === '' || (isValidIsoDate(value) && value >= '2000-01-01' && value <= '2099-12-31'), {
      error: cierreDiaMessages.fechaInvalida,
    })
    .optional()
    .transform((value) => value || undefined),
});
export type CierreDiaQuery = z.output<typeof CierreDiaQuerySchema>;

export const CierreCertificadoSchema = z.object({
  /** The stamp document's id. */
  id: z.string(),
  encargo_id: z.number().int().nullable(),
  numero_rol: z.string(),
  tipo_estampado: z.string(),
  estudio: z.string().nullable(),
  creado_por: z.string(),
  /** HH:MM, America/Santiago. */
  hora: z.string(),
  /** The fee of the assignment's stored diligence (valor_final, whole CLP); null when none is stored. */
  valor: z.number().int().nullable(),
  /** Billable as Cobranza counts it: the assignment is estampado and was not re-assigned. */
  facturable: z.boolean(),
});
export type CierreCertificado = z.infer<typeof CierreCertificadoSchema>;

export const CierreSinResultadoSchema = z.object({
  id: z.number().int(),
  numero_rol: z.string(),
  estudio: z.string(),
  ejecutados: z.string(),
  direccion: z.string().nullable(),
  /** HH:MM of the last change that day, America/Santiago. */
  hora: z.string(),
});
export type CierreSinResultado = z.infer<typeof CierreSinResultadoSchema>;

/** A visit of that day (the field work): each stop, its result and hour, and what followed it. */
export const CierreVisitaSchema = z.object({
  id: z.number().int(),
  encargo_id: z.number().int(),
  /** HH:MM (24 hours) of the act, America/Santiago. */
  hora: z.string(),
  numero_rol: z.string(),
  estudio: z.string(),
  /** The address visited: street, comuna. */
  domicilio: z.string().nullable(),
  /** What the receiver went to do (TIPOS_VISITA). */
  tipo: z.string(),
  /** What happened (RESULTADOS_VISITA); the label is RESULTADO_VISITA_LABELS[resultado]. */
  resultado: z.string(),
  /** A negative result: the attempt at that address ended with its reason. */
  negativa: z.boolean(),
  /** Results were stored for the assignment from this visit or after it. */
  con_resultados: z.boolean(),
  /** A certificate was generated for the assignment after this visit. */
  con_certificado: z.boolean(),
  /** Billable as Cobranza counts it: the assignment is estampado and was not re-assigned. */
  facturable: z.boolean(),
  autor: z.string(),
});
export type CierreVisita = z.infer<typeof CierreVisitaSchema>;

export const CierreDiaSchema = z.object({
  fecha: z.string(),
  certificados: z.array(CierreCertificadoSchema),
  /** Assignments with a certificate that day (each once). */
  encargos_certificados: z.number().int().nonnegative(),
  /** Sum of the fees of those assignments, each once. */
  total_derechos: z.number().int().nonnegative(),
  encargos_facturables: z.number().int().nonnegative(),
  total_facturable: z.number().int().nonnegative(),
  sin_resultados: z.array(CierreSinResultadoSchema),
  criterio_sin_resultados: z.string(),
  /** The day's visits, by hour (a corrected visit shows as its correction). */
  visitas: z.array(CierreVisitaSchema),
  /** Assignments visited that day (each once). */
  encargos_visitados: z.number().int().nonnegative(),
  visitas_negativas: z.number().int().nonnegative(),
  /** Visits whose results are not stored yet, and those whose certificate is missing. */
  visitas_sin_resultados: z.number().int().nonnegative(),
  visitas_sin_certificado: z.number().int().nonnegative(),
  /** Visits of assignments Cobranza bills. */
  visitas_facturables: z.number().int().nonnegative(),
});
export type CierreDia = z.infer<typeof CierreDiaSchema>;
