import type { CorreoEstado, CorreoSaliente, CorreoSalienteListResponse } from '@receptoria/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The receiver's own outbox, or (platform admin) another receiver's from the client detail. */
const base = (cliente: number | null) => (cliente ? `/onboarding/clientes/${cliente}/correo_saliente/` : '/correo_saliente/');

export const correoSalienteKeys = {
  list: (cliente: number | null, estado: CorreoEstado | null, page: number) => ['correo-saliente', cliente, 'list', estado, page] as const,
  detail: (cliente: number | null, id: number) => ['correo-saliente', cliente, 'detail', id] as const,
};

/** GET /correo_saliente/?estado&page */
export function useCorreosSalientes(cliente: number | null, estado: CorreoEstado | null, page: number) {
  return useQuery({
    queryKey: correoSalienteKeys.list(cliente, estado, page),
    queryFn: () => api.get<CorreoSalienteListResponse>(base(cliente), { params: { estado, page } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /correo_saliente/{id}/ */
export function useCorreoSaliente(cliente: number | null, id: number | null) {
  return useQuery({
    queryKey: correoSalienteKeys.detail(cliente, id ?? 0),
    queryFn: () => api.get<CorreoSaliente>(`${base(cliente)}${id}/`),
    enabled: id !== null,
  });
}
