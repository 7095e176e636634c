import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ConversorPdf = 'libreoffice' | 'gotenberg' | null;

/** GET /health → conversor_pdf: how certificates become PDFs on this server (null: DOCX only). */
export async function getConversorPdf(): Promise<ConversorPdf> {
  const body = await api.get<{ conversor_pdf?: ConversorPdf }>('/health', { base: '' });
  return body.conversor_pdf ?? null;
}

export function conversorPdfQueryOptions() {
  return queryOptions({ queryKey: ['health', 'conversor_pdf'], queryFn: getConversorPdf, staleTime: 10 * 60_000, retry: false });
}

export function useConversorPdf() {
  return useQuery(conversorPdfQueryOptions());
}
