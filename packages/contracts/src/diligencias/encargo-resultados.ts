import { z } from 'zod';
import { EntregaCopiasRespuestaSchema } from '../visitas/entrega-copias';

/** Art. 43 CPC: whether the person notified personally signed the diligence. */
export const FIRMAS_NOTIFICADO = ['firmo', 'no_quiso', 'no_sabe'] as const;
export type FirmaNotificado = (typeof FIRMAS_NOTIFICADO)[number];
export const FIRMA_NOTIFICADO_LABELS: Record<FirmaNotificado, string> = {
  firmo: 'Firmó',
  no_quiso: 'No quiso firmar',
  no_sabe: 'No supo o no pudo firmar',
};
/** <<firma_notificado>>: the sentence of the personal notification's certificate. */
export const FIRMA_NOTIFICADO_ORACION: Record<FirmaNotificado, string> = {
  firmo: 'Firmó la diligencia.',
  no_quiso: 'No quiso firmar la diligencia.',
  no_sabe: 'No supo o no pudo firmar la diligencia.',
};

/**
 * Results-and-stamps fields added to an assignment as GET /encargos/buscar_por_rol/ returns it
 * (spec 02 §3): stamp state and date, and the last diligence. Kept free of other contract imports so
 * the assignment contracts can extend their read shape with it.
 */
export const DiligenciaResumenSchema = z.object({
  id: z.number().int(),
  fecha_diligencia: z.string(),
  apuntes_terreno: z.string(),
  tratamiento: z.string(),
  valor_cobrado: z.number().int().nullable(),
  valor_final: z.number().int(),
  motivo_cambio_valor: z.string(),
  observaciones: z.string(),
  /** Who gave the account at the address (name), '' when nobody. */
  informante: z.string(),
  /** Their relation to the person sought (conserje, vecino, …), ''. */
  informante_relacion: z.string(),
  /** False when only the date was typed (stored at 09:00): the certificate asks for the hour. */
  hora_informada: z.boolean(),
  /** The field visit it was saved from, or null. */
  visita_uuid: z.string().nullable(),
  /** What was done with the copies, or null when not recorded. */
  entrega_copias: EntregaCopiasRespuestaSchema.nullable(),
  /** Art. 43: whether the person notified signed, or null when not recorded. */
  firma_notificado: z.enum(FIRMAS_NOTIFICADO).nullable(),
});
export type DiligenciaResumen = z.infer<typeof DiligenciaResumenSchema>;

export const EncargoResultadoFields = {
  /** '' = sin estampar; 'estampado' once the stamp was generated and opened. */
  estado_estampado: z.string(),
  /** YYYY-MM-DD or null. */
  fecha_estampado: z.string().nullable(),
  observacion_estampado: z.string(),
  /** Stamp type (result type) of the last diligence. */
  tipo_estampado: z.number().int().nullable(),
  tipo_estampado_nombre: z.string(),
  /** Value billed: the last diligence's final value. */
  valor_asociado: z.number().int().nullable(),
  ultima_diligencia_tipo_estampado: z.number().int().nullable(),
  ultima_diligencia_tipo_estampado_nombre: z.string().nullable(),
  /** ISO date-time with the Santiago offset. */
  ultima_diligencia_fecha: z.string().nullable(),
  ultima_diligencia_apuntes: z.string().nullable(),
  ultima_diligencia_valor: z.number().int().nullable(),
  ultima_diligencia_observaciones: z.string().nullable(),
  ultima_diligencia_tratamiento: z.string().nullable(),
  ultima_diligencia_informante: z.string().nullable(),
  ultima_diligencia_informante_relacion: z.string().nullable(),
  ultima_diligencia_hora_informada: z.boolean().nullable(),
  diligencia: DiligenciaResumenSchema.nullable(),
  /** The last result as { id, nombre } (spec's resultado / resultadodiligencia). */
  resultado: z.object({ id: z.number().int(), nombre: z.string() }).nullable(),
};
