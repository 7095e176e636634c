import { type ControlDb, controlSchema } from '@receptoria/db';
import { and, eq, isNull, sql } from 'drizzle-orm';

const { users, tenants, refreshTokens } = controlSchema;

export async function findSessionUser(db: ControlDb, userId: number) {
  const [row] = await db
    .select({ user: users, tenant: tenants })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, userId));
  return row;
}

export async function findUserByUsername(db: ControlDb, username: string) {
  const [row] = await db
    .select({ user: users, tenant: tenants })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function insertRefreshToken(
  db: ControlDb,
  values: ({ userId: number } | { portalUsuarioId: number }) & { tokenHash: string; family: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: ControlDb, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** The token row, locked until the transaction ends: concurrent renewals of one token run one after the other. */
export async function lockRefreshToken(db: ControlDb, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
  return row;
}

/** A session (token family) is alive while one of its tokens is neither revoked nor expired. */
export async function isFamilyActive(db: ControlDb, family: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt), sql`${refreshTokens.expiresAt} > now()`))
    .limit(1);
  return Boolean(row);
}

/** Marks a token as used; false when another request rotated it first. */
export async function markRotated(db: ControlDb, id: number): Promise<boolean> {
  const updated = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return updated.length === 1;
}

export async function revokeFamily(db: ControlDb, family: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}

export async function deleteExpiredRefreshTokens(db: ControlDb) {
  await db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < now() - interval '1 day'`);
}
