import type { CierreDia } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, saveFile } from '../../../lib/api-client';

/** GET /dashboard/cierre_dia/?fecha=YYYY-MM-DD (today in Santiago when absent). */
export async function getCierreDia(fecha: string | null): Promise<CierreDia> {
  const body = await api.get<CierreDia>('/dashboard/cierre_dia/', { params: { fecha } });
  if (!body || !Array.isArray(body.certificados) || !Array.isArray(body.sin_resultados)) {
    throw new Error('Respuesta inválida del servidor');
  }
  return body;
}

export function cierreDiaQueryOptions(fecha: string | null) {
  return queryOptions({ queryKey: ['dashboard', 'cierre-dia', fecha ?? 'hoy'], queryFn: () => getCierreDia(fecha), retry: 1 });
}

export function useCierreDia(fecha: string | null) {
  return useQuery(cierreDiaQueryOptions(fecha));
}

/** GET /dashboard/cierre_dia/pdf/?fecha=: the printable closing, offered as a download. */
export async function downloadCierreDiaPdf(fecha: string): Promise<void> {
  const { blob, filename } = await api.download('/dashboard/cierre_dia/pdf/', undefined, { params: { fecha } });
  saveFile(blob, filename ?? `cierre-dia-${fecha}.pdf`);
}
