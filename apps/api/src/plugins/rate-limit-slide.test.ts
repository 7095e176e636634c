import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { ControlDbHits, RedisHits, type SharedHits } from './rate-limit';

/**
 * The sliding minute an API key is counted in, in both shared stores (the control database on
 * PostgreSQL, and Redis as REDIS_URL selects): hits under the limit are taken, the next is refused with
 * the time until one more fits, refusals are not counted, and concurrent hits never pass the limit.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
let t: TestContext;
let redis: RedisHits;

beforeAll(async () => {
  t = await createTestContext();
  redis = new RedisHits(new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }), `receptoria:test:${randomUUID()}:`);
}, 60_000);
afterAll(async () => {
  await redis?.close();
  await t?.close();
});

const stores = (): Array<[string, SharedHits]> => [
  ['the control database', new ControlDbHits(t.app.controlDb)],
  ['Redis', redis],
];

describe.each([0, 1])('sliding minute', (index) => {
  it(`in ${index === 0 ? 'the control database' : 'Redis'}: takes hits up to the limit, refuses the next with the wait, and never counts refusals`, async () => {
    const [, hits] = stores()[index]!;
    const key = `prueba:${randomUUID()}`;
    const taken = [];
    for (let i = 0; i < 3; i += 1) taken.push(await hits.slide(key, 60_000, 3));
    expect(taken.map((r) => r.allowed)).toEqual([true, true, true]);
    for (let i = 0; i < 3; i += 1) {
      const refused = await hits.slide(key, 60_000, 3);
      expect(refused.allowed).toBe(false);
      // Within this window the three hits leave it when the window after the next begins weighing less.
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(120_000);
    }
    // A short window frees the key again once it has slid past.
    const corta = `prueba:${randomUUID()}`;
    expect((await hits.slide(corta, 200, 1)).allowed).toBe(true);
    expect((await hits.slide(corta, 200, 1)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await hits.slide(corta, 200, 1)).allowed).toBe(true);
  });

  it(`in ${index === 0 ? 'the control database' : 'Redis'}: 20 concurrent hits on a limit of 7 take exactly 7`, async () => {
    const [, hits] = stores()[index]!;
    const key = `prueba:${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => hits.slide(key, 60_000, 7)));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
  });
});
