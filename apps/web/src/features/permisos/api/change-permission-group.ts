import type { ModuleName, Permiso } from '@receptoria/contracts';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usuarioPermisosQueryKey } from './get-usuario-permisos';

export interface PermissionGroupChange {
  userId: number;
  module: ModuleName;
  /** true grants every code of the group; false revokes the ones held. */
  grant: boolean;
  /** The permissions granted or revoked. */
  permisos: readonly Permiso[];
}

export function assignPermisos(userId: number, permisosIds: readonly number[]): Promise<Permiso[]> {
  return api.post<Permiso[]>(`/configuracion/usuarios/${userId}/asignar_permisos/`, { permisos_ids: permisosIds });
}

export function revokePermiso(userId: number, permisoId: number): Promise<Permiso[]> {
  return api.post<Permiso[]>(`/configuracion/usuarios/${userId}/revocar_permiso/`, { permiso_id: permisoId });
}

/** One grant call with every id of the group, or one revoke call per held code; answers the final list. */
export async function changePermissionGroup(change: PermissionGroupChange): Promise<Permiso[] | undefined> {
  if (change.grant) return assignPermisos(change.userId, change.permisos.map((permiso) => permiso.id));
  let latest: Permiso[] | undefined;
  for (const permiso of change.permisos) latest = await revokePermiso(change.userId, permiso.id);
  return latest;
}

const changePermissionGroupKey = ['permisos', 'cambiar-grupo'] as const;

function applyChange(current: readonly Permiso[], change: PermissionGroupChange): Permiso[] {
  const ids = new Set(change.permisos.map((permiso) => permiso.id));
  const kept = current.filter((permiso) => !ids.has(permiso.id));
  const next = change.grant ? [...kept, ...change.permisos] : kept;
  return next.sort((a, b) => a.id - b.id);
}

/** Optimistic: the matrix changes at once and rolls back when the server refuses. */
export function useChangePermissionGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: changePermissionGroupKey,
    mutationFn: changePermissionGroup,
    onMutate: async (change) => {
      const key = usuarioPermisosQueryKey(change.userId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Permiso[]>(key);
      queryClient.setQueryData<Permiso[]>(key, applyChange(previous ?? [], change));
      return { previous };
    },
    onSuccess: (result, change) => {
      if (result) queryClient.setQueryData<Permiso[]>(usuarioPermisosQueryKey(change.userId), result);
    },
    // Roll back, then read the truth: a revocation that failed half-way has removed some codes.
    onError: (_error, change, context) => {
      const key = usuarioPermisosQueryKey(change.userId);
      if (context?.previous) queryClient.setQueryData<Permiso[]>(key, context.previous);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** Cells with a change on its way, as `userId:module`. */
export function usePendingGroupChanges(): ReadonlySet<string> {
  const pending = useMutationState({
    filters: { mutationKey: changePermissionGroupKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as PermissionGroupChange | undefined,
  });
  return new Set(pending.flatMap((change) => (change ? [`${change.userId}:${change.module}`] : [])));
}
