import type { EstadisticasDiarias, EstadisticasMensuales } from '@receptoria/contracts';
import { useQueries } from '@tanstack/react-query';
import { api, saveFile } from '../../../lib/api-client';

/** Auto-refresh every 5 minutes (spec 02 §9). */
export const REFRESH_MS = 300_000;

/** Both calls in parallel (spec 02 §7). */
export function useEstadisticas(fecha: string, mes: string) {
  return useQueries({
    queries: [
      {
        queryKey: ['estadisticas', 'diarias', fecha] as const,
        queryFn: () => api.get<EstadisticasDiarias>('/estadisticas/diarias/', { params: { fecha } }),
        refetchInterval: REFRESH_MS,
        retry: 1,
      },
      {
        queryKey: ['estadisticas', 'mensuales', mes] as const,
        queryFn: () => api.get<EstadisticasMensuales>('/estadisticas/mensuales/', { params: { mes } }),
        refetchInterval: REFRESH_MS,
        retry: 1,
      },
    ],
  });
}

export async function downloadInformePdf(mes: string) {
  const { blob, filename } = await api.download('/estadisticas/mensuales/pdf/', undefined, { params: { mes } });
  saveFile(blob, filename ?? `informe_mensual_${mes}.pdf`);
}
