import { z } from 'zod';
import { VersionSchema } from '../auditoria/schemas';
import { boundedString, hasOnlyAsciiDigits, hasVisibleCharacter, idSchema, inputMessages } from '../common/text';
import { EncargoResultadoFields } from '../diligencias/encargo-resultados';
import { OBSERVACIONES_SUGERIDAS } from '../format/lists';
import { ENCARGO_ESTADOS, EncargoEstadoSchema } from './estados';
import {
  cuantia,
  isoDate,
  lenientRut,
  numeroOperacion,
  numeroRol,
  optionalDateTime,
  optionalLenientRut,
  optionalStrictRut,
  optionalText,
  relatedId,
  requiredText,
  strictRut,
} from './fields';
import { encargoMessages as m } from './messages';

/**
 * One limit for typed and suggested observaciones: the spec says 30 characters and also suggests
 * 'Solicitar aprobación por distancia' (34), so the limit is the longest suggestion's length and
 * every suggestion fits. The form's counter, the input and the API all use this rule.
 */
export const OBSERVACIONES_MAX_LENGTH = Math.max(30, ...OBSERVACIONES_SUGERIDAS.map((text) => text.length));
export const ESTADO_ESPECIAL_MAX_LENGTH = 30;

function observaciones() {
  return requiredText(m.observacionesRequeridas, 60).refine((value) => value.length <= OBSERVACIONES_MAX_LENGTH, {
    error: m.textoDemasiadoLargo(OBSERVACIONES_MAX_LENGTH),
  });
}

function estadoEspecial() {
  return optionalText(200).refine((value) => value.length <= ESTADO_ESPECIAL_MAX_LENGTH, { error: m.maximo30 });
}

// ---------------------------------------------------------------------------------------------
// Addresses

export const DomicilioInputSchema = z.object({
  /** Ignored on write: modifying replaces every address. */
  id: z.unknown().optional(),
  direccion: requiredText(m.direccionRequerida, 300),
  comuna: requiredText(m.comunaRequerida, 100),
  ciudad: requiredText(m.ciudadRequerida, 100),
  es_principal: z.boolean({ error: 'Valor inválido' }).optional(),
  activo: z.boolean({ error: 'Valor inválido' }).optional(),
});
export type DomicilioInput = z.input<typeof DomicilioInputSchema>;

/** At least one complete address; exactly one principal (the first when none is marked). */
export function domiciliosSchema<T extends z.ZodType<z.output<typeof DomicilioInputSchema>>>(item: T) {
  return z
    .array(item, { error: m.domicilioValidoRequerido })
    .min(1, { error: m.domicilioValidoRequerido })
    .max(20, { error: 'Máximo 20 domicilios' })
    .refine((list) => list.filter((d) => d.es_principal === true).length <= 1, { error: m.unSoloPrincipal })
    .transform((list) => {
      const principal = Math.max(
        0,
        list.findIndex((d) => d.es_principal === true),
      );
      return list.map((d, index) => ({
        direccion: d.direccion,
        comuna: d.comuna,
        ciudad: d.ciudad,
        es_principal: index === principal,
        activo: d.activo ?? true,
      }));
    });
}
export const DomiciliosInputSchema = domiciliosSchema(DomicilioInputSchema);
export type DomiciliosValue = z.output<typeof DomiciliosInputSchema>;

/** True when an address row is complete enough to be sent (dirección and comuna, spec 01 §5). */
export function isDomicilioValido(d: { direccion?: string | null; comuna?: string | null }): boolean {
  return Boolean(d.direccion?.trim()) && Boolean(d.comuna?.trim());
}

// ---------------------------------------------------------------------------------------------
// Creation (Nuevo Encargo)

