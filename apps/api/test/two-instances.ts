import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createTestContext, type TestContext } from './helper';

/**
 * Two API instances over one control database, as the scale-out tests (staff and portal sessions) run
 * them: A is the test context's app, B another built from the same config; a session cache of a minute
 * on both, so only the LISTEN/NOTIFY revocation can explain a refusal on the other within a second.
 */

export const SESSION_CACHE_MS = 60_000;

export interface TwoInstances {
  t: TestContext;
  a: FastifyInstance;
  b: FastifyInstance;
  /** Closes B, then the test context (and A with it). */
  close(): Promise<void>;
}

export async function startTwoInstances(): Promise<TwoInstances> {
  const t = await createTestContext({ sessionCacheTtlMs: SESSION_CACHE_MS, loginRateMax: 1000 });
  let b: FastifyInstance;
  try {
    b = await buildApp(t.config);
  } catch (error) {
    await t.close();
    throw error;
  }
  return {
    t,
    a: t.app,
    b,
    close: async () => {
      await b.close();
      await t.close();
    },
  };
}

/** Polls until `check` holds; the milliseconds it took (fails past `limitMs`). */
export async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
