import type { Estudio } from '@receptoria/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { ADDRESS_IDS_LIMIT } from './encargos-busqueda-domicilios';
import { crearEncargo, listaEncargos, loadLookups, type Lookups, registerEstudio } from './encargos.fixtures';

/** Ver Pendientes' search also finds assignments by their addresses (issue 30 §5). */

let t: TestContext;
let token: string;
let lookups: Lookups;
let estudio: Estudio;

const crear = (numero_rol: string, domicilios: { direccion: string; comuna: string }[], overrides: Record<string, unknown> = {}) =>
  crearEncargo(t, token, estudio, lookups, {
    numero_rol,
    ejecutados: 'Rosa Elena Carrasco Vidal',
    partes: 'Caja Andina con Carrasco',
    numero_operacion: '',
    domicilios: domicilios.map((d, index) => ({ ...d, ciudad: 'Santiago', es_principal: index === 0 })),
    ...overrides,
  });

const roles = async (search: string) =>
  (await listaEncargos(t, token, `?search=${encodeURIComponent(search)}&page_size=100`)).body.results.map((e) => e.numero_rol).sort();

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'busca_domicilios' });
  token = await t.login('busca_domicilios');
  lookups = await loadLookups(t, token);
  estudio = await registerEstudio(t, token, {
    nombre: 'Estudio Cordillera',
    partes_demandantes: [{ nombre: 'Caja Andina', tipo: 'institucion' }],
  });
  await crear('C-8101-2026', [{ direccion: 'Av. Grecia 8735', comuna: 'Peñalolén' }]);
  await crear('C-8102-2026', [
    { direccion: 'Los Presidentes 7700', comuna: 'Macul' },
    { direccion: 'Quebrada de Macul 300', comuna: 'Peñalolén' },
  ]);
  await crear('C-8103-2026', [{ direccion: 'Av. Vicuña Mackenna 4860', comuna: 'San Joaquín' }], { ejecutados: 'Tomás Ortúzar Reyes' });
}, 60_000);
afterAll(() => t.close());

describe('searching the addresses', () => {
  it('finds assignments by comuna, accent- and case-insensitive', async () => {
    for (const search of ['peñalolén', 'PENALOLEN', 'Peñalolen']) expect(await roles(search), search).toEqual(['C-8101-2026', 'C-8102-2026']);
  });

  it('finds them by street, with any of their addresses, and combines the words with the rest of the search', async () => {
    expect(await roles('los presidentes')).toEqual(['C-8102-2026']);
    expect(await roles('mackenna')).toEqual(['C-8103-2026']);
    // Every word must match somewhere: the comuna in an address, the name in the assignment.
    expect(await roles('joaquin ortuzar')).toEqual(['C-8103-2026']);
    expect(await roles('peñalolén ortuzar')).toEqual([]);
  });

  it('counts per state like any search, and answers the states as they are', async () => {
    const { body } = await listaEncargos(t, token, `?search=${encodeURIComponent('peñalolén')}`);
    expect(body.count).toBe(2);
    expect(body.totales.preparado).toBe(2);
  });

  it('leaves out addresses that are no longer active', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    await db.execute(sql`update domicilios set activo = false where comuna = 'San Joaquín'`);
    // The changes counter moves with any change to an assignment: make one so the search counts again.
    await db.execute(sql`update encargos set observaciones_encargo = 'Es urgente' where numero_rol = 'C-8103-2026'`);
    expect(await roles('joaquin')).toEqual([]);
    await db.execute(sql`update domicilios set activo = true where comuna = 'San Joaquín'`);
    await db.execute(sql`update encargos set observaciones_encargo = 'Es muy urgente' where numero_rol = 'C-8103-2026'`);
    expect(await roles('joaquin')).toEqual(['C-8103-2026']);
  });

  it('matches a word found in more addresses than it lists, checking each remaining row', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const result = (await db.execute(sql`select id from encargos where numero_rol = 'C-8103-2026'`)) as unknown as { rows: { id: number }[] };
    const [first] = result.rows;
    // Extra inactive-free addresses of one assignment, all in a made-up comuna.
    await db.execute(sql`
      insert into domicilios (encargo_id, direccion, comuna, ciudad, es_principal, orden)
      select ${first!.id}, 'Pasaje ' || g, 'Villa Araucaria', 'Santiago', false, 10
      from generate_series(1, ${ADDRESS_IDS_LIMIT + 5}) g`);
    await db.execute(sql`update encargos set observaciones_encargo = 'Es urgente' where numero_rol = 'C-8103-2026'`);
    expect(await roles('araucaria')).toEqual(['C-8103-2026']);
    expect(await roles('araucaria vidal')).toEqual([]);
    expect(await roles('araucaria ortuzar')).toEqual(['C-8103-2026']);
  });
});
