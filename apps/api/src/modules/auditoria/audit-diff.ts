import { isDeepStrictEqual } from 'node:util';
import type { AuditCambio } from '@receptoria/contracts';

export type AuditChanges = Record<string, AuditCambio>;

/**
 * Field-level changes between two snapshots of a record (as the API shows it). Fields listed in
 * `ignore` (derived or bookkeeping fields) are left out; a missing snapshot means created or deleted.
 */
export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  ignore: readonly string[] = [],
): AuditChanges {
  const skip = new Set(ignore);
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChanges = {};
  for (const key of keys) {
    if (skip.has(key)) continue;
    const antes = before ? (before[key] ?? null) : null;
    const despues = after ? (after[key] ?? null) : null;
    if (!isDeepStrictEqual(antes, despues)) changes[key] = { antes, despues };
  }
  return changes;
}
