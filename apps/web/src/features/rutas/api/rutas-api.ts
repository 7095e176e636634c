import type { RutaDomiciliosResponse, RutaGenerada } from '@receptoria/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface RutaFilters {
  comuna: string | null;
  numero_rol: string;
}

export function getDomiciliosPendientes(filters: RutaFilters): Promise<RutaDomiciliosResponse> {
  return api.get<RutaDomiciliosResponse>('/rutas/domicilios_pendientes/', { params: { comuna: filters.comuna, numero_rol: filters.numero_rol.trim() } });
}

export function useDomiciliosPendientes(filters: RutaFilters) {
  return useQuery({
    queryKey: ['rutas', 'domicilios', filters] as const,
    queryFn: () => getDomiciliosPendientes(filters),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

export function useGenerarRuta() {
  return useMutation({
    mutationFn: (domicilioIds: number[]) => api.post<RutaGenerada>('/rutas/generar/', { domicilio_ids: domicilioIds }),
  });
}