export const EncargoCreateSchema = z
  .object({
    fecha_encargo: isoDate(m.fechaRequerida),
    estudio_juridico: relatedId(m.estudioRequerido),
    parte_demandante: relatedId(m.parteDemandanteRequerida),
    tribunal: relatedId(m.tribunalRequerido),
    numero_rol: numeroRol(),
    tipo_causa: relatedId(m.tipoCausaRequerido),
    tipo_encargo: relatedId(m.tipoEncargoRequerido),
    partes: requiredText(m.partesRequeridas, 500, { min: 3, minMessage: m.minimo3 }),
    fecha_retiro: isoDate(m.fechaRetiroRequerida),
    fecha_demanda: isoDate(m.fechaDemandaRequerida),
    fecha_resolucion: isoDate(m.fechaResolucionRequerida),
    cuantia: cuantia(),
    rut_ejecutado: strictRut(m.rutEjecutadoRequerido, m.rutEjecutadoInvalido),
    rut_representante_legal: optionalStrictRut(m.rutRepresentanteInvalido).optional(),
    numero_operacion: numeroOperacion().optional(),
    ejecutados: requiredText(m.ejecutadosRequeridos, 500),
    domicilios: DomiciliosInputSchema,
    fecha_comparendo: optionalDateTime().optional(),
    fecha_prueba: optionalDateTime().optional(),
    observaciones_encargo: observaciones(),
    /** Derived on the server: true exactly when estado_especial is non-empty. */
    encargo_no_realizable: z.unknown().optional(),
    estado_especial: estadoEspecial().optional(),
  })
  .transform(({ encargo_no_realizable: _ignored, ...value }) => ({
    ...value,
    rut_representante_legal: value.rut_representante_legal ?? null,
    numero_operacion: value.numero_operacion ?? '',
    fecha_comparendo: value.fecha_comparendo ?? null,
    fecha_prueba: value.fecha_prueba ?? null,
    estado_especial: value.estado_especial ?? '',
    encargo_no_realizable: (value.estado_especial ?? '') !== '',
  }));
export type EncargoCreateInput = z.input<typeof EncargoCreateSchema>;
export type EncargoCreateValue = z.output<typeof EncargoCreateSchema>;

// ---------------------------------------------------------------------------------------------
// Modify (Re-encargos screen): fields that are sent replace the stored ones; omitted fields stay.

const modifyFields = {
  fecha_encargo: isoDate(m.fechaEncargoRequerida),
  estudio_juridico: relatedId(m.estudioRequerido),
  tribunal: relatedId(m.tribunalRequerido),
  numero_rol: numeroRol(),
  parte_demandante: relatedId(m.parteDemandanteRequerida),
  partes: requiredText(m.partesRequeridas, 500),
  tipo_encargo: relatedId(m.tipoEncargoRequerido),
  tipo_causa: relatedId(m.tipoCausaRequerido),
  fecha_retiro: isoDate(m.fechaRetiroRequerida),
  /** The modify payload names the claim date dda_fs_fecha; fecha_demanda is accepted too. */
  dda_fs_fecha: isoDate(m.fechaDemandaRequerida),
  fecha_demanda: isoDate(m.fechaDemandaRequerida),
  fecha_resolucion: isoDate(m.fechaResolucionRequerida),
  cuantia: cuantia(),
  rut_ejecutado: lenientRut(m.rutEjecutadoRequerido, m.rutInvalido),
  rut_representante_legal: optionalLenientRut(m.rutRepresentanteInvalido),
  numero_operacion: numeroOperacion(),
  ejecutados: requiredText(m.ejecutadosRequeridos, 500),
  domicilios: DomiciliosInputSchema,
  fecha_comparendo: optionalDateTime(),
  fecha_prueba: optionalDateTime(),
  observaciones_encargo: observaciones(),
  observacion_encargo: optionalText(1000),
  observacion_retiro: optionalText(1000),
  /** The special reason; estado_especial is accepted as a synonym. */
  motivo_no_realizable: estadoEspecial(),
  estado_especial: estadoEspecial(),
  encargo_no_realizable: z.unknown(),
  observacion_re_encargo: optionalText(1000),
};

type ModifyShape = typeof modifyFields;

