import type {
  Boleta,
  BoletaCreateInput,
  EstudioListItem,
  Facturable,
  ReciboAnularInput,
  ReciboConfiguracion,
  ReciboConfiguracionInput,
  ReciboCreateInput,
  ReciboEstado,
  ReciboPatchInput,
  ReciboRebajaInput,
  ReciboResponse,
  RecibosListResponse,
} from '@receptoria/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, saveFile } from '../../../lib/api-client';

export const recibosKey = ['recibos'] as const;

function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as T[]) : [];
}

/** GET /api/v1/estudios/ for the firm pickers. */
export function useEstudiosRecibos() {
  return useQuery({
    queryKey: ['recibos', 'estudios'] as const,
    queryFn: async () => listOf<EstudioListItem>(await api.get<unknown>('/estudios/')),
  });
}

/** A stamped diligence of the firm that no receipt (other than a void one) holds. */
export type DiligenciaFacturable = Facturable;

/** GET /api/v1/recibos/facturables/?estudio (the firm's stamped diligences without a receipt). */
export function getFacturables(estudioId: number): Promise<DiligenciaFacturable[]> {
  return api.get<DiligenciaFacturable[]>('/recibos/facturables/', { params: { estudio: estudioId } });
}

export function useFacturables(estudioId: number | null) {
  return useQuery({
    queryKey: ['recibos', 'facturables', estudioId] as const,
    queryFn: () => getFacturables(estudioId!),
    enabled: estudioId !== null,
  });
}

export interface RecibosFiltros {
  estudio: string | null;
  estado: ReciboEstado | null;
  desde: string | null;
  hasta: string | null;
  page: number;
}

export function useRecibos(filtros: RecibosFiltros) {
  return useQuery({
    queryKey: ['recibos', 'lista', filtros] as const,
    queryFn: () =>
      api.get<RecibosListResponse>('/recibos/', {
        params: { estudio: filtros.estudio, estado: filtros.estado, desde: filtros.desde, hasta: filtros.hasta, page: filtros.page },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRecibo(id: number | null) {
  return useQuery({
    queryKey: ['recibos', 'detalle', id] as const,
    queryFn: async () => (await api.get<ReciboResponse>(`/recibos/${id}/`)).recibo,
    enabled: id !== null,
  });
}

/** Receipts, payments and statements move together: every change refreshes all three. */
function useInvalidateCobro() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recibosKey }),
      queryClient.invalidateQueries({ queryKey: ['pagos'] }),
      queryClient.invalidateQueries({ queryKey: ['cobranza'] }),
    ]);
}

const configuracionKey = ['recibos', 'configuracion'] as const;

/** GET /api/v1/recibos/configuracion/: where numbering starts and the next number. */
export function useConfiguracionRecibos() {
  return useQuery({ queryKey: configuracionKey, queryFn: () => api.get<ReciboConfiguracion>('/recibos/configuracion/') });
}

export function useSaveConfiguracionRecibos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReciboConfiguracionInput) => api.put<ReciboConfiguracion>('/recibos/configuracion/', body),
    onSuccess: (config) => queryClient.setQueryData(configuracionKey, config),
  });
}

export function useCreateRecibo() {
  const invalidate = useInvalidateCobro();
  return useMutation({
    mutationFn: async (body: ReciboCreateInput) => (await api.post<ReciboResponse>('/recibos/', body)).recibo,
    onSuccess: invalidate,
  });
}

export function useRebajaRecibo(id: number) {
  const invalidate = useInvalidateCobro();
  return useMutation({
    mutationFn: async (body: ReciboRebajaInput) => (await api.post<ReciboResponse>(`/recibos/${id}/rebaja/`, body)).recibo,
    onSuccess: invalidate,
  });
}

/** PATCH /api/v1/recibos/{id}/ {agregar, quitar} (edit_asocia_recibos; only while nothing is paid). */
export function usePatchRecibo(id: number) {
  const invalidate = useInvalidateCobro();
  return useMutation({
    mutationFn: async (body: ReciboPatchInput) => (await api.patch<ReciboResponse>(`/recibos/${id}/`, body)).recibo,
    onSuccess: invalidate,
  });
}

export function useAnularRecibo(id: number) {
  const invalidate = useInvalidateCobro();
  return useMutation({
    mutationFn: async (body: ReciboAnularInput) => (await api.post<ReciboResponse>(`/recibos/${id}/anular/`, body)).recibo,
    onSuccess: invalidate,
  });
}

export function useBoletaRecibo(id: number) {
  const invalidate = useInvalidateCobro();
  return useMutation({
    mutationFn: (body: BoletaCreateInput) => api.post<Boleta>(`/recibos/${id}/boleta/`, body),
    onSuccess: invalidate,
  });
}

/** GET /api/v1/recibos/{id}/pdf/ offered as a file (imprime_recibos). */
export async function downloadReciboPdf(id: number, numero: number) {
  const { blob, filename } = await api.download(`/recibos/${id}/pdf/`);
  saveFile(blob, filename ?? `recibo-${numero}.pdf`);
}
