import { randomBytes, randomInt } from 'node:crypto';
import { codigoVerificacionDesdeBytes, commonMessages } from '@receptoria/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { startTwoInstances, type TwoInstances } from '../two-instances';
import { expectSpanishJson } from './spanish';

/**
 * The per-address limits of public routes (certificate verification, the calendar feed's token) are
 * counted where every API instance sees them: in the control database, or in Redis with REDIS_URL.
 * Two instances together allow what one does, not twice as much.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const LIMIT = 60;

let two: TwoInstances;
beforeAll(async () => {
  two = await startTwoInstances();
}, 120_000);
afterAll(() => two?.close());

/** An address no other run shares (Redis keys outlive a run by up to a minute). */
const address = () => `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

const verificar = (app: FastifyInstance, remoteAddress: string, codigo = codigoVerificacionDesdeBytes(randomBytes(17))) =>
  app.inject({ method: 'GET', url: `/api/v1/verificar/${codigo}`, remoteAddress });
const feed = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'GET', url: `/api/v1/calendario/ics/${randomBytes(24).toString('base64url')}.ics`, remoteAddress });

/** Sends LIMIT requests split between the two instances (in parallel on each), then one more on each. */
async function overTwo(a: FastifyInstance, b: FastifyInstance, send: (app: FastifyInstance, ip: string) => ReturnType<typeof verificar>) {
  const ip = address();
  const half = LIMIT / 2;
  const allowed = await Promise.all([...Array.from({ length: half }, () => send(a, ip)), ...Array.from({ length: half }, () => send(b, ip))]);
  const afterOnA = await send(a, ip);
  const afterOnB = await send(b, ip);
  const other = await send(b, address());
  return { allowed: allowed.map((r) => r.statusCode), afterOnA, afterOnB, other };
}

describe('on the control database', () => {
  it('verification: 60 look-ups a minute per address across both instances, then 429 in Spanish with Retry-After on either', async () => {
    expect(two.a.rateLimitHits.store).toBe('control');
    const { allowed, afterOnA, afterOnB, other } = await overTwo(two.a, two.b, verificar);
    expect(allowed.filter((code) => code === 429)).toEqual([]);
    for (const refused of [afterOnA, afterOnB]) {
      expect(refused.statusCode).toBe(429);
      expectSpanishJson(refused);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(other.statusCode).toBe(404);
  });

  it('calendar feed: 60 token guesses a minute per address across both instances, then 429 in Spanish', async () => {
    const { allowed, afterOnA, afterOnB, other } = await overTwo(two.a, two.b, feed);
    expect(allowed.every((code) => code === 404)).toBe(true);
    for (const refused of [afterOnA, afterOnB]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toBe(commonMessages.rateLimited);
    }
    expect(other.statusCode).toBe(404);
  });
});

describe('in Redis (REDIS_URL)', () => {
  it('verification and the calendar feed limit together across two instances', async () => {
    const first = await buildApp({ ...two.t.config, redisUrl: REDIS_URL });
    const second = await buildApp({ ...two.t.config, redisUrl: REDIS_URL });
    try {
      expect(first.rateLimitHits.store).toBe('redis');
      for (const send of [verificar, feed]) {
        const { allowed, afterOnA, afterOnB, other } = await overTwo(first, second, send);
        expect(allowed.filter((code) => code === 429)).toEqual([]);
        expect([afterOnA.statusCode, afterOnB.statusCode]).toEqual([429, 429]);
        expectSpanishJson(afterOnB);
        expect(other.statusCode).toBe(404);
      }
    } finally {
      await second.close();
      await first.close();
    }
  });
});
