import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ADMIN_USERNAME, authMessages, type LoginInput, type SessionUser } from '@receptoria/contracts';
import { type ControlDb, controlSchema } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import {
  findRefreshToken,
  findSessionUser,
  findUserByUsername,
  insertRefreshToken,
  lockRefreshToken,
  markRotated,
  revokeFamily,
} from './auth.repository';
import { burnPasswordCheck, verifyPassword } from './passwords';

type UserRow = typeof controlSchema.users.$inferSelect;
type TenantRow = typeof controlSchema.tenants.$inferSelect;

export interface TokenIssuer {
  /** `sid` is the session (refresh-token family): the access token dies with it. */
  signAccess(payload: { sub: string; tid: number; username: string; sid: string }): string;
  refreshTtlSeconds: number;
  /** Told when a session is revoked, so cached session checks forget it at once. */
  onFamilyRevoked?(family: string): void;
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    cargo: user.cargo,
    tenant_id: user.tenantId,
    is_admin: user.username === ADMIN_USERNAME,
  };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function assertCanSignIn(user: UserRow, tenant: TenantRow) {
  if (!user.isActive) throw new AppError('UNAUTHORIZED', authMessages.inactiveUser);
  if (!tenant.activo) throw new AppError('UNAUTHORIZED', authMessages.inactiveTenant);
}

async function issueRefreshToken(db: ControlDb, issuer: TokenIssuer, userId: number, family: string) {
  const token = randomBytes(32).toString('base64url');
  await insertRefreshToken(db, {
    userId,
    tokenHash: hashToken(token),
    family,
    expiresAt: new Date(Date.now() + issuer.refreshTtlSeconds * 1000),
  });
  return token;
}

function accessFor(issuer: TokenIssuer, user: UserRow, family: string) {
  return issuer.signAccess({ sub: String(user.id), tid: user.tenantId, username: user.username, sid: family });
}

export async function login(db: ControlDb, issuer: TokenIssuer, input: LoginInput) {
  const found = await findUserByUsername(db, input.username);
  if (!found) {
    await burnPasswordCheck(input.password);
    throw new AppError('UNAUTHORIZED', authMessages.invalidCredentials);
  }
  if (!(await verifyPassword(found.user.passwordHash, input.password))) {
    throw new AppError('UNAUTHORIZED', authMessages.invalidCredentials);
  }
  assertCanSignIn(found.user, found.tenant);
  const family = randomUUID();
  const refresh = await issueRefreshToken(db, issuer, found.user.id, family);
  return { access: accessFor(issuer, found.user, family), refresh, user: toSessionUser(found.user) };
}

type RefreshOutcome =
  | { kind: 'ok'; access: string; refresh: string }
  | { kind: 'refused'; error: AppError; revokedFamily?: string };

/**
 * Exchanges a refresh token for a new access token and a new refresh token of the same family.
 * The token row is locked, so simultaneous renewals run one after the other: the first rotates it,
 * every later one sees a used token and revokes the whole family, including what the first issued.
 * Presenting a revoked token revokes its family again.
 */
export async function refreshSession(db: ControlDb, issuer: TokenIssuer, refreshToken: string) {
  const invalid = () => new AppError('UNAUTHORIZED', authMessages.refreshInvalid);
  const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
    const stored = await lockRefreshToken(tx, hashToken(refreshToken));
    if (!stored || stored.expiresAt.getTime() <= Date.now()) return { kind: 'refused', error: invalid() };
    if (stored.revokedAt || stored.rotatedAt || !(await markRotated(tx, stored.id))) {
      await revokeFamily(tx, stored.family);
      return { kind: 'refused', error: invalid(), revokedFamily: stored.family };
    }
    const found = await findSessionUser(tx, stored.userId);
    if (!found) return { kind: 'refused', error: invalid() };
    try {
      assertCanSignIn(found.user, found.tenant);
    } catch (error) {
      await revokeFamily(tx, stored.family);
      return { kind: 'refused', error: error as AppError, revokedFamily: stored.family };
    }
    const refresh = await issueRefreshToken(tx, issuer, found.user.id, stored.family);
    return { kind: 'ok', access: accessFor(issuer, found.user, stored.family), refresh };
  });
  if (outcome.kind === 'refused') {
    if (outcome.revokedFamily) issuer.onFamilyRevoked?.(outcome.revokedFamily);
    throw outcome.error;
  }
  return { access: outcome.access, refresh: outcome.refresh };
}

export async function logout(db: ControlDb, refreshToken: string, onFamilyRevoked?: (family: string) => void) {
  const stored = await findRefreshToken(db, hashToken(refreshToken));
  if (!stored) return;
  await revokeFamily(db, stored.family);
  onFamilyRevoked?.(stored.family);
}
