import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  authMessages,
  ClienteCreateResponseSchema,
  ClienteDetailSchema,
  ClienteListResponseSchema,
  ClienteUsuarioCreateResponseSchema,
  commonMessages,
  computeRutDv,
  EncargoListResponseSchema,
  OnboardingEstadisticasSchema,
  onboardingMessages as m,
  PERMISSION_CODES,
} from '@receptoria/contracts';
import { tenantDatabaseName } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';

let t: TestContext;
let adminToken: string;
let rutCounter = 0;

/** A valid RUT that is unique within the suite. */
function nextRut(): string {
  rutCounter += 1;
  const body = 15_000_000 + rutCounter * 7919;
  return `${body}-${computeRutDv(body)}`;
}

function clientePayload(overrides: Record<string, unknown> = {}) {
  return {
    nombre: `Receptora Onboarding ${rutCounter + 1}`,
    rut: nextRut(),
    direccion: 'Huérfanos 1160, oficina 504',
    comuna: 'Santiago',
    telefono: '+56 2 2345 6789',
    email: 'oficina@receptora.cl',
    username: `onb_receptora_${rutCounter + 1}`,
    password: 'clave-segura-123',
    usuario_email: 'receptora@receptora.cl',
    first_name: 'Ana',
    last_name: 'Torres',
    carpeta_principal: 'https://drive.google.com/drive/folders/principal',
    carpeta_cobranza: 'https://docs.google.com/spreadsheets/d/cobranza',
    carpeta_estampados: 'https://drive.google.com/drive/folders/estampados',
    carpeta_plantillas: '',
    ...overrides,
  };
}

function post(token: string, url: string, payload: unknown) {
  return t.request(token, { method: 'POST', url, payload: payload as Record<string, unknown> });
}

async function countTenants(): Promise<number> {
  const response = await t.request(adminToken, { method: 'GET', url: '/api/v1/onboarding/estadisticas/' });
  return OnboardingEstadisticasSchema.parse(response.json()).total_receptores;
}

/** Whether the database (PostgreSQL) or data folder (embedded) of a receiver exists. */
async function databaseExists(databaseName: string): Promise<boolean> {
  if (!t.config.database.controlUrl) return existsSync(path.join(t.config.database.dataDir, 'tenants', databaseName));
  const result = (await t.app.controlDb.execute(sql`select 1 from pg_database where datname = ${databaseName}`)) as unknown as {
    rows: unknown[];
  };
  return result.rows.length > 0;
}

beforeAll(async () => {
  t = await createTestContext({ seedDemo: true });
  adminToken = await t.login('admin');
  await t.createUser({ tenantId: t.mainTenantId, username: 'onb_secretaria_main', permisos: [...PERMISSION_CODES] });
});
afterAll(() => t.close());

describe('access', () => {
  const calls = [
    { method: 'GET', url: '/api/v1/onboarding/clientes/' },
    { method: 'GET', url: '/api/v1/onboarding/estadisticas/' },
    { method: 'GET', url: '/api/v1/onboarding/clientes/1/' },
    { method: 'PATCH', url: '/api/v1/onboarding/clientes/1/', payload: { activo: false } },
    { method: 'POST', url: '/api/v1/onboarding/clientes/crear/', payload: clientePayload() },
    { method: 'POST', url: '/api/v1/onboarding/clientes/1/secretaria/', payload: {} },
  ] as const;

  it('refuses every onboarding call to a user other than admin, even one holding every permission', async () => {
    const token = await t.login('onb_secretaria_main');
    for (const call of calls) {
      const response = await t.request(token, { ...call });
      expect(response.statusCode, call.url).toBe(403);
      expect(response.json()).toEqual({ detail: commonMessages.forbidden });
    }
  });

  it('answers 401 without a session', async () => {
    for (const call of calls) {
      const response = await t.request(undefined, { ...call });
      expect(response.statusCode, call.url).toBe(401);
    }
  });
});

