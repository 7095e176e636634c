import type { Estudio } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { crearEncargo, listaEncargos, loadLookups, type Lookups, registerEstudio } from './encargos.fixtures';
import { LIST_COUNT_CAP, ONE_PASS_LIMIT } from './encargos.repository';

/** What the pending list's search finds: pinned before the search's SQL changes. */

let t: TestContext;
let token: string;
let lookups: Lookups;
let larrain: Estudio;
let pacifico: Estudio;

const crear = (overrides: Record<string, unknown>, firm = larrain) => crearEncargo(t, token, firm, lookups, overrides);

const lista = async (query: string) => (await listaEncargos(t, token, query)).body;

const roles = async (search: string) =>
  (await lista(`?search=${encodeURIComponent(search)}&page_size=100`)).results.map((e) => e.numero_rol).sort();

/** A change the encargos triggers do not see: the changes counter (and the per-state counters) stay. */
const sinTriggers = async (change: ReturnType<typeof sql>) => {
  const db = await t.tenantDbOf(t.mainTenantId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(change);
  });
};

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'buscadora' });
  token = await t.login('buscadora');
  lookups = await loadLookups(t, token);
  larrain = await registerEstudio(t, token, {
    nombre: 'Larraín, Vial y Asociados Abogados',
    partes_demandantes: [{ nombre: 'Inmobiliaria Los Alerces Ltda.', tipo: 'empresa' }],
  });
  pacifico = await registerEstudio(t, token, {
    nombre: 'Cobranzas Judiciales del Pacífico Ltda.',
    partes_demandantes: [{ nombre: 'Caja de Compensación Los Andes', tipo: 'institucion' }],
  });
  await crear({
    numero_rol: 'C-7301-2023',
    fecha_encargo: '2025-02-01',
    ejecutados: 'María José Muñoz Sepúlveda',
    rut_ejecutado: '12345678-5',
    rut_representante_legal: '10000013-K',
    numero_operacion: 'OP-550021',
    partes: 'Inmobiliaria Los Alerces con Muñoz',
  });
  await crear({
    numero_rol: 'C-7302-2024',
    fecha_encargo: '2025-02-02',
    ejecutados: 'Ignacio Pérez González',
    rut_ejecutado: '7654321-6',
    numero_operacion: '',
    partes: 'Inmobiliaria Los Alerces con Pérez',
    tribunal: lookups.tribunales[0]?.id,
  });
  await crear(
    {
      numero_rol: 'E-8810-2024',
      fecha_encargo: '2025-02-03',
      ejecutados: 'Ñuñoa Servicios SpA',
      rut_ejecutado: '76543210-3',
      numero_operacion: 'OP-990077',
      parte_demandante: pacifico.partes_demandantes[0]?.id,
      partes: 'Caja Los Andes con Ñuñoa Servicios',
      tribunal: lookups.tribunales[2]?.id,
    },
    pacifico,
  );
});
afterAll(() => t.close());

