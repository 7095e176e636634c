import { gunzipSync } from 'node:zlib';
import {
  CalendarioConfiguracionUpdateResponseSchema,
  calendarioMessages as cm,
  type ColaResponse,
  ColaResponseSchema,
  DiasHabilesResponseSchema,
  type Encargo,
  MarcarSubidoResponseSchema,
  PlazoCumplidoResponseSchema,
  PlazoListSchema,
  plazoMessages as m,
  sumarDias,
  todayIso,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../../plugins/compression';
import { createTestContext, type TestContext } from '../../../test/helper';
import { resultadosBody, type ResultadosWorld, setupResultados, tipoId } from '../diligencias/resultados.fixtures';
import { crearEncargo, registerEstudio } from '../encargos/encargos.fixtures';
import { dosBusquedas } from '../visitas/visitas.fixtures';

let t: TestContext;
let w: ResultadosWorld;
const tipos = { requerimiento: 0, art44: 0, positiva: 0 };
let rolCounter = 700;
let tokenReceptora = '';

beforeAll(async () => {
  t = await createTestContext();
  w = await setupResultados(t);
  tipos.requerimiento = await tipoId(t, 'requerimiento_pago');
  tipos.art44 = await tipoId(t, 'notificacion_subsidiaria_art_44');
  tipos.positiva = await tipoId(t, 'busqueda_positiva');
  await t.createUser({ tenantId: t.mainTenantId, username: 'plazos_receptora', cargo: 'receptor', permisos: [] });
  tokenReceptora = await t.login('plazos_receptora');
});
afterAll(() => t.close());

const TODO = '?desde=2000-01-01&hasta=2100-12-31';

async function nuevo(): Promise<Encargo> {
  return crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: `C-${(rolCounter += 1)}-2026` });
}

const guardar = (payload: Record<string, unknown>, token = w.tokenA) =>
  t.request(token, { method: 'POST', url: '/api/v1/diligencias/guardar_resultados/', payload });

async function plazosRows(encargoId: number) {
  const db = await t.tenantDbOf(t.mainTenantId);
  return db.select().from(tenantSchema.plazos).where(eq(tenantSchema.plazos.encargoId, encargoId)).orderBy(asc(tenantSchema.plazos.id));
}

async function listar(query: string, token = w.tokenA) {
  const response = await t.request(token, { method: 'GET', url: `/api/v1/calendario/plazos/${query}` });
  expect(response.statusCode).toBe(200);
  const lista = PlazoListSchema.parse(response.json());
  // The body PostgreSQL writes is the contract's JSON as JSON.stringify writes it: keys in order, no spaces.
  expect(response.body).toBe(JSON.stringify(lista));
  return lista;
}

/** Saves a requerimiento de pago (or another type) for a new assignment; returns the assignment. */
async function conResultado(tipo: number, fecha: string, extra: Record<string, unknown> = {}) {
  const encargo = await nuevo();
  // Art. 44 needs two positive searches at the address on different days before it (issue 23).
  if (tipo === tipos.art44) await dosBusquedas(t, w.tokenA, encargo, [sumarDias(fecha.slice(0, 10), -2), sumarDias(fecha.slice(0, 10), -1)]);
  const response = await guardar(resultadosBody(encargo.numero_rol, tipo, { fecha_diligencia: fecha, ...extra }));
  expect(response.statusCode, response.body).toBe(200);
  return encargo;
}

