import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BuscarPorRolResponseSchema, type Encargo, type Estudio } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { crearEncargo, listaEncargos, loadLookups, type Lookups, registerEstudio } from './encargos.fixtures';
import { findEncargoFull } from './encargos.repository';

/**
 * The pending list's pages are written as JSON by PostgreSQL (pageJson); every other read builds the
 * same assignment in JavaScript (toEncargo). The two must agree field for field, value for value and
 * in key order, whatever the row holds: missing references, empty dates, both Santiago offsets and
 * the hour the clocks go back, quotes, line breaks and characters outside the BMP.
 */

const { diligencias, encargos, estudios, tiposEstampado } = tenantSchema;

let t: TestContext;
let token: string;
let lookups: Lookups;
let firm: Estudio;
const ids: number[] = [];
/** What the buscar_por_rol tests set up beside the list's assignments: their stamp type, a re-assignment. */
const rol = { tipoId: 0, again: 0 };

const crear = (overrides: Record<string, unknown>) => crearEncargo(t, token, firm, lookups, overrides);

async function lista(query: string) {
  const { response, body } = await listaEncargos(t, token, query);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return { body: response.body, parsed: body };
}

/** What every other read answers for these assignments (built in JavaScript), in the given order. */
async function asReadOneByOne(found: { id: number }[]) {
  const db = await t.tenantDbOf(t.mainTenantId);
  return Promise.all(found.map(async ({ id }) => (await findEncargoFull(db, id))?.encargo));
}

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'paginadora' });
  token = await t.login('paginadora');
  lookups = await loadLookups(t, token);
  firm = await registerEstudio(t, token, { nombre: 'Estudio "Ñandú" \\ Asociados' });
  const db = await t.tenantDbOf(t.mainTenantId);

  // Complete, with both Santiago offsets: comparendo in summer (-03:00), prueba in winter (-04:00).
  const full = await crear({ numero_rol: 'C-9101-2025', fecha_encargo: '2025-05-02' });
  await db
    .update(encargos)
    .set({
      fechaComparendo: new Date('2025-01-15T13:30:45.678Z'),
      fechaPrueba: new Date('2025-07-15T14:00:00Z'),
      cuantia: 987_654_321_012,
      esReEncargo: true,
      motivoReEncargo: 'Cambio de domicilio',
    })
    .where(eq(encargos.id, full.id));

  // Nothing optional: no plaintiff, court or types, no dates but the assignment's, no amount.
  const bare = await crear({ numero_rol: 'C-9102-2025', fecha_encargo: '2025-05-01' });
  await db
    .update(encargos)
    .set({
      parteDemandanteId: null,
      tribunalId: null,
      tipoEncargoId: null,
      tipoCausaId: null,
      fechaRetiro: null,
      fechaDemanda: null,
      fechaResolucion: null,
      cuantia: null,
      rutRepresentanteLegal: null,
      estado: 'preparado',
    })
    .where(eq(encargos.id, bare.id));

  // Text JSON must escape, created and modified either side of the hour Chile's clocks go back
  // (2025-04-06 00:00 -03:00 becomes 2025-04-05 23:00 -04:00).
  const text = await crear({ numero_rol: 'C-9103-2025', fecha_encargo: '2025-04-30' });
  await db
    .update(encargos)
    .set({
      partes: 'Línea 1\nLínea 2\t"comillas" \\ barra 😀 \u2028 fin',
      ejecutados: "O'Higgins Riquelme",
      observacionEncargo: '<b>negrita</b> & {"json": true}',
      estado: 'estampado',
      estadoEstampado: 'estampado',
      fechaEstampado: '2025-05-03',
    })
    .where(eq(encargos.id, text.id));
  await db.execute(
    sql`update ${encargos} set fecha_creacion = '2025-04-06 02:59:59.999+00', fecha_modificacion = '2025-04-06 03:00:00+00' where id = ${text.id}`,
  );

  // The same day as the first: the newer id comes first.
  const sameDay = await crear({ numero_rol: 'C-9104-2025', fecha_encargo: '2025-05-02' });

  ids.push(full.id, bare.id, text.id, sameDay.id);

  // Results for buscar_por_rol: two diligences on the first (the later one is the last), one with a
  // custom value and text to escape on the third; the second has none.
  const [tipo] = await db.insert(tiposEstampado).values({ codigo: 'pagina_json_positiva', nombre: 'Búsqueda "positiva"', valorPorDefecto: 35_000 }).returning();
  const tipoId = (tipo as { id: number }).id;
  await db.insert(diligencias).values([
    { encargoId: full.id, tipoEstampadoId: tipoId, fechaDiligencia: new Date('2025-03-14T13:35:00Z'), apuntesTerreno: 'primera', valorFinal: 35_000 },
    {
      encargoId: full.id,
      tipoEstampadoId: tipoId,
      fechaDiligencia: new Date('2025-07-02T15:05:09.5Z'),
      apuntesTerreno: 'doña Carmen Soto, vecina',
      tratamiento: 'doña',
      valorFinal: 35_000,
      informante: 'Carmen Soto',
      informanteRelacion: 'vecina',
      creadoPor: 'receptor',
    },
    {
      encargoId: text.id,
      tipoEstampadoId: tipoId,
      fechaDiligencia: new Date('2025-01-20T12:00:00Z'),
      apuntesTerreno: 'Línea 1\n"citada" \\ 😀',
      tratamiento: 'don',
      valorCobrado: 1_234_567_890_123,
      valorFinal: 1_234_567_890_123,
      motivoCambioValor: 'Distancia',
      observaciones: 'Con <b>marcas</b>',
      informante: 'José "Pepe" Núñez',
      horaInformada: false,
    },
  ]);
  rol.tipoId = tipoId;
});

