import { z } from 'zod';
import { DiasTablaSchema, LugarRequerimientoSchema, plazoMessages, PlazoProximoSchema } from '../calendario/plazos';
import { idSchema } from '../common/text';
import { EntregaCopiasSchema } from '../visitas/entrega-copias';
import { visitaMessages } from '../visitas/messages';
import { ColaCartaArt46Schema, visitaUuidSchema } from '../visitas/schemas';
import { isValidIsoDate } from '../format/dates';
import { EncargoEstadoSchema } from '../encargos/estados';
import { EncargoModifySchema } from '../encargos/schemas';
import { DiligenciaResumenSchema, FIRMAS_NOTIFICADO } from './encargo-resultados';
import { encargoIdOpcional, fechaDiligencia, fechaTieneHora, rolBuscado, texto, tipoEstampadoId, valorPersonalizado } from './fields';
import { TRATAMIENTOS, diligenciaMessages as m } from './messages';

export const APUNTES_MAX_LENGTH = 5000;
export const OBSERVACIONES_DILIGENCIA_MAX_LENGTH = 1000;
export const INFORMANTE_MAX_LENGTH = 150;
export const INFORMANTE_RELACION_MAX_LENGTH = 60;

// ---------------------------------------------------------------------------------------------
// POST /api/v1/diligencias/guardar_resultados/ ('Estampar Más Tarde')

/** Built once: a schema built inside the transform below would be built again for every request. */
const fechaDiligenciaSchema = fechaDiligencia();

export const GuardarResultadosSchema = z
  .object({
    numero_rol: rolBuscado(m.encargoRequerido),
    /** Required when the rol matches several assignments. */
    encargo_id: encargoIdOpcional,
    /** Stamp-type id (the result types are the stamp types). */
    resultado_id: tipoEstampadoId(),
    /** Kept as typed until the end: whether it carried a time decides hora_informada. */
    fecha_diligencia: z.unknown().transform((value, ctx) => {
      const parsed = fechaDiligenciaSchema.safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
        return z.NEVER;
      }
      return { fecha: parsed.data, conHora: fechaTieneHora(value) };
    }),
    apuntes_terreno: z.preprocess(
      (value) => (value === null ? undefined : value),
      z
        .string({ error: m.apuntesRequeridos })
        .max(APUNTES_MAX_LENGTH, { error: m.textoDemasiadoLargo(APUNTES_MAX_LENGTH) })
        .trim()
        .min(1, { error: m.apuntesRequeridos }),
    ),
    valor_personalizado: valorPersonalizado().optional().default(null),
    observaciones_diligencia: texto(OBSERVACIONES_DILIGENCIA_MAX_LENGTH).optional().default(''),
    /** 'don', 'doña' or '' before the person's name in the certificate. */
    tratamiento: z
      .preprocess((value) => (value === null ? '' : value), z.enum(TRATAMIENTOS, { error: m.tratamientoInvalido }))
      .optional()
      .default(''),
    /** Who gave the account at the address, and their relation (conserje, vecino, …): optional. */
    informante: texto(INFORMANTE_MAX_LENGTH).optional().default(''),
    informante_relacion: texto(INFORMANTE_RELACION_MAX_LENGTH).optional().default(''),
    /** Whether the hour was given; absent → true when fecha_diligencia carried a time. */
    hora_informada: z
      .preprocess((value) => (value === null || value === '' ? undefined : value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: m.horaInformadaInvalida }).optional()),
    cambiar_estado_a: z
      .preprocess(
        (value) => (value === null || value === '' ? undefined : value),
        z.enum(['listo_para_estampar'], { error: m.cambiarEstadoInvalido }).optional(),
      )
      .default('listo_para_estampar'),
    /** Where a requerimiento de pago took place (required for that type: the API checks it against the type). */
    lugar_requerimiento: LugarRequerimientoSchema,
    /** Extra days of the tabla de emplazamiento, for a requerimiento outside the court's territory. */
    dias_tabla: DiasTablaSchema,
    /** The address the act took place at (art. 44 checks its búsquedas); absent → the principal address. */
    domicilio_id: z.preprocess((value) => (value === null || value === '' ? undefined : value), idSchema(visitaMessages.domicilioInvalido).optional()),
    /**
     * The field visit the results come from: the diligence takes its exact instant (when the typed date
     * is that visit's minute), and its informant and copies when the body gives none.
     */
    visita_uuid: z.preprocess((value) => (value === null || value === '' ? undefined : value), visitaUuidSchema().optional()),
    /** What was done with the copies; absent → the visit's, when saved from one. */
    entrega_copias: z.preprocess((value) => (value === null ? undefined : value), EntregaCopiasSchema.optional()),
    /** Art. 43: whether the person notified personally signed. */
    firma_notificado: z.preprocess(
      (value) => (value === null || value === '' ? undefined : value),
      z.enum(FIRMAS_NOTIFICADO, { error: m.firmaInvalida }).optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.lugar_requerimiento === 'fuera_territorio' && value.dias_tabla === undefined) {
      ctx.addIssue({ code: 'custom', path: ['dias_tabla'], message: plazoMessages.diasTablaRequeridos });
    }
    if (value.valor_personalizado !== null && value.observaciones_diligencia === '') {
      ctx.addIssue({ code: 'custom', path: ['observaciones_diligencia'], message: m.motivoValorRequerido });
    }
  })
  .transform(({ fecha_diligencia, hora_informada, ...rest }) => ({
    ...rest,
    fecha_diligencia: fecha_diligencia.fecha,
    hora_informada: hora_informada ?? fecha_diligencia.conHora,
  }));
