import { z } from 'zod';
import { boundedString, idSchema } from '../common/text';
import { isValidIsoDate } from '../format/dates';
import { normalizarCodigoVerificacion } from './codigo';
import { RevocacionFirmaSchema } from './confianza';
import { firmaMessages as m } from './messages';

/*
 * Routes (issue 26), all under /api/v1 and, except verificar, with a bearer and the module estampar:
 *   POST   /firma/certificado/              multipart archivo + password → CertificadoUploadResponse
 *   GET    /firma/certificado/              → CertificadoFirmaResponse
 *   DELETE /firma/certificado/              → CertificadoEliminadoResponse
 *   GET    /firma/documentos/?estado=&estudio=&desde=&hasta=  → DocumentosFirmaResponse
 *   GET    /firma/documentos/{id}/          → DocumentoFirma (fresh download links)
 *   GET    /firma/documentos/{id}/pdf/      → application/pdf (signed when signed, else unsigned)
 *   POST   /firma/documentos/{id}/subido/   MarcarDocumentoSubido → DocumentoFirma
 *   POST   /firma/documentos/zip/           ZipFirmados → application/zip
 *   POST   /firma/firmar/                   Firmar → FirmarResponse
 *   GET    /verificar/{codigo}              public → Verificacion (404 unknown, 429 over VERIFICAR_POR_MINUTO)
 */

/** How long a download link of a document (DOCX, PDF, signed PDF) works without a bearer. */
export const DOCUMENTO_ENLACE_SEGUNDOS = 600;
/** Largest PKCS#12 file accepted (a personal certificate with its chain is a few KB). */
export const CERTIFICADO_MAX_BYTES = 100 * 1024;
/** Documents signed (or zipped) in one request. */
export const FIRMA_LOTE_MAX = 100;
/** Public look-ups of verification codes per minute and client address. */
export const VERIFICAR_POR_MINUTO = 60;

// ---------------------------------------------------------------------------------------------
// Signing certificate: POST/GET/DELETE /api/v1/firma/certificado/

const password = z
  .string({ error: m.passwordRequerida })
  .min(1, { error: m.passwordRequerida, abort: true })
  .max(200, { error: m.passwordDemasiadoLarga, abort: true });

/** The text fields of the multipart upload (field `archivo` carries the .p12/.pfx, at most CERTIFICADO_MAX_BYTES). */
export const CertificadoUploadFieldsSchema = z.object({ password });
export type CertificadoUploadFields = z.output<typeof CertificadoUploadFieldsSchema>;

/** A stored certificate's public data (the file and its password are never returned). */
export const CertificadoFirmaSchema = z.object({
  /** The subject's common name, as the certificate spells it (accents kept). */
  nombre: z.string(),
  /** The subject's RUT with dots and hyphen (12.345.678-5), '' when the certificate carries none. */
  rut: z.string(),
  /** The issuer's common name (or organisation). */
  emisor: z.string(),
  /** ISO 8601 instants with the Santiago offset. */
  valido_desde: z.string(),
  valido_hasta: z.string(),
});
export type CertificadoFirma = z.output<typeof CertificadoFirmaSchema>;

/** POST answer: the certificate as stored. */
export const CertificadoUploadResponseSchema = CertificadoFirmaSchema;
export type CertificadoUploadResponse = CertificadoFirma;

/**
 * PAdES baseline levels (ETSI EN 319 142-1, docs/firma.md): B-B signed; B-T with a TSA's timestamp; B-LT with
 * the chain and revocation answers embedded; B-LTA with a document timestamp (renewed before it expires).
 */
export const NIVELES_PADES = ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const;
export type NivelPades = (typeof NIVELES_PADES)[number];

/** GET answer: the user's certificate, null when none is stored. */
export const CertificadoFirmaResponseSchema = z.object({
  certificado: CertificadoFirmaSchema.extend({
    cargado: z.string(),
    /** 'p12': software certificate kept (encrypted) by this server; 'token': the key stays on the receiver's token. */
    tipo: z.enum(['p12', 'token']).default('p12'),
  }).nullable(),
  /** The level new signatures reach on this server: B-B without a TSA configured, B-LTA with one. */
  nivel_firma: z.enum(NIVELES_PADES),
});
export type CertificadoFirmaResponse = z.output<typeof CertificadoFirmaResponseSchema>;

export const CertificadoEliminadoResponseSchema = z.object({ success: z.literal(true), message: z.string() });

// ---------------------------------------------------------------------------------------------
// Documents to sign: GET /api/v1/firma/documentos/

