import { UnknownServerError } from '@receptoria/db';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, uniqueViolation } from './db-errors';

describe('isDatabaseUnavailable', () => {
  it('counts a receiver on a server whose URL cannot be read as unavailable, wrapped or not', () => {
    expect(isDatabaseUnavailable(new UnknownServerError(7))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: new UnknownServerError(7) }))).toBe(true);
  });

  it('tells connection failures from query errors', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'x_key' }))).toBe(false);
    expect(uniqueViolation(Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'x_key' }))).toBe('x_key');
  });
});
