import {
  COMUNAS_CHILE,
  MAX_PARADAS_POR_TRAMO,
  RutaDomiciliosResponseSchema,
  RutaGeneradaSchema,
  rutaMessages,
} from '@receptoria/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { comunaCentroid, COORDENADAS_POR_CUT } from './comunas-coordenadas';
import { orderStops, splitLegs } from './ruta-orden';
import { seedEncargo, seedEstudio } from './rutas.fixtures';

let t: TestContext;
let token: string;
let otherToken: string;
const ids: Record<string, number> = {};
let foreignDomicilioId: number;

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'planificadora' });
  token = await t.login('planificadora');
  const db = await t.tenantDbOf(t.mainTenantId);
  const estudio = await seedEstudio(db, 'Estudio Rutas');
  const add = async (rol: string, estado: 'pendiente' | 'preparado' | 'listo_para_estampar' | 'estampado', domicilios: { direccion: string; comuna: string; activo?: boolean }[]) => {
    const { domicilios: rows } = await seedEncargo(db, { estudioId: estudio.id, numeroRol: rol, estado, domicilios });
    rows.forEach((row) => {
      ids[`${rol}:${row.direccion}`] = row.id;
    });
  };
  await add('C-100-2025', 'pendiente', [
    { direccion: 'Av. Irarrázaval 2401', comuna: 'Ñuñoa' },
    { direccion: 'Los Jesuitas 881', comuna: 'Providencia', activo: false },
  ]);
  await add('C-101-2025', 'preparado', [{ direccion: 'Av. Apoquindo 3472', comuna: 'Las Condes' }]);
  await add('C-102-2025', 'listo_para_estampar', [{ direccion: 'Agustinas 1070', comuna: 'Santiago' }]);
  await add('C-103-2025', 'estampado', [{ direccion: 'Gran Avenida 5000', comuna: 'San Miguel' }]);
  await add('C-104-2025', 'preparado', [
    { direccion: 'Av. Pajaritos 1500', comuna: 'Maipú' },
    { direccion: 'Av. Concha y Toro 20', comuna: 'Puente Alto' },
  ]);

  const other = await t.createTenant({ comuna: 'Santiago' });
  await t.createUser({ tenantId: other.id, username: 'ajena_rutas' });
  otherToken = await t.login('ajena_rutas');
  const otherDb = await t.tenantDbOf(other.id);
  const otherEstudio = await seedEstudio(otherDb, 'Estudio Ajeno');
  const seeded = await seedEncargo(otherDb, {
    estudioId: otherEstudio.id,
    numeroRol: 'C-900-2025',
    estado: 'pendiente',
    // Ids are per database: enough rows that the last id exists in no other receiver's table.
    domicilios: Array.from({ length: 60 }, (_, index) => ({ direccion: `Calle Ajena ${index + 1}`, comuna: 'Renca' })),
  });
  foreignDomicilioId = seeded.domicilios.at(-1)!.id;
});
afterAll(() => t.close());

const list = (tk: string, query = '') => t.request(tk, { method: 'GET', url: `/api/v1/rutas/domicilios_pendientes/${query}` });
const generate = (tk: string, payload: unknown) => t.request(tk, { method: 'POST', url: '/api/v1/rutas/generar/', payload: payload as object });

