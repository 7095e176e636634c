import type {
  PortalCatalogosResponse,
  PortalEncargoDetalle,
  PortalEncargosListResponse,
  PortalEstadoCuentaResponse,
  PortalPreferencias,
  PortalRecibosListResponse,
  SolicitudesListResponse,
} from '@receptoria/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { portalApi } from '../lib/portal-api';

/** The portal's reads (GET /api/v1/portal/…): one key prefix, so signing out drops them all. */
export const portalKeys = {
  all: ['portal'] as const,
  encargos: (params: PortalEncargosParams) => ['portal', 'encargos', params] as const,
  encargo: (id: number) => ['portal', 'encargo', id] as const,
  solicitudes: ['portal', 'solicitudes'] as const,
  catalogos: ['portal', 'catalogos'] as const,
  recibos: ['portal', 'recibos'] as const,
  estadoCuenta: ['portal', 'estado-cuenta'] as const,
  preferencias: ['portal', 'preferencias'] as const,
};

export interface PortalEncargosParams {
  estado: string;
  search: string;
  page: number;
}

export function usePortalEncargos(params: PortalEncargosParams) {
  return useQuery({
    queryKey: portalKeys.encargos(params),
    queryFn: () => portalApi.get<PortalEncargosListResponse>('/encargos/', { ...params }),
    placeholderData: keepPreviousData,
  });
}

export function usePortalEncargo(id: number) {
  return useQuery({
    queryKey: portalKeys.encargo(id),
    queryFn: () => portalApi.get<PortalEncargoDetalle>(`/encargos/${id}/`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function usePortalSolicitudes() {
  return useQuery({
    queryKey: portalKeys.solicitudes,
    queryFn: () => portalApi.get<SolicitudesListResponse>('/solicitudes/'),
  });
}

export function usePortalCatalogos() {
  return useQuery({
    queryKey: portalKeys.catalogos,
    queryFn: () => portalApi.get<PortalCatalogosResponse>('/catalogos/'),
    staleTime: 10 * 60_000,
  });
}

export function usePortalRecibos() {
  return useQuery({
    queryKey: portalKeys.recibos,
    queryFn: () => portalApi.get<PortalRecibosListResponse>('/recibos/'),
  });
}

/** The firm's account with a page of its movements (page 1, the API's default and not sent: the most recent). */
export function usePortalEstadoCuenta(movimientosPage = 1) {
  return useQuery({
    queryKey: [...portalKeys.estadoCuenta, movimientosPage] as const,
    queryFn: () =>
      portalApi.get<PortalEstadoCuentaResponse>('/estado_cuenta/', { movimientos_page: movimientosPage > 1 ? movimientosPage : undefined }),
    // Another page keeps the current one on screen until it arrives.
    placeholderData: keepPreviousData,
  });
}

export function usePortalPreferencias() {
  return useQuery({
    queryKey: portalKeys.preferencias,
    queryFn: async () => (await portalApi.get<{ preferencias: PortalPreferencias }>('/preferencias/')).preferencias,
  });
}
