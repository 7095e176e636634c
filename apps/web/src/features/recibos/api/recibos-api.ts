import type {
  Boleta,
  BoletaCreateInput,
  CobranzaEncargosResponse,
  EstudioListItem,
  ReciboAnularInput,
  ReciboCreateInput,
  ReciboEstado,
  ReciboRebajaInput,
  ReciboResponse,
  RecibosListResponse,
} from '@receptoria/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, saveFile } from '../../../lib/api-client';
import { findEncargosByRol } from '../../../lib/find-encargos-by-rol';

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
export interface DiligenciaFacturable {
  diligencia_id: number;
  encargo_id: number;
  numero_rol: string;
  tipo: string;
  valor: number;
  fecha_diligencia: string | null;
}

/**
 * Reads the diligences that still bill through the cobranza preview: the firm's stamped assignments
 * and, by rol, each one's last diligence (the billed one). Used while the API has no list of its own.
 */
async function facturablesDesdeCobranza(estudioId: number): Promise<DiligenciaFacturable[]> {
  const preview = await api.get<CobranzaEncargosResponse>('/cobranza/encargos/', { params: { estudio: estudioId } });
  const rows = preview.encargos.filter((row) => row.estudio_id === estudioId);
  const found: DiligenciaFacturable[] = [];
  // A few at a time: a firm's unbilled month is tens of rows.
  for (let i = 0; i < rows.length; i += 6) {
    const slice = rows.slice(i, i + 6);
    const resolved = await Promise.all(
      slice.map(async (row) => {
        const encargo = (await findEncargosByRol(row.numero_rol)).find((item) => item.id === row.id);
        const diligencia = encargo?.diligencia;
        if (!diligencia) return null;
        return {
          diligencia_id: diligencia.id,
          encargo_id: row.id,
          numero_rol: row.numero_rol,
          tipo: row.tipo_estampado,
          valor: row.valor_asociado,
          fecha_diligencia: row.fecha_diligencia,
        } satisfies DiligenciaFacturable;
      }),
    );
    for (const item of resolved) if (item) found.push(item);
  }
  return found;
}

/** GET /api/v1/recibos/facturables/?estudio (the firm's stamped diligences without a receipt). */
export async function getFacturables(estudioId: number): Promise<DiligenciaFacturable[]> {
  try {
    return await api.get<DiligenciaFacturable[]>('/recibos/facturables/', { params: { estudio: estudioId } });
  } catch (error) {
    // Without the route the path reads as a receipt id ('/recibos/{id}/'): 400 or 404.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return facturablesDesdeCobranza(estudioId);
    throw error;
  }
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
