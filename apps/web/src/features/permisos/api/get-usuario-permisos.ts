import type { Permiso } from '@receptoria/contracts';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getUsuarioPermisos(userId: number): Promise<Permiso[]> {
  return api.get<Permiso[]>(`/configuracion/usuarios/${userId}/permisos/`);
}

export const usuarioPermisosQueryKey = (userId: number) => ['permisos', 'usuario', userId] as const;

export function usuarioPermisosQueryOptions(userId: number) {
  return queryOptions({ queryKey: usuarioPermisosQueryKey(userId), queryFn: () => getUsuarioPermisos(userId) });
}

export interface UsuariosPermisos {
  /** Permissions by user id; absent while that user's list loads. */
  byUser: ReadonlyMap<number, Permiso[]>;
  errors: readonly unknown[];
  isLoading: boolean;
}

/** The permissions of every listed user, one call per user (spec 02 §7). */
export function useUsuariosPermisos(userIds: readonly number[]): UsuariosPermisos {
  return useQueries({
    queries: userIds.map((id) => usuarioPermisosQueryOptions(id)),
    combine: (results) => {
      const byUser = new Map<number, Permiso[]>();
      results.forEach((result, index) => {
        const id = userIds[index];
        if (id !== undefined && result.data) byUser.set(id, result.data);
      });
      return {
        byUser,
        errors: results.flatMap((result) => (result.error ? [result.error] : [])),
        isLoading: results.some((result) => result.isPending),
      };
    },
  });
}
