// Plain rule with no zod: the web's menu imports it on its own.
import { ADMIN_USERNAME, hasModule } from '../permisos/modules';

/**
 * Who sees and changes the receiver's identity (issue 30 §2): users of cargo receptor, users holding
 * the permissions module, and the platform admin (for its own receiver).
 */
export function canEditReceptor(user: { username: string; cargo?: string | null }, codes: readonly string[]): boolean {
  if (user.username === ADMIN_USERNAME || user.cargo === 'receptor') return true;
  return hasModule(user, codes, 'config_permisos');
}
