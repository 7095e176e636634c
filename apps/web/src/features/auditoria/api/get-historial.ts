import type { AuditEntidad, AuditoriaResponse } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getHistorial(entidad: AuditEntidad, id: number): Promise<AuditoriaResponse> {
  return api.get<AuditoriaResponse>('/auditoria/', { params: { entidad, id, page_size: 100 } });
}

export const historialQueryOptions = (entidad: AuditEntidad, id: number) =>
  queryOptions({ queryKey: ['auditoria', entidad, id], queryFn: () => getHistorial(entidad, id) });

export function useHistorial(entidad: AuditEntidad, id: number) {
  return useQuery(historialQueryOptions(entidad, id));
}
