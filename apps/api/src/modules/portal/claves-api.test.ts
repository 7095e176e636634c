import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { CLAVE_API_LIMITE_POR_MINUTO, type ClaveApiCreada, clavesApiMessages, commonMessages, type Estudio, todayIso } from '@receptoria/contracts';
import { controlSchema } from '@receptoria/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pdf, seedTwoReceivers } from '../../../test/portal-kit';
import type { TestContext } from '../../../test/helper';
import { startTwoInstances, within } from '../../../test/two-instances';
import { buildApp } from '../../app';
import { encargoPayload, loadLookups } from '../encargos/encargos.fixtures';

/**
 * Firms' API keys on two instances over one control database (checks cached a minute on both): created
 * once-shown and hashed, scoped to the portal's firm routes, refused when unknown, expired or revoked
 * (on the other instance at once), kept to their firm and receiver, and never written out.
 */

let t: TestContext;
let a: FastifyInstance;
let b: FastifyInstance;
let close: (() => Promise<void>) | undefined;
let world: Awaited<ReturnType<typeof seedTwoReceivers>>;
let logged: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  ({ t, a, b, close } = await startTwoInstances());
  world = await seedTwoReceivers(t, {
    estudiosA: ['Estudio Uno Claves', 'Estudio Dos Claves'],
    receptorB: 'Receptora Otra de Claves',
    staffB: 'claves_staff_b',
    estudioB: 'Estudio Ajeno de Claves',
    rolesA1: ['C-7101-2026'],
    rolA2: 'C-7202-2026',
    rolB: 'C-7303-2026',
  });
  // A third instance that writes its log where the test reads it.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  logged = await buildApp({ ...t.config, logger: { level: 'info', stream } });
}, 90_000);
afterAll(async () => {
  await logged?.close();
  await close?.();
});

const staffUrl = (estudioId: number) => `/api/v1/estudios/${estudioId}/claves_api/`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function crear(estudio: Estudio, alcances: string[], extra: Record<string, unknown> = {}, staff = world.staff): Promise<ClaveApiCreada> {
  const response = await t.request(staff, { method: 'POST', url: staffUrl(estudio.id), payload: { nombre: 'Sistema de causas', alcances, ...extra } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ClaveApiCreada;
}

const get = (app: FastifyInstance, secreto: string, url: string) => app.inject({ method: 'GET', url, headers: bearer(secreto) });

describe('creating, listing and revoking keys (office)', () => {
  it('shows the secret once, keeps only its hash and prefix, and lists prefix, name, scopes and dates', async () => {
    const { clave, secreto } = await crear(world.estudioA1, ['encargos:leer', 'cuenta:leer'], { expira: '2099-12-31' });
    expect(secreto).toMatch(/^rk_[0-9A-Za-z]{43}$/);
    expect(clave).toMatchObject({ nombre: 'Sistema de causas', prefijo: secreto.slice(0, 11), alcances: ['encargos:leer', 'cuenta:leer'], ultimo_uso: null, expira: '2099-12-31' });
    const [row] = await a.controlDb.select().from(controlSchema.portalClavesApi).where(eq(controlSchema.portalClavesApi.id, clave.id));
    expect(row!.hash).toBe(createHash('sha256').update(secreto).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secreto.slice(11));
    const list = await t.request(world.staff, { method: 'GET', url: staffUrl(world.estudioA1.id) });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { results: unknown[] }).results).toContainEqual(clave);
    expect(list.body).not.toContain(secreto.slice(11));
  });

  it('refuses a past expiry, an unknown scope and no scope with a Spanish 400, creating nothing', async () => {
    const before = (await a.controlDb.select().from(controlSchema.portalClavesApi)).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ nombre: 'Vieja', alcances: ['encargos:leer'], expira: '2020-01-01' }, clavesApiMessages.expiraPasada],
      [{ nombre: 'Rara', alcances: ['todo'] }, clavesApiMessages.alcanceInvalido],
      [{ nombre: 'Vacía', alcances: [] }, clavesApiMessages.alcancesRequeridos],
      [{ nombre: 'Fecha', alcances: ['encargos:leer'], expira: '2026-02-30' }, clavesApiMessages.expiraInvalida],
    ];
    for (const [payload, detail] of cases) {
      const response = await t.request(world.staff, { method: 'POST', url: staffUrl(world.estudioA1.id), payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ detail });
    }
    expect((await a.controlDb.select().from(controlSchema.portalClavesApi)).length).toBe(before);
    // Today is still a valid last day.
    await crear(world.estudioA1, ['encargos:leer'], { expira: todayIso() });
  });

  it("answers 404 for another receiver's firm and key, and lists only the firm's own keys", async () => {
    const ajena = await crear(world.estudioB, ['encargos:leer'], {}, world.staffB);
    // Firm ids are each receiver's own: A's staff reach their own firms only, never B's keys.
    for (const estudioId of [world.estudioA1.id, world.estudioB.id]) {
      const own = await t.request(world.staff, { method: 'GET', url: staffUrl(estudioId) });
      expect(own.body).not.toContain(ajena.clave.prefijo);
    }
    const revoke = await t.request(world.staff, { method: 'DELETE', url: `${staffUrl(world.estudioA1.id)}${ajena.clave.id}/` });
    expect(revoke.statusCode, revoke.body).toBe(404);
    expect((await get(a, ajena.secreto, '/api/v1/portal/encargos/')).statusCode).toBe(200);
    const listA2 = await t.request(world.staff, { method: 'GET', url: staffUrl(world.estudioA2.id) });
    expect((listA2.json() as { results: unknown[] }).results).toEqual([]);
  });
});

