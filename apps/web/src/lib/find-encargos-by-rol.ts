import { type EncargoConResultados, normalizeRol } from '@receptoria/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from './api-client';

/** GET /encargos/buscar_por_rol/: [] when none (404), several when the rol was re-assigned. */
export async function findEncargosByRol(numeroRol: string): Promise<EncargoConResultados[]> {
  try {
    const body = await api.get<EncargoConResultados | EncargoConResultados[]>('/encargos/buscar_por_rol/', {
      params: { numero_rol: normalizeRol(numeroRol) },
    });
    if (Array.isArray(body)) return body;
    return body ? [body] : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** GET /encargos/coincidencias_rol/: the assignments with the rol, [] when none (200: an answer, no error). */
export function findCoincidenciasRol(numeroRol: string): Promise<EncargoConResultados[]> {
  return api.get<EncargoConResultados[]>('/encargos/coincidencias_rol/', { params: { numero_rol: normalizeRol(numeroRol) } });
}

export function useFindEncargosByRol() {
  return useMutation({ mutationFn: findEncargosByRol });
}
