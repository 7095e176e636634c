import { CoincidenciasRolResponseSchema, type Estudio } from '@receptoria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { crearEncargo, loadLookups, type Lookups, registerEstudio } from './encargos.fixtures';

let t: TestContext;
let token: string;
let otroToken: string;
let lookups: Lookups;
let estudio: Estudio;

const coincidencias = (rol: string, as = token) =>
  t.request(as, { method: 'GET', url: `/api/v1/encargos/coincidencias_rol/?numero_rol=${encodeURIComponent(rol)}` });

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'coincidencias' });
  token = await t.login('coincidencias');
  const otro = await t.createTenant({ nombre: 'Receptor de otra jurisdicción' });
  await t.createUser({ tenantId: otro.id, username: 'coincidencias_otro' });
  otroToken = await t.login('coincidencias_otro');
  lookups = await loadLookups(t, token);
  estudio = await registerEstudio(t, token, { nombre: 'Estudio Coincidencias Rol' });
  await crearEncargo(t, token, estudio, lookups, { numero_rol: 'C-18596-2025' });
});

afterAll(() => t.close());

describe('GET /encargos/coincidencias_rol/', () => {
  it('answers 200 with an empty list for a rol no assignment has (the spec route keeps its 404)', async () => {
    const response = await coincidencias('C-99999-2025');
    expect(response.statusCode).toBe(200);
    expect(CoincidenciasRolResponseSchema.parse(response.json())).toEqual([]);
    const spec = await t.request(token, { method: 'GET', url: '/api/v1/encargos/buscar_por_rol/?numero_rol=C-99999-2025' });
    expect(spec.statusCode).toBe(404);
  });

  it('lists the assignments with the rol, typed in lower case or with spaces', async () => {
    const response = await coincidencias(' c-18596-2025 ');
    expect(response.statusCode).toBe(200);
    const body = CoincidenciasRolResponseSchema.parse(response.json());
    expect(body.map((e) => e.numero_rol)).toEqual(['C-18596-2025']);
  });

  it("never shows another receiver's assignment", async () => {
    const response = await coincidencias('C-18596-2025', otroToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('refuses an empty rol with a Spanish 400 and needs a session', async () => {
    const empty = await coincidencias('  ');
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as { detail: string }).detail).toMatch(/rol/i);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/encargos/coincidencias_rol/?numero_rol=C-1-2025' });
    expect(anonymous.statusCode).toBe(401);
  });
});