describe('what a key opens', () => {
  it('opens the portal routes of its scopes for its own firm only; 403 elsewhere', async () => {
    const { secreto } = await crear(world.estudioA1, ['encargos:leer']);
    const list = await get(a, secreto, '/api/v1/portal/encargos/');
    expect(list.statusCode, list.body).toBe(200);
    const ids = (list.json() as { results: Array<{ id: number }> }).results.map((e) => e.id);
    expect(ids).toEqual(world.encargos.a1);
    expect((await get(a, secreto, `/api/v1/portal/encargos/${world.encargos.a1[0]}/`)).statusCode).toBe(200);
    for (const id of [...world.encargos.a2, ...world.encargos.b]) {
      const foreign = await get(a, secreto, `/api/v1/portal/encargos/${id}/`);
      expect(foreign.statusCode, foreign.body).toBe(404);
    }
    for (const url of ['/api/v1/portal/recibos/', '/api/v1/portal/documentos/', '/api/v1/portal/solicitudes/', '/api/v1/portal/perfil/']) {
      const outside = await get(a, secreto, url);
      expect(outside.statusCode, url).toBe(403);
      expect(outside.json()).toEqual({ detail: clavesApiMessages.fueraDeAlcance });
    }
    for (const url of ['/api/v1/estudios/', staffUrl(world.estudioA1.id), '/api/v1/encargos/', '/api/v1/auth/me/']) {
      const staffRoute = await get(a, secreto, url);
      expect(staffRoute.statusCode, url).toBe(403);
      expect(staffRoute.json()).toEqual({ detail: clavesApiMessages.soloPortalConClave });
    }
    const cuenta = await crear(world.estudioA1, ['cuenta:leer']);
    expect((await get(a, cuenta.secreto, '/api/v1/portal/recibos/')).statusCode).toBe(200);
    expect((await get(a, cuenta.secreto, '/api/v1/portal/estado_cuenta/')).statusCode).toBe(200);
    expect((await get(a, cuenta.secreto, '/api/v1/portal/encargos/')).statusCode).toBe(403);
  });

  it('sends a request with encargos:crear and lists it, as the API key', async () => {
    const { secreto, clave } = await crear(world.estudioA1, ['encargos:crear']);
    const lookups = await loadLookups(t, world.staff);
    const { estudio_juridico: _firm, ...datos } = encargoPayload(world.estudioA1, lookups, { numero_rol: 'C-7404-2026', partes: 'Banco con Sistema' });
    const body = multipart({ datos: JSON.stringify(datos) }, { demanda: { name: 'demanda.pdf', bytes: await pdf('DEMANDA API') } });
    const sent = await a.inject({ method: 'POST', url: '/api/v1/portal/solicitudes/', headers: { ...body.headers, ...bearer(secreto) }, payload: body.payload });
    expect(sent.statusCode, sent.body).toBe(201);
    const listed = await get(b, secreto, '/api/v1/portal/solicitudes/');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain('C-7404-2026');
    const db = await t.tenantDbOf(t.mainTenantId);
    const { rows } = (await db.execute(sql`select usuario, cambios::text as cambios from auditoria where entidad = 'solicitud' order by id desc limit 1`)) as unknown as {
      rows: Array<{ usuario: string; cambios: string }>;
    };
    expect(rows[0]!.usuario).toBe(`api:${clave.prefijo}`);
  });

  it('refuses unknown, malformed and expired keys with 401', async () => {
    const { secreto, clave } = await crear(world.estudioA1, ['encargos:leer']);
    await a.controlDb.update(controlSchema.portalClavesApi).set({ expira: '2020-01-01' }).where(eq(controlSchema.portalClavesApi.id, clave.id));
    for (const token of [secreto, `rk_${'A'.repeat(43)}`, 'rk_corta', `${secreto}x`]) {
      const response = await get(b, token, '/api/v1/portal/encargos/');
      expect(response.statusCode, token).toBe(401);
      expect(response.json()).toEqual({ detail: commonMessages.unauthorized });
      expect(response.body).not.toContain(token);
    }
  });

  it('records the last use', async () => {
    const { secreto, clave } = await crear(world.estudioA1, ['encargos:leer']);
    expect((await get(a, secreto, '/api/v1/portal/encargos/')).statusCode).toBe(200);
    await within(2_000, async () => {
      const [row] = await a.controlDb.select().from(controlSchema.portalClavesApi).where(eq(controlSchema.portalClavesApi.id, clave.id));
      return row!.ultimoUso !== null;
    });
  });
});