describe('deadlines started by a results save', () => {
  it.each([
    ['comuna_tribunal', {}, 4, '2026-09-23'],
    ['territorio_tribunal', {}, 8, '2026-09-28'],
    ['fuera_territorio', { dias_tabla: 3 }, 11, '2026-10-01'],
  ])('a requerimiento de pago in %s → excepciones due on the right día hábil', async (lugar, extra, dias, vence) => {
    // From Wed 2026-09-16: 17 counts, 18 and 19 (Fiestas Patrias) and Sunday 20 are skipped.
    const encargo = await conResultado(tipos.requerimiento, '2026-09-16T10:30:00-03:00', { lugar_requerimiento: lugar, ...extra });
    const [plazo] = await plazosRows(encargo.id);
    expect(plazo).toMatchObject({ tipo: 'excepciones', desde: '2026-09-16', dias, vence, estado: 'pendiente', lugarRequerimiento: lugar });
    expect(plazo?.origen).toMatch(/^diligencia:\d+$/);
    const lista = await listar(`?desde=2026-09-01&hasta=2026-10-31&encargo=${encargo.id}`);
    // Stored pendiente, read vencido: its due date is before today.
    expect(lista).toEqual([
      {
        id: plazo?.id,
        encargo_id: encargo.id,
        numero_rol: encargo.numero_rol,
        estudio_id: w.estudioA.id,
        estudio: w.estudioA.nombre,
        tipo: 'excepciones',
        vence,
        estado: 'vencido',
        origen: plazo?.origen,
        cumplido_en: null,
        referencia: null,
      },
    ]);
  });

  it('the Santiago date of the diligence counts (late evening UTC is still the same day in Santiago)', async () => {
    const encargo = await conResultado(tipos.requerimiento, '2026-09-16T23:30:00-03:00', { lugar_requerimiento: 'comuna_tribunal' });
    expect((await plazosRows(encargo.id))[0]).toMatchObject({ desde: '2026-09-16', vence: '2026-09-23' });
  });

  it('a requerimiento without its place → 400 in Spanish, nothing stored', async () => {
    const encargo = await nuevo();
    const response = await guardar(resultadosBody(encargo.numero_rol, tipos.requerimiento, { fecha_diligencia: '2026-09-16T10:30:00-03:00' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: m.lugarRequerido, errors: { lugar_requerimiento: [m.lugarRequerido] } });
    const db = await t.tenantDbOf(t.mainTenantId);
    expect(await db.select().from(tenantSchema.diligencias).where(eq(tenantSchema.diligencias.encargoId, encargo.id))).toHaveLength(0);
    expect(await plazosRows(encargo.id)).toHaveLength(0);
  });

  it.each([
    [{ lugar_requerimiento: 'fuera_territorio' }, m.diasTablaRequeridos],
    [{ lugar_requerimiento: 'fuera_territorio', dias_tabla: 61 }, m.diasTablaInvalidos],
    [{ lugar_requerimiento: 'fuera_territorio', dias_tabla: 'x' }, m.diasTablaInvalidos],
    [{ lugar_requerimiento: 'luna' }, m.lugarInvalido],
  ])('%j → 400 in Spanish', async (extra, detail) => {
    const encargo = await nuevo();
    const response = await guardar(resultadosBody(encargo.numero_rol, tipos.requerimiento, { fecha_diligencia: '2026-09-16T10:30:00-03:00', ...extra }));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(detail);
    expect(await plazosRows(encargo.id)).toHaveLength(0);
  });

  it('other types start no deadline and ignore the place', async () => {
    const encargo = await conResultado(tipos.positiva, '2026-09-16T10:30:00-03:00');
    expect(await plazosRows(encargo.id)).toHaveLength(0);
  });

  it('an art. 44 notification → the art. 46 letter due 2 días hábiles after', async () => {
    const encargo = await conResultado(tipos.art44, '2026-11-25T12:00:00-03:00');
    const [plazo] = await plazosRows(encargo.id);
    expect(plazo).toMatchObject({ tipo: 'carta_art_46', desde: '2026-11-25', dias: 2, vence: '2026-11-27', estado: 'pendiente' });
  });

  it('a later requerimiento for the same assignment replaces the open one (kept, closed as reemplazado)', async () => {
    const encargo = await conResultado(tipos.requerimiento, '2026-09-16T10:30:00-03:00', { lugar_requerimiento: 'comuna_tribunal' });
    const again = await guardar(
      resultadosBody(encargo.numero_rol, tipos.requerimiento, { fecha_diligencia: '2026-10-05T10:30:00-03:00', lugar_requerimiento: 'territorio_tribunal' }),
    );
    expect(again.statusCode).toBe(200);
    const [viejo, nuevoPlazo] = await plazosRows(encargo.id);
    expect(viejo).toMatchObject({ estado: 'cumplido', cumplidoPor: 'reemplazado', cumplidoEn: '2026-10-05' });
    expect(nuevoPlazo).toMatchObject({ estado: 'pendiente', desde: '2026-10-05', dias: 8 });
  });
});

describe('the upload deadline of a generated stamp', () => {
  it('is due after dias_sla_subida días hábiles and is met by marcar_subido', async () => {
    const encargo = await conResultado(tipos.positiva, '2026-09-16T10:30:00-03:00');
    const generated = await t.request(w.tokenA, {
      method: 'POST',
      url: '/estampados/api/estampados/generar',
      payload: { tipo_estampado: tipos.positiva, encargo_id: encargo.id, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: false },
    });
    expect(generated.statusCode, generated.body).toBe(201);
    const hoy = todayIso();
    const esperado = DiasHabilesResponseSchema.parse(
      (await t.request(w.tokenA, { method: 'GET', url: `/api/v1/calendario/dias_habiles/?desde=${hoy}&dias=2` })).json(),
    ).vence;
    const [plazo] = await plazosRows(encargo.id);
    expect(plazo).toMatchObject({ tipo: 'subida_estampado', desde: hoy, dias: 2, vence: esperado, estado: 'pendiente' });
    expect(plazo?.origen).toBe(`estampado:${(generated.json() as { documento: { id: string } }).documento.id}`);
    expect((await listar(`${TODO}&estado=pendiente&encargo=${encargo.id}`)).map((p) => p.id)).toEqual([plazo?.id]);

    const otro = await t.request(w.tokenB, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/marcar_subido/`, payload: { fecha: hoy } });
    expect(otro.statusCode).toBe(404);
    const sinPermiso = await t.request(w.tokenSinPermiso, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/marcar_subido/`, payload: { fecha: hoy } });
    expect(sinPermiso.statusCode).toBe(403);
    const malaFecha = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/marcar_subido/`, payload: { fecha: '1999-12-31' } });
    expect(malaFecha.statusCode).toBe(400);
    expect(JSON.stringify(malaFecha.json())).toContain(cm.fechaInvalida);

    const subido = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/marcar_subido/`, payload: { fecha: hoy } });
    expect(subido.statusCode).toBe(200);
    expect(MarcarSubidoResponseSchema.parse(subido.json())).toEqual({ message: m.estampadoSubido, plazos_cumplidos: 1 });
    expect((await plazosRows(encargo.id))[0]).toMatchObject({ estado: 'cumplido', cumplidoEn: hoy, cumplidoPor: 'receptor_a' });
    expect((await listar(`${TODO}&estado=cumplido&encargo=${encargo.id}`)).map((p) => p.id)).toEqual([plazo?.id]);

    const denuevo = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/marcar_subido/`, payload: { fecha: hoy } });
    expect(denuevo.statusCode).toBe(409);
    expect(denuevo.json()).toMatchObject({ detail: m.sinSubidaPendiente });
    const db = await t.tenantDbOf(t.mainTenantId);
    const audit = await db.select().from(tenantSchema.auditoria).where(eq(tenantSchema.auditoria.accion, 'marcar_subido'));
    expect(audit.some((a) => a.entidadId === encargo.id)).toBe(true);
  });

  it('a requerimiento stamped from the typed results starts both deadlines; without its place → 400, nothing stored', async () => {
    const encargo = await nuevo();
    const datos = {
      numero_rol: encargo.numero_rol,
      fecha_diligencia: '16-09-2026',
      hora_diligencia: '10:30',
      apuntes_terreno: 'Requerido personalmente, no paga',
      tratamiento: 'don',
    };
    const generar = (extra: Record<string, unknown>) =>
      t.request(w.tokenA, {
        method: 'POST',
        url: '/estampados/api/estampados/generar',
        payload: { tipo_estampado: tipos.requerimiento, encargo_id: encargo.id, datos: { ...datos, ...extra }, validar_marcadores: false },
      });
    const sinLugar = await generar({});
    expect(sinLugar.statusCode).toBe(400);
    expect(sinLugar.json()).toMatchObject({ detail: m.lugarRequerido });
    expect(await plazosRows(encargo.id)).toHaveLength(0);
    const db = await t.tenantDbOf(t.mainTenantId);
    expect(await db.select().from(tenantSchema.estampados).where(eq(tenantSchema.estampados.encargoId, encargo.id))).toHaveLength(0);

    const ok = await generar({ lugar_requerimiento: 'fuera_territorio', dias_tabla: 3 });
    expect(ok.statusCode, ok.body).toBe(201);
    const rows = await plazosRows(encargo.id);
    expect(rows.map((p) => [p.tipo, p.desde, p.dias])).toEqual([
      ['excepciones', '2026-09-16', 11],
      ['subida_estampado', todayIso(), 2],
    ]);
    expect(rows[0]).toMatchObject({ vence: '2026-10-01', lugarRequerimiento: 'fuera_territorio', diasTabla: 3 });
  });

  it('an unknown assignment → 404 in Spanish', async () => {
    const response = await t.request(w.tokenA, { method: 'POST', url: '/api/v1/encargos/999999/marcar_subido/', payload: { fecha: '2026-11-20' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ detail: m.encargoNoEncontrado });
  });
});

describe('GET /calendario/plazos/ and cumplir', () => {
  it('filters by state (vencido read from the due date) and by range, sorted by due date', async () => {
    const a = await conResultado(tipos.requerimiento, '2026-09-16T10:30:00-03:00', { lugar_requerimiento: 'territorio_tribunal' });
    const b = await conResultado(tipos.requerimiento, '2026-09-16T10:30:00-03:00', { lugar_requerimiento: 'comuna_tribunal' });
    const rango = await listar('?desde=2026-09-23&hasta=2026-09-28');
    const ids = rango.map((p) => p.encargo_id);
    expect(ids).toContain(a.id);
    expect(ids).toContain(b.id);
    expect(rango.map((p) => p.vence)).toEqual([...rango.map((p) => p.vence)].sort());
    const nuestros = rango.filter((p) => p.encargo_id === a.id || p.encargo_id === b.id);
    expect(nuestros.map((p) => [p.vence, p.estado])).toEqual([
      ['2026-09-23', 'vencido'],
      ['2026-09-28', 'vencido'],
    ]);
    const vencidos = (await listar('?desde=2026-09-23&hasta=2026-09-28&estado=vencido')).map((p) => p.encargo_id);
    expect(vencidos).toEqual(expect.arrayContaining([a.id, b.id]));
    const pendientes = (await listar('?desde=2026-09-23&hasta=2026-09-28&estado=pendiente')).map((p) => p.encargo_id);
    expect(pendientes).not.toContain(a.id);
    expect((await listar('?desde=2026-09-23&hasta=2026-09-28&estado=cumplido')).every((p) => p.estado === 'cumplido')).toBe(true);
    expect((await listar('?desde=2026-09-24&hasta=2026-09-27')).some((p) => p.encargo_id === a.id || p.encargo_id === b.id)).toBe(false);
    // Any user of the receiver reads them.
    expect((await listar('?desde=2026-09-23&hasta=2026-09-28', w.tokenSinPermiso)).length).toBe(rango.length);
  });

  it('names each deadline\'s firm and filters by it (&estudio=)', async () => {
    // A name JSON escapes (quotes, a backslash, a tab) beside accents, written as JSON.stringify writes it (see listar).
    const otro = await registerEstudio(t, w.tokenA, { nombre: 'Estudio "Plazos" Sur \\ Ñuñoa\tLtda.' });
    expect(otro.nombre).toBe('Estudio "Plazos" Sur \\ Ñuñoa\tLtda.');
    const propio = await conResultado(tipos.requerimiento, '2026-10-05T10:00:00-03:00', { lugar_requerimiento: 'comuna_tribunal' });
    const ajeno = await crearEncargo(t, w.tokenA, otro, w.lookupsA, { numero_rol: `C-${(rolCounter += 1)}-2026` });
    const guardado = await guardar(resultadosBody(ajeno.numero_rol, tipos.requerimiento, { fecha_diligencia: '2026-10-05T11:00:00-03:00', lugar_requerimiento: 'comuna_tribunal' }));
    expect(guardado.statusCode, guardado.body).toBe(200);
    const rango = '?desde=2026-10-09&hasta=2026-10-09';
    const todos = await listar(rango);
    expect(todos.find((p) => p.encargo_id === propio.id)).toMatchObject({ estudio_id: w.estudioA.id, estudio: 'Larraín, Vial y Asociados Abogados' });
    expect(todos.find((p) => p.encargo_id === ajeno.id)).toMatchObject({ estudio_id: otro.id, estudio: otro.nombre });
    const soloOtro = await listar(`${rango}&estudio=${otro.id}`);
    expect(soloOtro.map((p) => p.encargo_id)).toEqual([ajeno.id]);
    expect((await listar(`${rango}&estudio=${w.estudioA.id}`)).map((p) => p.encargo_id)).not.toContain(ajeno.id);
    expect(await listar(`${rango}&estudio=999999`)).toEqual([]);
    // Blank means every firm.
    expect((await listar(`${rango}&estudio=`)).length).toBe(todos.length);
  });

  it('compressed for a client that accepts it: the same body (the text PostgreSQL wrote, gzipped)', async () => {
    const plain = await t.request(w.tokenA, { method: 'GET', url: `/api/v1/calendario/plazos/${TODO}` });
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const gzip = await t.request(w.tokenA, { method: 'GET', url: `/api/v1/calendario/plazos/${TODO}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('cumplir: the deadline met (200), then 409; unknown → 404; without the estampar module → 403', async () => {
    const encargo = await conResultado(tipos.art44, '2026-11-25T12:00:00-03:00');
    const [plazo] = await plazosRows(encargo.id);
    const url = `/api/v1/calendario/plazos/${plazo?.id}/cumplir/`;
    expect((await t.request(w.tokenSinPermiso, { method: 'POST', url })).statusCode).toBe(403);
    const ok = await t.request(w.tokenA, { method: 'POST', url });
    expect(ok.statusCode).toBe(200);
    expect(PlazoCumplidoResponseSchema.parse(ok.json())).toMatchObject({ id: plazo?.id, tipo: 'carta_art_46', estado: 'cumplido', message: m.plazoCumplido });
    const twice = await t.request(w.tokenA, { method: 'POST', url });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ detail: m.plazoYaCumplido });
    const unknown = await t.request(w.tokenA, { method: 'POST', url: '/api/v1/calendario/plazos/999999/cumplir/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: m.plazoNoEncontrado });
  });

  it.each([
    ['?desde=1999-12-31&hasta=2026-01-01', cm.fechaInvalida],
    ['?desde=2026-01-01&hasta=2101-01-01', cm.fechaInvalida],
    ['?desde=2026-01-01', cm.fechaInvalida],
    ['?desde=2026-02-01&hasta=2026-01-01', m.rangoInvalido],
    [`${TODO}&estado=otro`, m.estadoInvalido],
    [`${TODO}&encargo=abc`, m.encargoInvalido],
    [`${TODO}&estudio=0`, m.estudioInvalido],
  ])('%s → 400 in Spanish', async (query, detail) => {
    const response = await t.request(w.tokenA, { method: 'GET', url: `/api/v1/calendario/plazos/${query}` });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(detail);
  });

  it('another receiver sees none of them and cannot meet them', async () => {
    expect(await listar(TODO, w.tokenB)).toEqual([]);
    const [plazo] = await listar(TODO);
    const response = await t.request(w.tokenB, { method: 'POST', url: `/api/v1/calendario/plazos/${plazo?.id}/cumplir/` });
    expect([403, 404]).toContain(response.statusCode);
  });

  it('needs a session', async () => {
    expect((await t.request(undefined, { method: 'GET', url: `/api/v1/calendario/plazos/${TODO}` })).statusCode).toBe(401);
  });
});

