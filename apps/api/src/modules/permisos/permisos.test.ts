import {
  commonMessages,
  MODULE_PERMISSIONS,
  PermisoCatalogoListSchema,
  permisoMessages,
  PermisoListSchema,
  PERMISSION_CODES,
  UsuarioListSchema,
} from '@receptoria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';

let t: TestContext;
let gestora: { id: number };
let secretaria: { id: number };
let ajeno: { id: number };
let receptora: { id: number };
let ajenaSecretaria: { id: number };
let otherTenantId: number;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestContext();
  gestora = await t.createUser({ tenantId: t.mainTenantId, username: 'gestora', permisos: ['gestiona_permisos'] });
  secretaria = await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria', permisos: ['estampa_1', 'imprime_recibos'] });
  receptora = await t.createUser({ tenantId: t.mainTenantId, username: 'receptora' });
  await t.createUser({ tenantId: t.mainTenantId, username: 'inactiva', isActive: false, permisos: ['gestiona_permisos'] });
  const other = await t.createTenant();
  otherTenantId = other.id;
  ajeno = await t.createUser({ tenantId: other.id, username: 'ajeno', permisos: ['gestiona_permisos'] });
  ajenaSecretaria = await t.createUser({ tenantId: other.id, username: 'ajena_secretaria', permisos: ['informes_diarios'] });
  const catalogue = await t.request(await t.login('admin'), { method: 'GET', url: '/api/v1/configuracion/permisos/' });
  ids = Object.fromEntries(
    PermisoCatalogoListSchema.parse(catalogue.json()).map((permiso) => [permiso.codigo, permiso.id]),
  );
});
afterAll(() => t.close());

describe('user permissions', () => {
  it('lets a user read their own permission codes', async () => {
    const token = await t.login('secretaria');
    const response = await t.request(token, { method: 'GET', url: `/api/v1/configuracion/usuarios/${secretaria.id}/permisos/` });
    expect(response.statusCode).toBe(200);
    const codes = PermisoListSchema.parse(response.json()).map((p) => p.codigo).sort();
    expect(codes).toEqual(['estampa_1', 'imprime_recibos']);
  });

  it("refuses reading another user's permissions without gestiona_permisos", async () => {
    const token = await t.login('secretaria');
    const response = await t.request(token, { method: 'GET', url: `/api/v1/configuracion/usuarios/${gestora.id}/permisos/` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: commonMessages.forbidden });
  });

  it('lets a permission manager read users of the same receiver only', async () => {
    const token = await t.login('gestora');
    const own = await t.request(token, { method: 'GET', url: `/api/v1/configuracion/usuarios/${secretaria.id}/permisos/` });
    expect(own.statusCode).toBe(200);
    const foreign = await t.request(token, { method: 'GET', url: `/api/v1/configuracion/usuarios/${ajeno.id}/permisos/` });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 400 for a non-numeric id', async () => {
    const token = await t.login('gestora');
    const response = await t.request(token, { method: 'GET', url: '/api/v1/configuracion/usuarios/abc/permisos/' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Identificador inválido');
  });
});

describe('module guard', () => {
  it('answers 403 on a config_permisos route for a user without gestiona_permisos', async () => {
    const token = await t.login('secretaria');
    const response = await t.request(token, { method: 'GET', url: '/api/v1/configuracion/usuarios/' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: commonMessages.forbidden });
  });

  it('lets a holder of gestiona_permisos list the active users of their receiver', async () => {
    const token = await t.login('gestora');
    const response = await t.request(token, { method: 'GET', url: '/api/v1/configuracion/usuarios/' });
    expect(response.statusCode).toBe(200);
    const body = UsuarioListSchema.parse(response.json());
    const usernames = body.results.map((u) => u.username).sort();
    expect(usernames).toEqual(['admin', 'gestora', 'receptora', 'secretaria']);
    expect(body.count).toBe(4);
    expect(body.results.every((u) => u.is_active)).toBe(true);
  });

  it("lists only the caller's receiver to a manager of another receiver", async () => {
    const token = await t.login('ajeno');
    const response = await t.request(token, { method: 'GET', url: '/api/v1/configuracion/usuarios/' });
    expect(response.statusCode).toBe(200);
    const usernames = UsuarioListSchema.parse(response.json()).results.map((u) => u.username).sort();
    expect(usernames).toEqual(['ajena_secretaria', 'ajeno']);
  });

  it('serves the whole permission catalogue with names', async () => {
    const token = await t.login('gestora');
    const response = await t.request(token, { method: 'GET', url: '/api/v1/configuracion/permisos/' });
    const catalogue = PermisoCatalogoListSchema.parse(response.json());
    expect(catalogue.map((p) => p.codigo).sort()).toEqual([...PERMISSION_CODES].sort());
    expect(catalogue.every((p) => p.nombre.length > 0)).toBe(true);
  });

  it('lets admin through every module without codes', async () => {
    const token = await t.login('admin');
    const response = await t.request(token, { method: 'GET', url: '/api/v1/configuracion/permisos/' });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { codigo: string }) => p.codigo)).toContain('gestiona_permisos');
  });
});

