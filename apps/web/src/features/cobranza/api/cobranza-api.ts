import type {
  CobranzaEncargosResponse,
  CobranzaHistorial,
  EnviarPlanillaResponse,
  EstudioListItem,
  GenerarPlanillaResponse,
} from '@receptoria/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, saveFile } from '../../../lib/api-client';

/** The stamp and collection service (spec 02 §7). */
export const SERVICE_BASE = '/estampados/api';

export interface CobranzaFilters {
  estudio: string | null;
  fechaEspecifica: string;
  fechaInicio: string;
  fechaFin: string;
  /** Only the rows whose diligence no receipt bills yet (issue 25). */
  soloSinRecibo?: boolean;
}

export function getEncargosCobranza(filters: CobranzaFilters): Promise<CobranzaEncargosResponse> {
  return api.get<CobranzaEncargosResponse>('/cobranza/encargos/', {
    params: {
      estudio: filters.estudio,
      fecha_especifica: filters.fechaEspecifica,
      fecha_inicio: filters.fechaEspecifica ? '' : filters.fechaInicio,
      fecha_fin: filters.fechaEspecifica ? '' : filters.fechaFin,
      solo_sin_recibo: filters.soloSinRecibo ? 'true' : undefined,
    },
  });
}

/** The preview of the given filters; `enabled` false while they cannot be asked for (an inverted range). */
export function useEncargosCobranza(filters: CobranzaFilters, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: ['cobranza', 'encargos', filters] as const,
      queryFn: () => getEncargosCobranza(filters),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as T[]) : [];
}

/** GET /api/v1/estudios/ on the collection screen (spec 02 §7). */
export function useEstudiosCobranza() {
  return useQuery({
    queryKey: ['cobranza', 'estudios'] as const,
    queryFn: async () => listOf<EstudioListItem>(await api.get<unknown>('/estudios/')),
  });
}

export const historialQueryKey = ['cobranza', 'historial'] as const;

export function useHistorialCobranza() {
  return useQuery({
    queryKey: historialQueryKey,
    queryFn: () => api.get<CobranzaHistorial>('/cobranza/historial', { base: SERVICE_BASE }),
  });
}

export interface GenerarPlanillaBody {
  encargos: { id: number }[];
  columnasSeleccionadas: string[];
  filtros: { estudio: number | null; fechaInicio: string | null; fechaFin: string | null; fechaEspecifica: string | null; soloSinRecibo?: boolean };
  configuracion: { incluirEncabezado: boolean; soloColumnas: boolean };
}

export function useGenerarPlanilla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerarPlanillaBody) => api.post<GenerarPlanillaResponse>('/cobranza/generar-planilla', body, { base: SERVICE_BASE }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historialQueryKey }),
  });
}

export function useEnviarPlanilla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<EnviarPlanillaResponse>(`/cobranza/planillas/${id}/enviar/`, undefined, { base: SERVICE_BASE }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: historialQueryKey }),
  });
}

/** The sheet's url is on the stamp service and needs the session: fetched, then offered as a file. */
export async function downloadPlanilla(url: string, nombre: string) {
  const path = url.startsWith(SERVICE_BASE) ? url.slice(SERVICE_BASE.length) : url;
  const { blob, filename } = await api.download(path, undefined, { base: SERVICE_BASE });
  saveFile(blob, filename ?? nombre);
}
