import { TtlCache } from '../../lib/ttl-cache';

export interface LoginThrottleOptions {
  /** Failed attempts one address may make per window. */
  perAddressMax: number;
  windowMs: number;
  /** Failed attempts on one account before each further attempt must wait. */
  accountFreeFailures: number;
  /** The longest an account waits between attempts: an attacker cannot lock a real user out longer. */
  accountMaxDelayMs: number;
  now?: () => number;
}

interface AddressEntry {
  failures: number;
  windowStart: number;
}

interface AccountEntry {
  failures: number;
  lastFailure: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; scope: 'address' | 'account'; retryAfterSeconds: number };

/**
 * Login limits kept in memory: per client address (fixed window of failures) and, separately, per
 * account (after a few failures each attempt waits 1 s, 2 s, 4 s … at most `accountMaxDelayMs`).
 * An attempt in flight counts as a failure until it succeeds, so parallel guesses do not slip through.
 */
export class LoginThrottle {
  private readonly addresses: TtlCache<string, AddressEntry>;
  private readonly accounts: TtlCache<string, AccountEntry>;
  private readonly refused = { address: 0, account: 0 };
  private readonly now: () => number;

  constructor(private readonly options: LoginThrottleOptions) {
    this.now = options.now ?? Date.now;
    this.addresses = new TtlCache({ max: 100_000, ttlMs: options.windowMs, now: this.now });
    this.accounts = new TtlCache({ max: 100_000, ttlMs: 15 * 60_000, now: this.now });
  }

  private accountDelay(failures: number): number {
    const over = failures - this.options.accountFreeFailures;
    if (over < 0) return 0;
    return Math.min(this.options.accountMaxDelayMs, 1000 * 2 ** Math.min(over, 20));
  }

  /** Decides whether an attempt may proceed and, when it may, counts it as a failure for now. */
  begin(address: string, account: string): ThrottleVerdict {
    const now = this.now();
    let byAddress = this.addresses.get(address);
    if (!byAddress || now - byAddress.windowStart >= this.options.windowMs) byAddress = { failures: 0, windowStart: now };
    if (byAddress.failures >= this.options.perAddressMax) {
      this.refused.address += 1;
      const wait = this.options.windowMs - (now - byAddress.windowStart);
      return { allowed: false, scope: 'address', retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
    }
    const byAccount = this.accounts.get(account);
    if (byAccount) {
      const wait = byAccount.lastFailure + this.accountDelay(byAccount.failures) - now;
      if (wait > 0) {
        this.refused.account += 1;
        return { allowed: false, scope: 'account', retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
      }
    }
    byAddress.failures += 1;
    this.addresses.set(address, byAddress, this.options.windowMs - (now - byAddress.windowStart));
    this.accounts.set(account, { failures: (byAccount?.failures ?? 0) + 1, lastFailure: now });
    return { allowed: true };
  }

  /** A correct password: the attempt was not a failure and the account starts afresh. */
  succeeded(address: string, account: string): void {
    const byAddress = this.addresses.get(address);
    if (byAddress && byAddress.failures > 0) byAddress.failures -= 1;
    this.accounts.delete(account);
  }

  stats() {
    let blockedAddresses = 0;
    for (const entry of this.addresses.values()) if (entry.failures >= this.options.perAddressMax) blockedAddresses += 1;
    let slowedAccounts = 0;
    const now = this.now();
    for (const entry of this.accounts.values()) if (entry.lastFailure + this.accountDelay(entry.failures) > now) slowedAccounts += 1;
    return {
      direcciones_registradas: this.addresses.size,
      cuentas_registradas: this.accounts.size,
      direcciones_bloqueadas: blockedAddresses,
      cuentas_demoradas: slowedAccounts,
      rechazos_por_direccion: this.refused.address,
      rechazos_por_cuenta: this.refused.account,
    };
  }
}