/** Resolves synonyms and derives encargo_no_realizable from the special reason. */
function resolveAliases<T extends Partial<{ [K in keyof ModifyShape]: z.output<ModifyShape[K]> }>>(value: T) {
  const {
    dda_fs_fecha,
    fecha_demanda,
    motivo_no_realizable,
    estado_especial,
    encargo_no_realizable: _ignored,
    ...rest
  } = value;
  const demanda = fecha_demanda ?? dda_fs_fecha;
  const motivo = motivo_no_realizable ?? estado_especial;
  return {
    ...rest,
    ...(demanda !== undefined ? { fecha_demanda: demanda } : {}),
    ...(motivo !== undefined ? { motivo_no_realizable: motivo, encargo_no_realizable: motivo !== '' } : {}),
  };
}

/** `version` (optimistic concurrency): when sent and stale, the edit is refused with 409. */
export const EncargoModifySchema = z
  .object({ ...modifyFields, version: VersionSchema })
  .partial()
  .transform((value) => resolveAliases(value));
export type EncargoModifyInput = z.input<typeof EncargoModifySchema>;
export type EncargoModifyValue = z.output<typeof EncargoModifySchema>;

// ---------------------------------------------------------------------------------------------
// Re-assign: the full form plus the link to the original.

const { dda_fs_fecha: _dda, fecha_demanda: _fd, ...reEncargoRequired } = modifyFields;

export const ReEncargoSchema = z
  .object({
    ...reEncargoRequired,
    dda_fs_fecha: modifyFields.dda_fs_fecha.optional(),
    fecha_demanda: modifyFields.fecha_demanda.optional(),
    rut_representante_legal: modifyFields.rut_representante_legal.optional(),
    numero_operacion: modifyFields.numero_operacion.optional(),
    fecha_comparendo: modifyFields.fecha_comparendo.optional(),
    fecha_prueba: modifyFields.fecha_prueba.optional(),
    observacion_encargo: modifyFields.observacion_encargo.optional(),
    observacion_retiro: modifyFields.observacion_retiro.optional(),
    motivo_no_realizable: modifyFields.motivo_no_realizable.optional(),
    estado_especial: modifyFields.estado_especial.optional(),
    encargo_no_realizable: z.unknown().optional(),
    observacion_re_encargo: modifyFields.observacion_re_encargo.optional(),
    encargo_original_id: relatedId(m.primeroBuscarOriginal),
    es_re_encargo: z.unknown().optional(),
    motivo_re_encargo: optionalText(200).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.fecha_demanda === undefined && value.dda_fs_fecha === undefined) {
      ctx.addIssue({ code: 'custom', path: ['fecha_demanda'], message: m.fechaDemandaRequerida });
    }
  })
  .transform(({ es_re_encargo: _flag, motivo_re_encargo, encargo_original_id, ...value }) => {
    const resolved = resolveAliases(value);
    return {
      ...resolved,
      fecha_demanda: resolved.fecha_demanda ?? '',
      rut_representante_legal: resolved.rut_representante_legal ?? null,
      numero_operacion: resolved.numero_operacion ?? '',
      fecha_comparendo: resolved.fecha_comparendo ?? null,
      fecha_prueba: resolved.fecha_prueba ?? null,
      observacion_encargo: resolved.observacion_encargo ?? '',
      observacion_retiro: resolved.observacion_retiro ?? '',
      motivo_no_realizable: resolved.motivo_no_realizable ?? '',
      encargo_no_realizable: (resolved.motivo_no_realizable ?? '') !== '',
      observacion_re_encargo: resolved.observacion_re_encargo ?? '',
      encargo_original_id,
      motivo_re_encargo: motivo_re_encargo || m.motivoReEncargo,
    };
  });
export type ReEncargoInput = z.input<typeof ReEncargoSchema>;
export type ReEncargoValue = z.output<typeof ReEncargoSchema>;

// ---------------------------------------------------------------------------------------------
// Reading

export const DomicilioSchema = z.object({
  id: z.number().int(),
  direccion: z.string(),
  comuna: z.string(),
  ciudad: z.string(),
  es_principal: z.boolean(),
  activo: z.boolean(),
});
export type Domicilio = z.infer<typeof DomicilioSchema>;

const NamedRefSchema = z.object({ id: z.number().int(), nombre: z.string() });
export type NamedRef = z.infer<typeof NamedRefSchema>;

