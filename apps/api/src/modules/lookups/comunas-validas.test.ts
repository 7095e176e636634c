import { EncargoSchema, type Estudio } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { crearEncargo, encargoPayload, estudioPayload, loadLookups, type Lookups, registerEstudio } from '../encargos/encargos.fixtures';

let t: TestContext;
let token: string;
let cobros: string;
let estudio: Estudio;
let lookups: Lookups;

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_comunas' });
  token = await t.login('secretaria_comunas');
  await t.createUser({ tenantId: t.mainTenantId, username: 'cobros_comunas', permisos: ['rebaja_recibos'] });
  cobros = await t.login('cobros_comunas');
  lookups = await loadLookups(t, token);
  estudio = await registerEstudio(t, token, { nombre: 'Estudio Comunas y Asociados' });
});
afterAll(() => t.close());

const domicilio = (comuna: string) => ({ direccion: 'Gran Avenida José Miguel Carrera 5000', comuna, ciudad: 'Santiago', es_principal: true });
const crear = (numero_rol: string, comuna: string) =>
  t.request(token, { method: 'POST', url: '/api/v1/nuevo_encargo/crear/', payload: encargoPayload(estudio, lookups, { numero_rol, domicilios: [domicilio(comuna)] }) });
const modificar = (id: number, comuna: string) =>
  t.request(token, { method: 'PATCH', url: `/api/v1/encargos/${id}/modificar_encargo/`, payload: { domicilios: [domicilio(comuna)] } });
const encargosConRol = async (numeroRol: string) => {
  const db = await t.tenantDbOf(t.mainTenantId);
  const [row] = await db.select({ n: count() }).from(tenantSchema.encargos).where(eq(tenantSchema.encargos.numeroRol, numeroRol));
  return row!.n;
};

describe('comunas of new and modified assignments', () => {
  it('stores a typed comuna in its official spelling', async () => {
    const response = await crear('C-8101-2025', 'san miguel');
    expect(response.statusCode, response.body).toBe(201);
    expect(EncargoSchema.parse(response.json()).domicilios.map((d) => d.comuna)).toEqual(['San Miguel']);
    const central = await crear('C-8102-2025', 'ESTACION CENTRAL');
    expect(central.json().domicilios[0].comuna).toBe('Estación Central');
  });

  it('refuses a comuna that is not one of Chile’s with a Spanish 400, storing nothing', async () => {
    const response = await crear('C-8103-2025', 'Villa Inventada');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('La comuna "Villa Inventada" no está en el listado de comunas de Chile');
    expect(await encargosConRol('C-8103-2025')).toBe(0);
  });

  it('keeps a stored comuna outside the list on edit, and refuses a new one', async () => {
    const created = await crearEncargo(t, token, estudio, lookups, { numero_rol: 'C-8104-2025' });
    const db = await t.tenantDbOf(t.mainTenantId);
    await db.update(tenantSchema.domicilios).set({ comuna: 'Santiago Poniente' }).where(eq(tenantSchema.domicilios.encargoId, created.id));

    const kept = await modificar(created.id, 'Santiago Poniente');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().domicilios.map((d: { comuna: string }) => d.comuna)).toEqual(['Santiago Poniente']);

    const refused = await modificar(created.id, 'Santiago Oriente');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/no está en el listado de comunas de Chile/);

    const official = await modificar(created.id, 'penalolen');
    expect(official.statusCode, official.body).toBe(200);
    expect(official.json().domicilios[0].comuna).toBe('Peñalolén');
  });

  it('checks the comuna of a new firm the same way', async () => {
    const firm = await t.request(token, {
      method: 'POST',
      url: '/api/v1/estudios/registrar_estudio/',
      payload: estudioPayload({ nombre: 'Estudio Ñuñoa Limitada', comuna: 'nunoa' }),
    });
    expect(firm.statusCode, firm.body).toBe(201);
    expect(firm.json().comuna).toBe('Ñuñoa');
    const refused = await t.request(token, {
      method: 'POST',
      url: '/api/v1/estudios/registrar_estudio/',
      payload: estudioPayload({ nombre: 'Estudio Sin Comuna Real', comuna: 'Gotham' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('La comuna "Gotham" no está en el listado de comunas de Chile');
  });

  it('checks the comuna of a price list surcharge, keeping one already stored', async () => {
    const put = (comuna: string) =>
      t.request(cobros, {
        method: 'PUT',
        url: '/api/v1/honorarios/tarifas/',
        payload: [{ estudio_id: null, tipo_estampado_id: null, monto_clp: 18_000, recargos: [{ comuna, monto_clp: 2_000 }] }],
      });
    const saved = await put('san miguel');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()[0].recargos).toEqual([{ comuna: 'San Miguel', monto_clp: 2_000 }]);

    const refused = await put('Gotham');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('La comuna "Gotham" no está en el listado de comunas de Chile');

    const db = await t.tenantDbOf(t.mainTenantId);
    await db.update(tenantSchema.tarifas).set({ recargos: [{ comuna: 'Santiago Poniente', monto_clp: 2_000 }] });
    const kept = await put('Santiago Poniente');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()[0].recargos).toEqual([{ comuna: 'Santiago Poniente', monto_clp: 2_000 }]);
  });
});
