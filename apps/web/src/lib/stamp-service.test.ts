import { afterEach, describe, expect, it } from 'vitest';
import { buildUrl } from './api-client';
import { sessionStore } from './session-storage';
import { STAMP_SERVICE_BASE, stampServiceOptions } from './stamp-service';

afterEach(() => sessionStore.clear());

describe('stampServiceOptions', () => {
  it('sends the stored username, else judicial', () => {
    expect(stampServiceOptions().headers).toEqual({ 'X-User-Id': 'judicial' });
    sessionStore.setSession({ access: 'a', refresh: 'r', user: { id: 7, username: 'receptor_ana' } });
    expect(stampServiceOptions({ headers: { Accept: 'x' } }).headers).toEqual({ Accept: 'x', 'X-User-Id': 'receptor_ana' });
  });

  it('targets /estampados/api', () => {
    const options = stampServiceOptions();
    expect(buildUrl('/estampados/tipos', undefined, options.base)).toBe(`${STAMP_SERVICE_BASE}/estampados/tipos`);
  });
});
