import {
  CobranzaEncargosResponseSchema,
  CobranzaHistorialSchema,
  cobranzaMessages,
  commonMessages,
  FacturablesResponseSchema,
  GenerarPlanillaResponseSchema,
  ReciboResponseSchema,
  recibosMessages as m,
} from '@receptoria/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { seedDiligencia, seedEncargo, seedEstudio } from '../rutas/rutas.fixtures';

let t: TestContext;
let edita: string;
let imprime: string;
let sinCobranza: string;
let ajeno: string;
let estudio: { id: number; nombre: string };
let otro: { id: number; nombre: string };
let ajenoEstudioId: number;
/** Diligence ids by rol: C-F1 (two diligences), C-F2, C-F3 stamped; C-F4 still being prepared; C-F5 of the other firm. */
const dil: Record<string, number[]> = {};
const encargoDe: Record<string, number> = {};

async function seed(rol: string, estudioId: number, estado: 'estampado' | 'preparado', diligencias: { fecha: string; valorFinal: number }[]) {
  const db = await t.tenantDbOf(t.mainTenantId);
  const { encargo } = await seedEncargo(db, { estudioId, numeroRol: rol, estado, fechaEstampado: estado === 'estampado' ? '2026-03-03' : null });
  encargoDe[rol] = encargo.id;
  dil[rol] = [];
  for (const d of diligencias) dil[rol]!.push((await seedDiligencia(db, encargo.id, d)).id);
}

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'fact_edita', permisos: ['edit_asocia_recibos'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'fact_imprime', permisos: ['imprime_recibos'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'fact_sin_cobranza', permisos: ['estampa_1'] });
  edita = await t.login('fact_edita');
  imprime = await t.login('fact_imprime');
  sinCobranza = await t.login('fact_sin_cobranza');
  const db = await t.tenantDbOf(t.mainTenantId);
  estudio = await seedEstudio(db, 'Estudio Facturable');
  otro = await seedEstudio(db, 'Otro Estudio');
  await seed('C-F1-2026', estudio.id, 'estampado', [
    { fecha: '2026-03-01T10:00:00-03:00', valorFinal: 15_000 },
    { fecha: '2026-03-02T10:00:00-03:00', valorFinal: 25_000 },
  ]);
  await seed('C-F2-2026', estudio.id, 'estampado', [{ fecha: '2026-03-02T11:00:00-03:00', valorFinal: 30_000 }]);
  await seed('C-F3-2026', estudio.id, 'estampado', [{ fecha: '2026-03-02T12:00:00-03:00', valorFinal: 40_000 }]);
  await seed('C-F4-2026', estudio.id, 'preparado', [{ fecha: '2026-03-02T13:00:00-03:00', valorFinal: 50_000 }]);
  await seed('C-F5-2026', otro.id, 'estampado', [{ fecha: '2026-03-02T14:00:00-03:00', valorFinal: 60_000 }]);
  const other = await t.createTenant();
  await t.createUser({ tenantId: other.id, username: 'fact_ajeno', permisos: ['imprime_recibos', 'edit_asocia_recibos', 'rebaja_recibos', 'recibos_periodo'] });
  ajeno = await t.login('fact_ajeno');
  const otherDb = await t.tenantDbOf(other.id);
  // Ids that this receiver's database does not have, so a 404 proves isolation and not a missing row.
  await otherDb.execute(sql`select setval('estudios_id_seq', 500000)`);
  ajenoEstudioId = (await seedEstudio(otherDb, 'Estudio Ajeno')).id;
});
afterAll(async () => {
  await t.close();
});

const facturables = (token: string, estudioId: number | string) =>
  t.request(token, { method: 'GET', url: '/api/v1/recibos/facturables/', query: { estudio: String(estudioId) } });

const crear = async (ids: number[], fecha = '2026-03-10') => {
  const response = await t.request(imprime, { method: 'POST', url: '/api/v1/recibos/', payload: { estudio_id: estudio.id, diligencia_ids: ids, fecha } });
  expect(response.statusCode, response.body).toBe(201);
  return ReciboResponseSchema.parse(response.json()).recibo;
};

