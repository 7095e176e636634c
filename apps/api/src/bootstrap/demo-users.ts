import { randomBytes } from 'node:crypto';
import { PERMISSION_CODES, type PermissionCode } from '@receptoria/contracts';

/**
 * The demo receiver's own users, made with the demo data on a first start: the receiver and a
 * secretary, so a new user can try the product as each sees it (not only as the platform admin).
 * They have no e-mail: the receiver's reminders and reports go nowhere until a real address is set.
 */
export const DEMO_USERS = [
  {
    username: 'receptor',
    firstName: 'Rodrigo',
    lastName: 'Fuenzalida Ortiz',
    cargo: 'receptor',
    permisos: PERMISSION_CODES,
  },
  {
    username: 'secretaria',
    firstName: 'Camila',
    lastName: 'Rojas Pérez',
    cargo: 'secretaria',
    permisos: ['ingreso_diligencias', 'estampa_1', 'imprime_recibos', 'imprime_lista'],
  },
] as const satisfies readonly {
  username: string;
  firstName: string;
  lastName: string;
  cargo: 'receptor' | 'secretaria';
  permisos: readonly PermissionCode[];
}[];

export type DemoUsername = (typeof DEMO_USERS)[number]['username'];

/** The chosen password for every demo user, or one generated per user. */
export function demoPasswords(chosen: string | undefined): Record<DemoUsername, string> {
  return Object.fromEntries(
    DEMO_USERS.map((user) => [user.username, chosen ?? randomBytes(9).toString('base64url')]),
  ) as Record<DemoUsername, string>;
}