export type GuardarResultadosInput = z.input<typeof GuardarResultadosSchema>;
export type GuardarResultadosValue = z.output<typeof GuardarResultadosSchema>;

export const TipoEstampadoRefSchema = z.object({ id: z.number().int(), nombre: z.string() });

export const DiligenciaSchema = DiligenciaResumenSchema.extend({
  encargo_id: z.number().int(),
  tipo_estampado: TipoEstampadoRefSchema,
  creado_por: z.string(),
  fecha_creacion: z.string(),
});
export type Diligencia = z.infer<typeof DiligenciaSchema>;

export const GuardarResultadosResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  encargo_id: z.number().int(),
  numero_rol: z.string(),
  estado: EncargoEstadoSchema,
  diligencia: DiligenciaSchema,
});
export type GuardarResultadosResponse = z.infer<typeof GuardarResultadosResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/v1/diligencias/notificar_estampado_generado/ (callable without a token for a real document)

export const NotificarEstampadoSchema = z.object({
  numero_rol: rolBuscado(m.encargoRequerido),
  documento_id: z
    .string({ error: m.documentoInvalido })
    .trim()
    .max(64, { error: m.documentoInvalido })
    .min(1, { error: m.documentoInvalido }),
  url_documento: texto(2000).optional().default(''),
});
export type NotificarEstampadoValue = z.output<typeof NotificarEstampadoSchema>;

export const NotificarEstampadoResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  encargo_id: z.number().int(),
  numero_rol: z.string(),
  estado: EncargoEstadoSchema,
  estado_estampado: z.string(),
  fecha_estampado: z.string().nullable(),
});
export type NotificarEstampadoResponse = z.infer<typeof NotificarEstampadoResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/v1/diligencias/cola/ — the /resultados-dashboard work queue

export const COLA_LIMITE = 200;

export const ColaItemSchema = z.object({
  id: z.number().int(),
  numero_rol: z.string(),
  estado: EncargoEstadoSchema,
  estudio_nombre: z.string(),
  ejecutados: z.string(),
  tipo_encargo_nombre: z.string(),
  es_re_encargo: z.boolean(),
  fecha_encargo: z.string(),
  /** Since when it waits: fecha_encargo (preparado) or the last diligence's date (listo_para_estampar), YYYY-MM-DD. */
  esperando_desde: z.string(),
  dias_esperando: z.number().int(),
  ultima_diligencia_tipo_estampado_nombre: z.string().nullable(),
  ultima_diligencia_fecha: z.string().nullable(),
  /** The nearest open deadline (earliest due date, overdue ones included); null without one. */
  plazo_proximo: PlazoProximoSchema.nullable(),
});
export type ColaItem = z.infer<typeof ColaItemSchema>;

export const ColaResponseSchema = z.object({
  /** Oldest first, at most COLA_LIMITE each. */
  esperando_resultados: z.array(ColaItemSchema),
  esperando_estampado: z.array(ColaItemSchema),
  totales: z.object({ esperando_resultados: z.number().int(), esperando_estampado: z.number().int() }),
  /** Art. 46 letters still to send after an art. 44 notification, soonest due first (a sent letter leaves the list). */
  cartas_art46: z.array(ColaCartaArt46Schema),
});
export type ColaResponse = z.infer<typeof ColaResponseSchema>;

// ---------------------------------------------------------------------------------------------
// PATCH /api/v1/encargos/{id}/ (only the changed fields) and guardar_fecha_estampado

/** Same field rules as the full form; at least one field. */
export const EncargoPatchSchema = EncargoModifySchema.refine((value) => Object.keys(value).length > 0, {
  error: m.sinCambios,
});
export type EncargoPatchValue = z.output<typeof EncargoPatchSchema>;

export const GuardarFechaEstampadoSchema = z.object({
  fecha_estampado: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z
      .string({ error: m.fechaEstampadoRequerida })
      .trim()
      .max(10, { error: 'Fecha inválida' })
      .refine(isValidIsoDate, { error: 'Fecha inválida' }),
  ),
  observaciones: texto(500).optional().default(''),
});
export type GuardarFechaEstampadoValue = z.output<typeof GuardarFechaEstampadoSchema>;

export const GuardarFechaEstampadoResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  encargo_id: z.number().int(),
  fecha_estampado: z.string(),
  observaciones: z.string(),
});
