import { createTokenStore, isObject } from '../../../lib/token-store';

/**
 * The law-firm portal's session (issue 27): its own token pair and user, kept apart from the staff
 * session (lib/session-storage.ts), so a receiver's secretary and a firm's lawyer may use the same
 * browser without one session replacing the other.
 */
export const PORTAL_SESSION_KEYS = {
  access: 'receptoria.portal.access',
  refresh: 'receptoria.portal.refresh',
  user: 'receptoria.portal.user',
} as const;

/** Who is signed in to the portal: the person, the firm and the receiver it belongs to. */
export interface PortalStoredUser {
  id: number;
  nombre: string;
  email: string;
  estudio: { id: number; nombre: string };
  receptor: { id?: number; nombre: string };
}

const isNamed = (value: unknown): value is { nombre: string } => isObject(value) && typeof value.nombre === 'string';

const isPortalUser = (value: unknown): value is PortalStoredUser =>
  isObject(value) && typeof value.id === 'number' && isNamed(value.estudio) && isNamed(value.receptor);

export const portalSessionStore = createTokenStore(PORTAL_SESSION_KEYS, isPortalUser);
