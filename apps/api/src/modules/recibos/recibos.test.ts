import {
  BoletaSchema,
  commonMessages,
  ReciboConfiguracionSchema,
  ReciboResponseSchema,
  RecibosListResponseSchema,
  recibosMessages as m,
  RecibosPeriodoResponseSchema,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { seedDiligencia, seedEncargo, seedEstudio } from '../rutas/rutas.fixtures';

let t: TestContext;
let full: string;
let soloPeriodo: string;
let sinCobranza: string;
let ajeno: string;
let estudioA: { id: number; nombre: string };
let estudioB: { id: number; nombre: string };
let rolCounter = 0;

/** A stamped assignment of the firm with one diligence; returns the diligence id. */
async function diligenciaEstampada(estudioId: number, valor = 25_000, fecha = '2026-03-02T10:00:00-03:00', estado: 'estampado' | 'preparado' = 'estampado') {
  const db = await t.tenantDbOf(t.mainTenantId);
  rolCounter += 1;
  const { encargo } = await seedEncargo(db, { estudioId, numeroRol: `C-${rolCounter}-2026`, estado, fechaEstampado: estado === 'estampado' ? '2026-03-03' : null });
  return (await seedDiligencia(db, encargo.id, { fecha, valorFinal: valor })).id;
}

const crear = (token: string, payload: object) => t.request(token, { method: 'POST', url: '/api/v1/recibos/', payload });
const leer = (token: string, id: number) => t.request(token, { method: 'GET', url: `/api/v1/recibos/${id}/` });

async function reciboDe(ids: number[], estudioId = estudioA.id, fecha = '2026-03-10') {
  const response = await crear(full, { estudio_id: estudioId, diligencia_ids: ids, fecha });
  expect(response.statusCode, response.body).toBe(201);
  return ReciboResponseSchema.parse(response.json()).recibo;
}

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'cobro_total', permisos: ['imprime_recibos', 'edit_asocia_recibos', 'rebaja_recibos', 'recibos_periodo'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'cobro_periodo', permisos: ['recibos_periodo'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'sin_cobranza', permisos: ['estampa_1'] });
  full = await t.login('cobro_total');
  soloPeriodo = await t.login('cobro_periodo');
  sinCobranza = await t.login('sin_cobranza');
  const db = await t.tenantDbOf(t.mainTenantId);
  estudioA = await seedEstudio(db, 'Larraín y Asociados');
  estudioB = await seedEstudio(db, 'Pacífico Cobranzas');
  const other = await t.createTenant();
  await t.createUser({ tenantId: other.id, username: 'cobro_ajeno', permisos: ['imprime_recibos', 'edit_asocia_recibos', 'rebaja_recibos', 'recibos_periodo'] });
  ajeno = await t.login('cobro_ajeno');
});
afterAll(async () => {
  await t.close();
});

describe('receipt numbers', () => {
  it('20 receipts created in parallel get 20 consecutive numbers, and failed creations consume none', async () => {
    const config = ReciboConfiguracionSchema.parse((await t.request(full, { method: 'GET', url: '/api/v1/recibos/configuracion/' })).json());
    const start = config.siguiente_numero;
    const ids = await Promise.all(Array.from({ length: 20 }, () => diligenciaEstampada(estudioA.id)));
    const disputed = await diligenciaEstampada(estudioA.id);
    // 20 good ones and 4 racing for the same diligence: exactly one of those wins.
    const responses = await Promise.all([
      ...ids.map((id) => crear(full, { estudio_id: estudioA.id, diligencia_ids: [id], fecha: '2026-03-10' })),
      ...Array.from({ length: 4 }, () => crear(full, { estudio_id: estudioA.id, diligencia_ids: [disputed], fecha: '2026-03-10' })),
    ]);
    const created = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(created).toHaveLength(21);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.json().detail).toMatch(/ya está en (el|otro) recibo/);
    const numeros = created.map((r) => ReciboResponseSchema.parse(r.json()).recibo.numero).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 21 }, (_, i) => start + i));
    // A refused creation (wrong firm) takes no number either.
    const wrong = await crear(full, { estudio_id: estudioB.id, diligencia_ids: [await diligenciaEstampada(estudioA.id)], fecha: '2026-03-10' });
    expect(wrong.statusCode).toBe(400);
    const next = await reciboDe([await diligenciaEstampada(estudioA.id)]);
    expect(next.numero).toBe(start + 21);
  });

  it('numbering starts where configured, never at or below an issued number', async () => {
    const actual = ReciboConfiguracionSchema.parse((await t.request(full, { method: 'GET', url: '/api/v1/recibos/configuracion/' })).json());
    const bajo = await t.request(full, { method: 'PUT', url: '/api/v1/recibos/configuracion/', payload: { numero_inicial: actual.ultimo_numero } });
    expect(bajo.statusCode).toBe(400);
    expect(bajo.json().detail).toBe(m.numeroInicialBajo(actual.ultimo_numero!));
    const put = await t.request(full, { method: 'PUT', url: '/api/v1/recibos/configuracion/', payload: { numero_inicial: 5000 } });
    expect(put.statusCode).toBe(200);
    expect(ReciboConfiguracionSchema.parse(put.json())).toMatchObject({ numero_inicial: 5000, siguiente_numero: 5000 });
    expect((await reciboDe([await diligenciaEstampada(estudioA.id)])).numero).toBe(5000);
    expect((await reciboDe([await diligenciaEstampada(estudioA.id)])).numero).toBe(5001);
  });
});