describe('an own holiday moves the open deadlines', () => {
  it('adding one inside a span recomputes it (counted in the answer); removing it moves it back', async () => {
    // From Mon 2025-06-02, 4 días: 3, 4, 5, 6 → Fri 2025-06-06; with the 4th off → Sat 2025-06-07 (Saturdays hábiles).
    const encargo = await conResultado(tipos.requerimiento, '2025-06-02T09:00:00-04:00', { lugar_requerimiento: 'comuna_tribunal' });
    expect((await plazosRows(encargo.id))[0]?.vence).toBe('2025-06-06');
    const added = await t.request(tokenReceptora, { method: 'POST', url: '/api/v1/calendario/feriados/', payload: { fecha: '2025-06-04', nombre: 'Elección' } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ plazos_recalculados: 1 });
    expect((await plazosRows(encargo.id))[0]?.vence).toBe('2025-06-07');

    const afuera = await t.request(tokenReceptora, { method: 'POST', url: '/api/v1/calendario/feriados/', payload: { fecha: '2025-07-30', nombre: 'Fuera del plazo' } });
    expect(afuera.json()).toMatchObject({ plazos_recalculados: 0 });

    const id = (added.json() as { id: number }).id;
    const removed = await t.request(tokenReceptora, { method: 'DELETE', url: `/api/v1/calendario/feriados/${id}/` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ plazos_recalculados: 1 });
    expect((await plazosRows(encargo.id))[0]?.vence).toBe('2025-06-06');
  });
});

