import { z } from 'zod';
import { idSchema } from './common/text';

/**
 * POST /api/v1/nuevo_encargo/leer_documentos/ — reads a demanda and/or a resolución (PDF) and proposes
 * Nuevo Encargo's creation fields, each with where it came from. Nothing is stored; every value waits
 * for a person's confirmation.
 *
 * Request: multipart/form-data with the files `demanda` and/or `resolucion` (PDF, recognised by its
 * first bytes, at most LECTURA_PDF_MAX_BYTES each) and the optional text field `estudio` (the firm's id,
 * to propose `parte_demandante` among its parties). Permission: the one that creates assignments.
 *
 * Answers:
 * - 400 `{detail, errors}` (Spanish) when no file is sent, a file is not a PDF (or is damaged), is larger
 *   than the limit, a field is unknown or repeated, or `estudio` is not a firm of the receiver.
 * - 200 `application/json`: LecturaDocumentosResponse.
 * - 200 `application/x-ndjson` when the request says `Accept: application/x-ndjson`: one JSON object per
 *   line, LecturaEvento — `progreso` events while pages are read (scanned pages wait in a queue, one OCR
 *   at a time per server process), then exactly one `resultado` (the same body as the JSON answer) or,
 *   if reading failed after the answer started, one `error` with a Spanish `detail`. Every check that
 *   can refuse the request runs before the first line, so refusals keep their 400/413 status.
 */

export const LECTURA_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const LECTURA_ARCHIVOS = ['demanda', 'resolucion'] as const;
export const LecturaDocumentoSchema = z.enum(LECTURA_ARCHIVOS);
export type LecturaDocumento = z.infer<typeof LecturaDocumentoSchema>;

/** A value proposed with confianza at or above this is shown as read; below it, highlighted for review. */
export const LECTURA_CONFIANZA_ALTA = 0.9;
export const LECTURA_EXTRACTO_MAX = 200;
/** The content type of the streamed answer (progress lines, then the result). */
export const LECTURA_NDJSON = 'application/x-ndjson';

export const lecturaMessages = {
  sinArchivos: 'Adjunte la demanda o la resolución en PDF.',
  noEsPdf: (campo: string) => `El archivo de la ${campo === 'demanda' ? 'demanda' : 'resolución'} no es un PDF.`,
  demasiadoGrande: (campo: string) =>
    `El archivo de la ${campo === 'demanda' ? 'demanda' : 'resolución'} supera el máximo de 10 MB.`,
  campoDesconocido: (campo: string) => `El campo «${campo}» no corresponde a esta lectura.`,
  archivoRepetido: (campo: string) => `Envíe un solo archivo como «${campo}».`,
  estudioInvalido: 'El estudio jurídico indicado no existe.',
  pdfIlegible: (campo: string) =>
    `No se pudo leer el PDF de la ${campo === 'demanda' ? 'demanda' : 'resolución'}; revise que el archivo no esté dañado ni protegido.`,
  sinOcr:
    'El servidor no tiene el reconocimiento de texto (OCR) instalado: las páginas escaneadas no se leyeron; solo se leyó el texto del PDF.',
  ocrFallido: (campo: string, pagina: number) =>
    `No se pudo reconocer el texto de la página ${pagina} de la ${campo === 'demanda' ? 'demanda' : 'resolución'}.`,
  cuantiaEnUf: (uf: string, fecha: string | null) =>
    fecha
      ? `La cuantía está expresada en UF (${uf}) y no hay un valor de la UF registrado para el ${fecha.split('-').reverse().join('-')}: se propone en UF; convierta a pesos antes de guardar.`
      : `La cuantía está expresada en UF (${uf}) y no se leyó la fecha para convertirla: se propone en UF; convierta a pesos antes de guardar.`,
  demasiadasPaginas: (campo: string, max: number) =>
    `La ${campo === 'demanda' ? 'demanda' : 'resolución'} tiene más de ${max} páginas: se leyeron las primeras ${max}.`,
  errorLectura: 'No se pudo terminar la lectura de los documentos. Intente nuevamente.',
} as const;

/** The form's optional `estudio` field (text in multipart). */
export const LecturaDocumentosCamposSchema = z.object({
  estudio: z.preprocess(
    (value) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
      if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
      return value;
    },
    idSchema(lecturaMessages.estudioInvalido).optional(),
  ),
});
export type LecturaDocumentosCampos = z.output<typeof LecturaDocumentosCamposSchema>;