describe('receipts', () => {
  it('bills the firm stamped diligences with their rol, type and value; a diligence in two receipts → 409', async () => {
    const d1 = await diligenciaEstampada(estudioA.id, 30_000, '2026-03-01T10:00:00-03:00');
    const d2 = await diligenciaEstampada(estudioA.id, 12_500, '2026-03-04T23:30:00-03:00');
    const recibo = await reciboDe([d1, d2], estudioA.id, '2026-03-05');
    expect(recibo).toMatchObject({ estudio: { id: estudioA.id, nombre: 'Larraín y Asociados' }, fecha: '2026-03-05', subtotal: 42_500, rebaja: 0, total: 42_500, pagado: 0, saldo: 42_500, estado: 'emitido' });
    expect(recibo.items.map((i) => [i.diligencia_id, i.valor, i.tipo, i.fecha_diligencia])).toEqual([
      [d1, 30_000, 'Búsqueda positiva', '2026-03-01'],
      [d2, 12_500, 'Búsqueda positiva', '2026-03-04'],
    ]);
    const again = await crear(full, { estudio_id: estudioA.id, diligencia_ids: [d2], fecha: '2026-03-05' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(m.diligenciaYaEnRecibo(d2, recibo.numero));
    // Audited.
    const db = await t.tenantDbOf(t.mainTenantId);
    const audit = await db.select().from(tenantSchema.auditoria).where(and(eq(tenantSchema.auditoria.entidad, 'recibo'), eq(tenantSchema.auditoria.entidadId, recibo.id)));
    expect(audit.map((a) => a.accion)).toEqual(['crear']);
    expect(audit[0]!.usuario).toBe('cobro_total');
  });

  it('refuses another firm, an unstamped diligence and a date before its diligences, in Spanish', async () => {
    const ajena = await diligenciaEstampada(estudioB.id);
    const noEstampada = await diligenciaEstampada(estudioA.id, 10_000, '2026-03-02T10:00:00-03:00', 'preparado');
    const response = await crear(full, { estudio_id: estudioA.id, diligencia_ids: [ajena, noEstampada], fecha: '2026-03-10' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(m.diligenciasNoFacturables([ajena, noEstampada]));
    const tarde = await diligenciaEstampada(estudioA.id, 10_000, '2026-03-20T10:00:00-03:00');
    const antes = await crear(full, { estudio_id: estudioA.id, diligencia_ids: [tarde], fecha: '2026-03-19' });
    expect(antes.statusCode).toBe(400);
    expect(antes.json().detail).toBe(m.fechaAnteriorADiligencias('20-03-2026'));
    const vacio = await crear(full, { estudio_id: estudioA.id, diligencia_ids: [], fecha: '2026-03-19' });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().detail).toContain(m.sinDiligencias);
  });

  it('void keeps the number and the items, frees the diligences; the receipt cannot be changed after', async () => {
    const d = await diligenciaEstampada(estudioA.id, 20_000);
    const recibo = await reciboDe([d]);
    const anular = await t.request(full, { method: 'POST', url: `/api/v1/recibos/${recibo.id}/anular/`, payload: { motivo: 'Emitido al estudio equivocado' } });
    expect(anular.statusCode).toBe(200);
    const anulado = ReciboResponseSchema.parse(anular.json()).recibo;
    expect(anulado).toMatchObject({ numero: recibo.numero, estado: 'anulado', saldo: 0, anulacion: { motivo: 'Emitido al estudio equivocado', usuario: 'cobro_total' } });
    expect(anulado.items.map((i) => i.diligencia_id)).toEqual([d]);
    const nuevo = await reciboDe([d]);
    expect(nuevo.numero).toBeGreaterThan(recibo.numero);
    const otraVez = await t.request(full, { method: 'POST', url: `/api/v1/recibos/${recibo.id}/anular/`, payload: { motivo: 'x' } });
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json().detail).toBe(m.reciboAnulado);
    // The database refuses deleting or renumbering a receipt whatever the caller.
    const db = await t.tenantDbOf(t.mainTenantId);
    await expect(db.execute(sql`delete from recibos where id = ${recibo.id}`)).rejects.toThrow();
    await expect(db.execute(sql`update recibos set numero = numero + 100000 where id = ${recibo.id}`)).rejects.toThrow();
  });

  it('adds and removes diligences while nothing is paid (edit_asocia_recibos)', async () => {
    const [d1, d2, d3] = [await diligenciaEstampada(estudioA.id, 10_000), await diligenciaEstampada(estudioA.id, 20_000), await diligenciaEstampada(estudioA.id, 40_000)];
    const recibo = await reciboDe([d1, d2]);
    const sinPermiso = await t.request(soloPeriodo, { method: 'PATCH', url: `/api/v1/recibos/${recibo.id}/`, payload: { agregar: [d3] } });
    expect(sinPermiso.statusCode).toBe(403);
    expect(sinPermiso.json().detail).toBe(commonMessages.permissionMissing);
    const patch = await t.request(full, { method: 'PATCH', url: `/api/v1/recibos/${recibo.id}/`, payload: { agregar: [d3], quitar: [d1] } });
    expect(patch.statusCode, patch.body).toBe(200);
    const editado = ReciboResponseSchema.parse(patch.json()).recibo;
    expect(editado.items.map((i) => i.diligencia_id)).toEqual([d2, d3]);
    expect(editado.subtotal).toBe(60_000);
    // The removed one may be billed again.
    await reciboDe([d1]);
    const vaciar = await t.request(full, { method: 'PATCH', url: `/api/v1/recibos/${recibo.id}/`, payload: { quitar: [d2, d3] } });
    expect(vaciar.statusCode).toBe(400);
    expect(vaciar.json().detail).toBe(m.reciboVacio);
  });

  it('a discount needs rebaja_recibos and never leaves the total below what is paid', async () => {
    const recibo = await reciboDe([await diligenciaEstampada(estudioA.id, 50_000)]);
    const sinPermiso = await t.request(soloPeriodo, { method: 'POST', url: `/api/v1/recibos/${recibo.id}/rebaja/`, payload: { monto: 5_000, motivo: 'Cliente frecuente' } });
    expect(sinPermiso.statusCode).toBe(403);
    const rebaja = await t.request(full, { method: 'POST', url: `/api/v1/recibos/${recibo.id}/rebaja/`, payload: { monto: 5_000, motivo: 'Cliente frecuente' } });
    expect(rebaja.statusCode).toBe(200);
    expect(ReciboResponseSchema.parse(rebaja.json()).recibo).toMatchObject({ subtotal: 50_000, rebaja: 5_000, total: 45_000, saldo: 45_000 });
    const db = await t.tenantDbOf(t.mainTenantId);
    // 40,000 paid: a further discount of 6,000 would leave 39,000 < 40,000.
    const [pago] = await db.insert(tenantSchema.pagos).values({ estudioId: estudioA.id, fecha: '2026-03-11', monto: 40_000, medio: 'transferencia' }).returning();
    await db.insert(tenantSchema.pagoAplicaciones).values({ pagoId: pago!.id, reciboId: recibo.id, monto: 40_000 });
    const bajo = await t.request(full, { method: 'POST', url: `/api/v1/recibos/${recibo.id}/rebaja/`, payload: { monto: 6_000, motivo: 'Otra' } });
    expect(bajo.statusCode).toBe(400);
    expect(bajo.json().detail).toBe(m.rebajaBajoPagado('$40.000'));
    const justo = await t.request(full, { method: 'POST', url: `/api/v1/recibos/${recibo.id}/rebaja/`, payload: { monto: 5_000, motivo: 'Ajuste' } });
    expect(ReciboResponseSchema.parse(justo.json()).recibo).toMatchObject({ total: 40_000, pagado: 40_000, saldo: 0, estado: 'pagado' });
    const patch = await t.request(full, { method: 'PATCH', url: `/api/v1/recibos/${recibo.id}/`, payload: { agregar: [await diligenciaEstampada(estudioA.id)] } });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().detail).toBe(m.reciboConPagos);
  });

  it('lists with filters and pages; another receiver sees nothing of them', async () => {
    const b = await reciboDe([await diligenciaEstampada(estudioB.id, 7_000)], estudioB.id, '2026-04-02');
    const list = RecibosListResponseSchema.parse((await t.request(full, { method: 'GET', url: `/api/v1/recibos/?estudio=${estudioB.id}&desde=2026-04-01&hasta=2026-04-30` })).json());
    expect(list.results.map((r) => r.id)).toEqual([b.id]);
    expect(list.results[0]).toMatchObject({ cantidad_diligencias: 1, total: 7_000, estado: 'emitido' });
    const emitidos = RecibosListResponseSchema.parse((await t.request(full, { method: 'GET', url: '/api/v1/recibos/?estado=anulado' })).json());
    expect(emitidos.results.every((r) => r.estado === 'anulado')).toBe(true);
    expect(emitidos.count).toBeGreaterThan(0);
    const page1 = RecibosListResponseSchema.parse((await t.request(full, { method: 'GET', url: '/api/v1/recibos/' })).json());
    expect(page1.count).toBeGreaterThan(30);
    expect(page1.results).toHaveLength(Math.min(50, page1.count));
    expect(page1.results[0]!.numero).toBeGreaterThan(page1.results[1]!.numero);

    expect((await leer(ajeno, b.id)).statusCode).toBe(404);
    expect((await leer(ajeno, b.id)).json().detail).toBe(m.reciboNoEncontrado);
    expect((await t.request(ajeno, { method: 'POST', url: `/api/v1/recibos/${b.id}/anular/`, payload: { motivo: 'x' } })).statusCode).toBe(404);
    expect((await t.request(ajeno, { method: 'GET', url: `/api/v1/recibos/${b.id}/pdf/` })).statusCode).toBe(404);
    const ajenos = RecibosListResponseSchema.parse((await t.request(ajeno, { method: 'GET', url: '/api/v1/recibos/' })).json());
    expect(ajenos.count).toBe(0);
    const otroEstudio = await crear(ajeno, { estudio_id: estudioA.id, diligencia_ids: [1], fecha: '2026-03-10' });
    expect(otroEstudio.statusCode).toBe(400);
    expect(otroEstudio.json().detail).toBe(m.estudioNoEncontrado);
  });

  it('the cobranza module is required (403 in Spanish)', async () => {
    const list = await t.request(sinCobranza, { method: 'GET', url: '/api/v1/recibos/' });
    expect(list.statusCode).toBe(403);
    expect(list.json().detail).toBe(commonMessages.forbidden);
    expect((await crear(sinCobranza, { estudio_id: estudioA.id, diligencia_ids: [1], fecha: '2026-03-10' })).statusCode).toBe(403);
  });
});

describe('receipt documents', () => {
  it('prints the receipt with imprime_recibos: header, number, firm, items and totals', async () => {
    const d = await diligenciaEstampada(estudioA.id, 33_333);
    const recibo = await reciboDe([d]);
    const sinPermiso = await t.request(soloPeriodo, { method: 'GET', url: `/api/v1/recibos/${recibo.id}/pdf/` });
    expect(sinPermiso.statusCode).toBe(403);
    expect(sinPermiso.json().detail).toBe(commonMessages.permissionMissing);
    const response = await t.request(full, { method: 'GET', url: `/api/v1/recibos/${recibo.id}/pdf/` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'recibo-'));
    const file = path.join(dir, 'recibo.pdf');
    writeFileSync(file, response.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain(`RECIBO N° ${recibo.numero}`);
    expect(text).toContain('Larraín y Asociados');
    expect(text).toContain(recibo.items[0]!.numero_rol);
    expect(text).toContain('Búsqueda positiva');
    expect(text).toContain('$33.333');
    expect(text).toContain(recibo.estudio.nombre);
  });

  it('sums the period per firm and in total with recibos_periodo, as JSON and XLSX', async () => {
    const sinPermiso = await t.request(sinCobranza, { method: 'GET', url: '/api/v1/recibos/periodo/?desde=2026-04-01&hasta=2026-04-30' });
    expect(sinPermiso.statusCode).toBe(403);
    const json = await t.request(soloPeriodo, { method: 'GET', url: '/api/v1/recibos/periodo/?desde=2026-04-01&hasta=2026-04-30' });
    expect(json.statusCode, json.body).toBe(200);
    const data = RecibosPeriodoResponseSchema.parse(json.json());
    expect(data.estudios).toEqual([expect.objectContaining({ estudio_nombre: 'Pacífico Cobranzas', cantidad: 1, total: 7_000, saldo: 7_000 })]);
    expect(data.total).toMatchObject({ cantidad: 1, total: 7_000 });
    const xlsx = await t.request(soloPeriodo, { method: 'GET', url: '/api/v1/recibos/periodo/?desde=2026-01-01&hasta=2026-12-31&formato=xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.getWorksheet('Recibos')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const all = RecibosPeriodoResponseSchema.parse((await t.request(soloPeriodo, { method: 'GET', url: '/api/v1/recibos/periodo/?desde=2026-01-01&hasta=2026-12-31' })).json());
    const totalRow = rows.find((r) => r[0] === 'Total')!;
    expect(totalRow).toEqual(['Total', all.total.cantidad, all.total.anulados, all.total.subtotal, all.total.rebaja, all.total.total, all.total.pagado, all.total.saldo]);
    expect(rows.some((r) => r[0] === 'Larraín y Asociados')).toBe(true);
    const invertido = await t.request(soloPeriodo, { method: 'GET', url: '/api/v1/recibos/periodo/?desde=2026-05-01&hasta=2026-04-30' });
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().detail).toContain(m.rangoInvertido);
  });
});

describe('boleta de honorarios', () => {
  it('a 2026 boleta retains 15.25 % rounded to the peso; the retention the payer keeps settles part of the receipt, but is no payment', async () => {
    const recibo = await reciboDe([await diligenciaEstampada(estudioA.id, 100_003)]);
    const response = await t.request(full, { method: 'POST', url: `/api/v1/recibos/${recibo.id}/boleta/`, payload: { numero_boleta: '1234', fecha: '2026-03-15', retiene: 'pagador' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(BoletaSchema.parse(response.json())).toMatchObject({ bruto: 100_003, tasa: 15.25, retencion: 15_250, liquido: 84_753 });
    const leido = ReciboResponseSchema.parse((await leer(full, recibo.id)).json()).recibo;
    expect(leido).toMatchObject({ pagado: 0, retenido: 15_250, saldo: 84_753, estado: 'emitido', boleta: { numero_boleta: '1234' } });
    const otra = await t.request(full, { method: 'POST', url: `/api/v1/recibos/${recibo.id}/boleta/`, payload: { numero_boleta: '1235', fecha: '2026-03-15', retiene: 'pagador' } });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().detail).toBe(m.boletaYaEmitida('1234'));
    const sinTasa = await reciboDe([await diligenciaEstampada(estudioA.id, 1_000)]);
    const r2031 = await t.request(full, { method: 'POST', url: `/api/v1/recibos/${sinTasa.id}/boleta/`, payload: { numero_boleta: '9', fecha: '2031-01-15', retiene: 'receptor' } });
    expect(r2031.statusCode).toBe(400);
    expect(r2031.json().detail).toBe(m.tasaNoDefinida(2031));
  });
});
