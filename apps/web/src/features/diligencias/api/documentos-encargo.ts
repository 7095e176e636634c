import type { DocumentoEstampado, DocumentosEncargoResponse } from '@receptoria/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { stampServiceOptions } from '../../../lib/stamp-service';

export const documentosEncargoKey = (encargoId: number) => ['encargos', encargoId, 'estampados'] as const;

/** GET /encargos/{id}/estampados/: the assignment's certificates, newest first. */
export async function getDocumentosEncargo(encargoId: number): Promise<DocumentoEstampado[]> {
  const body = await api.get<DocumentosEncargoResponse>(`/encargos/${encargoId}/estampados/`);
  return body?.results ?? [];
}

export function documentosEncargoQueryOptions(encargoId: number) {
  return queryOptions({ queryKey: documentosEncargoKey(encargoId), queryFn: () => getDocumentosEncargo(encargoId) });
}

export function useDocumentosEncargo(encargoId: number) {
  return useQuery(documentosEncargoQueryOptions(encargoId));
}

/** DELETE /estampados/api/estampados/documento/{id}. */
export function eliminarDocumento(id: string): Promise<unknown> {
  return api.delete<unknown>(`/estampados/documento/${encodeURIComponent(id)}`, stampServiceOptions());
}

export function useEliminarDocumento(encargoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eliminarDocumento,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentosEncargoKey(encargoId) }),
  });
}