async function codesOf(userId: number) {
  const token = await t.login('admin');
  const response = await t.request(token, { method: 'GET', url: `/api/v1/configuracion/usuarios/${userId}/permisos/` });
  if (response.statusCode === 404) {
    // A user of another receiver: read with that receiver's manager.
    const other = await t.request(await t.login('ajeno'), {
      method: 'GET',
      url: `/api/v1/configuracion/usuarios/${userId}/permisos/`,
    });
    return PermisoListSchema.parse(other.json()).map((p) => p.codigo).sort();
  }
  return PermisoListSchema.parse(response.json()).map((p) => p.codigo).sort();
}

const assignUrl = (id: number) => `/api/v1/configuracion/usuarios/${id}/asignar_permisos/`;
const revokeUrl = (id: number) => `/api/v1/configuracion/usuarios/${id}/revocar_permiso/`;
const cobranzaIds = () => MODULE_PERMISSIONS.cobranza.map((code) => ids[code]!);

describe('granting permissions', () => {
  it('grants every code of a group in one call and answers the new list', async () => {
    const token = await t.login('gestora');
    const response = await t.request(token, { method: 'POST', url: assignUrl(receptora.id), payload: { permisos_ids: cobranzaIds() } });
    expect(response.statusCode).toBe(200);
    const codes = PermisoListSchema.parse(response.json()).map((p) => p.codigo).sort();
    expect(codes).toEqual([...MODULE_PERMISSIONS.cobranza].sort());
    expect(await codesOf(receptora.id)).toEqual(codes);
  });

  it('opens the module to the user right away', async () => {
    const token = await t.login('receptora');
    const response = await t.request(token, { method: 'GET', url: `/api/v1/configuracion/usuarios/${receptora.id}/permisos/` });
    expect(response.json().map((p: { codigo: string }) => p.codigo)).toContain('imprime_recibos');
  });

  it('is idempotent: granting held codes again, or twice in one body, changes nothing', async () => {
    const token = await t.login('gestora');
    const before = await codesOf(receptora.id);
    const again = await t.request(token, {
      method: 'POST',
      url: assignUrl(receptora.id),
      payload: { permisos_ids: [...cobranzaIds(), ids.imprime_recibos!] },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toHaveLength(before.length);
    expect(await codesOf(receptora.id)).toEqual(before);
  });

  it('refuses unknown ids with a Spanish message and stores none of the body', async () => {
    const token = await t.login('gestora');
    const before = await codesOf(receptora.id);
    const response = await t.request(token, {
      method: 'POST',
      url: assignUrl(receptora.id),
      payload: { permisos_ids: [ids.informes_diarios!, 99999] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'No existe el permiso con id 99999',
      errors: { permisos_ids: ['No existe el permiso con id 99999'] },
    });
    expect(await codesOf(receptora.id)).toEqual(before);
  });

  it('validates the body with the contract messages', async () => {
    const token = await t.login('gestora');
    const cases: [unknown, string][] = [
      [{ permisos_ids: [] }, permisoMessages.permisosRequeridos],
      [{}, permisoMessages.permisosRequeridos],
      [{ permisos_ids: ['uno'] }, permisoMessages.permisoInvalido],
      [{ permisos_ids: [1.5] }, permisoMessages.permisoInvalido],
      [{ permisos_ids: [-2] }, permisoMessages.permisoInvalido],
    ];
    for (const [payload, detail] of cases) {
      const response = await t.request(token, { method: 'POST', url: assignUrl(receptora.id), payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
    const badId = await t.request(token, { method: 'POST', url: '/api/v1/configuracion/usuarios/x/asignar_permisos/', payload: { permisos_ids: [1] } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().detail).toBe('Identificador inválido');
  });

  it('answers 404 for a user that does not exist', async () => {
    const token = await t.login('gestora');
    const response = await t.request(token, { method: 'POST', url: assignUrl(987654), payload: { permisos_ids: [ids.estampa_1!] } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: permisoMessages.usuarioNoEncontrado });
  });

  it('lets admin grant within the main receiver', async () => {
    const token = await t.login('admin');
    const response = await t.request(token, { method: 'POST', url: assignUrl(receptora.id), payload: { permisos_ids: [ids.estampa_2!] } });
    expect(response.statusCode).toBe(200);
    expect(await codesOf(receptora.id)).toContain('estampa_2');
  });
});

describe('revoking permissions', () => {
  it('revokes one code and answers the new list', async () => {
    const token = await t.login('gestora');
    const response = await t.request(token, { method: 'POST', url: revokeUrl(receptora.id), payload: { permiso_id: ids.estampa_2 } });
    expect(response.statusCode).toBe(200);
    const codes = PermisoListSchema.parse(response.json()).map((p) => p.codigo);
    expect(codes).not.toContain('estampa_2');
    expect(codes).toContain('imprime_recibos');
    expect(await codesOf(receptora.id)).not.toContain('estampa_2');
  });

  it('is idempotent: revoking a code the user lacks answers the same list', async () => {
    const token = await t.login('gestora');
    const before = await codesOf(receptora.id);
    const response = await t.request(token, { method: 'POST', url: revokeUrl(receptora.id), payload: { permiso_id: ids.estampa_4 } });
    expect(response.statusCode).toBe(200);
    expect(PermisoListSchema.parse(response.json()).map((p) => p.codigo).sort()).toEqual(before);
  });

  it('closes the module once every code of the group is revoked', async () => {
    const token = await t.login('gestora');
    for (const id of cobranzaIds()) {
      const response = await t.request(token, { method: 'POST', url: revokeUrl(receptora.id), payload: { permiso_id: id } });
      expect(response.statusCode).toBe(200);
    }
    expect(await codesOf(receptora.id)).toEqual([]);
    const denied = await t.request(await t.login('receptora'), { method: 'GET', url: '/api/v1/configuracion/usuarios/' });
    expect(denied.statusCode).toBe(403);
  });

  it('refuses an unknown or missing permiso_id', async () => {
    const token = await t.login('gestora');
    const unknown = await t.request(token, { method: 'POST', url: revokeUrl(secretaria.id), payload: { permiso_id: 99999 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('No existe el permiso con id 99999');
    const missing = await t.request(token, { method: 'POST', url: revokeUrl(secretaria.id), payload: { permiso: 1 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(permisoMessages.permisoInvalido);
    expect(await codesOf(secretaria.id)).toEqual(['estampa_1', 'imprime_recibos']);
  });
});

describe('guards of the permission changes', () => {
  it('answers 403 to a user without config_permisos and changes nothing', async () => {
    const token = await t.login('secretaria');
    const grant = await t.request(token, { method: 'POST', url: assignUrl(secretaria.id), payload: { permisos_ids: [ids.gestiona_permisos!] } });
    expect(grant.statusCode).toBe(403);
    expect(grant.json()).toEqual({ detail: commonMessages.forbidden });
    const revoke = await t.request(token, { method: 'POST', url: revokeUrl(secretaria.id), payload: { permiso_id: ids.estampa_1 } });
    expect(revoke.statusCode).toBe(403);
    expect(await codesOf(secretaria.id)).toEqual(['estampa_1', 'imprime_recibos']);
  });

  it('answers 401 without a session', async () => {
    const response = await t.request(undefined, { method: 'POST', url: assignUrl(secretaria.id), payload: { permisos_ids: [1] } });
    expect(response.statusCode).toBe(401);
  });

  it("answers 404 for another receiver's user and leaves their permissions alone", async () => {
    const token = await t.login('gestora');
    const grant = await t.request(token, { method: 'POST', url: assignUrl(ajenaSecretaria.id), payload: { permisos_ids: [ids.gestiona_permisos!] } });
    expect(grant.statusCode).toBe(404);
    expect(grant.json()).toEqual({ detail: permisoMessages.usuarioNoEncontrado });
    const revoke = await t.request(token, { method: 'POST', url: revokeUrl(ajenaSecretaria.id), payload: { permiso_id: ids.informes_diarios } });
    expect(revoke.statusCode).toBe(404);
    const read = await t.request(token, { method: 'GET', url: `/api/v1/configuracion/usuarios/${ajenaSecretaria.id}/permisos/` });
    expect(read.statusCode).toBe(404);
    expect(await codesOf(ajenaSecretaria.id)).toEqual(['informes_diarios']);
  });

  it("does not let another receiver's manager touch the main receiver's users", async () => {
    const token = await t.login('ajeno');
    const before = await codesOf(secretaria.id);
    const grant = await t.request(token, { method: 'POST', url: assignUrl(secretaria.id), payload: { permisos_ids: [ids.gestiona_permisos!] } });
    expect(grant.statusCode).toBe(404);
    const revoke = await t.request(token, { method: 'POST', url: revokeUrl(secretaria.id), payload: { permiso_id: ids.estampa_1 } });
    expect(revoke.statusCode).toBe(404);
    expect(await codesOf(secretaria.id)).toEqual(before);
  });

  it("refuses changing admin's permissions: admin holds every module", async () => {
    for (const actor of ['gestora', 'admin']) {
      const token = await t.login(actor);
      const adminId = (await t.loginFull('admin')).user.id;
      const grant = await t.request(token, { method: 'POST', url: assignUrl(adminId), payload: { permisos_ids: [ids.estampa_1!] } });
      expect(grant.statusCode).toBe(400);
      expect(grant.json()).toEqual({ detail: permisoMessages.adminInmutable });
      const revoke = await t.request(token, { method: 'POST', url: revokeUrl(adminId), payload: { permiso_id: ids.estampa_1 } });
      expect(revoke.statusCode).toBe(400);
      expect(await codesOf(adminId)).toEqual([]);
    }
  });
});

describe('lock-out protection', () => {
  let tenantId: number;
  let unica: { id: number };
  let companera: { id: number };

  beforeAll(async () => {
    tenantId = (await t.createTenant({ nombre: 'Receptor Un Gestor' })).id;
    unica = await t.createUser({ tenantId, username: 'unica_gestora', permisos: ['gestiona_permisos', 'estampa_1'] });
    companera = await t.createUser({ tenantId, username: 'companera' });
    await t.createUser({ tenantId, username: 'ex_gestora', isActive: false, permisos: ['gestiona_permisos'] });
  });

  const ownCodes = async () => {
    const token = await t.login('unica_gestora');
    const response = await t.request(token, { method: 'GET', url: `/api/v1/configuracion/usuarios/${unica.id}/permisos/` });
    return PermisoListSchema.parse(response.json()).map((p) => p.codigo).sort();
  };

  it('refuses removing your own gestiona_permisos when nobody else active holds it', async () => {
    const token = await t.login('unica_gestora');
    const response = await t.request(token, { method: 'POST', url: revokeUrl(unica.id), payload: { permiso_id: ids.gestiona_permisos } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: permisoMessages.ultimoGestor });
    expect(await ownCodes()).toEqual(['estampa_1', 'gestiona_permisos']);
  });

  it('still lets the last manager drop their other codes', async () => {
    const token = await t.login('unica_gestora');
    const response = await t.request(token, { method: 'POST', url: revokeUrl(unica.id), payload: { permiso_id: ids.estampa_1 } });
    expect(response.statusCode).toBe(200);
    expect(await ownCodes()).toEqual(['gestiona_permisos']);
  });

  it('lets the manager step down once another active user manages permissions', async () => {
    const token = await t.login('unica_gestora');
    const grant = await t.request(token, { method: 'POST', url: assignUrl(companera.id), payload: { permisos_ids: [ids.gestiona_permisos!] } });
    expect(grant.statusCode).toBe(200);
    const revoke = await t.request(token, { method: 'POST', url: revokeUrl(unica.id), payload: { permiso_id: ids.gestiona_permisos } });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual([]);
    const now = await t.request(token, { method: 'GET', url: '/api/v1/configuracion/usuarios/' });
    expect(now.statusCode).toBe(403);
  });

  it('keeps the other receiver untouched by all of this', async () => {
    expect(otherTenantId).not.toBe(tenantId);
    expect(await codesOf(ajeno.id)).toEqual(['gestiona_permisos']);
  });
});
