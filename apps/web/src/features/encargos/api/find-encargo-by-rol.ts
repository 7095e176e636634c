import { type Encargo, normalizeRol } from '@receptoria/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

/** Assignments that carry a rol: [] when there is none (404), several when it was re-assigned. */
export async function findEncargosByRol(numeroRol: string): Promise<Encargo[]> {
  try {
    const body = await api.get<Encargo | Encargo[]>('/encargos/buscar_por_rol/', {
      params: { numero_rol: normalizeRol(numeroRol) },
    });
    if (Array.isArray(body)) return body;
    return body ? [body] : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function useFindEncargosByRol() {
  return useMutation({ mutationFn: findEncargosByRol });
}
