import {
  CalendarioConfiguracionSchema,
  calendarioMessages as m,
  DiasHabilesResponseSchema,
  FeriadoListSchema,
  FeriadoPropioResponseSchema,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';

const BASE = '/api/v1/calendario';

let t: TestContext;
let tenantArica: number;
const tokens = { receptor: '', secretaria: '', gestor: '', arica: '' };

beforeAll(async () => {
  t = await createTestContext();
  tenantArica = (await t.createTenant({ nombre: 'Receptor Judicial Arica', rut: '11111111-1', comuna: 'Arica' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'cal_receptora', cargo: 'receptor', permisos: [] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'cal_secretaria', cargo: 'secretaria', permisos: ['estampa_1'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'cal_gestora', cargo: 'secretaria', permisos: ['gestiona_permisos'] });
  await t.createUser({ tenantId: tenantArica, username: 'cal_arica', cargo: 'receptor', permisos: [] });
  tokens.receptor = await t.login('cal_receptora');
  tokens.secretaria = await t.login('cal_secretaria');
  tokens.gestor = await t.login('cal_gestora');
  tokens.arica = await t.login('cal_arica');
});
afterAll(async () => {
  await t?.close();
});

const get = (token: string | undefined, url: string) => t.request(token, { method: 'GET', url: `${BASE}${url}` });
const post = (token: string | undefined, url: string, payload: unknown) =>
  t.request(token, { method: 'POST', url: `${BASE}${url}`, payload: payload as Record<string, unknown> });
const put = (token: string | undefined, url: string, payload: unknown) =>
  t.request(token, { method: 'PUT', url: `${BASE}${url}`, payload: payload as Record<string, unknown> });
const del = (token: string | undefined, url: string) => t.request(token, { method: 'DELETE', url: `${BASE}${url}` });

async function auditRows(tenantId: number, entidad: string) {
  const db = await t.tenantDbOf(tenantId);
  return db.select().from(tenantSchema.auditoria).where(eq(tenantSchema.auditoria.entidad, entidad));
}

describe('GET /calendario/feriados/', () => {
  it('lists the year sorted, with Sábado Santo, sources and no regional days in Santiago', async () => {
    const response = await get(tokens.secretaria, '/feriados/?anio=2026');
    expect(response.statusCode).toBe(200);
    const feriados = FeriadoListSchema.parse(response.json());
    expect(feriados.map((f) => f.fecha)).toEqual([...feriados.map((f) => f.fecha)].sort());
    expect(feriados.find((f) => f.fecha === '2026-04-04')).toMatchObject({ nombre: 'Sábado Santo', tipo: 'nacional', region: null, id: null });
    expect(feriados.find((f) => f.fecha === '2026-09-18')).toMatchObject({ irrenunciable: true, fuente: expect.stringContaining('Ley 19.973') });
    expect(feriados.filter((f) => f.tipo === 'nacional')).toHaveLength(16);
    expect(feriados.some((f) => f.tipo === 'regional')).toBe(false);
  });

  it('adds a region asked for, and the receiver in Arica gets its region by default', async () => {
    const pedida = FeriadoListSchema.parse((await get(tokens.receptor, '/feriados/?anio=2027&region=CL-AP')).json());
    expect(pedida.find((f) => f.fecha === '2027-06-07')).toMatchObject({ tipo: 'regional', region: 'CL-AP' });
    const arica = FeriadoListSchema.parse((await get(tokens.arica, '/feriados/?anio=2027')).json());
    expect(arica.find((f) => f.fecha === '2027-06-07')).toMatchObject({ tipo: 'regional', region: 'CL-AP' });
  });

  it.each([
    ['/feriados/', m.anioInvalido],
    ['/feriados/?anio=1999', m.anioInvalido],
    ['/feriados/?anio=2101', m.anioInvalido],
    ['/feriados/?anio=20x6', m.anioInvalido],
    ['/feriados/?anio=2026&region=CL-XX', m.regionInvalida],
  ])('%s → 400 in Spanish', async (url, detail) => {
    const response = await get(tokens.receptor, url);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(detail);
  });

  it('needs a session', async () => {
    expect((await get(undefined, '/feriados/?anio=2026')).statusCode).toBe(401);
  });
});

describe('own holidays', () => {
  it('the receptor adds one; it is listed, audited, moves a due date; a second on that date → 409; deleting restores', async () => {
    const antes = DiasHabilesResponseSchema.parse((await get(tokens.secretaria, '/dias_habiles/?desde=2026-11-25&dias=4')).json());
    expect(antes.vence).toBe('2026-11-30');

    const created = await post(tokens.receptor, '/feriados/', { fecha: '2026-11-27', nombre: '  Elección primaria  ' });
    expect(created.statusCode).toBe(201);
    const feriado = FeriadoPropioResponseSchema.parse(created.json());
    expect(feriado).toMatchObject({ fecha: '2026-11-27', nombre: 'Elección primaria', tipo: 'propio', message: m.feriadoAgregado });
    expect(feriado.id).toBeGreaterThan(0);

    const lista = FeriadoListSchema.parse((await get(tokens.secretaria, '/feriados/?anio=2026')).json());
    expect(lista.find((f) => f.fecha === '2026-11-27')).toMatchObject({ id: feriado.id, tipo: 'propio' });

    const despues = DiasHabilesResponseSchema.parse((await get(tokens.secretaria, '/dias_habiles/?desde=2026-11-25&dias=4')).json());
    expect(despues.vence).toBe('2026-12-01');
    expect(despues.excluidos).toContainEqual({ fecha: '2026-11-27', motivo: 'Feriado propio: Elección primaria' });

    const dup = await post(tokens.gestor, '/feriados/', { fecha: '2026-11-27', nombre: 'Otro' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe(m.feriadoDuplicado('2026-11-27'));

    const audit = await auditRows(t.mainTenantId, 'feriado_propio');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ accion: 'crear', entidadId: feriado.id });

    // Another receiver neither sees nor deletes it.
    const otra = FeriadoListSchema.parse((await get(tokens.arica, '/feriados/?anio=2026')).json());
    expect(otra.some((f) => f.tipo === 'propio')).toBe(false);
    expect((await get(tokens.arica, '/dias_habiles/?desde=2026-11-25&dias=4')).json().vence).toBe('2026-11-30');
    expect((await del(tokens.arica, `/feriados/${feriado.id}/`)).statusCode).toBe(404);

    const removed = await del(tokens.gestor, `/feriados/${feriado.id}/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: m.feriadoEliminado, plazos_recalculados: 0 });
    expect((await get(tokens.secretaria, '/dias_habiles/?desde=2026-11-25&dias=4')).json().vence).toBe('2026-11-30');
    expect((await auditRows(t.mainTenantId, 'feriado_propio')).map((r) => r.accion).sort()).toEqual(['crear', 'eliminar']);
    expect((await del(tokens.gestor, `/feriados/${feriado.id}/`)).statusCode).toBe(404);
  });

  it('a library holiday marked as hábil (no_feriado): left out of the list, counted, audited; deleting restores it', async () => {
    // The solstice day of 2027 (Monday 21 June): the press may list another date — verified yearly.
    expect((await get(tokens.secretaria, '/dias_habiles/?desde=2027-06-18&dias=2')).json().vence).toBe('2027-06-22');
    const created = await post(tokens.receptor, '/feriados/', { fecha: '2027-06-21', nombre: 'Pueblos Indígenas trasladado', tipo: 'no_feriado' });
    expect(created.statusCode, created.body).toBe(201);
    const entrada = FeriadoPropioResponseSchema.parse(created.json());
    expect(entrada).toMatchObject({
      fecha: '2027-06-21',
      tipo: 'no_feriado',
      message: m.diaHabilAgregado,
      plazos_recalculados: 0,
      fuente: m.fuenteNoFeriado('Día Nacional de los Pueblos Indígenas'),
    });

    const lista = FeriadoListSchema.parse((await get(tokens.secretaria, '/feriados/?anio=2027')).json());
    expect(lista.filter((f) => f.fecha === '2027-06-21')).toEqual([
      { id: entrada.id, fecha: '2027-06-21', nombre: 'Pueblos Indígenas trasladado', tipo: 'no_feriado', region: null, irrenunciable: false, fuente: entrada.fuente },
    ]);
    const r = DiasHabilesResponseSchema.parse((await get(tokens.secretaria, '/dias_habiles/?desde=2027-06-18&dias=2')).json());
    expect(r.vence).toBe('2027-06-21');
    expect(r.excluidos).toEqual([{ fecha: '2027-06-20', motivo: m.motivoDomingo }]);
    // Another receiver keeps the holiday.
    expect((await get(tokens.arica, '/dias_habiles/?desde=2027-06-18&dias=2')).json().vence).toBe('2027-06-22');
    expect((await auditRows(t.mainTenantId, 'feriado_propio')).find((a) => a.entidadId === entrada.id)?.cambios).toMatchObject({
      tipo: { antes: null, despues: 'no_feriado' },
    });

    const removed = await del(tokens.receptor, `/feriados/${entrada.id}/`);
    expect(removed.statusCode).toBe(200);
    const otraVez = FeriadoListSchema.parse((await get(tokens.secretaria, '/feriados/?anio=2027')).json());
    expect(otraVez.find((f) => f.fecha === '2027-06-21')).toMatchObject({ tipo: 'nacional', id: null });
    expect((await get(tokens.secretaria, '/dias_habiles/?desde=2027-06-18&dias=2')).json().vence).toBe('2027-06-22');
  });

  it('a regional day marked as hábil counts for its region only; a date without a library holiday → 400 in Spanish', async () => {
    const created = await post(tokens.arica, '/feriados/', { fecha: '2027-06-07', nombre: 'No se declaró este año', tipo: 'no_feriado' });
    expect(created.statusCode, created.body).toBe(201);
    expect((await get(tokens.arica, '/dias_habiles/?desde=2027-06-06&dias=1')).json().vence).toBe('2027-06-07');
    const lista = FeriadoListSchema.parse((await get(tokens.arica, '/feriados/?anio=2027')).json());
    expect(lista.filter((f) => f.fecha === '2027-06-07').map((f) => f.tipo)).toEqual(['no_feriado']);
    // Santiago has no holiday on that date: nothing to mark.
    const santiago = await post(tokens.receptor, '/feriados/', { fecha: '2027-06-07', nombre: 'X', tipo: 'no_feriado' });
    expect(santiago.statusCode).toBe(400);
    expect(santiago.json()).toMatchObject({ detail: m.noEsFeriadoLegal('2027-06-07'), errors: { fecha: [m.noEsFeriadoLegal('2027-06-07')] } });
    const tipo = await post(tokens.receptor, '/feriados/', { fecha: '2027-06-21', nombre: 'X', tipo: 'otro' });
    expect(tipo.statusCode).toBe(400);
    expect(JSON.stringify(tipo.json())).toContain(m.tipoPropioInvalido);
    expect((await del(tokens.arica, `/feriados/${(created.json() as { id: number }).id}/`)).statusCode).toBe(200);
  });

  it('only a national or regional day cannot be deleted (they have no id); bad ids → 404/400', async () => {
    expect((await del(tokens.receptor, '/feriados/999999/')).statusCode).toBe(404);
    const bad = await del(tokens.receptor, '/feriados/abc/');
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
  });

  it('a user without cargo receptor nor the permissions module cannot add or delete', async () => {
    const response = await post(tokens.secretaria, '/feriados/', { fecha: '2026-12-24', nombre: 'Nochebuena' });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(m.sinPermiso);
    expect((await del(tokens.secretaria, '/feriados/1/')).statusCode).toBe(403);
  });

  it.each([
    [{ fecha: '1999-05-01', nombre: 'X' }, m.fechaInvalida],
    [{ fecha: '2026-02-30', nombre: 'X' }, m.fechaInvalida],
    [{ fecha: '2026-12-24', nombre: '   ' }, m.nombreRequerido],
    [{ fecha: '2026-12-24', nombre: 'x'.repeat(151) }, m.nombreDemasiadoLargo],
    [{ nombre: 'X' }, m.fechaInvalida],
  ])('bad body %j → 400 in Spanish', async (body, detail) => {
    const response = await post(tokens.receptor, '/feriados/', body);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(detail);
  });
});

describe('configuración', () => {
  it('defaults: Saturdays hábiles, the office comuna region, 2 days to upload', async () => {
    expect(CalendarioConfiguracionSchema.parse((await get(tokens.secretaria, '/configuracion/')).json())).toEqual({
      sabado_habil: true,
      region: '',
      region_efectiva: 'CL-RM',
      dias_sla_subida: 2,
    });
    expect((await get(tokens.arica, '/configuracion/')).json()).toMatchObject({ region: '', region_efectiva: 'CL-AP' });
  });

  it('the receptor saves it (audited); Saturdays off move a due date; the other receiver is unchanged', async () => {
    const saved = await put(tokens.receptor, '/configuracion/', { sabado_habil: false, region: 'CL-VS', dias_sla_subida: 3 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      sabado_habil: false,
      region: 'CL-VS',
      region_efectiva: 'CL-VS',
      dias_sla_subida: 3,
      message: m.configuracionGuardada,
      plazos_recalculados: 0,
    });
    expect((await get(tokens.secretaria, '/configuracion/')).json()).toMatchObject({ sabado_habil: false, region: 'CL-VS' });
    const r = DiasHabilesResponseSchema.parse((await get(tokens.secretaria, '/dias_habiles/?desde=2026-11-25&dias=4')).json());
    expect(r.vence).toBe('2026-12-01');
    expect(r.excluidos).toEqual([
      { fecha: '2026-11-28', motivo: m.motivoSabado },
      { fecha: '2026-11-29', motivo: m.motivoDomingo },
    ]);
    expect((await get(tokens.arica, '/configuracion/')).json()).toMatchObject({ sabado_habil: true, region_efectiva: 'CL-AP' });
    const audit = await auditRows(t.mainTenantId, 'calendario_configuracion');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.cambios).toMatchObject({ sabado_habil: { antes: true, despues: false }, region: { antes: '', despues: 'CL-VS' } });

    const back = await put(tokens.gestor, '/configuracion/', { sabado_habil: true, region: '', dias_sla_subida: 2 });
    expect(back.json()).toMatchObject({ region: '', region_efectiva: 'CL-RM' });
  });

  it('refuses other users and bad bodies in Spanish', async () => {
    expect((await put(tokens.secretaria, '/configuracion/', { sabado_habil: true, region: '', dias_sla_subida: 2 })).statusCode).toBe(403);
    const region = await put(tokens.receptor, '/configuracion/', { sabado_habil: true, region: 'CL-XX', dias_sla_subida: 2 });
    expect(region.statusCode).toBe(400);
    expect(JSON.stringify(region.json())).toContain(m.regionInvalida);
    const sla = await put(tokens.receptor, '/configuracion/', { sabado_habil: true, region: '', dias_sla_subida: 99 });
    expect(sla.statusCode).toBe(400);
    expect(JSON.stringify(sla.json())).toContain(m.diasSlaInvalidos);
  });
});

describe('GET /calendario/dias_habiles/', () => {
  it('counts from the day after, skipping holidays and Sundays', async () => {
    const response = await get(tokens.secretaria, '/dias_habiles/?desde=2026-09-16&dias=4');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      desde: '2026-09-16',
      dias: 4,
      vence: '2026-09-23',
      excluidos: [
        { fecha: '2026-09-18', motivo: 'Feriado: Independencia Nacional' },
        { fecha: '2026-09-19', motivo: 'Feriado: Día de las Glorias del Ejército' },
        { fecha: '2026-09-20', motivo: m.motivoDomingo },
      ],
    });
    // Viernes and Sábado Santo 2026.
    expect((await get(tokens.secretaria, '/dias_habiles/?desde=2026-04-02&dias=1')).json().vence).toBe('2026-04-06');
  });

  it('uses the receiver region: the Arica day moves Arica’s due date only', async () => {
    expect((await get(tokens.arica, '/dias_habiles/?desde=2027-06-06&dias=1')).json().vence).toBe('2027-06-08');
    expect((await get(tokens.receptor, '/dias_habiles/?desde=2027-06-06&dias=1')).json().vence).toBe('2027-06-07');
  });

  it('counts up to 365 días at the end of the range', async () => {
    const response = await get(tokens.receptor, '/dias_habiles/?desde=2100-12-31&dias=365');
    expect(response.statusCode).toBe(200);
    expect(response.json().vence.startsWith('2102-')).toBe(true);
  });

  it.each([
    ['/dias_habiles/?desde=1999-12-31&dias=4', m.fechaInvalida],
    ['/dias_habiles/?desde=2101-01-01&dias=4', m.fechaInvalida],
    ['/dias_habiles/?desde=2026-13-01&dias=4', m.fechaInvalida],
    ['/dias_habiles/?dias=4', m.fechaInvalida],
    ['/dias_habiles/?desde=2026-01-01&dias=0', m.diasInvalidos],
    ['/dias_habiles/?desde=2026-01-01&dias=366', m.diasInvalidos],
    ['/dias_habiles/?desde=2026-01-01', m.diasInvalidos],
  ])('%s → 400 in Spanish', async (url, detail) => {
    const response = await get(tokens.receptor, url);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(detail);
  });
});