describe('GET /recibos/facturables/', () => {
  it('lists the firm’s stamped diligences that no receipt holds; a receipt takes them out and voiding gives them back', async () => {
    const antes = FacturablesResponseSchema.parse((await facturables(imprime, estudio.id)).json());
    expect(antes).toEqual([
      { diligencia_id: dil['C-F1-2026']![0], encargo_id: encargoDe['C-F1-2026'], numero_rol: 'C-F1-2026', tipo: expect.any(String), valor: 15_000, fecha_diligencia: '2026-03-01' },
      { diligencia_id: dil['C-F1-2026']![1], encargo_id: encargoDe['C-F1-2026'], numero_rol: 'C-F1-2026', tipo: expect.any(String), valor: 25_000, fecha_diligencia: '2026-03-02' },
      { diligencia_id: dil['C-F2-2026']![0], encargo_id: encargoDe['C-F2-2026'], numero_rol: 'C-F2-2026', tipo: expect.any(String), valor: 30_000, fecha_diligencia: '2026-03-02' },
      { diligencia_id: dil['C-F3-2026']![0], encargo_id: encargoDe['C-F3-2026'], numero_rol: 'C-F3-2026', tipo: expect.any(String), valor: 40_000, fecha_diligencia: '2026-03-02' },
    ]);
    const recibo = await crear([dil['C-F2-2026']![0]!]);
    const despues = FacturablesResponseSchema.parse((await facturables(imprime, estudio.id)).json());
    expect(despues.map((f) => f.numero_rol)).toEqual(['C-F1-2026', 'C-F1-2026', 'C-F3-2026']);
    const anular = await t.request(imprime, { method: 'POST', url: `/api/v1/recibos/${recibo.id}/anular/`, payload: { motivo: 'Emitido por error' } });
    expect(anular.statusCode, anular.body).toBe(200);
    expect(FacturablesResponseSchema.parse((await facturables(imprime, estudio.id)).json())).toEqual(antes);
  });

  it('needs a firm of this receiver: 400 without one, 404 for an unknown or another receiver’s firm', async () => {
    const sin = await t.request(imprime, { method: 'GET', url: '/api/v1/recibos/facturables/' });
    expect(sin.statusCode).toBe(400);
    expect(sin.json().detail).toContain(m.estudioInvalido);
    expect((await facturables(imprime, 'abc')).statusCode).toBe(400);
    const foreign = await facturables(imprime, ajenoEstudioId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(m.estudioNoEncontrado);
    expect((await facturables(ajeno, estudio.id)).statusCode).toBe(404);
  });

  it('needs the cobranza module (403 in Spanish); each collection permission alone grants it (also the sheet’s new filter)', async () => {
    const preview = (token: string) => t.request(token, { method: 'GET', url: '/api/v1/cobranza/encargos/', query: { solo_sin_recibo: 'true' } });
    for (const refused of [await facturables(sinCobranza, estudio.id), await preview(sinCobranza)]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(commonMessages.forbidden);
    }
    for (const permiso of ['imprime_recibos', 'edit_asocia_recibos', 'rebaja_recibos', 'recibos_periodo']) {
      await t.createUser({ tenantId: t.mainTenantId, username: `fact_${permiso}`, permisos: [permiso] });
      const token = await t.login(`fact_${permiso}`);
      expect((await facturables(token, estudio.id)).statusCode, permiso).toBe(200);
      expect((await preview(token)).statusCode, permiso).toBe(200);
    }
  });
});

describe('PATCH /recibos/{id}/ (items added and removed)', () => {
  it('needs edit_asocia_recibos: refused without it (403), honoured with it; the items move in and out of the billable list', async () => {
    const recibo = await crear([dil['C-F1-2026']![0]!]);
    const body = { agregar: [dil['C-F3-2026']![0]], quitar: [] };
    const refused = await t.request(imprime, { method: 'PATCH', url: `/api/v1/recibos/${recibo.id}/`, payload: body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(commonMessages.permissionMissing);
    const added = await t.request(edita, { method: 'PATCH', url: `/api/v1/recibos/${recibo.id}/`, payload: body });
    expect(added.statusCode, added.body).toBe(200);
    expect(ReciboResponseSchema.parse(added.json()).recibo.subtotal).toBe(55_000);
    expect(FacturablesResponseSchema.parse((await facturables(edita, estudio.id)).json()).map((f) => f.diligencia_id)).not.toContain(dil['C-F3-2026']![0]);
    const removed = await t.request(edita, { method: 'PATCH', url: `/api/v1/recibos/${recibo.id}/`, payload: { agregar: [], quitar: [dil['C-F3-2026']![0]] } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(ReciboResponseSchema.parse(removed.json()).recibo.items.map((i) => i.diligencia_id)).toEqual([dil['C-F1-2026']![0]]);
    expect(FacturablesResponseSchema.parse((await facturables(edita, estudio.id)).json()).map((f) => f.diligencia_id)).toContain(dil['C-F3-2026']![0]);
  });
});

describe('collection sheet: Recibo N° and sólo sin recibo', () => {
  const preview = (query: Record<string, string>) =>
    t.request(imprime, { method: 'GET', url: '/api/v1/cobranza/encargos/', query: { estudio: String(estudio.id), ...query } });

  it('shows the receipt billing each row’s diligence, filters to the unbilled rows, and writes the column in the XLSX', async () => {
    const recibo = await crear([dil['C-F3-2026']![0]!]);
    const all = CobranzaEncargosResponseSchema.parse((await preview({})).json());
    const numeroDe = (rol: string) => all.encargos.find((e) => e.numero_rol === rol)?.recibo_numero;
    expect(numeroDe('C-F3-2026')).toBe(recibo.numero);
    // The row's value is its last diligence's: C-F1's first diligence is on a receipt, its last is not.
    expect(numeroDe('C-F1-2026')).toBeNull();
    expect(numeroDe('C-F2-2026')).toBeNull();

    const unbilled = CobranzaEncargosResponseSchema.parse((await preview({ solo_sin_recibo: 'true' })).json());
    expect(unbilled.encargos.map((e) => e.numero_rol).sort()).toEqual(['C-F1-2026', 'C-F2-2026']);
    expect(unbilled.total).toBe(25_000 + 30_000);
    expect(CobranzaEncargosResponseSchema.parse((await preview({ solo_sin_recibo: 'false' })).json()).encargos).toHaveLength(3);
    const bad = await preview({ solo_sin_recibo: 'quizas' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain(cobranzaMessages.soloSinReciboInvalido);

    const generar = (encargos: number[], soloSinRecibo: boolean) =>
      t.request(imprime, {
        method: 'POST',
        url: '/estampados/api/cobranza/generar-planilla',
        payload: { encargos, columnasSeleccionadas: ['numero_rol', 'valor_asociado', 'Recibo N°'], filtros: { estudio: estudio.id, soloSinRecibo } },
      });
    const ids = all.encargos.map((e) => e.id);
    const refused = await generar(ids, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(cobranzaMessages.conRecibo(['C-F3-2026']));

    const sheet = await generar(ids, false);
    expect(sheet.statusCode, sheet.body).toBe(200);
    const archivo = GenerarPlanillaResponseSchema.parse(sheet.json()).archivo!;
    const file = await t.request(imprime, { method: 'GET', url: archivo.url });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.getWorksheet('Cobranza')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Rol', 'Valor Asociado', 'Recibo N°']);
    const filas = [2, 3, 4].map((n) => ws.getRow(n).values as unknown[]);
    expect(filas.find((f) => f[1] === 'C-F3-2026')?.[3]).toBe(recibo.numero);
    expect(filas.find((f) => f[1] === 'C-F2-2026')?.[3]).toBeUndefined();

    const onlyUnbilled = await generar(unbilled.encargos.map((e) => e.id), true);
    expect(onlyUnbilled.statusCode, onlyUnbilled.body).toBe(200);
    const historial = CobranzaHistorialSchema.parse((await t.request(imprime, { method: 'GET', url: '/estampados/api/cobranza/historial' })).json());
    expect(historial.planillas[0]?.filtros.soloSinRecibo).toBe(true);
  });
});