describe('pending addresses', () => {
  it('lists only active addresses of pending or prepared assignments', async () => {
    const response = await list(token);
    expect(response.statusCode).toBe(200);
    const body = RutaDomiciliosResponseSchema.parse(response.json());
    expect(body.domicilios.map((d) => d.numero_rol).sort()).toEqual(['C-100-2025', 'C-101-2025', 'C-104-2025', 'C-104-2025']);
    expect(body.domicilios.some((d) => d.direccion === 'Los Jesuitas 881')).toBe(false);
    // Spanish order: Ñuñoa between Maipú and Puente Alto, not last.
    expect(body.comunas_disponibles).toEqual(['Las Condes', 'Maipú', 'Ñuñoa', 'Puente Alto']);
    expect(body.domicilios.map((d) => d.comuna)).toEqual(['Las Condes', 'Maipú', 'Ñuñoa', 'Puente Alto']);
    expect(body.estadisticas).toEqual({
      total_domicilios: 4,
      total_encargos: 3,
      total_comunas: 4,
      por_estado: { pendiente: 1, preparado: 3 },
    });
    const row = body.domicilios.find((d) => d.numero_rol === 'C-101-2025')!;
    expect(row).toMatchObject({
      direccion: 'Av. Apoquindo 3472',
      comuna: 'Las Condes',
      ciudad: 'Santiago',
      estudio_juridico: 'Estudio Rutas',
      estado_encargo: 'preparado',
      direccion_completa: 'Av. Apoquindo 3472, Las Condes, Santiago',
    });
  });

  it('filters by comuna and by rol text', async () => {
    const byComuna = RutaDomiciliosResponseSchema.parse((await list(token, '?comuna=%C3%91u%C3%B1oa')).json());
    expect(byComuna.domicilios.map((d) => d.numero_rol)).toEqual(['C-100-2025']);
    // The comuna choices stay complete while a filter is on.
    expect(byComuna.comunas_disponibles).toHaveLength(4);
    const byRol = RutaDomiciliosResponseSchema.parse((await list(token, '?numero_rol=104')).json());
    expect(byRol.domicilios.map((d) => d.comuna).sort()).toEqual(['Maipú', 'Puente Alto']);
    const none = RutaDomiciliosResponseSchema.parse((await list(token, '?numero_rol=%25')).json());
    expect(none.domicilios).toHaveLength(0);
  });

  it('refuses an over-long filter with 400', async () => {
    const response = await list(token, `?numero_rol=${'9'.repeat(31)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Máximo 30 caracteres');
    const nul = await list(token, '?comuna=%00');
    expect(nul.statusCode).toBe(400);
  });

  it('leaves out the addresses of re-assigned originals, listed and generated, keeping their re-assignment', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const estudio = await seedEstudio(db, 'Estudio Re-encargos');
    const original = await seedEncargo(db, {
      estudioId: estudio.id,
      numeroRol: 'C-300-2025',
      estado: 'pendiente',
      esReEncargado: true,
      domicilios: [{ direccion: 'Av. Grecia 1000', comuna: 'Nogales' }],
    });
    const nuevo = await seedEncargo(db, {
      estudioId: estudio.id,
      numeroRol: 'C-300-2025',
      estado: 'pendiente',
      domicilios: [{ direccion: 'Av. Grecia 1000', comuna: 'Nogales' }],
    });
    const body = RutaDomiciliosResponseSchema.parse((await list(token, '?numero_rol=C-300-2025')).json());
    expect(body.domicilios.map((d) => d.encargo_id)).toEqual([nuevo.encargo.id]);
    expect(body.estadisticas.total_domicilios).toBe(1);
    // Nogales before Ñuñoa (Spanish collation).
    expect(body.comunas_disponibles.indexOf('Nogales')).toBeLessThan(body.comunas_disponibles.indexOf('Ñuñoa'));
    const refused = await generate(token, { domicilio_ids: [original.domicilios[0]!.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(rutaMessages.domiciliosNoDisponibles([original.domicilios[0]!.id]));
    await db.execute(sql`delete from encargos where id in (${original.encargo.id}, ${nuevo.encargo.id})`);
  });

  it("shows another receiver only its own addresses", async () => {
    const body = RutaDomiciliosResponseSchema.parse((await list(otherToken)).json());
    expect(new Set(body.domicilios.map((d) => d.numero_rol))).toEqual(new Set(['C-900-2025']));
  });

  it('needs a session', async () => {
    expect((await list('')).statusCode).toBe(401);
  });
});

describe('route generation', () => {
  it('orders the stops as a tour from the office comuna, not in the order given', async () => {
    // The main receiver's office comuna is not set: the tour starts in Santiago centro.
    const response = await generate(token, {
      domicilio_ids: [
        ids['C-104-2025:Av. Concha y Toro 20'],
        ids['C-101-2025:Av. Apoquindo 3472'],
        ids['C-104-2025:Av. Pajaritos 1500'],
        ids['C-100-2025:Av. Irarrázaval 2401'],
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = RutaGeneradaSchema.parse(response.json());
    expect(body.total_domicilios).toBe(4);
    expect(body.punto_partida).toBe('Santiago');
    // Santiago → Ñuñoa (≈5 km) → Las Condes → Maipú (≈21 km) → Puente Alto (≈20 km): nearest neighbour.
    expect(body.domicilios.map((d) => d.comuna)).toEqual(['Ñuñoa', 'Las Condes', 'Maipú', 'Puente Alto']);
    expect(body.domicilios.map((d) => d.orden)).toEqual([1, 2, 3, 4]);
    expect(body.domicilios[0]!.direccion_google_maps).toBe('Av. Irarrázaval 2401, Ñuñoa, Santiago, Chile');
    expect(body.url_google_maps).toBe(
      `https://www.google.com/maps/dir/${body.domicilios.map((d) => encodeURIComponent(d.direccion_google_maps)).join('/')}`,
    );
    expect(new URL(body.url_google_maps).hostname).toBe('www.google.com');
    expect(body.ruta_google_maps_texto.split('\n')[0]).toBe('1. Av. Irarrázaval 2401, Ñuñoa, Santiago, Chile (Rol C-100-2025)');
    expect(body.tramos).toEqual([{ numero: 1, desde: 1, hasta: 4, url_google_maps: body.url_google_maps }]);
  });

  it("refuses addresses that are not plannable or belong to another receiver, changing nothing", async () => {
    for (const id of [ids['C-102-2025:Agustinas 1070']!, ids['C-100-2025:Los Jesuitas 881']!, foreignDomicilioId]) {
      const response = await generate(token, { domicilio_ids: [ids['C-101-2025:Av. Apoquindo 3472'], id] });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(rutaMessages.domiciliosNoDisponibles([id]));
    }
  });

  it('asks for at least one address', async () => {
    for (const payload of [{ domicilio_ids: [] }, {}, { domicilio_ids: ['x'] }]) {
      const response = await generate(token, payload);
      expect(response.statusCode).toBe(400);
    }
    expect((await generate(token, { domicilio_ids: [] })).json().detail).toBe(rutaMessages.seleccionRequerida);
  });

  it('splits a long route into legs of at most ten places, each starting where the last ended', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const estudio = await seedEstudio(db, 'Estudio Ruta Larga');
    const comunas = ['Santiago', 'Providencia', 'Ñuñoa', 'Macul', 'La Florida', 'Puente Alto', 'San Bernardo', 'Maipú', 'Pudahuel', 'Renca', 'Quilicura', 'Huechuraba', 'Recoleta', 'Independencia', 'Vitacura', 'Las Condes', 'La Reina', 'Peñalolén', 'San Miguel', 'La Cisterna', 'El Bosque', 'Lo Espejo', 'Cerrillos'];
    const { domicilios } = await seedEncargo(db, {
      estudioId: estudio.id,
      numeroRol: 'C-555-2025',
      estado: 'preparado',
      domicilios: comunas.map((comuna, index) => ({ direccion: `Calle ${index + 1}`, comuna })),
    });
    const response = await generate(token, { domicilio_ids: domicilios.map((d) => d.id) });
    expect(response.statusCode).toBe(200);
    const body = RutaGeneradaSchema.parse(response.json());
    expect(body.total_domicilios).toBe(23);
    expect(body.tramos.map((leg) => [leg.desde, leg.hasta])).toEqual([
      [1, 10],
      [10, 19],
      [19, 23],
    ]);
    for (const leg of body.tramos) {
      const url = new URL(leg.url_google_maps);
      const places = url.pathname.replace('/maps/dir/', '').split('/').map(decodeURIComponent);
      expect(places.length).toBeLessThanOrEqual(MAX_PARADAS_POR_TRAMO);
      expect(places).toEqual(body.domicilios.slice(leg.desde - 1, leg.hasta).map((d) => d.direccion_google_maps));
    }
    // Every comuna once, in an order that never jumps back to a comuna already left.
    expect(new Set(body.domicilios.map((d) => d.comuna)).size).toBe(23);
  });

  it("starts from the receiver's office comuna", async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const sur = await t.createTenant({ comuna: 'Puente Alto' });
    await t.createUser({ tenantId: sur.id, username: 'receptor_sur' });
    const surDb = await t.tenantDbOf(sur.id);
    expect(surDb).not.toBe(db);
    const estudio = await seedEstudio(surDb, 'Estudio Sur');
    const { domicilios } = await seedEncargo(surDb, {
      estudioId: estudio.id,
      numeroRol: 'C-700-2025',
      estado: 'pendiente',
      domicilios: [
        { direccion: 'Av. Vitacura 3000', comuna: 'Vitacura' },
        { direccion: 'Av. Concha y Toro 100', comuna: 'Puente Alto' },
        { direccion: 'Av. Vicuña Mackenna 7000', comuna: 'La Florida' },
      ],
    });
    const body = RutaGeneradaSchema.parse(
      (await generate(await t.login('receptor_sur'), { domicilio_ids: domicilios.map((d) => d.id) })).json(),
    );
    expect(body.punto_partida).toBe('Puente Alto');
    expect(body.domicilios.map((d) => d.comuna)).toEqual(['Puente Alto', 'La Florida', 'Vitacura']);
  });
});