export const DOCUMENTO_FIRMA_ESTADOS = ['sin_pdf', 'pdf', 'firmado', 'subido'] as const;
export type DocumentoFirmaEstado = (typeof DOCUMENTO_FIRMA_ESTADOS)[number];

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A document id (the certificate's uuid). */
export const DocumentoFirmaIdSchema = z.string({ error: m.documentoInvalido }).trim().max(36, { error: m.documentoInvalido, abort: true }).regex(UUID_RE, { error: m.documentoInvalido }).transform((s) => s.toLowerCase());
export const DocumentoFirmaParamSchema = z.object({ id: DocumentoFirmaIdSchema });

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
const fechaFiltro = z.preprocess(
  blank,
  z.string({ error: m.filtroFechaInvalido }).max(10, { error: m.filtroFechaInvalido, abort: true }).refine(isValidIsoDate, { error: m.filtroFechaInvalido }).optional(),
);

export const DocumentosFirmaQuerySchema = z
  .object({
    estado: z.preprocess(blank, z.enum(DOCUMENTO_FIRMA_ESTADOS, { error: m.estadoInvalido }).optional()),
    /** Only documents of this firm's assignments. */
    estudio: z.preprocess(blank, idSchema(m.estudioInvalido).optional()),
    /** Creation date range (Santiago dates, inclusive). */
    desde: fechaFiltro,
    hasta: fechaFiltro,
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, { error: m.rangoInvalido, path: ['hasta'] });
export type DocumentosFirmaQuery = z.output<typeof DocumentosFirmaQuerySchema>;

export const DocumentoFirmaSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  numero_rol: z.string(),
  encargo_id: z.number().int().nullable(),
  /** The stamp type's name. */
  tipo: z.string().nullable(),
  estudio: z.object({ id: z.number().int(), nombre: z.string() }).nullable(),
  tribunal: z.string().nullable(),
  /** When the certificate was generated (ISO with the Santiago offset). */
  creado: z.string(),
  estado: z.enum(DOCUMENTO_FIRMA_ESTADOS),
  /** Signed links (no bearer; valid DOCUMENTO_ENLACE_SEGUNDOS from the answer that gave them). */
  url_pdf: z.string().nullable(),
  url_pdf_firmado: z.string().nullable(),
  /** Printed form (groups of 4), null for certificates generated before codes existed. */
  codigo_verificacion: z.string().nullable(),
  firmado: z.string().nullable(),
  firmado_por: z.string().nullable(),
  /** The signed PDF's PAdES level now (its latest re-timestamped revision's), null while unsigned. */
  nivel: z.enum(NIVELES_PADES).nullable(),
  /** Date (YYYY-MM-DD) it was uploaded to the court's system, null until marked. */
  subido: z.string().nullable(),
  /** The signer certificate's revocation check at signing; null while unsigned (or signed before checks existed). */
  revocacion: RevocacionFirmaSchema.nullable(),
});
export type DocumentoFirma = z.output<typeof DocumentoFirmaSchema>;

/** Oldest first. */
export const DocumentosFirmaResponseSchema = z.object({ results: z.array(DocumentoFirmaSchema) });
export type DocumentosFirmaResponse = z.output<typeof DocumentosFirmaResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Signing: POST /api/v1/firma/firmar/

const documentoIds = z
  .array(DocumentoFirmaIdSchema, { error: m.documentosRequeridos })
  .min(1, { error: m.documentosRequeridos })
  .max(FIRMA_LOTE_MAX, { error: m.demasiadosDocumentos })
  .transform((ids) => [...new Set(ids)]);

export const FirmarSchema = z.object({ documento_ids: documentoIds, password });
export type FirmarValue = z.output<typeof FirmarSchema>;

export const FirmarResultadoSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  /** Why this document was not signed (Spanish), null when ok. */
  error: z.string().nullable(),
  /** The same reason (issue 39's name for it), null when ok. */
  motivo: z.string().nullable(),
  url_pdf_firmado: z.string().nullable(),
  codigo_verificacion: z.string().nullable(),
});
export type FirmarResultado = z.output<typeof FirmarResultadoSchema>;

/** One result per requested document, in the order asked. */
export const FirmarResponseSchema = z.object({
  results: z.array(FirmarResultadoSchema),
  firmados: z.number().int(),
});
export type FirmarResponse = z.output<typeof FirmarResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Upload to the court and ZIP download

/** POST /api/v1/firma/documentos/{id}/subido/: the date it was uploaded (today or earlier). */
export const MarcarDocumentoSubidoSchema = z.object({
  fecha: z.preprocess(
    blank,
    z
      .string({ error: m.fechaSubidaRequerida })
      .trim()
      .max(10, { error: m.fechaSubidaInvalida, abort: true })
      .refine(isValidIsoDate, { error: m.fechaSubidaInvalida }),
  ),
});
export type MarcarDocumentoSubidoValue = z.output<typeof MarcarDocumentoSubidoSchema>;

/** POST /api/v1/firma/documentos/zip/ → application/zip of the signed PDFs among them. */
export const ZipFirmadosSchema = z.object({ documento_ids: documentoIds });
export type ZipFirmadosValue = z.output<typeof ZipFirmadosSchema>;

// ---------------------------------------------------------------------------------------------
// Public verification: GET /api/v1/verificar/{codigo}

export const CodigoVerificacionSchema = boundedString(64, { error: m.codigoInvalido, tooLong: m.codigoInvalido }).transform(
  (value, ctx) => {
    const codigo = normalizarCodigoVerificacion(value);
    if (codigo === null) {
      ctx.addIssue({ code: 'custom', message: m.codigoInvalido });
      return z.NEVER;
    }
    return codigo;
  },
);
export const VerificarParamSchema = z.object({ codigo: CodigoVerificacionSchema });

/** What the court file already shows: no other personal data. */
export const VerificacionSchema = z.object({
  /** Printed form (groups of 4). */
  codigo: z.string(),
  receptor: z.string(),
  tribunal: z.string().nullable(),
  numero_rol: z.string(),
  tipo: z.string().nullable(),
  /** When the certificate was generated (ISO with the Santiago offset). */
  fecha: z.string(),
  /** Signer's name as the signing certificate spells it; null while unsigned. */
  firmante: z.string().nullable(),
  firmado: z.string().nullable(),
  /** SHA-256 (64 lower-case hex) of the signed PDF; while unsigned, of the PDF as generated (null without one). */
  sha256: z.string().nullable(),
});
export type Verificacion = z.output<typeof VerificacionSchema>;
