import type {
  AplicacionInput,
  EstadoCuenta,
  EstadoCuentaEnviado,
  EstudioListItem,
  PagoCreateInput,
  PagoResponse,
  PagosListResponse,
} from '@receptoria/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, saveFile } from '../../../lib/api-client';

function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as T[]) : [];
}

/** GET /api/v1/estudios/ for the firm pickers. */
export function useEstudiosPagos() {
  return useQuery({
    queryKey: ['pagos', 'estudios'] as const,
    queryFn: async () => listOf<EstudioListItem>(await api.get<unknown>('/estudios/')),
  });
}

/** GET /api/v1/estudios/{id}/estado_cuenta/?hasta: balance, credit, ageing, open receipts and movements. */
/** Which page of each list of a statement; page 1 of both (the API's default) is not sent. */
export interface EstadoCuentaPaginasVista {
  movimientos: number;
  abiertos: number;
}

export function useEstadoCuenta(estudioId: number | null, hasta?: string | null, paginas: EstadoCuentaPaginasVista = { movimientos: 1, abiertos: 1 }) {
  return useQuery({
    queryKey: ['pagos', 'estado-cuenta', estudioId, hasta ?? null, paginas.movimientos, paginas.abiertos] as const,
    queryFn: () =>
      api.get<EstadoCuenta>(`/estudios/${estudioId}/estado_cuenta/`, {
        params: {
          hasta,
          movimientos_page: paginas.movimientos > 1 ? paginas.movimientos : undefined,
          abiertos_page: paginas.abiertos > 1 ? paginas.abiertos : undefined,
        },
      }),
    enabled: estudioId !== null,
    // Another page keeps the current one on screen until it arrives.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === estudioId && previousQuery?.queryKey[3] === (hasta ?? null) ? previous : undefined),
  });
}

export interface PagosFiltros {
  estudio: string | null;
  page: number;
}

export function usePagos(filtros: PagosFiltros) {
  return useQuery({
    queryKey: ['pagos', 'lista', filtros] as const,
    queryFn: () => api.get<PagosListResponse>('/pagos/', { params: { estudio: filtros.estudio, page: filtros.page } }),
    placeholderData: keepPreviousData,
  });
}

/** Payments, receipts and statements move together: every change refreshes all three. */
function useInvalidateCobro() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['pagos'] }),
      queryClient.invalidateQueries({ queryKey: ['recibos'] }),
    ]);
}

export function useCreatePago() {
  const invalidate = useInvalidateCobro();
  return useMutation({
    mutationFn: async (body: PagoCreateInput) => (await api.post<PagoResponse>('/pagos/', body)).pago,
    onSuccess: invalidate,
  });
}

export function useAplicarPago() {
  const invalidate = useInvalidateCobro();
  return useMutation({
    mutationFn: async ({ id, aplicaciones }: { id: number; aplicaciones: AplicacionInput[] }) =>
      (await api.post<PagoResponse>(`/pagos/${id}/aplicar/`, { aplicaciones })).pago,
    onSuccess: invalidate,
  });
}

export function useDeshacerPago() {
  const invalidate = useInvalidateCobro();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/pagos/${id}/`),
    onSuccess: invalidate,
  });
}

export function useEnviarEstadoCuenta() {
  return useMutation({
    mutationFn: ({ estudioId, hasta }: { estudioId: number; hasta: string }) =>
      api.post<EstadoCuentaEnviado>(`/estudios/${estudioId}/estado_cuenta/enviar/`, { hasta }),
  });
}

/** The statement as PDF or XLSX, offered as a file. */
export async function downloadEstadoCuenta(estudioId: number, hasta: string, formato: 'pdf' | 'xlsx') {
  const { blob, filename } = await api.download(`/estudios/${estudioId}/estado_cuenta/${formato}/`, undefined, { params: { hasta } });
  saveFile(blob, filename ?? `estado-cuenta-${estudioId}-${hasta}.${formato}`);
}