describe('pending list search', () => {
  it.each([
    ['a debtor surname typed without accents', 'munoz', ['C-7301-2023']],
    ['a debtor surname typed with accents', 'Muñoz', ['C-7301-2023']],
    ['an upper-case accented word', 'SEPÚLVEDA', ['C-7301-2023']],
    // 'nunoa' alone also finds every assignment with an address in Ñuñoa (the fixtures' first address).
    ['a word with ñ typed as n', 'nunoa servicios', ['E-8810-2024']],
    ['a fragment inside a word', 'onzál', ['C-7302-2024']],
    ['two words of one name', 'maria munoz', ['C-7301-2023']],
    ['words in any order', 'gonzalez ignacio', ['C-7302-2024']],
  ])('finds %s', async (_what, search, expected) => {
    expect(await roles(search)).toEqual(expected);
  });

  it.each([
    ['with dots and dash', '12.345.678-5'],
    ['without dots', '12345678-5'],
    ['without dots nor dash', '123456785'],
    ['without check digit', '12345678'],
    ['a fragment of the body', '345678'],
    ['of the legal representative, K upper-case', '10.000.013-K'],
    ['of the legal representative, k lower-case', '10000013-k'],
  ])('finds a RUT %s', async (_what, search) => {
    expect(await roles(search)).toEqual(['C-7301-2023']);
  });

  it.each([
    ['the whole rol', 'C-7301-2023', ['C-7301-2023']],
    ['the rol in lower case', 'c-7302-2024', ['C-7302-2024']],
    ['the rol number alone', '8810', ['E-8810-2024']],
    ['a rol prefix', 'C-730', ['C-7301-2023', 'C-7302-2024']],
    ['a rol number and year fragment', '7302-20', ['C-7302-2024']],
    ['the year of the rol', '-2023', ['C-7301-2023']],
  ])('finds by %s', async (_what, search, expected) => {
    expect(await roles(search)).toEqual(expected);
  });

  it.each([
    ['the operation number', 'OP-990077', ['E-8810-2024']],
    ['a fragment of the operation number', '5500', ['C-7301-2023']],
    ['the firm name', 'larraín', ['C-7301-2023', 'C-7302-2024']],
    ['a firm name fragment without accent', 'pacifico', ['E-8810-2024']],
    ['the plaintiff name', 'compensacion', ['E-8810-2024']],
    ['a plaintiff word shared by the partes text', 'alerces', ['C-7301-2023', 'C-7302-2024']],
    ['the court name', '1° juzgado civil de santiago', ['C-7302-2024']],
    ['the court and the debtor', 'juzgado perez', ['C-7302-2024']],
    ['the firm and the debtor', 'cobranzas nunoa', ['E-8810-2024']],
  ])('finds by %s', async (_what, search, expected) => {
    expect(await roles(search)).toEqual(expected);
  });

  it('finds nothing when one word matches nothing', async () => {
    expect(await roles('munoz zzzqx')).toEqual([]);
    expect((await lista('?search=zzzqx')).count).toBe(0);
  });

  it('combines the search with the state filter and keeps the counts per state', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const [row] = await db
      .select({ id: tenantSchema.encargos.id })
      .from(tenantSchema.encargos)
      .where(eq(tenantSchema.encargos.numeroRol, 'C-7302-2024'));
    await db
      .update(tenantSchema.encargos)
      .set({ estado: 'estampado' })
      .where(eq(tenantSchema.encargos.id, row?.id ?? 0));
    const page = await lista(`?search=alerces&estado=estampado`);
    expect(page.results.map((e) => e.numero_rol)).toEqual(['C-7302-2024']);
    expect(page.count).toBe(1);
    expect(page.totales).toEqual({ pendiente: 0, preparado: 1, listo_para_estampar: 0, estampado: 1 });
  });

  it('answers full rows for the matches: firm, court, addresses', async () => {
    const page = await lista(`?search=${encodeURIComponent('OP-990077')}`);
    const [found] = page.results;
    expect(found).toMatchObject({
      numero_rol: 'E-8810-2024',
      estudio_nombre: 'Cobranzas Judiciales del Pacífico Ltda.',
      parte_demandante_nombre: 'Caja de Compensación Los Andes',
      tribunal_nombre: '3° Juzgado Civil de Santiago',
    });
    expect(found?.domicilios).toHaveLength(2);
  });

  it.each([
    ['few matches', 'raruna', 60],
    ['more matches than the list shows per state', 'masiva', 1100],
  ])('pages through %s newest first, with and without a state filter', async (_label, word, n) => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const [model] = await db.select().from(tenantSchema.encargos).where(eq(tenantSchema.encargos.numeroRol, 'C-7301-2023'));
    if (!model) throw new Error('no model row');
    await db.execute(sql`
      insert into encargos (numero_rol, estado, fecha_encargo, ejecutados, partes, estudio_id)
      select 'P-' || g || '-' || ${word}, (array['pendiente', 'preparado', 'listo_para_estampar', 'estampado'])[1 + g % 4], date '2019-01-01' + (g % 37), 'Paginada ' || ${word} || ' ' || g, '',
             ${model.estudioId}
      from generate_series(1, ${n}) g`);
    const expected = async (estado?: string) => {
      const { rows } = (await db.execute(sql`
        select numero_rol from encargos where ejecutados like ${`Paginada ${word} %`} ${estado ? sql`and estado = ${estado}` : sql``}
        order by fecha_encargo desc nulls last, id desc nulls last`)) as unknown as { rows: { numero_rol: string }[] };
      return rows.map((r) => r.numero_rol);
    };
    const all = await expected();
    const rols = async (query: string) => (await lista(`?search=${word}${query}`)).results.map((e) => e.numero_rol);
    expect(await rols('&page_size=20')).toEqual(all.slice(0, 20));
    expect(await rols('&page=2&page_size=20')).toEqual(all.slice(20, 40));
    const preparados = await expected('preparado');
    expect(await rols('&estado=preparado&page=2&page_size=10')).toEqual(preparados.slice(10, 20));
    const page = await lista(`?search=${word}&estado=preparado`);
    expect(page.count).toBe(preparados.length);
    expect(page.count_capped).toBe(false);
    expect(page.totales).toEqual({ pendiente: n / 4, preparado: n / 4, listo_para_estampar: n / 4, estampado: n / 4 });
    await db.execute(sql`delete from encargos where ejecutados like ${`Paginada ${word} %`}`);
  });

  it('counts past the one-pass sample: states it proves past the cap say so, the others are counted exactly', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const [model] = await db.select().from(tenantSchema.encargos).where(eq(tenantSchema.encargos.numeroRol, 'C-7301-2023'));
    if (!model) throw new Error('no model row');
    // More matches than one pass reads: 10,040 in estampado, 25 pendiente, spread over the table.
    await db.execute(sql`
      insert into encargos (numero_rol, estado, fecha_encargo, ejecutados, partes, estudio_id)
      select 'M-' || g || '-2018', case when g % 402 = 0 then 'pendiente' else 'estampado' end, date '2018-01-01' + (g % 300),
             'Muestreada Ubicua ' || g, '', ${model.estudioId}
      from generate_series(1, ${ONE_PASS_LIMIT + 65}) g`);
    const expected = async (estado?: string) => {
      const { rows } = (await db.execute(sql`
        select numero_rol from encargos where ejecutados like 'Muestreada Ubicua %' ${estado ? sql`and estado = ${estado}` : sql``}
        order by fecha_encargo desc nulls last, id desc nulls last`)) as unknown as { rows: { numero_rol: string }[] };
      return rows.map((r) => r.numero_rol);
    };
    const pendientes = await expected('pendiente');
    expect(pendientes).toHaveLength(25);
    const page = await lista('?search=ubicua');
    expect(page.totales).toEqual({ pendiente: 25, preparado: 0, listo_para_estampar: 0, estampado: LIST_COUNT_CAP });
    expect(page.totales_capped).toEqual(['estampado']);
    expect(page.count_capped).toBe(true);
    expect(page.results.map((e) => e.numero_rol)).toEqual((await expected()).slice(0, 20));
    const soloPendientes = await lista('?search=ubicua&estado=pendiente&page=2&page_size=10');
    expect(soloPendientes.count).toBe(25);
    expect(soloPendientes.count_capped).toBe(false);
    expect(soloPendientes.results.map((e) => e.numero_rol)).toEqual(pendientes.slice(10, 20));
    const estampados = await lista('?search=ubicua&estado=estampado&page=3');
    expect(estampados.count).toBe(LIST_COUNT_CAP);
    expect(estampados.count_capped).toBe(true);
    expect(estampados.results.map((e) => e.numero_rol)).toEqual((await expected('estampado')).slice(40, 60));
    // Too many matches to remember them: the counts are remembered, the pages read in list order. A
    // change made with the triggers off (the changes counter stays) is not seen by the counts, and is
    // by the page.
    const [primera] = pendientes;
    await sinTriggers(sql`update encargos set estado = 'preparado' where numero_rol = ${primera}`);
    const recordada = await lista('?search=ubicua&estado=pendiente&page_size=100');
    expect(recordada.count).toBe(25);
    expect(recordada.results.map((e) => e.numero_rol)).toEqual(pendientes.slice(1));
    await sinTriggers(sql`update encargos set estado = 'pendiente' where numero_rol = ${primera}`);
    await db.execute(sql`delete from encargos where ejecutados like 'Muestreada Ubicua %'`);
  });

  it('caps the counts of a very common word and says so, still answering the newest page', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const [model] = await db.select().from(tenantSchema.encargos).where(eq(tenantSchema.encargos.numeroRol, 'C-7301-2023'));
    if (!model) throw new Error('no model row');
    await db.execute(sql`
      insert into encargos (numero_rol, estado, fecha_encargo, ejecutados, partes, estudio_id, observaciones_encargo)
      select 'C-' || (20000 + g) || '-2020', 'pendiente', date '2020-01-01' + g, 'Frecuente Comunísimo ' || g, '',
             ${model.estudioId}, 'Es urgente'
      from generate_series(1, 1005) g`);
    const page = await lista(`?search=comunisimo`);
    expect(page.count_capped).toBe(true);
    expect(page.count).toBe(1000);
    expect(page.totales.pendiente).toBe(1000);
    expect(page.totales_capped).toEqual(['pendiente']);
    expect(page.results).toHaveLength(20);
    expect(page.results[0]?.numero_rol).toBe('C-21005-2020');
    const exact = await lista(`?search=${encodeURIComponent('comunisimo 1005')}`);
    expect(exact.count_capped).toBe(false);
    expect(exact.totales_capped).toEqual([]);
    expect(exact.results.map((e) => e.numero_rol)).toEqual(['C-21005-2020']);
  });
});

