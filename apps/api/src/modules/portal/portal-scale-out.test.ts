import { authMessages, commonMessages, portalMessages } from '@receptoria/contracts';
import { controlSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestContext } from '../../../test/helper';
import { startTwoInstances, within } from '../../../test/two-instances';
import { announceRevocation } from '../auth/revocations';
import { hashPassword } from '../auth/passwords';
import { registerEstudio } from '../encargos/encargos.fixtures';

/**
 * Portal sessions on two API instances over one control database (test/two-instances.ts): the portal
 * user's check is cached for a minute on both, so only the LISTEN/NOTIFY revocation can explain a refusal
 * within a second.
 */

const PASSWORD = 'portal-clave-2026';

let t: TestContext;
let a: FastifyInstance;
let b: FastifyInstance;
let close: (() => Promise<void>) | undefined;
let staff: string;
let estudioId: number;

beforeAll(async () => {
  ({ t, a, b, close } = await startTwoInstances());
  staff = await t.login('admin', ADMIN_PASSWORD);
  estudioId = (await registerEstudio(t, staff, { nombre: 'Estudio Dos Instancias' })).id;
}, 60_000);
afterAll(() => close?.());

/** An activated portal user of the firm (of `tenantId`, the main receiver by default). */
async function createPortalUsuario(email: string, tenantId = t.mainTenantId, firm = estudioId) {
  const [row] = await a.controlDb
    .insert(controlSchema.portalUsuarios)
    .values({ tenantId, estudioId: firm, nombre: 'Abogada', email, passwordHash: await hashPassword(PASSWORD), activadoEn: new Date() })
    .returning();
  return row!;
}

const loginOn = async (app: FastifyInstance, email: string) => {
  const response = await app.inject({ method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email, password: PASSWORD } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { access: string; refresh: string };
};

const perfil = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/portal/perfil/', headers: { authorization: `Bearer ${token}` } });

describe('portal revocations reach the other instance within a second (LISTEN/NOTIFY)', () => {
  it('a portal user deactivated on A is refused on B', async () => {
    const usuario = await createPortalUsuario('desactivada@estudio.cl');
    const session = await loginOn(a, 'desactivada@estudio.cl');
    expect((await perfil(b, session.access)).statusCode).toBe(200);
    const off = await a.inject({
      method: 'POST',
      url: `/api/v1/estudios/${estudioId}/usuarios_portal/${usuario.id}/desactivar/`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(off.statusCode, off.body).toBe(200);
    const took = await within(1_000, async () => (await perfil(b, session.access)).statusCode === 401);
    expect(took).toBeLessThan(1_000);
  });

  it('a logout on A refuses that portal access token on B', async () => {
    await createPortalUsuario('sale@estudio.cl');
    const session = await loginOn(a, 'sale@estudio.cl');
    expect((await perfil(b, session.access)).statusCode).toBe(200);
    const logout = await a.inject({ method: 'POST', url: '/api/v1/portal/auth/logout/', payload: { refresh: session.refresh } });
    expect(logout.statusCode, logout.body).toBe(200);
    const took = await within(1_000, async () => (await perfil(b, session.access)).statusCode === 401);
    expect(took).toBeLessThan(1_000);
    expect((await perfil(b, session.access)).json()).toEqual({ detail: commonMessages.unauthorized });
  });

  it("B keeps a portal user's check until A announces the change (forgetPortalUser)", async () => {
    const usuario = await createPortalUsuario('cacheada@estudio.cl');
    const session = await loginOn(a, 'cacheada@estudio.cl');
    expect((await perfil(b, session.access)).statusCode).toBe(200);
    // A change nobody announces: B answers from its cached check, without reading the control database.
    await a.controlDb.update(controlSchema.portalUsuarios).set({ isActive: false }).where(eq(controlSchema.portalUsuarios.id, usuario.id));
    expect((await perfil(b, session.access)).statusCode).toBe(200);
    a.sessionCache.forgetPortalUser(usuario.id);
    await within(1_000, async () => (await perfil(b, session.access)).statusCode === 401);
    expect((await perfil(b, session.access)).json()).toEqual({ detail: portalMessages.usuarioInactivo });
  });

  it('a portal user moved to another firm is refused on B once announced from outside the API', async () => {
    const otra = (await registerEstudio(t, staff, { nombre: 'Estudio Destino' })).id;
    const usuario = await createPortalUsuario('mudada@estudio.cl');
    const session = await loginOn(a, 'mudada@estudio.cl');
    expect((await perfil(b, session.access)).statusCode).toBe(200);
    await a.controlDb.update(controlSchema.portalUsuarios).set({ estudioId: otra }).where(eq(controlSchema.portalUsuarios.id, usuario.id));
    await announceRevocation(a.controlDb, { k: 'p', id: usuario.id });
    for (const app of [a, b]) await within(1_000, async () => (await perfil(app, session.access)).statusCode === 401);
  });

  it('deactivating a receiver on A refuses its portal users on B', async () => {
    const receptor = await t.createTenant();
    await t.createUser({ tenantId: receptor.id, username: 'receptora_portal' });
    const suyo = (await registerEstudio(t, await t.login('receptora_portal'), { nombre: 'Estudio de Paso' })).id;
    await createPortalUsuario('de_paso@estudio.cl', receptor.id, suyo);
    const session = await loginOn(b, 'de_paso@estudio.cl');
    expect((await perfil(b, session.access)).statusCode).toBe(200);
    const patched = await a.inject({
      method: 'PATCH',
      url: `/api/v1/onboarding/clientes/${receptor.id}/`,
      headers: { authorization: `Bearer ${staff}` },
      payload: { activo: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await within(1_000, async () => (await perfil(b, session.access)).statusCode === 401);
    expect((await perfil(b, session.access)).json()).toEqual({ detail: authMessages.inactiveTenant });
  });
});