describe('tour ordering', () => {
  it('orders by street name and number within a comuna, unknown comunas last', () => {
    const ordered = orderStops(
      [
        { direccion: 'Los Leones 1200', comuna: 'Providencia' },
        { direccion: 'Calle Inventada 5', comuna: 'Comuna Desconocida' },
        { direccion: 'Los Leones 120', comuna: 'providencia' },
        { direccion: 'Andrés Bello 2425', comuna: 'Providencia' },
      ],
      'Santiago',
    );
    expect(ordered.map((s) => s.direccion)).toEqual(['Andrés Bello 2425', 'Los Leones 120', 'Los Leones 1200', 'Calle Inventada 5']);
  });

  it("places every comuna of Chile, whatever its spelling, before unknown ones", () => {
    const ordered = orderStops(
      [
        { direccion: 'Calle Inventada 5', comuna: 'Comuna Desconocida' },
        { direccion: 'Arturo Prat 1', comuna: 'Pica' },
        { direccion: 'Gran Avenida 5000', comuna: 'san miguel' },
        { direccion: 'Av. Libertador 100', comuna: 'Chillán Viejo' },
        { direccion: 'Exposición 10', comuna: 'ESTACION CENTRAL' },
      ],
      'Santiago',
    );
    expect(ordered.map((s) => s.comuna)).toEqual(['ESTACION CENTRAL', 'san miguel', 'Chillán Viejo', 'Pica', 'Comuna Desconocida']);
    expect(COMUNAS_CHILE.filter((comuna) => !comunaCentroid(comuna.nombre))).toEqual([]);
    expect(Object.keys(COORDENADAS_POR_CUT)).toHaveLength(346);
  });

  it('splits legs only above the limit', () => {
    expect(splitLegs(10, 10)).toEqual([[1, 10]]);
    expect(splitLegs(11, 10)).toEqual([
      [1, 10],
      [10, 11],
    ]);
    expect(splitLegs(0, 10)).toEqual([]);
  });
});
