import {
  type Encargo,
  EncargoDetailSchema,
  EncargoListResponseSchema,
  EncargoSchema,
  ErrorBodySchema,
  type Estudio,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../../../test/helper';
import { crearEncargo, encargoPayload, loadLookups, type Lookups, registerEstudio } from './encargos.fixtures';

let t: TestContext;
let tokenA: string;
let tokenB: string;
let tenantB: number;
let estudio: Estudio;
let cobranzas: Estudio;
let lookups: Lookups;

beforeAll(async () => {
  t = await createTestContext();
  tenantB = (await t.createTenant({ nombre: 'Receptor Judicial Talca' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_a' });
  await t.createUser({ tenantId: tenantB, username: 'secretaria_b' });
  tokenA = await t.login('secretaria_a');
  tokenB = await t.login('secretaria_b');
  lookups = await loadLookups(t, tokenA);
  estudio = await registerEstudio(t, tokenA, { nombre: 'Larraín, Vial y Asociados Abogados' });
  cobranzas = await registerEstudio(t, tokenA, {
    nombre: 'Cobranzas Judiciales del Pacífico Ltda.',
    partes_demandantes: [{ nombre: 'Caja de Compensación Los Andes', tipo: 'institucion' }],
  });
});
afterAll(() => t.close());

const crear = (overrides: Record<string, unknown>, firm = estudio, token = tokenA): Promise<Encargo> =>
  crearEncargo(t, token, firm, lookups, overrides);

async function setEstado(id: number, estado: Encargo['estado'], tenantId = t.mainTenantId) {
  const db = await t.tenantDbOf(tenantId);
  await db.update(tenantSchema.encargos).set({ estado }).where(eq(tenantSchema.encargos.id, id));
}

const lista = async (token: string, query = '') => {
  const response = await t.request(token, { method: 'GET', url: `/api/v1/encargos/lista/${query}` });
  expect(response.statusCode).toBe(200);
  return EncargoListResponseSchema.parse(response.json());
};

async function encargoCount(tenantId = t.mainTenantId) {
  const db = await t.tenantDbOf(tenantId);
  const [row] = await db.select({ n: count() }).from(tenantSchema.encargos);
  return row?.n ?? 0;
}

describe('GET /encargos/lista/', () => {
  let ids: Record<string, number>;

  beforeAll(async () => {
    const a = await crear({
      numero_rol: 'C-5101-2024',
      fecha_encargo: '2025-01-05',
      ejecutados: 'José Ignacio Núñez Peña',
      rut_ejecutado: '10000013-K',
      partes: 'Banco de Chile con Núñez',
    });
    const b = await crear({ numero_rol: 'C-5102-2024', fecha_encargo: '2025-01-06', ejecutados: 'Carolina Díaz Rojas' });
    const c = await crear(
      {
        numero_rol: 'E-5103-2024',
        fecha_encargo: '2025-01-07',
        ejecutados: 'Felipe Araya Tapia',
        parte_demandante: cobranzas.partes_demandantes[0]?.id,
        partes: 'Caja Los Andes con Araya',
        tribunal: lookups.tribunales[2]?.id,
      },
      cobranzas,
    );
    const d = await crear({ numero_rol: 'C-5104-2024', fecha_encargo: '2025-01-08', ejecutados: 'Daniela Soto Vera' });
    const e = await crear({ numero_rol: 'C-5105-2024', fecha_encargo: '2025-01-04', ejecutados: 'Rodrigo Pérez Lagos' });
    await setEstado(b.id, 'listo_para_estampar');
    await setEstado(c.id, 'estampado');
    await setEstado(d.id, 'pendiente');
    ids = { a: a.id, b: b.id, c: c.id, d: d.id, e: e.id };
  });

  it('answers a page, newest first, with totals per state', async () => {
    const page = await lista(tokenA);
    expect(page.page).toBe(1);
    expect(page.page_size).toBe(20);
    expect(page.totales).toEqual({ pendiente: 1, preparado: 2, listo_para_estampar: 1, estampado: 1 });
    expect(page.count).toBe(5);
    expect(page.results.map((e) => e.numero_rol)).toEqual([
      'C-5104-2024',
      'E-5103-2024',
      'C-5102-2024',
      'C-5101-2024',
      'C-5105-2024',
    ]);
    const first = page.results[3] as Encargo;
    expect(first).toMatchObject({
      estado: 'preparado',
      fecha_encargo_formatted: '05/01/2025',
      estudio_nombre: 'Larraín, Vial y Asociados Abogados',
      tribunal_nombre: '12° Juzgado Civil de Santiago',
      tipo_causa_nombre: 'Juicio Ejecutivo',
      cuantia: 2_450_000,
    });
    expect(first.domicilios).toHaveLength(2);
  });

  it('filters by state, keeping the totals of every state', async () => {
    const page = await lista(tokenA, '?estado=preparado');
    expect(page.count).toBe(2);
    expect(page.results.map((e) => e.id).sort()).toEqual([ids.a, ids.e].sort());
    expect(page.totales.estampado).toBe(1);
    expect((await lista(tokenA, '?estado=todos')).count).toBe(5);
  });

  it.each([
    ['the rol', 'c-5102', ['C-5102-2024']],
    ['a debtor name without accents', 'nunez', ['C-5101-2024']],
    ['a debtor name with accents', 'Núñez Peña', ['C-5101-2024']],
    ['the RUT with dots', '10.000.013-k', ['C-5101-2024']],
    ['the RUT without dash', '10000013k', ['C-5101-2024']],
    ['the firm name', 'pacífico', ['E-5103-2024']],
    ['the plaintiff name', 'caja de compensación', ['E-5103-2024']],
    ['the partes text', 'Los Andes con', ['E-5103-2024']],
    ['two words on different fields', 'larrain daniela', ['C-5104-2024']],
    ['the court name', '3° juzgado', ['E-5103-2024']],
    ['the court and the firm', 'juzgado pacifico', ['E-5103-2024']],
  ])('searches by %s', async (_what, search, roles) => {
    const page = await lista(tokenA, `?search=${encodeURIComponent(search)}`);
    expect(page.results.map((e) => e.numero_rol)).toEqual(roles);
    expect(page.count).toBe(roles.length);
  });

  it('treats LIKE wildcards in the search as text', async () => {
    expect((await lista(tokenA, '?search=%25')).count).toBe(0);
    expect((await lista(tokenA, '?search=_')).count).toBe(0);
  });

  it('pages with page and page_size', async () => {
    const first = await lista(tokenA, '?page=1&page_size=2');
    const second = await lista(tokenA, '?page=2&page_size=2');
    const third = await lista(tokenA, '?page=3&page_size=2');
    expect(first.count).toBe(5);
    expect([...first.results, ...second.results, ...third.results].map((e) => e.numero_rol)).toEqual([
      'C-5104-2024',
      'E-5103-2024',
      'C-5102-2024',
      'C-5101-2024',
      'C-5105-2024',
    ]);
    // Past the end, near or far (a far page reads the counters before the page): no rows, same counts.
    for (const query of ['?page=9&page_size=2', '?page=600&page_size=20', '?page=1000000&page_size=100']) {
      const beyond = await lista(tokenA, query);
      expect(beyond.results).toEqual([]);
      expect(beyond.count).toBe(5);
      expect(beyond.totales).toEqual(first.totales);
    }
    const preparados = await lista(tokenA, '?estado=preparado&page=600');
    expect(preparados.results).toEqual([]);
    expect(preparados.count).toBe(first.totales.preparado);
  });

  it.each([
    ['?estado=archivado', 'Estado inválido'],
    ['?page=0', 'Página inválida'],
    ['?page_size=500', 'El tamaño de página debe estar entre 1 y 100'],
  ])('rejects %s', async (query, message) => {
    const response = await t.request(tokenA, { method: 'GET', url: `/api/v1/encargos/lista/${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(message);
  });

  it("shows tenant B nothing of tenant A's list", async () => {
    const page = await lista(tokenB);
    expect(page.count).toBe(0);
    expect(page.totales).toEqual({ pendiente: 0, preparado: 0, listo_para_estampar: 0, estampado: 0 });
    expect((await lista(tokenB, '?search=C-5101')).results).toEqual([]);
  });
});

describe('GET /encargos/buscar_por_rol/ and /encargos/{id}/', () => {
  it('answers one assignment as an object, trimming and upper-casing the rol', async () => {
    const created = await crear({ numero_rol: 'C-6001-2024' });
    const response = await t.request(tokenA, {
      method: 'GET',
      url: '/api/v1/encargos/buscar_por_rol/?numero_rol=%20c-6001-2024%20',
    });
    expect(response.statusCode).toBe(200);
    expect(EncargoSchema.parse(response.json()).id).toBe(created.id);
  });

  it('answers 404 with the spec message when no assignment has the rol', async () => {
    const response = await t.request(tokenA, { method: 'GET', url: '/api/v1/encargos/buscar_por_rol/?numero_rol=C-9-1999' });
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json()).detail).toBe(
      'No se encontró ningún encargo con el rol "C-9-1999". Verifique que el rol existe y tiene la ficha completada.',
    );
  });

  it('asks for a rol when none is given', async () => {
    const response = await t.request(tokenA, { method: 'GET', url: '/api/v1/encargos/buscar_por_rol/?numero_rol=' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Ingresa un número de rol para buscar');
  });

  it('reads one assignment by id, and 404 for an unknown one', async () => {
    const created = await crear({ numero_rol: 'C-6002-2024', fecha_comparendo: '2099-01-20 09:00' });
    const response = await t.request(tokenA, { method: 'GET', url: `/api/v1/encargos/${created.id}/` });
    expect(response.statusCode).toBe(200);
    const detail = EncargoDetailSchema.parse(response.json());
    expect(detail.numero_rol).toBe('C-6002-2024');
    expect(detail.alarmas.map((a) => a.tipo)).toEqual(['comparendo']);
    const missing = await t.request(tokenA, { method: 'GET', url: '/api/v1/encargos/999999/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('No se encontró el encargo');
  });

  it('answers a creation, a modification and a re-assignment with exactly what reading the assignment answers', async () => {
    const read = async (id: number) => (await t.request(tokenA, { method: 'GET', url: `/api/v1/encargos/${id}/` })).json();
    const domicilios = [
      { direccion: 'Av. Matta 1200', comuna: 'Santiago', ciudad: 'Santiago', es_principal: false, activo: true },
      { direccion: 'Los Leones 55', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true, activo: false },
      { direccion: 'Gran Avenida 7000', comuna: 'La Cisterna', ciudad: 'Santiago', es_principal: false, activo: true },
    ];
    const created = await t.request(tokenA, {
      method: 'POST',
      url: '/api/v1/nuevo_encargo/crear/',
      payload: encargoPayload(estudio, lookups, {
        numero_rol: 'C-6004-2024',
        fecha_comparendo: '2099-03-02 15:30',
        fecha_prueba: '2099-01-20 09:00',
        domicilios,
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body.alarmas.map((a: { tipo: string }) => a.tipo)).toEqual(['prueba', 'comparendo']);
    expect(body.domicilios.map((d: { direccion: string }) => d.direccion)).toEqual(domicilios.map((d) => d.direccion));
    expect(body).toEqual(await read(body.id));

    const modified = await t.request(tokenA, {
      method: 'PATCH',
      url: `/api/v1/encargos/${body.id}/modificar_encargo/`,
      payload: { fecha_prueba: null, domicilios: domicilios.slice(1), observacion_encargo: 'Portón verde' },
    });
    expect(modified.statusCode, modified.body).toBe(200);
    expect(modified.json().alarmas.map((a: { tipo: string }) => a.tipo)).toEqual(['comparendo']);
    expect(modified.json()).toEqual(await read(body.id));

    await setEstado(body.id, 'estampado');
    const again = await t.request(tokenA, {
      method: 'POST',
      url: '/api/v1/encargos/re_encargo/',
      payload: { ...encargoPayload(estudio, lookups, { numero_rol: 'C-6004-2024', domicilios }), encargo_original_id: body.id, motivo_re_encargo: 'Nuevo domicilio' },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(await read(again.json().id));
    expect((await read(body.id)).es_re_encargado).toBe(true);
  });

  it("never finds tenant A's assignments for tenant B", async () => {
    const created = await crear({ numero_rol: 'C-6003-2024' });
    const byRol = await t.request(tokenB, { method: 'GET', url: '/api/v1/encargos/buscar_por_rol/?numero_rol=C-6003-2024' });
    expect(byRol.statusCode).toBe(404);
    const byId = await t.request(tokenB, { method: 'GET', url: `/api/v1/encargos/${created.id}/` });
    expect(byId.statusCode).toBe(404);
  });
});

describe('PATCH /encargos/{id}/modificar_encargo/', () => {
  const modificar = (id: number, payload: object, token = tokenA) =>
    t.request(token, { method: 'PATCH', url: `/api/v1/encargos/${id}/modificar_encargo/`, payload });

  it('replaces the data and the addresses and keeps the id', async () => {
    const created = await crear({ numero_rol: 'C-7001-2024' });
    const oldAddressIds = created.domicilios.map((d) => d.id);
    const response = await modificar(created.id, {
      fecha_encargo: '2025-04-01',
      numero_rol: 'C-7001-2024',
      estudio_juridico: cobranzas.id,
      parte_demandante: cobranzas.partes_demandantes[0]?.id,
      partes: 'Caja de Compensación Los Andes con Soto',
      tribunal: lookups.tribunales[2]?.id,
      dda_fs_fecha: '2025-02-02',
      cuantia: 990000,
      rut_ejecutado: '7.654.321-6',
      rut_representante_legal: '',
      ejecutados: 'Pedro Soto Muñoz y otra',
      domicilios: [{ direccion: 'Av. Pajaritos 3030', comuna: 'Maipú', ciudad: 'Santiago', es_principal: true }],
      observaciones_encargo: 'Diligencia pagada',
      observacion_encargo: 'El estudio informó un nuevo domicilio',
      motivo_no_realizable: 'No en Letra',
      fecha_prueba: '2099-02-10T11:00',
    });
    expect(response.statusCode).toBe(200);
    const modified = EncargoDetailSchema.parse(response.json());
    expect(modified.id).toBe(created.id);
    expect(modified).toMatchObject({
      fecha_encargo: '2025-04-01',
      estado: 'preparado',
      estudio_juridico: { id: cobranzas.id, nombre: cobranzas.nombre },
      tribunal_nombre: '3° Juzgado Civil de Santiago',
      fecha_demanda: '2025-02-02',
      dda_fs_fecha: '2025-02-02',
      fecha_retiro: '2025-03-11',
      cuantia: 990000,
      rut_ejecutado: '7654321-6',
      rut_representante_legal: null,
      ejecutados: 'Pedro Soto Muñoz y otra',
      observaciones_encargo: 'Diligencia pagada',
      observacion_encargo: 'El estudio informó un nuevo domicilio',
      motivo_no_realizable: 'No en Letra',
      encargo_no_realizable: true,
      numero_operacion: 'OP-778812',
    });
    expect(modified.domicilios.map((d) => [d.direccion, d.comuna, d.es_principal])).toEqual([
      ['Av. Pajaritos 3030', 'Maipú', true],
    ]);
    expect(modified.domicilios.some((d) => oldAddressIds.includes(d.id))).toBe(false);
    expect(modified.alarmas.map((a) => [a.tipo, a.fecha_hora])).toEqual([['prueba', '2099-02-10T11:00:00-03:00']]);
    expect(Date.parse(modified.fecha_modificacion)).toBeGreaterThanOrEqual(Date.parse(created.fecha_modificacion));

    const db = await t.tenantDbOf(t.mainTenantId);
    const stored = await db.select().from(tenantSchema.domicilios).where(eq(tenantSchema.domicilios.encargoId, created.id));
    expect(stored).toHaveLength(1);
  });

  it('clears the special reason and an alarm when they are emptied', async () => {
    const created = await crear({ numero_rol: 'C-7002-2024', estado_especial: 'Suspendido', fecha_comparendo: '2099-03-01 10:00' });
    const modified = EncargoDetailSchema.parse(
      (await modificar(created.id, { motivo_no_realizable: '', fecha_comparendo: null })).json(),
    );
    expect(modified.encargo_no_realizable).toBe(false);
    expect(modified.fecha_comparendo).toBeNull();
    expect(modified.alarmas).toEqual([]);
  });

  it.each([
    [{ fecha_encargo: '' }, 'La fecha del encargo es requerida'],
    [{ numero_rol: '' }, 'El número de rol es requerido'],
    [{ numero_rol: '123-2024' }, 'Formato inválido (ej: C-123-2024)'],
    [{ rut_ejecutado: '1234-5' }, 'RUT inválido'],
    [{ rut_ejecutado: '12345678-9' }, 'RUT inválido'],
    [{ rut_representante_legal: '10000004-K' }, 'El RUT del representante legal no es válido. Formato: 12345678-9'],
    [{ partes: '' }, 'Las partes son requeridas'],
    [{ observaciones_encargo: 'x'.repeat(35) }, 'Máximo 34 caracteres'],
    [{ motivo_no_realizable: 'y'.repeat(31) }, 'Máximo 30 caracteres'],
    [{ domicilios: [] }, 'Debe agregar al menos un domicilio válido'],
    [{ domicilios: [{ direccion: 'Av. Grecia 100', comuna: '', ciudad: 'Santiago' }] }, 'La comuna es requerida'],
    [{ cuantia: 'mucho' }, 'Monto no reconocido: use puntos para los miles y sin decimales (ej: 1.500.000)'],
  ])('rejects %j and changes nothing', async (payload, message) => {
    const created = await crear({ numero_rol: 'C-7003-2024' });
    const response = await modificar(created.id, { ejecutados: 'Otro Nombre', ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(message);
    const after = EncargoDetailSchema.parse((await t.request(tokenA, { method: 'GET', url: `/api/v1/encargos/${created.id}/` })).json());
    expect(after.ejecutados).toBe(created.ejecutados);
    expect(after.domicilios).toEqual(created.domicilios);
  });

  it('refuses a plaintiff that does not belong to the firm', async () => {
    const created = await crear({ numero_rol: 'C-7004-2024' });
    const response = await modificar(created.id, { estudio_juridico: cobranzas.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('La parte demandante no pertenece al estudio jurídico seleccionado');
  });

  it("answers 404 to tenant B for tenant A's assignment and changes nothing", async () => {
    const created = await crear({ numero_rol: 'C-7005-2024' });
    const response = await modificar(created.id, { ejecutados: 'Intruso' }, tokenB);
    expect(response.statusCode).toBe(404);
    const after = EncargoSchema.parse((await t.request(tokenA, { method: 'GET', url: `/api/v1/encargos/${created.id}/` })).json());
    expect(after.ejecutados).toBe(created.ejecutados);
  });
});

describe('POST /encargos/re_encargo/', () => {
  const reEncargar = (payload: object, token = tokenA) =>
    t.request(token, { method: 'POST', url: '/api/v1/encargos/re_encargo/', payload });

  function formValues(original: Encargo, overrides: Record<string, unknown> = {}) {
    const { fecha_demanda, ...values } = encargoPayload(estudio, lookups, { numero_rol: original.numero_rol });
    return {
      ...values,
      dda_fs_fecha: fecha_demanda,
      motivo_no_realizable: '',
      observacion_re_encargo: 'Nuevo domicilio informado por el estudio',
      encargo_original_id: original.id,
      es_re_encargo: true,
      motivo_re_encargo: 'Re-encargo con datos actualizados',
      encargo_no_realizable: false,
      domicilios: [{ direccion: 'Av. Grecia 2100', comuna: 'Peñalolén', ciudad: 'Santiago', es_principal: true }],
      ...overrides,
    };
  }

  it('creates a linked assignment and keeps the original, marked as re-assigned', async () => {
    const original = await crear({ numero_rol: 'C-8001-2024' });
    await setEstado(original.id, 'estampado');
    const response = await reEncargar(formValues(original));
    expect(response.statusCode).toBe(201);
    const nuevo = EncargoDetailSchema.parse(response.json());
    expect(nuevo.id).not.toBe(original.id);
    expect(nuevo).toMatchObject({
      numero_rol: 'C-8001-2024',
      estado: 'preparado',
      es_re_encargo: true,
      es_re_encargado: false,
      encargo_original_id: original.id,
      motivo_re_encargo: 'Re-encargo con datos actualizados',
      observacion_re_encargo: 'Nuevo domicilio informado por el estudio',
      fecha_demanda: '2025-01-20',
    });
    expect(nuevo.domicilios.map((d) => d.direccion)).toEqual(['Av. Grecia 2100']);

    const kept = EncargoSchema.parse((await t.request(tokenA, { method: 'GET', url: `/api/v1/encargos/${original.id}/` })).json());
    expect(kept).toMatchObject({ estado: 'estampado', es_re_encargado: true, es_re_encargo: false });
    expect(kept.domicilios).toEqual(original.domicilios);

    // Both now share the rol: the search answers a list, original first.
    const byRol = await t.request(tokenA, { method: 'GET', url: '/api/v1/encargos/buscar_por_rol/?numero_rol=C-8001-2024' });
    expect(byRol.statusCode).toBe(200);
    const list = z.array(EncargoSchema).parse(byRol.json());
    expect(list.map((e) => [e.id, e.es_re_encargo, e.es_re_encargado])).toEqual([
      [original.id, false, true],
      [nuevo.id, true, false],
    ]);
  });

  it('refuses to re-assign a pendiente assignment and stores nothing', async () => {
    const original = await crear({ numero_rol: 'C-8002-2024' });
    await setEstado(original.id, 'pendiente');
    const before = await encargoCount();
    const response = await reEncargar(formValues(original));
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      'No se puede re-encargar el encargo "C-8002-2024" porque está en estado "Pendiente". Primero complete la ficha en Menú 2.2 - Completar Ficha.',
    );
    expect(await encargoCount()).toBe(before);
    const kept = EncargoSchema.parse((await t.request(tokenA, { method: 'GET', url: `/api/v1/encargos/${original.id}/` })).json());
    expect(kept.es_re_encargado).toBe(false);
  });

  it.each([
    [{ encargo_original_id: undefined }, 'Primero debes buscar y seleccionar un encargo original'],
    [{ fecha_encargo: '' }, 'La fecha del encargo es requerida'],
    [{ dda_fs_fecha: undefined }, 'La fecha de la demanda es requerida'],
    [{ rut_ejecutado: '12345678-0' }, 'RUT inválido'],
    [{ numero_rol: 'rol 5' }, 'Formato inválido (ej: C-123-2024)'],
    [{ observaciones_encargo: '' }, 'Las observaciones son requeridas'],
    [{ domicilios: [] }, 'Debe agregar al menos un domicilio válido'],
  ])('rejects %j and stores nothing', async (patch, message) => {
    const original = await crear({ numero_rol: 'C-8003-2024' });
    const before = await encargoCount();
    const response = await reEncargar(formValues(original, patch));
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(message);
    expect(await encargoCount()).toBe(before);
  });

  it('answers 404 for an unknown original', async () => {
    const original = await crear({ numero_rol: 'C-8004-2024' });
    const response = await reEncargar(formValues(original, { encargo_original_id: 999999 }));
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('No se encontró el encargo original');
  });

  it("never lets tenant B re-assign tenant A's assignment", async () => {
    const original = await crear({ numero_rol: 'C-8005-2024' });
    const beforeA = await encargoCount();
    const beforeB = await encargoCount(tenantB);
    const response = await reEncargar(formValues(original), tokenB);
    expect(response.statusCode).toBe(404);
    expect(await encargoCount()).toBe(beforeA);
    expect(await encargoCount(tenantB)).toBe(beforeB);
    const kept = EncargoSchema.parse((await t.request(tokenA, { method: 'GET', url: `/api/v1/encargos/${original.id}/` })).json());
    expect(kept.es_re_encargado).toBe(false);
  });
});
