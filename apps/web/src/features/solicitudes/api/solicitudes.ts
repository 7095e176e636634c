import { IDEMPOTENCY_HEADER, LECTURA_NDJSON, type Solicitud, type SolicitudAceptarResponse, type SolicitudEstado, type SolicitudesListResponse, type SolicitudResponse } from '@receptoria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const solicitudesKeys = {
  all: ['solicitudes'] as const,
  list: (estado: SolicitudEstado, page: number) => ['solicitudes', 'list', estado, page] as const,
  one: (id: number) => ['solicitudes', 'one', id] as const,
};

export function getSolicitudes(estado: SolicitudEstado, page = 1) {
  return api.get<SolicitudesListResponse>('/solicitudes/', { params: { estado, page } });
}

/** GET /api/v1/solicitudes/?estado&page */
export function useSolicitudes(estado: SolicitudEstado, page: number) {
  return useQuery({ queryKey: solicitudesKeys.list(estado, page), queryFn: () => getSolicitudes(estado, page) });
}

/** GET /api/v1/solicitudes/{id}/ — one request (the one the inbox handed over shows at once). */
export function useSolicitud(id: number, handed?: Solicitud) {
  return useQuery({
    queryKey: solicitudesKeys.one(id),
    queryFn: async () => (await api.get<SolicitudResponse>(`/solicitudes/${id}/`)).solicitud,
    initialData: handed?.id === id ? handed : undefined,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** POST /api/v1/solicitudes/{id}/aceptar/ with Nuevo Encargo's creation body. */
export function aceptarSolicitud(id: number, payload: unknown, idempotencyKey: string) {
  return api.post<SolicitudAceptarResponse>(`/solicitudes/${id}/aceptar/`, payload, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** POST /api/v1/solicitudes/{id}/rechazar/ {motivo} */
export function useRechazarSolicitud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: number; motivo: string }) => api.post<{ solicitud: Solicitud }>(`/solicitudes/${id}/rechazar/`, { motivo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: solicitudesKeys.all }),
  });
}

/** POST /api/v1/solicitudes/{id}/lectura/ — the request's own PDFs read, streamed (progress, then the proposal). */
export function leerSolicitud(id: number, signal: AbortSignal) {
  return api.stream(`/solicitudes/${id}/lectura/`, undefined, { headers: { Accept: `${LECTURA_NDJSON}, application/json` }, signal });
}

/** GET /api/v1/solicitudes/{id}/archivos/{campo}/ — the PDFs the firm sent. */
export function downloadArchivo(id: number, campo: string) {
  return api.download(`/solicitudes/${id}/archivos/${campo}/`);
}
