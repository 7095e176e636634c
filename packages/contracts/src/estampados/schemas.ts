import { z } from 'zod';
import { encargoIdOpcional, texto } from '../diligencias/fields';
import { estampadoMessages as m } from './messages';

/** GET /estampados/api/estampados/tipos → [{id, nombre, …}] (resultado_id is one of these ids). */
export const TipoEstampadoSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  codigo: z.string(),
  valor_por_defecto: z.number().int(),
  tiene_plantilla: z.boolean(),
});
export type TipoEstampado = z.infer<typeof TipoEstampadoSchema>;
export const TipoEstampadoListSchema = z.array(TipoEstampadoSchema);

/** A stamp type by id (number or digits) or by its code (e.g. busqueda_positiva). */
export const TipoEstampadoRefInputSchema = z.preprocess(
  (value) => {
    if (value === null || value === undefined || value === '') return undefined;
    if (typeof value === 'string' && /^\d{1,10}$/.test(value.trim())) return Number(value.trim());
    return typeof value === 'string' ? value.trim() : value;
  },
  z.union(
    [
      z.number().int().positive().max(2_147_483_647),
      z.string().max(60).regex(/^[a-z0-9_]+$/),
    ],
    { error: (issue) => (issue.input === undefined ? m.tipoRequerido : m.tipoInvalido) },
  ),
);

const DatoValorSchema = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()], { error: m.datosInvalidos });

/**
 * The stamp payload (spec 02 §3). When it names an assignment (encargo_id, or a numero_rol with one
 * assignment) the server builds every field from the stored data; other keys are kept as sent.
 */
export const DatosEstampadoSchema = z
  .record(z.string().max(60, { error: m.datosInvalidos }), DatoValorSchema, { error: m.datosInvalidos })
  .refine((datos) => Object.keys(datos).length <= 200, { error: m.demasiadosDatos });
export type DatosEstampado = z.infer<typeof DatosEstampadoSchema>;

export const GenerarEstampadoSchema = z.object({
  tipo_estampado: TipoEstampadoRefInputSchema,
  datos: DatosEstampadoSchema,
  encargo_id: encargoIdOpcional,
  /** Default 'Estampado {type} - {rol} - {dd-mm-yyyy}'. */
  titulo_documento: texto(300).optional().default(''),
  validar_marcadores: z
    .preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: 'Valor inválido' }))
    .optional()
    .default(true),
});
export type GenerarEstampadoValue = z.output<typeof GenerarEstampadoSchema>;

export const DocumentoRefSchema = z.object({
  id: z.string(),
  /** Opens the document: the Google Docs URL, or a signed download link of the DOCX. */
  url: z.string(),
  url_pdf: z.string().nullable(),
  titulo: z.string(),
  motor: z.enum(['local', 'google']),
  numero_rol: z.string(),
  encargo_id: z.number().int().nullable(),
});
export type DocumentoRef = z.infer<typeof DocumentoRefSchema>;

export const GenerarEstampadoResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  documento: DocumentoRefSchema,
  /** Things the receiver should know about the certificate (e.g. their RUT missing under the signature); [] when none. */
  advertencias: z.array(z.string()),
  /** Identity fields missing from the receiver's record ('nombre', 'rut', 'titulo', 'direccion', 'comuna'). */
  receptor_incompleto: z.array(z.string()),
});
export type GenerarEstampadoResponse = z.infer<typeof GenerarEstampadoResponseSchema>;

export const PreviewEstampadoSchema = z.object({
  tipo_estampado: TipoEstampadoRefInputSchema,
  datos: DatosEstampadoSchema,
  encargo_id: encargoIdOpcional,
});
export type PreviewEstampadoValue = z.output<typeof PreviewEstampadoSchema>;

export const PreviewEstampadoResponseSchema = z.object({
  success: z.literal(true),
  plantilla: z.object({ id: z.number().int(), nombre: z.string() }),
  titulo: z.string(),
  /** The payload the document would be filled with. */
  datos: z.record(z.string(), z.string()),
  /** The certificate's text, one paragraph per line. */
  texto: z.string(),
  /** Markers of the template that have no value. */
  marcadores_faltantes: z.array(z.string()),
  advertencias: z.array(z.string()),
  receptor_incompleto: z.array(z.string()),
});
export type PreviewEstampadoResponse = z.infer<typeof PreviewEstampadoResponseSchema>;

export const DocumentoIdParamSchema = z.object({
  id: z.string().trim().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: m.noEncontrado }),
});

export const DocumentoEstampadoSchema = DocumentoRefSchema.extend({
  tipo_estampado: z.object({ id: z.number().int(), nombre: z.string() }).nullable(),
  creado_por: z.string(),
  fecha_creacion: z.string(),
  fecha_notificacion: z.string().nullable(),
});
export type DocumentoEstampado = z.infer<typeof DocumentoEstampadoSchema>;

/** GET /api/v1/encargos/{id}/estampados/: the assignment's documents, newest first. */
export const DocumentosEncargoResponseSchema = z.object({ results: z.array(DocumentoEstampadoSchema) });
export type DocumentosEncargoResponse = z.infer<typeof DocumentosEncargoResponseSchema>;

export const DocumentoEstampadoResponseSchema = z.object({ success: z.literal(true), documento: DocumentoEstampadoSchema });
export const DocumentoEliminadoResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** Query of the signed download link GET /estampados/api/estampados/documento/{id}/archivo. */
export const DescargaDocumentoQuerySchema = z.object({
  firma: z.string({ error: m.firmaInvalida }).max(128, { error: m.firmaInvalida }),
  /** Expiry (Unix seconds) covered by the signature; a link without one is refused. */
  exp: z.coerce.number({ error: m.firmaInvalida }).int({ error: m.firmaInvalida }).min(0, { error: m.firmaInvalida }).max(2 ** 40, { error: m.firmaInvalida }).optional(),
  formato: z.enum(['docx', 'pdf', 'pdf_firmado'], { error: m.firmaInvalida }).optional().default('docx'),
});
