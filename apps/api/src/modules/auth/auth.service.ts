import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ADMIN_USERNAME, authMessages, type LoginInput, type SessionUser } from '@receptoria/contracts';
import { type ControlDb, controlSchema } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import {
  findRefreshToken,
  findSessionUser,
  findUserByUsername,
  insertRefreshToken,
  markRotated,
  revokeFamily,
} from './auth.repository';
import { burnPasswordCheck, verifyPassword } from './passwords';

type UserRow = typeof controlSchema.users.$inferSelect;
type TenantRow = typeof controlSchema.tenants.$inferSelect;

export interface TokenIssuer {
  signAccess(payload: { sub: string; tid: number; username: string }): string;
  refreshTtlSeconds: number;
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

function accessFor(issuer: TokenIssuer, user: UserRow) {
  return issuer.signAccess({ sub: String(user.id), tid: user.tenantId, username: user.username });
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
  const refresh = await issueRefreshToken(db, issuer, found.user.id, randomUUID());
  return { access: accessFor(issuer, found.user), refresh, user: toSessionUser(found.user) };
}

/**
 * Exchanges a refresh token for a new access token and a new refresh token of the same family.
 * Presenting a token that was already rotated means it leaked: the whole family is revoked.
 */
export async function refreshSession(db: ControlDb, issuer: TokenIssuer, refreshToken: string) {
  const stored = await findRefreshToken(db, hashToken(refreshToken));
  if (!stored || stored.revokedAt || stored.expiresAt.getTime() <= Date.now()) {
    throw new AppError('UNAUTHORIZED', authMessages.refreshInvalid);
  }
  if (stored.rotatedAt || !(await markRotated(db, stored.id))) {
    await revokeFamily(db, stored.family);
    throw new AppError('UNAUTHORIZED', authMessages.refreshInvalid);
  }
  const found = await findSessionUser(db, stored.userId);
  if (!found) throw new AppError('UNAUTHORIZED', authMessages.refreshInvalid);
  try {
    assertCanSignIn(found.user, found.tenant);
  } catch (error) {
    await revokeFamily(db, stored.family);
    throw error;
  }
  const refresh = await issueRefreshToken(db, issuer, found.user.id, stored.family);
  return { access: accessFor(issuer, found.user), refresh };
}

export async function logout(db: ControlDb, refreshToken: string) {
  const stored = await findRefreshToken(db, hashToken(refreshToken));
  if (stored) await revokeFamily(db, stored.family);
}
