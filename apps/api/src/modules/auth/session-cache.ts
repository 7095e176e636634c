import type { ControlDb } from '@receptoria/db';
import { TtlCache } from '../../lib/ttl-cache';
import { listPermissionCodes } from '../permisos/permisos.repository';
import { type ClaveApiAccount, findClaveApi } from '../portal/claves-api.service';
import { findPortalUsuario, type PortalSessionAccount } from '../portal/portal-sesion.repository';
import { findSessionUser, isFamilyActive } from './auth.repository';

type Found = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;
export type SessionAccount = Found & { codes: string[] };

/** What a revocation drops: one session (refresh-token family), one user's check, one portal user's, or every check. */
export type Revocation = { k: 'f'; id: string } | { k: 'u'; id: number } | { k: 'p'; id: number } | { k: 'c'; id: number } | { k: 'all' };

/**
 * The per-request session check (account, receiver, permission codes; session not revoked; for the
 * law-firm portal, the portal user and receiver),
 * cached for `ttlMs`. Changes made through this process invalidate at once and are published
 * (`publish`: NOTIFY on the control database) so every other instance drops the same entries within
 * moments; a missed notification still expires within `ttlMs`. A ttl of 0 turns caching off.
 */
export class SessionCache {
  /** Tells the other instances (set by the auth plugin when a listener runs). */
  publish?: (revocation: Revocation) => void;

  private readonly accounts: TtlCache<number, Promise<SessionAccount | undefined>> | undefined;
  private readonly portalAccounts: TtlCache<number, Promise<PortalSessionAccount | undefined>> | undefined;
  private readonly families: TtlCache<string, Promise<boolean>> | undefined;
  /** API keys by the hash of their secret. */
  private readonly claves: TtlCache<string, Promise<ClaveApiAccount | undefined>> | undefined;

  constructor(
    private readonly db: ControlDb,
    readonly ttlMs: number,
  ) {
    if (ttlMs > 0) {
      this.accounts = new TtlCache({ max: 50_000, ttlMs });
      this.portalAccounts = new TtlCache({ max: 50_000, ttlMs });
      this.families = new TtlCache({ max: 100_000, ttlMs });
      this.claves = new TtlCache({ max: 50_000, ttlMs });
    }
  }

  private async loadAccount(userId: number): Promise<SessionAccount | undefined> {
    const found = await findSessionUser(this.db, userId);
    if (!found) return undefined;
    return { ...found, codes: await listPermissionCodes(this.db, userId) };
  }

  account(userId: number): Promise<SessionAccount | undefined> {
    if (!this.accounts) return this.loadAccount(userId);
    let pending = this.accounts.get(userId);
    if (!pending) {
      pending = this.loadAccount(userId);
      this.accounts.set(userId, pending);
      pending.catch(() => this.accounts?.delete(userId));
    }
    return pending;
  }

  /** A portal user with their receiver (portal users' ids are their own: kept apart from staff users'). */
  portalAccount(id: number): Promise<PortalSessionAccount | undefined> {
    if (!this.portalAccounts) return findPortalUsuario(this.db, id);
    let pending = this.portalAccounts.get(id);
    if (!pending) {
      pending = findPortalUsuario(this.db, id);
      this.portalAccounts.set(id, pending);
      pending.catch(() => this.portalAccounts?.delete(id));
    }
    return pending;
  }

  familyActive(family: string): Promise<boolean> {
    if (!this.families) return isFamilyActive(this.db, family);
    let pending = this.families.get(family);
    if (!pending) {
      pending = isFamilyActive(this.db, family);
      this.families.set(family, pending);
      pending.catch(() => this.families?.delete(family));
    }
    return pending;
  }

  /** An API key with its receiver, by the SHA-256 of its secret. */
  claveApi(hash: string): Promise<ClaveApiAccount | undefined> {
    if (!this.claves) return findClaveApi(this.db, hash);
    let pending = this.claves.get(hash);
    if (!pending) {
      pending = findClaveApi(this.db, hash);
      this.claves.set(hash, pending);
      pending.catch(() => this.claves?.delete(hash));
    }
    return pending;
  }

  /** After a key is revoked: every instance reads its keys again (the notice names the key's id, never its secret). */
  forgetClaveApi(id: number): void {
    this.apply({ k: 'c', id });
    this.publish?.({ k: 'c', id });
  }

  forgetFamily(family: string): void {
    this.apply({ k: 'f', id: family });
    this.publish?.({ k: 'f', id: family });
  }

  forgetUser(userId: number): void {
    this.apply({ k: 'u', id: userId });
    this.publish?.({ k: 'u', id: userId });
  }

  /** After a change to a portal user (deactivated, invited again): their check is read again everywhere. */
  forgetPortalUser(id: number): void {
    this.apply({ k: 'p', id });
    this.publish?.({ k: 'p', id });
  }

  /** After any change to users, receivers or permissions: every cached check is read again. */
  clear(): void {
    this.apply({ k: 'all' });
    this.publish?.({ k: 'all' });
  }

  /** Drops what a revocation names, here only (a notification from another instance, or our own change). */
  apply(revocation: Revocation): void {
    if (revocation.k === 'f') this.families?.delete(revocation.id);
    else if (revocation.k === 'u') this.accounts?.delete(revocation.id);
    else if (revocation.k === 'p') this.portalAccounts?.delete(revocation.id);
    else if (revocation.k === 'c') this.claves?.clear();
    else {
      this.accounts?.clear();
      this.portalAccounts?.clear();
      this.families?.clear();
      this.claves?.clear();
    }
  }
}