export const EncargoSchema = z.object({
  id: z.number().int(),
  numero_rol: z.string(),
  estado: EncargoEstadoSchema,
  fecha_encargo: z.string(),
  fecha_encargo_formatted: z.string(),
  fecha_retiro: z.string().nullable(),
  fecha_demanda: z.string().nullable(),
  dda_fs_fecha: z.string().nullable(),
  fecha_resolucion: z.string().nullable(),
  fecha_comparendo: z.string().nullable(),
  fecha_prueba: z.string().nullable(),
  cuantia: z.number().int().nullable(),
  numero_operacion: z.string(),
  rut_ejecutado: z.string(),
  rut_representante_legal: z.string().nullable(),
  ejecutados: z.string(),
  partes: z.string(),
  estudio_juridico: NamedRefSchema,
  estudio_nombre: z.string(),
  parte_demandante: NamedRefSchema.nullable(),
  parte_demandante_nombre: z.string(),
  tribunal: NamedRefSchema.nullable(),
  tribunal_nombre: z.string(),
  tipo_encargo: NamedRefSchema.nullable(),
  tipo_encargo_nombre: z.string(),
  tipo_causa: NamedRefSchema.nullable(),
  tipo_causa_nombre: z.string(),
  /** Same text as observaciones_encargo. */
  observaciones: z.string(),
  observaciones_encargo: z.string(),
  observacion_encargo: z.string(),
  observacion_retiro: z.string(),
  observacion_re_encargo: z.string(),
  motivo_no_realizable: z.string(),
  encargo_no_realizable: z.boolean(),
  es_re_encargado: z.boolean(),
  es_re_encargo: z.boolean(),
  encargo_original_id: z.number().int().nullable(),
  motivo_re_encargo: z.string(),
  fecha_creacion: z.string(),
  fecha_modificacion: z.string(),
  version: z.number(),
  domicilios: z.array(DomicilioSchema),
});
export type Encargo = z.infer<typeof EncargoSchema>;

export const ALARMA_TIPOS = ['comparendo', 'prueba'] as const;
export const AlarmaTipoSchema = z.enum(ALARMA_TIPOS);

export const AlarmaSchema = z.object({
  id: z.number().int(),
  tipo: AlarmaTipoSchema,
  fecha_hora: z.string(),
  mensaje: z.string(),
});
export type Alarma = z.infer<typeof AlarmaSchema>;

/** One assignment with its alarms (creation, re-assign, modify and detail answers). */
export const EncargoDetailSchema = EncargoSchema.extend({
  alarmas: z.array(AlarmaSchema),
  /** The last diligence (with the visit it was saved from, visita_uuid), null without results. */
  diligencia: EncargoResultadoFields.diligencia.optional(),
});
export type EncargoDetail = z.infer<typeof EncargoDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Pending list

export const ENCARGO_PAGE_SIZE_DEFAULT = 20;
export const ENCARGO_PAGE_SIZE_MAX = 100;

export const EncargoListQuerySchema = z.object({
  search: boundedString(100, { tooLong: m.busquedaDemasiadoLarga }).trim().optional(),
  estado: z.preprocess(
    (value) => (value === '' || value === 'todos' ? undefined : value),
    z.enum(ENCARGO_ESTADOS, { error: m.estadoInvalido }).optional(),
  ),
  estudio: z.preprocess(
    (value) => (value === '' ? undefined : value),
    idSchema('Estudio jurídico inválido').optional(),
  ),
  page: z.coerce
    .number({ error: m.paginaInvalida })
    .int({ error: m.paginaInvalida })
    .min(1, { error: m.paginaInvalida })
    .max(1_000_000, { error: m.paginaInvalida })
    .default(1),
  page_size: z.coerce
    .number({ error: m.tamanoPaginaInvalido })
    .int({ error: m.tamanoPaginaInvalido })
    .min(1, { error: m.tamanoPaginaInvalido })
    .max(ENCARGO_PAGE_SIZE_MAX, { error: m.tamanoPaginaInvalido })
    .default(ENCARGO_PAGE_SIZE_DEFAULT),
});
export type EncargoListQuery = z.output<typeof EncargoListQuerySchema>;

