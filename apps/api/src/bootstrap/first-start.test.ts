import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../test/helper';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS } from './demo-users';

describe('first start with demo data: the demo receiver and secretary', () => {
  let t: TestContext | undefined;

  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
    t = undefined;
  });

  async function profileOf(username: string, password: string) {
    const login = await t!.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username, password } });
    expect(login.statusCode, login.body).toBe(200);
    const { access, user } = login.json() as {
      access: string;
      user: { cargo: string; is_admin: boolean; tenant_id: number; email: string };
    };
    const lista = await t!.request(access, { method: 'GET', url: '/api/v1/encargos/lista/' });
    return { user, access, listStatus: lista.statusCode, lista: lista.json() as { count?: number } };
  }

  it('makes `receptor` and `secretaria` of the main receiver with DEMO_PASSWORD, and says so once', async () => {
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    t = await createTestContext({ seedDemo: true, demoUsers: { password: 'demo-clave-123' } });
    vi.restoreAllMocks();

    const receptor = await profileOf('receptor', 'demo-clave-123');
    // No e-mail: the receiver's reminders keep going to the receiver's own address only.
    expect(receptor.user).toMatchObject({ cargo: 'receptor', is_admin: false, tenant_id: t.mainTenantId, email: '' });
    // The demo receiver's own user sees the demo data.
    expect(receptor.listStatus).toBe(200);
    expect(receptor.lista.count).toBeGreaterThan(0);
    const secretaria = await profileOf('secretaria', 'demo-clave-123');
    expect(secretaria.user).toMatchObject({ cargo: 'secretaria', is_admin: false, tenant_id: t.mainTenantId });

    // The receiver holds every module; the secretary no permissions administration.
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const users = await t.request(admin, { method: 'GET', url: '/api/v1/configuracion/usuarios/' });
    expect(users.statusCode, users.body).toBe(200);
    expect(users.body).toContain('"receptor"');
    expect(users.body).toContain('"secretaria"');
    const gestion = await t.request(receptor.access, { method: 'GET', url: '/api/v1/configuracion/usuarios/' });
    expect(gestion.statusCode).toBe(200);
    const sinGestion = await t.request(secretaria.access, { method: 'GET', url: '/api/v1/configuracion/usuarios/' });
    expect(sinGestion.statusCode).toBe(403);

    const text = printed.join('');
    // All three users, the admin too although ADMIN_PASSWORD chose its password (never printed).
    expect(text).toContain('usuario "admin" (administrador de la plataforma), contraseña: la de ADMIN_PASSWORD');
    expect(text).not.toContain(ADMIN_PASSWORD);
    expect(text).toContain('usuario "receptor" (receptor de demostración), contraseña: la de DEMO_PASSWORD');
    expect(text).toContain('usuario "secretaria" (secretaria de demostración), contraseña: la de DEMO_PASSWORD');
    expect(text).not.toContain('demo-clave-123');
  });

  it('generates their passwords when none is chosen and prints each once, and they work', async () => {
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    t = await createTestContext({ seedDemo: true, demoUsers: {} });
    vi.restoreAllMocks();
    const text = printed.join('');
    expect(text).toContain('Guarde las contraseñas ahora; no se volverán a mostrar');
    for (const demo of DEMO_USERS) {
      const match = new RegExp(`usuario "${demo.username}" \\([^)]*\\), contraseña: (\\S+)`).exec(text);
      expect(match, text).not.toBeNull();
      const { user } = await profileOf(demo.username, match![1]!);
      expect(user.cargo).toBe(demo.cargo);
    }
  });

  it('makes no demo users without demo data or when the configuration does not ask for them', async () => {
    t = await createTestContext({ seedDemo: false, demoUsers: { password: 'demo-clave-123' } });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { username: 'receptor', password: 'demo-clave-123' },
    });
    expect(none.statusCode).toBe(401);
  });
});
