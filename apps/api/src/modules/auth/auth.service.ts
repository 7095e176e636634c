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
type RefreshRow = typeof controlSchema.refreshTokens.$inferSelect;

/** Who a refresh token belongs to: a staff user or a portal user (issue 27). */
export type RefreshOwner = { userId: number } | { portalUsuarioId: number };

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

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function assertCanSignIn(user: UserRow, tenant: TenantRow) {
  if (!user.isActive) throw new AppError('UNAUTHORIZED', authMessages.inactiveUser);
  if (!tenant.activo) throw new AppError('UNAUTHORIZED', authMessages.inactiveTenant);
}

export async function issueRefreshToken(db: ControlDb, issuer: Pick<TokenIssuer, 'refreshTtlSeconds'>, owner: RefreshOwner, family: string) {
  const token = randomBytes(32).toString('base64url');
  await insertRefreshToken(db, {
    ...owner,
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
  const refresh = await issueRefreshToken(db, issuer, { userId: found.user.id }, family);
  return { access: accessFor(issuer, found.user, family), refresh, user: toSessionUser(found.user) };
}

type RefreshOutcome =
  | { kind: 'ok'; access: string; refresh: string }
  | { kind: 'refused'; error: AppError; revokedFamily?: string };

/**
 * One kind of session (staff or portal) as refresh rotation sees it: which token rows are its own, and
 * how to load the owner again (throwing an AppError when it may no longer sign in) and sign its access.
 */
export interface SessionSubject<T> {
  ownerOf(stored: RefreshRow): RefreshOwner | null;
  load(db: ControlDb, owner: RefreshOwner): Promise<T | undefined>;
  /** Throws an AppError when the owner may not sign in (inactive user or receiver…). */
  check(found: T): void;
  access(found: T, family: string): string;
}

function staffSubject(issuer: TokenIssuer): SessionSubject<{ user: UserRow; tenant: TenantRow }> {
  return {
    ownerOf: (stored) => (stored.userId === null ? null : { userId: stored.userId }),
    load: (db, owner) => ('userId' in owner ? findSessionUser(db, owner.userId) : Promise.resolve(undefined)),
    check: (found) => assertCanSignIn(found.user, found.tenant),
    access: (found, family) => accessFor(issuer, found.user, family),
  };
}

/**
 * Exchanges a refresh token for a new access token and a new refresh token of the same family.
 * The token row is locked, so simultaneous renewals run one after the other: the first rotates it,
 * every later one sees a used token and revokes the whole family, including what the first issued.
 * Presenting a revoked token revokes its family again.
 */
export async function refreshSession(db: ControlDb, issuer: TokenIssuer, refreshToken: string) {
  return rotateSession(db, issuer, refreshToken, staffSubject(issuer));
}

/** refreshSession for any kind of session: a token of another kind is refused as invalid and left as it is. */
export async function rotateSession<T>(db: ControlDb, issuer: TokenIssuer, refreshToken: string, subject: SessionSubject<T>) {
  const invalid = () => new AppError('UNAUTHORIZED', authMessages.refreshInvalid);
  const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
    const stored = await lockRefreshToken(tx, hashToken(refreshToken));
    if (!stored || stored.expiresAt.getTime() <= Date.now()) return { kind: 'refused', error: invalid() };
    const owner = subject.ownerOf(stored);
    if (!owner) return { kind: 'refused', error: invalid() };
    if (stored.revokedAt || stored.rotatedAt || !(await markRotated(tx, stored.id))) {
      await revokeFamily(tx, stored.family);
      return { kind: 'refused', error: invalid(), revokedFamily: stored.family };
    }
    const found = await subject.load(tx, owner);
    if (!found) return { kind: 'refused', error: invalid() };
    try {
      subject.check(found);
    } catch (error) {
      await revokeFamily(tx, stored.family);
      return { kind: 'refused', error: error as AppError, revokedFamily: stored.family };
    }
    const refresh = await issueRefreshToken(tx, issuer, owner, stored.family);
    return { kind: 'ok', access: subject.access(found, stored.family), refresh };
  });
  if (outcome.kind === 'refused') {
    if (outcome.revokedFamily) issuer.onFamilyRevoked?.(outcome.revokedFamily);
    throw outcome.error;
  }
  return { access: outcome.access, refresh: outcome.refresh };
}

/** Ends the session of a refresh token; `portal` says which kind of session the caller signs out of. */
export async function logout(db: ControlDb, refreshToken: string, onFamilyRevoked?: (family: string) => void, portal = false) {
  const stored = await findRefreshToken(db, hashToken(refreshToken));
  if (!stored || (stored.portalUsuarioId !== null) !== portal) return;
  await revokeFamily(db, stored.family);
  onFamilyRevoked?.(stored.family);
}