describe('remembered searches', () => {
  /** `n` assignments whose ejecutados start with `word`, every `every`-th pendiente, the rest estampado. */
  const insertar = async (tenantId: number, word: string, n: number, every: number) => {
    const db = await t.tenantDbOf(tenantId);
    const [estudio] = await db.select().from(tenantSchema.estudios).limit(1);
    if (!estudio) throw new Error('no firm');
    await db.execute(sql`
      insert into encargos (numero_rol, estado, fecha_encargo, ejecutados, partes, estudio_id)
      select 'R-' || g || '-2017', case when g % ${every} = 0 then 'pendiente' else 'estampado' end,
             date '2017-01-01' + (g % 200), ${word} || ' ' || g, '', ${estudio.id}
      from generate_series(1, ${n}) g`);
    return db;
  };

  it('are found again after any change to an assignment, whichever way it was made', async () => {
    const db = await insertar(t.mainTenantId, 'Recordada', 2_100, 42);
    const before = await lista('?search=recordada');
    expect(before.totales).toEqual({ pendiente: 50, preparado: 0, listo_para_estampar: 0, estampado: LIST_COUNT_CAP });
    // Read again (a second page, a state tile): the same counts.
    expect((await lista('?search=recordada&page=2')).totales.pendiente).toBe(50);
    expect((await lista('?search=recordada&estado=pendiente')).count).toBe(50);
    // They come from memory, counts and matches: a change made with the triggers off (so the changes
    // counter stays) is not seen by them until a real change; the page's assignments are read as they are now.
    await sinTriggers(sql`update encargos set estado = 'preparado' where numero_rol = 'R-2100-2017'`);
    const remembered = await lista('?search=recordada&estado=pendiente&page_size=100');
    expect(remembered.count).toBe(50);
    expect(remembered.results).toHaveLength(50);
    expect(remembered.results.find((e) => e.numero_rol === 'R-2100-2017')?.estado).toBe('preparado');
    await sinTriggers(sql`update encargos set estado = 'pendiente' where numero_rol = 'R-2100-2017'`);

    // Created through the API.
    const nuevo = await crear({ numero_rol: 'C-9901-2025', ejecutados: 'Recordada Nueva' });
    const created = await lista('?search=recordada');
    expect(created.totales[nuevo.estado]).toBe(nuevo.estado === 'estampado' ? LIST_COUNT_CAP : 1);
    expect(created.results[0]?.numero_rol).toBe('C-9901-2025');

    // Changed straight in the database: a state, then a deletion.
    await db.execute(sql`update encargos set estado = 'preparado' where numero_rol in ('R-42-2017', 'R-84-2017')`);
    const changed = await lista('?search=recordada');
    expect(changed.totales.pendiente).toBe(48);
    expect(changed.totales.preparado).toBe(nuevo.estado === 'preparado' ? 3 : 2);
    await db.execute(sql`delete from encargos where ejecutados like 'Recordada %' and estado = 'pendiente'`);
    const deleted = await lista('?search=recordada&estado=pendiente');
    expect(deleted.count).toBe(nuevo.estado === 'pendiente' ? 1 : 0);
    expect(deleted.results.every((e) => e.estado === 'pendiente')).toBe(true);
    await db.execute(sql`delete from encargos where ejecutados like 'Recordada %'`);
    expect((await lista('?search=recordada')).count).toBe(0);
  });

  it('keep a rare word\'s few matches too, their assignments read as they are now', async () => {
    const db = await insertar(t.mainTenantId, 'Escasísima', 3, 1);
    const first = await lista('?search=escasisima');
    expect(first.count).toBe(3);
    // Renamed with the triggers off: still found (its match is remembered), shown with its new name.
    await sinTriggers(sql`update encargos set ejecutados = 'Otro Nombre' where ejecutados = 'Escasísima 2'`);
    const again = await lista('?search=escasisima');
    expect(again.results.map((e) => e.ejecutados).sort()).toEqual(['Escasísima 1', 'Escasísima 3', 'Otro Nombre']);
    expect((await lista('?search=escasisima&estado=pendiente&page=2&page_size=2')).results).toHaveLength(1);
    expect((await lista('?search=escasisima&estado=estampado')).results).toEqual([]);
    // Any real change to any assignment: found again.
    await db.execute(sql`update encargos set observaciones_encargo = observaciones_encargo where numero_rol = 'C-7301-2023'`);
    const found = await lista('?search=escasisima');
    expect(found.results.map((e) => e.ejecutados).sort()).toEqual(['Escasísima 1', 'Escasísima 3']);
    await db.execute(sql`delete from encargos where ejecutados in ('Escasísima 1', 'Otro Nombre', 'Escasísima 3')`);
  });

  it('follow a renamed firm: its word no longer finds the assignments it named', async () => {
    const zorzal = await registerEstudio(t, token, {
      nombre: 'Abogados Zorzal y Compañía',
      partes_demandantes: [{ nombre: 'Aves Unidas S.A.', tipo: 'empresa' }],
    });
    const db = await t.tenantDbOf(t.mainTenantId);
    await db.execute(sql`
      insert into encargos (numero_rol, estado, fecha_encargo, ejecutados, partes, estudio_id)
      select 'Z-' || g || '-2016', 'estampado', date '2016-01-01' + (g % 200), 'Sin Nombre ' || g, '', ${zorzal.id}
      from generate_series(1, 2010) g`);
    const named = await lista('?search=zorzal');
    expect(named.totales.estampado).toBe(LIST_COUNT_CAP);
    expect(named.results).toHaveLength(20);
    // No assignment changes: only the firm's name.
    await db.update(tenantSchema.estudios).set({ nombre: 'Abogados Tordo y Compañía' }).where(eq(tenantSchema.estudios.id, zorzal.id));
    const renamed = await lista('?search=zorzal');
    expect(renamed.count).toBe(0);
    expect(renamed.results).toEqual([]);
    expect((await lista('?search=tordo')).totales.estampado).toBe(LIST_COUNT_CAP);
    await db.execute(sql`delete from encargos where estudio_id = ${zorzal.id}`);
  });

  it('are each receiver\'s own, even when both have made as many changes', async () => {
    const otro = await t.createTenant();
    await t.createUser({ tenantId: otro.id, username: 'buscadora_otra' });
    const otroToken = await t.login('buscadora_otra');
    await registerEstudio(t, otroToken, { nombre: 'Estudio del Otro Receptor', partes_demandantes: [{ nombre: 'Otra Parte S.A.', tipo: 'empresa' }] });
    await insertar(t.mainTenantId, 'Gemela', 2_100, 30);
    const otroDb = await insertar(otro.id, 'Gemela', 2_500, 7);
    // Both receivers' change counters at the same sum, so only the receiver tells them apart.
    const mainDb = await t.tenantDbOf(t.mainTenantId);
    const sum = async (db: typeof mainDb) =>
      Number(((await db.execute(sql`select coalesce(sum(cambios), 0)::int as n from encargos_cambios`)) as unknown as { rows: { n: number }[] }).rows[0]?.n);
    const target = Math.max(await sum(mainDb), await sum(otroDb)) + 1;
    for (const db of [mainDb, otroDb]) {
      await db.execute(sql`insert into encargos_cambios (shard, cambios) values (31, ${target - (await sum(db))})
        on conflict (shard) do update set cambios = encargos_cambios.cambios + excluded.cambios`);
    }
    expect(await sum(mainDb)).toBe(await sum(otroDb));

    const mine = await lista('?search=gemela');
    const theirs = (await listaEncargos(t, otroToken, '?search=gemela')).body;
    expect(mine.totales.pendiente).toBe(70);
    expect(theirs.totales.pendiente).toBe(357);
    expect((await lista('?search=gemela')).totales.pendiente).toBe(70);
    expect((await listaEncargos(t, otroToken, '?search=gemela')).body.totales.pendiente).toBe(357);
    await mainDb.execute(sql`delete from encargos where ejecutados like 'Gemela %'`);
  });
});
