import { defineConfig } from 'vitest/config';

/**
 * pyHanko's validation of the PAdES levels (`pnpm --filter @receptoria/api test:pyhanko`), apart from
 * `pnpm test`: it needs pyHanko's source tree where PYHANKO_SRC points (default /opt/pyhanko-src; see
 * docs/firma.md). Without it these tests fail saying so. The normal suite checks the same long-term
 * properties with test/firma/validar-ltv.ts (openssl, pdfsig), which every machine has.
 */
export default defineConfig({
  test: {
    include: ['test/pyhanko/**/*.pyhanko.ts'],
    env: { PYHANKO_SRC: process.env.PYHANKO_SRC ?? '/opt/pyhanko-src' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
