import { z } from 'zod';
import { idSchema } from '../common/text';
import { tipoEstampadoId } from '../diligencias/fields';
import { plantillaMessages as m } from './messages';

export const PlantillaSchema = z.object({
  id: z.number().int(),
  /** Stored name: plantilla_{name}_receptoria. */
  nombre: z.string(),
  /** The receiver's name. */
  receptor: z.string(),
  /** ISO date-time with the Santiago offset. */
  fechaModificacion: z.string(),
  modificadoPor: z.string(),
  /** Stamp-type name (badge), or null when the template is not linked to a type. */
  tipoEstampado: z.string().nullable(),
  tipoEstampadoId: z.number().int().nullable(),
  /** Google Docs URL when the template lives there; null in local mode. */
  url: z.string().nullable(),
  /** API path that downloads the template's DOCX (bearer token). */
  url_descarga: z.string(),
  /** True when a receiver uploaded their own DOCX (else the built-in wording is used). */
  personalizada: z.boolean(),
});
export type Plantilla = z.infer<typeof PlantillaSchema>;

export const PlantillaListResponseSchema = z.object({ success: z.literal(true), plantillas: z.array(PlantillaSchema) });
export type PlantillaListResponse = z.infer<typeof PlantillaListResponseSchema>;
export const PlantillaResponseSchema = z.object({ success: z.literal(true), plantilla: PlantillaSchema });
export type PlantillaResponse = z.infer<typeof PlantillaResponseSchema>;

export const MarcadorSchema = z.object({ marcador: z.string(), descripcion: z.string() });
export type MarcadorInfo = z.infer<typeof MarcadorSchema>;
export const MarcadoresResponseSchema = z.object({ success: z.literal(true), marcadores: z.array(MarcadorSchema) });
export type MarcadoresResponse = z.infer<typeof MarcadoresResponseSchema>;

export const VerificarPlantillaResponseSchema = z.object({
  success: z.literal(true),
  valida: z.boolean(),
  marcadores: z.array(z.string()),
  marcadores_desconocidos: z.array(z.string()),
  errores: z.array(z.string()),
});
export type VerificarPlantillaResponse = z.infer<typeof VerificarPlantillaResponseSchema>;

/** POST /estampados/api/plantillas/crear-nueva. */
export const CrearPlantillaSchema = z.object({
  nombre_plantilla: z.preprocess(
    (value) => (value === null ? undefined : value),
    z
      .string({ error: m.nombreRequerido })
      .max(100, { error: m.nombreDemasiadoLargo })
      .trim()
      .min(1, { error: m.nombreRequerido, abort: true })
      .regex(/^[\p{L}\p{N} _-]+$/u, { error: m.nombreInvalido }),
  ),
  /** The stamp type the template serves (required: a template without one can never be used). */
  tipo_estampado: tipoEstampadoId(),
  /** Optional Google Docs document (link or id) the template lives in, for the Google Docs engine. */
  google_document_url: z
    .preprocess((value) => (value === null ? undefined : value), z.string({ error: m.googleNoDisponible }).max(500, { error: m.googleNoDisponible }).trim())
    .optional()
    .default(''),
});
export type CrearPlantillaValue = z.output<typeof CrearPlantillaSchema>;

export const CrearPlantillaResponseSchema = PlantillaResponseSchema.extend({ message: z.string() });

export const PlantillaIdParamSchema = z.object({
  id: idSchema(m.noEncontrada),
});

/** PUT /estampados/api/plantillas/{id}/archivo?aceptar_desconocidos=1 keeps a file with unknown markers. */
export const SubirPlantillaQuerySchema = z.object({
  aceptar_desconocidos: z
    .enum(['1', '0', 'true', 'false'], { error: m.aceptarDesconocidosInvalido })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

/** PUT /estampados/api/plantillas/{id}/archivo (multipart field 'archivo', or the raw .docx body). */
export const SubirPlantillaResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  plantilla: PlantillaSchema,
  verificacion: VerificarPlantillaResponseSchema,
  /** Unknown markers kept because the request asked for it (aceptar_desconocidos=1); [] otherwise. */
  advertencias: z.array(z.string()),
});

/** 422: the file uses markers no certificate can fill; nothing was stored. */
export const PlantillaMarcadoresDesconocidosSchema = z.object({
  detail: z.string(),
  marcadores_desconocidos: z.array(z.string()),
});
export type SubirPlantillaResponse = z.infer<typeof SubirPlantillaResponseSchema>;