describe('creating a client', () => {
  let created: ReturnType<typeof ClienteCreateResponseSchema.parse>;
  let payload: ReturnType<typeof clientePayload>;

  beforeAll(async () => {
    payload = clientePayload({ rut: '12.345.678-5', nombre: 'Receptora Judicial Ana Torres', username: 'onb_ana_torres' });
    const response = await post(adminToken, '/api/v1/onboarding/clientes/crear/', payload);
    expect(response.statusCode, response.body).toBe(201);
    created = ClienteCreateResponseSchema.parse(response.json());
  });

  it('stores the receiver, its folder links and its first user', () => {
    expect(created.message).toBe(m.clienteCreado);
    expect(created.receptor).toMatchObject({
      nombre: 'Receptora Judicial Ana Torres',
      rut: '12345678-5',
      direccion: 'Huérfanos 1160, oficina 504',
      comuna: 'Santiago',
      email: 'oficina@receptora.cl',
      activo: true,
    });
    expect(created.configuracion).toEqual({
      database_name: tenantDatabaseName(t.config.database, 'Receptora Judicial Ana Torres'),
      carpeta_principal_url: 'https://drive.google.com/drive/folders/principal',
      carpeta_cobranza_url: 'https://docs.google.com/spreadsheets/d/cobranza',
      carpeta_estampados_url: 'https://drive.google.com/drive/folders/estampados',
      carpeta_plantillas_url: '',
    });
    expect(created.num_usuarios).toBe(1);
    expect(created.usuarios).toEqual([
      {
        id: expect.any(Number),
        username: 'onb_ana_torres',
        first_name: 'Ana',
        last_name: 'Torres',
        email: 'receptora@receptora.cl',
        cargo: 'receptor',
        is_active: true,
      },
    ]);
  });

  it('creates the receiver database', async () => {
    expect(await databaseExists(created.configuracion.database_name)).toBe(true);
  });

  it('lists the client with its user count and configuration, and counts it', async () => {
    const list = ClienteListResponseSchema.parse(
      (await t.request(adminToken, { method: 'GET', url: '/api/v1/onboarding/clientes/' })).json(),
    );
    const main = list.clientes.find((c) => c.id === t.mainTenantId);
    const row = list.clientes.find((c) => c.id === created.receptor.id);
    expect(main?.num_usuarios).toBe(2);
    expect(row).toMatchObject({ nombre: 'Receptora Judicial Ana Torres', num_usuarios: 1, activo: true });
    // One server only: every receiver is on the control database's own (principal, id 1).
    expect(list.clientes.map((c) => c.servidor_id)).toEqual(list.clientes.map(() => 1));
    expect(row?.configuracion.carpeta_estampados_url).toBe('https://drive.google.com/drive/folders/estampados');

    const stats = OnboardingEstadisticasSchema.parse(
      (await t.request(adminToken, { method: 'GET', url: '/api/v1/onboarding/estadisticas/' })).json(),
    );
    expect(stats.total_receptores).toBe(list.clientes.length);
    expect(stats.total_usuarios).toBe(list.clientes.reduce((sum, c) => sum + c.num_usuarios, 0));
  });

  it('reads the client detail', async () => {
    const response = await t.request(adminToken, { method: 'GET', url: `/api/v1/onboarding/clientes/${created.receptor.id}/` });
    expect(response.statusCode).toBe(200);
    const detail = ClienteDetailSchema.parse(response.json());
    expect(detail.receptor.rut).toBe('12345678-5');
    expect(detail.usuarios.map((u) => u.username)).toEqual(['onb_ana_torres']);
  });

  it('answers 404 for an unknown client and 400 for a bad id', async () => {
    const missing = await t.request(adminToken, { method: 'GET', url: '/api/v1/onboarding/clientes/99999/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: m.clienteNoEncontrado });
    const bad = await t.request(adminToken, { method: 'GET', url: '/api/v1/onboarding/clientes/abc/' });
    expect(bad.statusCode).toBe(400);
  });

  it('gives the first user every permission so the receiver can run the office', async () => {
    const token = await t.login('onb_ana_torres', payload.password);
    const userId = created.usuarios[0]!.id;
    const response = await t.request(token, { method: 'GET', url: `/api/v1/configuracion/usuarios/${userId}/permisos/` });
    expect(response.statusCode).toBe(200);
    const codes = (response.json() as { codigo: string }[]).map((p) => p.codigo).sort();
    expect(codes).toEqual([...PERMISSION_CODES].sort());
  });

  it("shows the new receiver's user only its own empty data, never the main receiver's", async () => {
    const adminList = EncargoListResponseSchema.parse(
      (await t.request(adminToken, { method: 'GET', url: '/api/v1/encargos/lista/' })).json(),
    );
    const adminEstudios = (await t.request(adminToken, { method: 'GET', url: '/api/v1/estudios/' })).json() as unknown[];
    expect(adminList.count).toBeGreaterThan(0);
    expect(adminEstudios.length).toBeGreaterThan(0);

    const token = await t.login('onb_ana_torres', payload.password);
    const lista = await t.request(token, { method: 'GET', url: '/api/v1/encargos/lista/' });
    expect(lista.statusCode).toBe(200);
    const own = EncargoListResponseSchema.parse(lista.json());
    expect(own.count).toBe(0);
    expect(own.results).toEqual([]);
    const estudios = await t.request(token, { method: 'GET', url: '/api/v1/estudios/' });
    expect(estudios.statusCode).toBe(200);
    expect(estudios.json()).toEqual([]);

    const foreign = await t.request(token, { method: 'GET', url: `/api/v1/encargos/${adminList.results[0]!.id}/` });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a login name already in use, in any letter case, and stores nothing', async () => {
    const before = await countTenants();
    const response = await post(adminToken, '/api/v1/onboarding/clientes/crear/', clientePayload({ username: 'ONB_Ana_Torres' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: m.usernameEnUso, errors: { username: [m.usernameEnUso] } });
    expect(await countTenants()).toBe(before);
  });

  it('refuses a RUT already registered', async () => {
    const response = await post(adminToken, '/api/v1/onboarding/clientes/crear/', clientePayload({ rut: '12345678-5' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ rut: [m.rutYaRegistrado('12345678-5')] });
  });
});

describe('validation', () => {
  it('rejects a RUT with a wrong check digit with the Spanish message and stores nothing', async () => {
    const before = await countTenants();
    const response = await post(adminToken, '/api/v1/onboarding/clientes/crear/', clientePayload({ rut: '12345678-9' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: m.rutInvalido, errors: { rut: [m.rutInvalido] } });
    expect(await countTenants()).toBe(before);
  });

  it('names every missing required field', async () => {
    const response = await post(adminToken, '/api/v1/onboarding/clientes/crear/', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      nombre: [m.nombreRequerido],
      rut: [m.rutRequerido],
      username: [m.usernameRequerido],
      password: [m.passwordRequerida],
      usuario_email: [m.usuarioEmailRequerido],
      first_name: [m.firstNameRequerido],
      last_name: [m.lastNameRequerido],
    });
  });

  it('rejects folder links that are not URLs, a bad cargo and a short password', async () => {
    const response = await post(
      adminToken,
      '/api/v1/onboarding/clientes/crear/',
      clientePayload({ carpeta_estampados: 'mi carpeta', cargo: 'jefe', password: 'corta' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      carpeta_estampados: [m.urlInvalida],
      cargo: [m.cargoInvalido],
      password: [m.passwordMinima],
    });
  });
});

describe('all or nothing', () => {
  it('removes the receiver row and its database when the first user cannot be stored', async () => {
    const nombre = 'Receptor Falla Usuario';
    const databaseName = tenantDatabaseName(t.config.database, nombre);
    await t.app.controlDb.execute(sql`
      create function onb_reject_user() returns trigger language plpgsql as $$
      begin
        if new.username = 'onb_falla' then raise exception 'usuario rechazado'; end if;
        return new;
      end $$`);
    await t.app.controlDb.execute(sql`
      create trigger onb_reject_user before insert on users for each row execute function onb_reject_user()`);
    try {
      const before = await countTenants();
      const response = await post(adminToken, '/api/v1/onboarding/clientes/crear/', clientePayload({ nombre, username: 'onb_falla' }));
      expect(response.statusCode).toBe(500);
      expect(await countTenants()).toBe(before);
      expect(await databaseExists(databaseName)).toBe(false);
    } finally {
      await t.app.controlDb.execute(sql`drop trigger onb_reject_user on users`);
      await t.app.controlDb.execute(sql`drop function onb_reject_user()`);
    }
  });

  it('lets only one of two simultaneous creations with the same login name through, leaving no stray database', async () => {
    const before = await countTenants();
    const [a, b] = await Promise.all([
      post(adminToken, '/api/v1/onboarding/clientes/crear/', clientePayload({ nombre: 'Receptor Carrera A', username: 'onb_carrera' })),
      post(adminToken, '/api/v1/onboarding/clientes/crear/', clientePayload({ nombre: 'Receptor Carrera B', username: 'onb_carrera' })),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
    const loser = a!.statusCode === 409 ? a! : b!;
    expect(loser.json().errors).toEqual({ username: [m.usernameEnUso] });
    expect(await countTenants()).toBe(before + 1);
    const loserName = a!.statusCode === 409 ? 'Receptor Carrera A' : 'Receptor Carrera B';
    expect(await databaseExists(tenantDatabaseName(t.config.database, loserName))).toBe(false);
  });
});

describe('adding a user to a client', () => {
  let clienteId: number;

  beforeAll(async () => {
    const response = await post(adminToken, '/api/v1/onboarding/clientes/crear/', clientePayload({ username: 'onb_receptor_sec' }));
    clienteId = ClienteCreateResponseSchema.parse(response.json()).receptor.id;
  });

  it('adds a secretaria by default who can sign in to that receiver', async () => {
    const response = await post(adminToken, `/api/v1/onboarding/clientes/${clienteId}/secretaria/`, {
      username: 'onb_paula',
      password: 'clave-segura-456',
      email: 'paula@receptora.cl',
      first_name: 'Paula',
      last_name: 'Secretaria',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = ClienteUsuarioCreateResponseSchema.parse(response.json());
    expect(body.message).toBe(m.usuarioAgregado);
    expect(body.usuario).toMatchObject({ username: 'onb_paula', cargo: 'secretaria', last_name: 'Secretaria', is_active: true });

    const detail = ClienteDetailSchema.parse(
      (await t.request(adminToken, { method: 'GET', url: `/api/v1/onboarding/clientes/${clienteId}/` })).json(),
    );
    expect(detail.num_usuarios).toBe(2);
    expect(detail.usuarios.map((u) => u.username)).toEqual(['onb_receptor_sec', 'onb_paula']);

    const login = await t.loginFull('onb_paula', 'clave-segura-456');
    expect(login.user).toMatchObject({ username: 'onb_paula', tenant_id: clienteId, cargo: 'secretaria' });
    const permisos = await t.request(login.access, { method: 'GET', url: `/api/v1/configuracion/usuarios/${login.user.id}/permisos/` });
    expect((permisos.json() as { codigo: string }[]).map((p) => p.codigo)).not.toContain('gestiona_permisos');
  });

  it('refuses a login name in use, an unknown client and missing fields', async () => {
    const taken = await post(adminToken, `/api/v1/onboarding/clientes/${clienteId}/secretaria/`, {
      username: 'admin',
      password: 'clave-segura-456',
      email: 'x@receptora.cl',
      first_name: 'X',
      last_name: 'Secretaria',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ username: [m.usernameEnUso] });

    const missing = await post(adminToken, '/api/v1/onboarding/clientes/99999/secretaria/', {
      username: 'onb_nadie',
      password: 'clave-segura-456',
      email: 'x@receptora.cl',
      first_name: 'X',
      last_name: 'Secretaria',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: m.clienteNoEncontrado });

    const invalid = await post(adminToken, `/api/v1/onboarding/clientes/${clienteId}/secretaria/`, { username: 'onb_sin_datos' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      password: [m.passwordRequerida],
      email: [m.emailRequerido],
      first_name: [m.firstNameRequerido],
      last_name: [m.lastNameRequerido],
    });
  });
});

describe('activating and deactivating a client', () => {
  let clienteId: number;
  const password = 'clave-segura-123';

  beforeAll(async () => {
    const response = await post(adminToken, '/api/v1/onboarding/clientes/crear/', clientePayload({ username: 'onb_estado' }));
    clienteId = ClienteCreateResponseSchema.parse(response.json()).receptor.id;
  });

  it("locks out an inactive receiver's users and lets them back in once reactivated", async () => {
    const token = await t.login('onb_estado', password);
    const off = await t.request(adminToken, { method: 'PATCH', url: `/api/v1/onboarding/clientes/${clienteId}/`, payload: { activo: false } });
    expect(off.statusCode).toBe(200);
    expect(ClienteDetailSchema.parse(off.json()).receptor.activo).toBe(false);

    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'onb_estado', password } });
    expect(login.statusCode).toBe(401);
    expect(login.json().detail).toBe(authMessages.inactiveTenant);
    const withOldToken = await t.request(token, { method: 'GET', url: '/api/v1/encargos/lista/' });
    expect(withOldToken.statusCode).toBe(401);

    const on = await t.request(adminToken, { method: 'PATCH', url: `/api/v1/onboarding/clientes/${clienteId}/`, payload: { activo: true } });
    expect(on.statusCode).toBe(200);
    await expect(t.login('onb_estado', password)).resolves.toBeTruthy();
  });

  it('updates the folder links', async () => {
    const response = await t.request(adminToken, {
      method: 'PATCH',
      url: `/api/v1/onboarding/clientes/${clienteId}/`,
      payload: { carpeta_plantillas: 'https://drive.google.com/drive/folders/plantillas', carpeta_cobranza: '' },
    });
    expect(response.statusCode).toBe(200);
    const { configuracion } = ClienteDetailSchema.parse(response.json());
    expect(configuracion.carpeta_plantillas_url).toBe('https://drive.google.com/drive/folders/plantillas');
    expect(configuracion.carpeta_cobranza_url).toBe('');
  });

  it("keeps the platform admin's own receiver active", async () => {
    const response = await t.request(adminToken, {
      method: 'PATCH',
      url: `/api/v1/onboarding/clientes/${t.mainTenantId}/`,
      payload: { activo: false },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(m.noDesactivarPropio);
  });

  it('refuses an empty change, a non-boolean state and an unknown client', async () => {
    const empty = await t.request(adminToken, { method: 'PATCH', url: `/api/v1/onboarding/clientes/${clienteId}/`, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(m.sinCambios);
    const bad = await t.request(adminToken, { method: 'PATCH', url: `/api/v1/onboarding/clientes/${clienteId}/`, payload: { activo: 'quizas' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(m.activoInvalido);
    const missing = await t.request(adminToken, { method: 'PATCH', url: '/api/v1/onboarding/clientes/99999/', payload: { activo: true } });
    expect(missing.statusCode).toBe(404);
  });
});