export const EncargoTotalesSchema = z.object({
  pendiente: z.number().int(),
  preparado: z.number().int(),
  listo_para_estampar: z.number().int(),
  estampado: z.number().int(),
});
export type EncargoTotales = z.infer<typeof EncargoTotalesSchema>;

export const EncargoListResponseSchema = z.object({
  count: z.number().int(),
  /** A search's counts stop at 1,000 per state: true when `count` (and some `totales`) mean "1,000 or more". */
  count_capped: z.boolean().optional(),
  /** The states whose `totales` figure is that cap: "1,000 or more" (empty or absent: every figure is exact). */
  totales_capped: z.array(EncargoEstadoSchema).optional(),
  page: z.number().int(),
  page_size: z.number().int(),
  totales: EncargoTotalesSchema,
  results: z.array(EncargoSchema),
});
export type EncargoListResponse = z.infer<typeof EncargoListResponseSchema>;

export const BuscarPorRolQuerySchema = z.object({
  numero_rol: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    boundedString(30, { error: m.rolBusquedaVacia, tooLong: m.maximo30 })
      .min(1, { error: m.rolBusquedaVacia, abort: true })
      .refine(hasVisibleCharacter, { error: m.rolBusquedaVacia, abort: true })
      .refine(hasOnlyAsciiDigits, { error: inputMessages.digitosNoAscii }),
  ),
});

/** An assignment as the rol search returns it: plus stamp state and last diligence (spec 02 §3). */
export const EncargoConResultadosSchema = EncargoSchema.extend(EncargoResultadoFields);
export type EncargoConResultados = z.infer<typeof EncargoConResultadosSchema>;

/** A single assignment, or the list when several share the rol. */
export const BuscarPorRolResponseSchema = z.union([EncargoConResultadosSchema, z.array(EncargoConResultadosSchema)]);

// ---------------------------------------------------------------------------------------------
// Lookups

export const TribunalSchema = z.object({ id: z.number().int(), nombre: z.string() });
export type Tribunal = z.infer<typeof TribunalSchema>;
export const TipoCausaSchema = z.object({ id: z.number().int(), nombre: z.string() });
export type TipoCausa = z.infer<typeof TipoCausaSchema>;
export const TipoEncargoSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  value: z.number().int(),
  label: z.string(),
});
export type TipoEncargo = z.infer<typeof TipoEncargoSchema>;

// ---------------------------------------------------------------------------------------------
// Documents (spec 01 §7)

const docText = (max = 500) => optionalText(max).optional().default('');

export const MembreteRequestSchema = z.object({
  nombre_receptor: docText(200),
  ejecutados: docText(),
  ejecutado_direccion: docText(300),
  ejecutado_comuna: docText(100),
  tribunal_nombre: docText(200),
  numero_rol: numeroRol(),
  tipo_causa_nombre: docText(200),
  partes: docText(),
  fecha_encargo: docText(40),
});
export type MembreteRequest = z.output<typeof MembreteRequestSchema>;

export const FichaTerrenoRequestSchema = z.object({
  nombre_receptor: docText(200),
  fecha_actual: docText(40),
  /** Firm name, or its id. */
  estudio_juridico: docText(200),
  cuantia: z
    .union([z.number(), boundedString(40, { tooLong: m.textoDemasiadoLargo(40) })])
    .nullable()
    .optional(),
  /** Court name, or its id. */
  tribunal: docText(200),
  tipo_causa_nombre: docText(200),
  numero_rol: numeroRol(),
  rut_ejecutado: docText(20),
  partes: docText(),
  tipo_encargo_nombre: docText(200),
  ejecutados: docText(),
  fecha_demanda: docText(40),
  fecha_resolucion: docText(40),
  ejecutado_direccion: docText(300),
  ejecutado_comuna: docText(100),
});
export type FichaTerrenoRequest = z.output<typeof FichaTerrenoRequestSchema>;