afterAll(async () => {
  await t.close();
});

describe('the pending list written as JSON by the database', () => {
  it('answers every assignment exactly as the one-by-one read does, key order included', async () => {
    const { parsed } = await lista('?page_size=100');
    expect(parsed.results.map((e) => e.id).sort()).toEqual([...ids].sort());
    const expected = await asReadOneByOne(parsed.results);
    expect(parsed.results.map((e) => JSON.stringify(e))).toEqual(expected.map((e) => JSON.stringify(e)));
    // Spot checks of what the conversions must give.
    const full = parsed.results.find((e) => e.numero_rol === 'C-9101-2025');
    expect(full?.fecha_comparendo).toBe('2025-01-15T10:30:45-03:00');
    expect(full?.fecha_prueba).toBe('2025-07-15T10:00:00-04:00');
    expect(full?.cuantia).toBe(987_654_321_012);
    expect(full?.fecha_encargo_formatted).toBe('02/05/2025');
    expect(full?.estudio_juridico).toEqual({ id: firm.id, nombre: 'Estudio "Ñandú" \\ Asociados' });
    const bare = parsed.results.find((e) => e.numero_rol === 'C-9102-2025');
    expect(bare).toMatchObject({ parte_demandante: null, parte_demandante_nombre: '', tribunal: null, cuantia: null });
    const text = parsed.results.find((e) => e.numero_rol === 'C-9103-2025');
    expect(text?.partes).toBe('Línea 1\nLínea 2\t"comillas" \\ barra 😀 \u2028 fin');
    expect(text?.fecha_creacion).toBe('2025-04-05T23:59:59-03:00');
    expect(text?.fecha_modificacion).toBe('2025-04-05T23:00:00-04:00');
  });

  it('keeps list order (newest first, the newer of a day first) and the envelope of the response', async () => {
    const { body, parsed } = await lista('?page=1&page_size=3');
    expect(parsed.results.map((e) => e.numero_rol)).toEqual(['C-9104-2025', 'C-9101-2025', 'C-9102-2025']);
    expect(Object.keys(JSON.parse(body) as object)).toEqual(['count', 'count_capped', 'totales_capped', 'totales', 'results', 'page', 'page_size']);
    expect(parsed).toMatchObject({ count: 4, page: 1, page_size: 3, totales: { pendiente: 0, preparado: 3, listo_para_estampar: 0, estampado: 1 } });
    const second = await lista('?page=2&page_size=3');
    expect(second.parsed.results.map((e) => e.numero_rol)).toEqual(['C-9103-2025']);
    const beyond = await lista('?page=3&page_size=3');
    expect(beyond.parsed).toMatchObject({ count: 4, results: [] });
  });

  it('writes the same JSON for a state, a search and a firm', async () => {
    for (const query of ['?estado=estampado', '?search=higgins', '?search=c-910', `?estudio=${firm.id}&search=2025`]) {
      const { parsed } = await lista(query);
      expect(parsed.results.length, query).toBeGreaterThan(0);
      const expected = await asReadOneByOne(parsed.results);
      expect(parsed.results.map((e) => JSON.stringify(e)), query).toEqual(expected.map((e) => JSON.stringify(e)));
    }
    expect((await lista('?search=higgins')).parsed.results.map((e) => e.numero_rol)).toEqual(['C-9103-2025']);
    expect((await lista('?search=nada-coincide')).parsed).toMatchObject({ count: 0, results: [] });
  });

  it('answers the whole text over a real connection, compressed as browsers ask for it (gzip and brotli)', async () => {
    const { body } = await lista('?page_size=100');
    expect(body.length).toBeGreaterThan(1024);
    // Over a socket, as a browser reads it (not injected): the list route's answer once went out empty
    // (content-length 0) from the compiled server when its async handler did not return the reply.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const raw = await new Promise<{ headers: IncomingHttpHeaders; payload: Buffer }>((resolve, reject) => {
        const request = httpGet(
          `${address}/api/v1/encargos/lista/?page_size=100`,
          { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, payload: Buffer.concat(chunks) }));
          },
        );
        request.on('error', reject);
      });
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(decode(raw.payload).toString('utf8')).toBe(body);
    }
  });

  it('keeps one plan for a page, whatever its number of ids, and writes instants in Santiago time', async () => {
    // Settings of the function itself: a later CREATE OR REPLACE without them would silently drop them
    // (a page of few ids planned again on every call; instants in the connection's time zone).
    const db = await t.tenantDbOf(t.mainTenantId);
    const { rows } = (await db.execute(sql`select proconfig from pg_proc where proname = 'encargos_pagina_json'`)) as unknown as { rows: { proconfig: string[] }[] };
    expect(rows).toHaveLength(1);
    expect([...(rows[0]?.proconfig ?? [])].sort()).toEqual(['TimeZone=America/Santiago', 'plan_cache_mode=force_generic_plan']);
  });

  it('writes a firm renamed since as it is now', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    await db.update(estudios).set({ nombre: 'Estudio Renombrado' }).where(eq(estudios.id, firm.id));
    const { parsed } = await lista('?page_size=100');
    expect(new Set(parsed.results.map((e) => e.estudio_nombre))).toEqual(new Set(['Estudio Renombrado']));
  });
});