describe('revocation', () => {
  it('a key revoked on A is refused on B within a second, though B had it cached', async () => {
    const { secreto, clave } = await crear(world.estudioA1, ['encargos:leer']);
    expect((await get(b, secreto, '/api/v1/portal/encargos/')).statusCode).toBe(200);
    const revoked = await t.request(world.staff, { method: 'DELETE', url: `${staffUrl(world.estudioA1.id)}${clave.id}/` });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ message: clavesApiMessages.claveRevocada });
    expect((await get(a, secreto, '/api/v1/portal/encargos/')).statusCode).toBe(401);
    const took = await within(1_000, async () => (await get(b, secreto, '/api/v1/portal/encargos/')).statusCode === 401);
    expect(took).toBeLessThan(1_000);
    const again = await t.request(world.staff, { method: 'DELETE', url: `${staffUrl(world.estudioA1.id)}${clave.id}/` });
    expect(again.statusCode).toBe(404);
    const list = await t.request(world.staff, { method: 'GET', url: staffUrl(world.estudioA1.id) });
    expect((list.json() as { results: Array<{ id: number }> }).results.map((c) => c.id)).not.toContain(clave.id);
  });
});

describe('a key is never written out', () => {
  it('appears in no log line, audit entry or error body (its prefix may)', async () => {
    const created = await logged.inject({
      method: 'POST',
      url: staffUrl(world.estudioA1.id),
      headers: bearer(world.staff),
      payload: { nombre: 'Registro', alcances: ['encargos:leer'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secreto, clave } = created.json() as ClaveApiCreada;
    const secretPart = secreto.slice(11);
    const answers = [
      await get(logged, secreto, '/api/v1/portal/encargos/'),
      await get(logged, secreto, '/api/v1/portal/recibos/'),
      await get(logged, secreto, '/api/v1/estudios/'),
      await get(logged, secreto, '/api/v1/portal/encargos/abc/'),
      await logged.inject({ method: 'DELETE', url: `${staffUrl(world.estudioA1.id)}${clave.id}/`, headers: bearer(world.staff) }),
      await get(logged, secreto, '/api/v1/portal/encargos/'),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 403, 403, 400, 200, 401]);
    for (const answer of answers) expect(answer.body).not.toContain(secretPart);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(secretPart);
    const audit = await a.controlDb.execute(sql`select cambios::text as cambios, usuario from auditoria where entidad = 'clave_api' and entidad_id = ${clave.id}`);
    const rows = (audit as unknown as { rows: Array<{ cambios: string; usuario: string }> }).rows;
    expect(rows.length).toBe(2);
    expect(JSON.stringify(rows)).toContain(clave.prefijo);
    expect(JSON.stringify(rows)).not.toContain(secretPart);
  });
});

describe('the per-key limit', () => {
  it('counts one minute of requests on both instances together: past the limit, 429 with Retry-After in Spanish', async () => {
    const { secreto } = await crear(world.estudioA1, ['encargos:leer']);
    const other = await crear(world.estudioA1, ['encargos:leer']);
    const statuses: number[] = [];
    for (let i = 0; i < CLAVE_API_LIMITE_POR_MINUTO; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, j) => get((i + j) % 2 === 0 ? a : b, secreto, '/api/v1/portal/encargos/?page=1')),
      );
      statuses.push(...batch.map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    for (const app of [a, b]) {
      const refused = await get(app, secreto, '/api/v1/portal/encargos/');
      expect(refused.statusCode).toBe(429);
      const retry = Number(refused.headers['retry-after']);
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
      expect(refused.json()).toEqual({ detail: clavesApiMessages.limiteApi(retry) });
    }
    // Another key of the same firm keeps its own count.
    expect((await get(b, other.secreto, '/api/v1/portal/encargos/')).statusCode).toBe(200);
  }, 60_000);
});