describe('a library holiday marked as hábil moves the open deadlines', () => {
  it('the solstice day of 2027 counted as hábil brings the due date a day earlier; removing the mark moves it back', async () => {
    // From Fri 2027-06-18, 4 días: Sat 19, (Sun 20, Mon 21 holiday), Tue 22, Wed 23, Thu 24 → 24; with 21 hábil → 23.
    const encargo = await conResultado(tipos.requerimiento, '2027-06-18T09:00:00-04:00', { lugar_requerimiento: 'comuna_tribunal' });
    expect((await plazosRows(encargo.id))[0]?.vence).toBe('2027-06-24');
    const added = await t.request(tokenReceptora, {
      method: 'POST',
      url: '/api/v1/calendario/feriados/',
      payload: { fecha: '2027-06-21', nombre: 'Pueblos Indígenas en otra fecha', tipo: 'no_feriado' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ tipo: 'no_feriado', plazos_recalculados: 1 });
    expect((await plazosRows(encargo.id))[0]?.vence).toBe('2027-06-23');
    const removed = await t.request(tokenReceptora, { method: 'DELETE', url: `/api/v1/calendario/feriados/${(added.json() as { id: number }).id}/` });
    expect(removed.json()).toMatchObject({ plazos_recalculados: 1 });
    expect((await plazosRows(encargo.id))[0]?.vence).toBe('2027-06-24');
  });
});

describe('the calendar settings move the open deadlines', () => {
  const put = (payload: Record<string, unknown>, token = tokenReceptora) =>
    t.request(token, { method: 'PUT', url: '/api/v1/calendario/configuracion/', payload });

  it('Saturdays off and another region recount the open ones (counted in the answer, audited); met ones stay', async () => {
    // From Wed 2026-11-25, 4 días: 30-11 with Saturdays hábiles, 01-12 without.
    const abierto = await conResultado(tipos.requerimiento, '2026-11-25T10:00:00-03:00', { lugar_requerimiento: 'comuna_tribunal' });
    const cumplido = await conResultado(tipos.requerimiento, '2026-11-25T10:00:00-03:00', { lugar_requerimiento: 'comuna_tribunal' });
    const [plazoCumplido] = await plazosRows(cumplido.id);
    expect((await t.request(w.tokenA, { method: 'POST', url: `/api/v1/calendario/plazos/${plazoCumplido?.id}/cumplir/` })).statusCode).toBe(200);
    // From Fri 2027-06-04, 4 días: Sat 5, Mon 7, Tue 8, Wed 9; with Arica's 7 June (region CL-AP) → Thu 10.
    const arica = await conResultado(tipos.requerimiento, '2027-06-04T10:00:00-04:00', { lugar_requerimiento: 'comuna_tribunal' });
    expect((await plazosRows(arica.id))[0]?.vence).toBe('2027-06-09');

    const sinSabado = await put({ sabado_habil: false, region: '', dias_sla_subida: 2 });
    expect(sinSabado.statusCode, sinSabado.body).toBe(200);
    expect(CalendarioConfiguracionUpdateResponseSchema.parse(sinSabado.json()).plazos_recalculados).toBeGreaterThanOrEqual(2);
    expect((await plazosRows(abierto.id))[0]?.vence).toBe('2026-12-01');
    expect((await plazosRows(cumplido.id))[0]?.vence).toBe('2026-11-30');
    // Sat 5 no longer counts: Mon 7, Tue 8, Wed 9, Thu 10.
    expect((await plazosRows(arica.id))[0]?.vence).toBe('2027-06-10');
    const db = await t.tenantDbOf(t.mainTenantId);
    const audit = await db.select().from(tenantSchema.auditoria).where(eq(tenantSchema.auditoria.accion, 'recalcular'));
    const idAbierto = (await plazosRows(abierto.id))[0]?.id;
    expect(audit.find((a) => a.entidadId === idAbierto)?.cambios).toEqual({ vence: { antes: '2026-11-30', despues: '2026-12-01' } });

    // The same settings again: nothing to recount.
    expect((await put({ sabado_habil: false, region: '', dias_sla_subida: 3 })).json()).toMatchObject({ plazos_recalculados: 0, dias_sla_subida: 3 });

    const region = await put({ sabado_habil: true, region: 'CL-AP', dias_sla_subida: 2 });
    expect(region.statusCode).toBe(200);
    expect(region.json()).toMatchObject({ region_efectiva: 'CL-AP' });
    expect((await plazosRows(abierto.id))[0]?.vence).toBe('2026-11-30');
    // Saturdays back and Arica's day off: Sat 5, Tue 8, Wed 9, Thu 10.
    expect((await plazosRows(arica.id))[0]?.vence).toBe('2027-06-10');

    const vuelta = await put({ sabado_habil: true, region: '', dias_sla_subida: 2 });
    expect(vuelta.json().plazos_recalculados).toBeGreaterThanOrEqual(1);
    expect((await plazosRows(arica.id))[0]?.vence).toBe('2027-06-09');
  });

  it('a user who cannot change the calendar moves nothing', async () => {
    const encargo = await conResultado(tipos.requerimiento, '2026-11-25T10:00:00-03:00', { lugar_requerimiento: 'comuna_tribunal' });
    await t.createUser({ tenantId: t.mainTenantId, username: 'plazos_secretaria', cargo: 'secretaria', permisos: ['estampa_1'] });
    const secretaria = await t.login('plazos_secretaria');
    expect((await put({ sabado_habil: false, region: '', dias_sla_subida: 2 }, secretaria)).statusCode).toBe(403);
    expect((await plazosRows(encargo.id))[0]?.vence).toBe('2026-11-30');
  });
});

describe('the work queue shows each assignment’s nearest open deadline', () => {
  const cola = async (token = w.tokenA) => {
    const response = await t.request(token, { method: 'GET', url: '/api/v1/diligencias/cola/' });
    expect(response.statusCode).toBe(200);
    return ColaResponseSchema.parse(response.json());
  };
  const enCola = (c: ColaResponse, rol: string) => [...c.esperando_resultados, ...c.esperando_estampado].find((x) => x.numero_rol === rol);

  it('the earliest open one (overdue flagged), none once met, null without deadlines; another receiver sees none', async () => {
    const vencido = await conResultado(tipos.requerimiento, '2026-09-16T10:30:00-03:00', { lugar_requerimiento: 'comuna_tribunal' });
    // Two open deadlines on one assignment: the requerimiento's far ahead, the art. 46 letter from today nearer.
    const dos = await conResultado(tipos.requerimiento, '2027-06-18T10:30:00-04:00', { lugar_requerimiento: 'comuna_tribunal' });
    const hoy = todayIso();
    const db = await t.tenantDbOf(t.mainTenantId);
    const manana = sumarDias(hoy, 1);
    const [carta] = await db
      .insert(tenantSchema.plazos)
      .values({ encargoId: dos.id, tipo: 'carta_art_46', desde: hoy, dias: 1, vence: manana, origen: 'diligencia:0' })
      .returning();
    const sinPlazo = await conResultado(tipos.positiva, '2026-09-16T10:30:00-03:00');
    const esperando = await nuevo();

    const c = await cola();
    expect(enCola(c, vencido.numero_rol)?.plazo_proximo).toEqual({ tipo: 'excepciones', vence: '2026-09-23', vencido: true });
    expect(enCola(c, dos.numero_rol)?.plazo_proximo).toEqual({ tipo: 'carta_art_46', vence: manana, vencido: false });
    expect(enCola(c, sinPlazo.numero_rol)?.plazo_proximo).toBeNull();
    expect(c.esperando_resultados.find((x) => x.numero_rol === esperando.numero_rol)?.plazo_proximo).toBeNull();

    // Met: the next open one shows.
    expect((await t.request(w.tokenA, { method: 'POST', url: `/api/v1/calendario/plazos/${carta?.id}/cumplir/` })).statusCode).toBe(200);
    expect(enCola(await cola(), dos.numero_rol)?.plazo_proximo).toEqual({ tipo: 'excepciones', vence: '2027-06-24', vencido: false });

    const otra = await cola(w.tokenB);
    expect(enCola(otra, vencido.numero_rol)).toBeUndefined();
  });
});
