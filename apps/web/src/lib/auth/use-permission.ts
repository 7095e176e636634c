import { useSession } from './use-session';

/** Whether the signed-in user holds a permission code (spec 01 §6); admin holds them all. */
export function usePermission(code: string): boolean {
  const { isAdmin, permisos } = useSession();
  return isAdmin || permisos.includes(code);
}