// buscar_por_rol's answer is built in JavaScript (its assignment part by toEncargo, as every other read);
// pinned here, field for field and in key order, should it ever be written by the database too.
describe("buscar_por_rol's answer, field for field", () => {
  // After the list's tests (they count the assignments): a re-assignment that shares the second's rol.
  beforeAll(async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const again = await crear({ numero_rol: 'C-9199-2025', fecha_encargo: '2025-05-01' });
    await db.update(encargos).set({ numeroRol: 'C-9102-2025', esReEncargo: true }).where(eq(encargos.id, again.id));
    rol.again = again.id;
  });

  const buscar = (numeroRol: string) =>
    t.request(token, { method: 'GET', url: `/api/v1/encargos/buscar_por_rol/?numero_rol=${encodeURIComponent(numeroRol)}` });
  /** The assignment as every other read builds it (key order included), then its results' fields. */
  const withResults = async (id: number, results: Record<string, unknown>) => {
    const [encargo] = (await asReadOneByOne([{ id }])) as Encargo[];
    return Object.assign({}, encargo, results);
  };
  const sinResultados = {
    estado_estampado: '',
    fecha_estampado: null,
    observacion_estampado: '',
    tipo_estampado: null,
    tipo_estampado_nombre: '',
    valor_asociado: null,
    ultima_diligencia_tipo_estampado: null,
    ultima_diligencia_tipo_estampado_nombre: null,
    ultima_diligencia_fecha: null,
    ultima_diligencia_apuntes: null,
    ultima_diligencia_valor: null,
    ultima_diligencia_observaciones: null,
    ultima_diligencia_tratamiento: null,
    ultima_diligencia_informante: null,
    ultima_diligencia_informante_relacion: null,
    ultima_diligencia_hora_informada: null,
    diligencia: null,
    resultado: null,
  };

  it('answers one assignment with its last diligence, field for field and in key order', async () => {
    const response = await buscar(' c-9101-2025 ');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const id = ids[0] as number;
    const tipo = { id: rol.tipoId, nombre: 'Búsqueda "positiva"' };
    const expected = await withResults(id, {
      estado_estampado: '',
      fecha_estampado: null,
      observacion_estampado: '',
      tipo_estampado: tipo.id,
      tipo_estampado_nombre: tipo.nombre,
      valor_asociado: 35_000,
      ultima_diligencia_tipo_estampado: tipo.id,
      ultima_diligencia_tipo_estampado_nombre: tipo.nombre,
      ultima_diligencia_fecha: '2025-07-02T11:05:09-04:00',
      ultima_diligencia_apuntes: 'doña Carmen Soto, vecina',
      ultima_diligencia_valor: 35_000,
      ultima_diligencia_observaciones: '',
      ultima_diligencia_tratamiento: 'doña',
      ultima_diligencia_informante: 'Carmen Soto',
      ultima_diligencia_informante_relacion: 'vecina',
      ultima_diligencia_hora_informada: true,
      diligencia: {
        id: (response.json() as { diligencia: { id: number } }).diligencia.id,
        fecha_diligencia: '2025-07-02T11:05:09-04:00',
        apuntes_terreno: 'doña Carmen Soto, vecina',
        tratamiento: 'doña',
        valor_cobrado: null,
        valor_final: 35_000,
        motivo_cambio_valor: '',
        observaciones: '',
        informante: 'Carmen Soto',
        informante_relacion: 'vecina',
        hora_informada: true,
        visita_uuid: null,
        entrega_copias: null,
        firma_notificado: null,
      },
      resultado: tipo,
    });
    expect(JSON.stringify(response.json())).toBe(JSON.stringify(expected));
    BuscarPorRolResponseSchema.parse(response.json());
  });

  it('writes stamp columns, large amounts and text to escape as they are stored', async () => {
    const response = await buscar('C-9103-2025');
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, unknown>;
    const expected = await withResults(ids[2] as number, {
      estado_estampado: 'estampado',
      fecha_estampado: '2025-05-03',
      observacion_estampado: '',
      tipo_estampado: rol.tipoId,
      tipo_estampado_nombre: 'Búsqueda "positiva"',
      valor_asociado: 1_234_567_890_123,
      ultima_diligencia_tipo_estampado: rol.tipoId,
      ultima_diligencia_tipo_estampado_nombre: 'Búsqueda "positiva"',
      ultima_diligencia_fecha: '2025-01-20T09:00:00-03:00',
      ultima_diligencia_apuntes: 'Línea 1\n"citada" \\ 😀',
      ultima_diligencia_valor: 1_234_567_890_123,
      ultima_diligencia_observaciones: 'Con <b>marcas</b>',
      ultima_diligencia_tratamiento: 'don',
      ultima_diligencia_informante: 'José "Pepe" Núñez',
      ultima_diligencia_informante_relacion: '',
      ultima_diligencia_hora_informada: false,
      diligencia: {
        id: (body.diligencia as { id: number }).id,
        fecha_diligencia: '2025-01-20T09:00:00-03:00',
        apuntes_terreno: 'Línea 1\n"citada" \\ 😀',
        tratamiento: 'don',
        valor_cobrado: 1_234_567_890_123,
        valor_final: 1_234_567_890_123,
        motivo_cambio_valor: 'Distancia',
        observaciones: 'Con <b>marcas</b>',
        informante: 'José "Pepe" Núñez',
        informante_relacion: '',
        hora_informada: false,
        visita_uuid: null,
        entrega_copias: null,
        firma_notificado: null,
      },
      resultado: { id: rol.tipoId, nombre: 'Búsqueda "positiva"' },
    });
    expect(JSON.stringify(body)).toBe(JSON.stringify(expected));
  });

  it('answers a rol held by several assignments as a list, oldest first, those without results with empty fields', async () => {
    const response = await buscar('C-9102-2025');
    expect(response.statusCode).toBe(200);
    const expected = [await withResults(ids[1] as number, sinResultados), await withResults(rol.again, sinResultados)];
    expect(JSON.stringify(response.json())).toBe(JSON.stringify(expected));
    expect(BuscarPorRolResponseSchema.parse(response.json())).toHaveLength(2);
  });

  it('answers 404 with the Spanish message for a rol nobody holds', async () => {
    const response = await buscar('c-1-1900');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ detail: 'No se encontró ningún encargo con el rol "C-1-1900". Verifique que el rol existe y tiene la ficha completada.' });
  });
});
