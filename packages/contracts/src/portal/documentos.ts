import { z } from 'zod';
import { isValidIsoDate } from '../format/dates';
import { portalMessages as m } from './messages';

/**
 * GET /api/v1/portal/documentos/ — the certificates of the firm's assignments in one paged list, newest
 * first, each with a short-lived signed link (the signed PDF when there is one, else the PDF, else the
 * Word file), so the Documentos screen needs one request per page.
 */

export const PORTAL_DOCUMENTOS_PAGE_SIZE = 20;
export const PORTAL_DOCUMENTOS_PAGE_SIZE_MAX = 100;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const fechaFiltro = z.preprocess(
  blankToUndefined,
  z
    .string({ error: m.fechaFiltroInvalida })
    .max(10, { error: m.fechaFiltroInvalida, abort: true })
    .refine(isValidIsoDate, { error: m.fechaFiltroInvalida })
    .optional(),
);

const entero = (max: number, fallback: number, error: string) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error }).int({ error }).min(1, { error }).max(max, { error }).default(fallback));

export const PortalDocumentosQuerySchema = z
  .object({
    page: entero(1_000_000, 1, m.paginaInvalida),
    page_size: entero(PORTAL_DOCUMENTOS_PAGE_SIZE_MAX, PORTAL_DOCUMENTOS_PAGE_SIZE, m.tamanoPaginaInvalido),
    /** Issue date range (Santiago dates, inclusive). */
    desde: fechaFiltro,
    hasta: fechaFiltro,
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, { error: m.rangoFechasInvertido, path: ['hasta'] });
export type PortalDocumentosQuery = z.output<typeof PortalDocumentosQuerySchema>;

export const PortalDocumentoSchema = z.object({
  /** The certificate's id (uuid). */
  id: z.string(),
  numero_rol: z.string(),
  /** The assignment's court ('' when none). */
  tribunal: z.string(),
  /** The stamp type's name (the certificate's title when the type was removed). */
  tipo: z.string(),
  /** When it was issued (Santiago ISO). */
  fecha: z.string(),
  firmado: z.boolean(),
  /** Signed link, valid for minutes; null when the certificate holds no file. */
  url: z.string().nullable(),
});
export type PortalDocumento = z.infer<typeof PortalDocumentoSchema>;

export const PortalDocumentosListResponseSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(PortalDocumentoSchema),
});
export type PortalDocumentosListResponse = z.infer<typeof PortalDocumentosListResponseSchema>;