export const DomicilioLeidoSchema = z.object({
  direccion: z.string(),
  /** A name of the official list of 346 comunas, as the list spells it. */
  comuna: z.string(),
  ciudad: z.string(),
});
export type DomicilioLeido = z.infer<typeof DomicilioLeidoSchema>;

/**
 * Nuevo Encargo's creation fields that could be read; a field not read is absent. Ids are ids of the
 * receiver's lists (tribunal, tipo_causa) and of the firm's parties (parte_demandante). Dates are
 * YYYY-MM-DD; RUTs 12345678-9 (no dots, K upper-cased, check digit verified); cuantia whole CLP.
 * `cuantia_uf` is present instead of `cuantia` when the amount is in UF and no stored UF value of the
 * date converts it (an entry in `advertencias` says so).
 */
export const PropuestaLecturaSchema = z.object({
  numero_rol: z.string().optional(),
  tribunal: z.number().int().optional(),
  tipo_causa: z.number().int().optional(),
  partes: z.string().optional(),
  parte_demandante: z.number().int().optional(),
  ejecutados: z.string().optional(),
  rut_ejecutado: z.string().optional(),
  rut_representante_legal: z.string().optional(),
  cuantia: z.number().int().optional(),
  cuantia_uf: z.number().optional(),
  fecha_demanda: z.string().optional(),
  fecha_resolucion: z.string().optional(),
  numero_operacion: z.string().optional(),
  domicilios: z.array(DomicilioLeidoSchema).optional(),
});
export type PropuestaLectura = z.infer<typeof PropuestaLecturaSchema>;
export const CAMPOS_LECTURA = PropuestaLecturaSchema.keyof().options;
export type CampoLectura = keyof PropuestaLectura;

/** Where a value was read. */
export const FuenteLecturaSchema = z.object({
  /** 0 to 1; below LECTURA_CONFIANZA_ALTA the screen highlights the value for review. */
  confianza: z.number().min(0).max(1),
  documento: LecturaDocumentoSchema,
  /** Counts from 1. */
  pagina: z.number().int().min(1),
  /** The page's own text the value was read from (at most 200 characters). */
  extracto: z.string().max(LECTURA_EXTRACTO_MAX),
  /** True when the page was read by OCR (a scanned page). */
  ocr: z.boolean(),
});
export type FuenteLectura = z.infer<typeof FuenteLecturaSchema>;

export const CampoLeidoSchema = FuenteLecturaSchema.extend({
  /** The same value as in `propuesta` (for tribunal/tipo_causa/parte_demandante, the id). */
  valor: z.union([z.string(), z.number(), z.array(DomicilioLeidoSchema)]),
  /** For list-valued fields (domicilios): one source per element, in the same order. */
  elementos: z.array(FuenteLecturaSchema).optional(),
});
export type CampoLeido = z.infer<typeof CampoLeidoSchema>;

export const LecturaArchivoInfoSchema = z.object({
  paginas: z.number().int(),
  /** Pages read by OCR (no text layer). */
  paginas_ocr: z.number().int(),
});

export const LecturaDocumentosResponseSchema = z.object({
  propuesta: PropuestaLecturaSchema,
  campos: z.partialRecord(z.enum(CAMPOS_LECTURA), CampoLeidoSchema),
  /** Spanish sentences for the person confirming (UF amount, OCR missing, unreadable pages…). */
  advertencias: z.array(z.string()),
  documentos: z.object({
    demanda: LecturaArchivoInfoSchema.optional(),
    resolucion: LecturaArchivoInfoSchema.optional(),
  }),
});
export type LecturaDocumentosResponse = z.infer<typeof LecturaDocumentosResponseSchema>;

/** One line of the streamed answer. */
export const LecturaEventoSchema = z.discriminatedUnion('tipo', [
  z.object({
    tipo: z.literal('progreso'),
    documento: LecturaDocumentoSchema,
    /** 'en_cola': waiting for the OCR queue; 'texto': reading the text layer; 'ocr': recognising a scanned page. */
    etapa: z.enum(['en_cola', 'texto', 'ocr']),
    /** The page being read (from 1); 0 while waiting in the queue. */
    pagina: z.number().int().min(0),
    paginas: z.number().int().min(0),
    /** 0 to 1 over every file of the request, for the progress bar. */
    avance: z.number().min(0).max(1),
  }),
  z.object({ tipo: z.literal('resultado'), resultado: LecturaDocumentosResponseSchema }),
  z.object({ tipo: z.literal('error'), detail: z.string() }),
]);
export type LecturaEvento = z.infer<typeof LecturaEventoSchema>;
