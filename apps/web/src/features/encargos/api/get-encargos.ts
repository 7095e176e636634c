import type { EncargoListResponse } from '@receptoria/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface EncargosListParams {
  search?: string;
  estado?: string;
  page: number;
  page_size: number;
}

/** GET /encargos/lista/ with server-side paging (spec 01 §7). */
export function getEncargos(params: EncargosListParams, signal?: AbortSignal): Promise<EncargoListResponse> {
  return api.get<EncargoListResponse>('/encargos/lista/', {
    params: {
      search: params.search?.trim() || undefined,
      estado: params.estado && params.estado !== 'todos' ? params.estado : undefined,
      page: params.page,
      page_size: params.page_size,
    },
    signal,
  });
}

export function encargosQueryOptions(params: EncargosListParams) {
  return queryOptions({
    queryKey: ['encargos', 'lista', params],
    queryFn: ({ signal }) => getEncargos(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useEncargos(params: EncargosListParams) {
  return useQuery(encargosQueryOptions(params));
}
