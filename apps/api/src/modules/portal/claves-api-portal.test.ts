import { type ClaveApiCreada, clavesApiMessages, type PortalUsuario } from '@receptoria/contracts';
import { controlSchema } from '@receptoria/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { seedTwoReceivers } from '../../../test/portal-kit';
import { hashPassword } from '../auth/passwords';

/**
 * The firm manages its own API keys from the portal once the receiver grants one of its users the
 * administra_api right; without it, and through any key, those routes are closed.
 */

const PASSWORD = 'portal-claves-2026';
let t: TestContext;
let world: Awaited<ReturnType<typeof seedTwoReceivers>>;

beforeAll(async () => {
  t = await createTestContext();
  world = await seedTwoReceivers(t, {
    estudiosA: ['Estudio Uno Propias', 'Estudio Dos Propias'],
    receptorB: 'Receptora de Claves Propias',
    staffB: 'propias_staff_b',
    estudioB: 'Estudio B Propias',
    rolesA1: ['C-8101-2026'],
    rolA2: 'C-8202-2026',
    rolB: 'C-8303-2026',
  });
}, 60_000);
afterAll(() => t?.close());

async function portalUser(email: string, estudioId: number, tenantId = t.mainTenantId) {
  const [row] = await t.app.controlDb
    .insert(controlSchema.portalUsuarios)
    .values({ tenantId, estudioId, nombre: 'Encargada de Sistemas', email, passwordHash: await hashPassword(PASSWORD), activadoEn: new Date() })
    .returning();
  const login = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email, password: PASSWORD } });
  expect(login.statusCode, login.body).toBe(200);
  return { id: row!.id, access: (login.json() as { access: string }).access };
}

const grant = (estudioId: number, uid: number, administra_api: unknown, staff = world.staff) =>
  t.request(staff, { method: 'POST', url: `/api/v1/estudios/${estudioId}/usuarios_portal/${uid}/administra_api/`, payload: { administra_api } });

describe('the firm’s own keys (administra_api)', () => {
  it('are closed without the right, open once the receiver grants it, and closed again when withdrawn', async () => {
    const user = await portalUser('sistemas@propias.cl', world.estudioA1.id);
    const list = () => t.request(user.access, { method: 'GET', url: '/api/v1/portal/claves_api/' });
    const denied = await list();
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: clavesApiMessages.sinDerechoApi });

    expect((await grant(world.estudioA1.id, user.id, 'si')).statusCode).toBe(400);
    const granted = await grant(world.estudioA1.id, user.id, true);
    expect(granted.statusCode, granted.body).toBe(200);
    expect((granted.json() as { usuario: PortalUsuario }).usuario.administra_api).toBe(true);
    expect((await list()).statusCode).toBe(200);

    const created = await t.request(user.access, { method: 'POST', url: '/api/v1/portal/claves_api/', payload: { nombre: 'ERP del estudio', alcances: ['encargos:leer'] } });
    expect(created.statusCode, created.body).toBe(201);
    const { clave, secreto } = created.json() as ClaveApiCreada;
    // The staff see the firm's key; the key reads the firm's assignments; a key may not manage keys.
    const staffList = await t.request(world.staff, { method: 'GET', url: `/api/v1/estudios/${world.estudioA1.id}/claves_api/` });
    expect((staffList.json() as { results: Array<{ id: number }> }).results.map((c) => c.id)).toContain(clave.id);
    expect((await t.request(secreto, { method: 'GET', url: '/api/v1/portal/encargos/' })).statusCode).toBe(200);
    expect((await t.request(secreto, { method: 'GET', url: '/api/v1/portal/claves_api/' })).statusCode).toBe(403);

    // Another firm's user with the right cannot revoke it.
    const other = await portalUser('sistemas@otra-propias.cl', world.estudioA2.id);
    expect((await grant(world.estudioA2.id, other.id, true)).statusCode).toBe(200);
    expect((await t.request(other.access, { method: 'DELETE', url: `/api/v1/portal/claves_api/${clave.id}/` })).statusCode).toBe(404);
    expect((await t.request(other.access, { method: 'GET', url: '/api/v1/portal/claves_api/' })).body).not.toContain(clave.prefijo);

    const revoked = await t.request(user.access, { method: 'DELETE', url: `/api/v1/portal/claves_api/${clave.id}/` });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await t.request(secreto, { method: 'GET', url: '/api/v1/portal/encargos/' })).statusCode).toBe(401);

    expect((await grant(world.estudioA1.id, user.id, false)).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(403);
  });

  it("cannot be granted to another firm's or another receiver's user", async () => {
    const user = await portalUser('ajena@propias.cl', world.estudioB.id, world.tenantB);
    expect((await grant(world.estudioA1.id, user.id, true)).statusCode).toBe(404);
    const inA2 = await portalUser('dos@propias.cl', world.estudioA2.id);
    expect((await grant(world.estudioA1.id, inA2.id, true)).statusCode).toBe(404);
  });
});
