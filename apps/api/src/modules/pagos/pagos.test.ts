import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  commonMessages,
  EstadoCuentaEnviadoSchema,
  EstadoCuentaSchema,
  PagoResponseSchema,
  PagosListResponseSchema,
  pagosMessages as m,
  ReciboResponseSchema,
  todayIso,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { seedDiligencia, seedEncargo, seedEstudio } from '../rutas/rutas.fixtures';

let t: TestContext;
let smtp: TestSmtpServer;
let token: string;
let sinCobranza: string;
let ajeno: string;
let estudio: { id: number; nombre: string };
let otroEstudio: { id: number; nombre: string };
let rolCounter = 0;

const HASTA = '2026-06-30';
/** The ISO day `days` days before `HASTA`. */
const antes = (days: number) => new Date(Date.parse(`${HASTA}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

async function recibo(estudioId: number, valor: number, fecha: string) {
  const db = await t.tenantDbOf(t.mainTenantId);
  rolCounter += 1;
  const { encargo } = await seedEncargo(db, { estudioId, numeroRol: `P-${rolCounter}-2026`, estado: 'estampado', fechaEstampado: fecha });
  const d = await seedDiligencia(db, encargo.id, { fecha: `${fecha}T09:00:00-04:00`, valorFinal: valor });
  const response = await t.request(token, { method: 'POST', url: '/api/v1/recibos/', payload: { estudio_id: estudioId, diligencia_ids: [d.id], fecha } });
  expect(response.statusCode, response.body).toBe(201);
  return ReciboResponseSchema.parse(response.json()).recibo;
}

const pagar = (payload: object, tk = token) => t.request(tk, { method: 'POST', url: '/api/v1/pagos/', payload });
const leerRecibo = async (id: number) => ReciboResponseSchema.parse((await t.request(token, { method: 'GET', url: `/api/v1/recibos/${id}/` })).json()).recibo;
const estadoCuenta = async (estudioId: number, hasta = HASTA) => {
  const response = await t.request(token, { method: 'GET', url: `/api/v1/estudios/${estudioId}/estado_cuenta/?hasta=${hasta}` });
  expect(response.statusCode, response.body).toBe(200);
  return EstadoCuentaSchema.parse(response.json());
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ mail: { smtpUrl: smtp.url, from: 'Receptoría <cobranza@receptoria.test>' } });
  await t.createUser({ tenantId: t.mainTenantId, username: 'tesorera', permisos: ['imprime_recibos'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'sin_cobranza', permisos: ['estampa_2'] });
  token = await t.login('tesorera');
  sinCobranza = await t.login('sin_cobranza');
  const db = await t.tenantDbOf(t.mainTenantId);
  estudio = await seedEstudio(db, 'Bustos & Cía', [
    { email: 'principal@bustos.cl', tipo: 'principal' },
    { email: 'cobranza@bustos.cl', tipo: 'cobranza' },
  ]);
  otroEstudio = await seedEstudio(db, 'Estudio Sin Cobranza', [{ email: 'mesa@sincobranza.cl', tipo: 'principal' }]);
  const other = await t.createTenant();
  await t.createUser({ tenantId: other.id, username: 'tesorera_ajena', permisos: ['imprime_recibos'] });
  ajeno = await t.login('tesorera_ajena');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('payments', () => {
  it('applies a payment up to each balance; beyond it → 400; the rest is credit applied later', async () => {
    const r1 = await recibo(otroEstudio.id, 30_000, '2026-05-02');
    const r2 = await recibo(otroEstudio.id, 50_000, '2026-05-03');
    const excede = await pagar({ estudio_id: otroEstudio.id, fecha: '2026-05-10', monto: 90_000, medio: 'transferencia', aplicaciones: [{ recibo_id: r1.id, monto: 30_001 }] });
    expect(excede.statusCode).toBe(400);
    expect(excede.json().detail).toBe(m.aplicacionExcedeSaldo(r1.numero, '$30.000'));
    // Nothing of the refused payment was kept.
    const db = await t.tenantDbOf(t.mainTenantId);
    expect(await db.select().from(tenantSchema.pagos).where(eq(tenantSchema.pagos.estudioId, otroEstudio.id))).toHaveLength(0);

    const response = await pagar({ estudio_id: otroEstudio.id, fecha: '2026-05-10', monto: 60_000, medio: 'transferencia', referencia: 'TRX-881', aplicaciones: [{ recibo_id: r1.id, monto: 30_000 }, { recibo_id: r2.id, monto: 10_000 }] });
    expect(response.statusCode, response.body).toBe(201);
    const pago = PagoResponseSchema.parse(response.json()).pago;
    expect(pago).toMatchObject({ monto: 60_000, aplicado: 40_000, credito: 20_000, referencia: 'TRX-881', reverso: null });
    expect(await leerRecibo(r1.id)).toMatchObject({ pagado: 30_000, saldo: 0, estado: 'pagado' });
    expect(await leerRecibo(r2.id)).toMatchObject({ pagado: 10_000, saldo: 40_000, estado: 'pagado_parcial' });
    let cuenta = await estadoCuenta(otroEstudio.id, '2026-05-31');
    expect(cuenta).toMatchObject({ saldo: 40_000, credito: 20_000 });

    const demasiado = await t.request(token, { method: 'POST', url: `/api/v1/pagos/${pago.id}/aplicar/`, payload: { aplicaciones: [{ recibo_id: r2.id, monto: 20_001 }] } });
    expect(demasiado.statusCode).toBe(400);
    expect(demasiado.json().detail).toBe(m.aplicacionesExcedenPago);
    const aplicar = await t.request(token, { method: 'POST', url: `/api/v1/pagos/${pago.id}/aplicar/`, payload: { aplicaciones: [{ recibo_id: r2.id, monto: 20_000 }] } });
    expect(aplicar.statusCode, aplicar.body).toBe(200);
    expect(PagoResponseSchema.parse(aplicar.json()).pago).toMatchObject({ aplicado: 60_000, credito: 0 });
    expect(await leerRecibo(r2.id)).toMatchObject({ pagado: 30_000, saldo: 20_000, estado: 'pagado_parcial' });
    cuenta = await estadoCuenta(otroEstudio.id, todayIso());
    expect(cuenta).toMatchObject({ saldo: 20_000, credito: 0 });
    // As of a day before the later application, the credit was still there.
    const antesDeAplicar = await estadoCuenta(otroEstudio.id, '2026-05-31');
    expect(antesDeAplicar).toMatchObject({ saldo: 40_000, credito: 20_000 });

    // A void receipt or another firm's cannot take an application.
    // Dated after the statements below look (HASTA): it does not show in them.
    const ajeno = await recibo(estudio.id, 1_000, '2026-07-15');
    const mal = await pagar({ estudio_id: otroEstudio.id, fecha: '2026-05-10', monto: 1_000, medio: 'efectivo', aplicaciones: [{ recibo_id: ajeno.id, monto: 1_000 }] });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().detail).toBe(m.recibosNoAplicables([ajeno.id]));
    await t.request(token, { method: 'POST', url: `/api/v1/recibos/${ajeno.id}/anular/`, payload: { motivo: 'Duplicado' } });
  });

  it('undoing a payment keeps it as a reversal (audited) and gives the balances back', async () => {
    const r = await recibo(otroEstudio.id, 15_000, '2026-06-01');
    const pago = PagoResponseSchema.parse((await pagar({ estudio_id: otroEstudio.id, fecha: '2026-06-02', monto: 15_000, medio: 'cheque', referencia: 'Cheque 4411', aplicaciones: [{ recibo_id: r.id, monto: 15_000 }] })).json()).pago;
    expect((await leerRecibo(r.id)).estado).toBe('pagado');
    const anular = await t.request(token, { method: 'POST', url: `/api/v1/recibos/${r.id}/anular/`, payload: { motivo: 'x' } });
    expect(anular.statusCode).toBe(400);
    const undo = await t.request(token, { method: 'DELETE', url: `/api/v1/pagos/${pago.id}/` });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(PagoResponseSchema.parse(undo.json()).pago).toMatchObject({ credito: 0, reverso: { usuario: 'tesorera' } });
    expect(await leerRecibo(r.id)).toMatchObject({ pagado: 0, saldo: 15_000, estado: 'emitido' });
    const again = await t.request(token, { method: 'DELETE', url: `/api/v1/pagos/${pago.id}/` });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(m.pagoAnulado);
    const db = await t.tenantDbOf(t.mainTenantId);
    const audit = await db.select().from(tenantSchema.auditoria).where(and(eq(tenantSchema.auditoria.entidad, 'pago'), eq(tenantSchema.auditoria.entidadId, pago.id)));
    expect(audit.map((a) => a.accion)).toEqual(['crear', 'reversar']);
    // The evidence stays: the row and its application can be neither deleted nor changed.
    await expect(db.execute(sql`delete from pagos where id = ${pago.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from pago_aplicaciones where pago_id = ${pago.id}`)).rejects.toThrow();
    const movs = (await estadoCuenta(otroEstudio.id, todayIso())).movimientos.filter((mv) => mv.pago_id === pago.id).map((mv) => mv.tipo);
    expect(movs).toEqual(['pago', 'reverso_pago']);
    const list = PagosListResponseSchema.parse((await t.request(token, { method: 'GET', url: `/api/v1/pagos/?estudio=${otroEstudio.id}` })).json());
    expect(list.results.map((p) => p.id)).toContain(pago.id);
  });

  it('refuses a payment dated in the future', async () => {
    const response = await pagar({ estudio_id: otroEstudio.id, fecha: '2099-01-01', monto: 1_000, medio: 'otro' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(m.fechaPosteriorAPago);
  });
});

describe('account statement', () => {
  it('ages the balance from each receipt date: 10, 45, 75 and 120 days before hasta', async () => {
    const r10 = await recibo(estudio.id, 10_000, antes(10));
    const r45 = await recibo(estudio.id, 45_000, antes(45));
    const r75 = await recibo(estudio.id, 75_000, antes(75));
    const r120 = await recibo(estudio.id, 120_000, antes(120));
    await pagar({ estudio_id: estudio.id, fecha: antes(5), monto: 25_000, medio: 'transferencia', aplicaciones: [{ recibo_id: r120.id, monto: 20_000 }] });
    const cuenta = await estadoCuenta(estudio.id);
    expect(cuenta.antiguedad).toEqual({ d0_30: 10_000, d31_60: 45_000, d61_90: 75_000, d90_mas: 100_000 });
    expect(cuenta).toMatchObject({ saldo: 230_000, credito: 5_000, hasta: HASTA, estudio: { nombre: 'Bustos & Cía' } });
    expect(cuenta.recibos_abiertos.map((r) => [r.numero, r.dias])).toEqual([
      [r120.numero, 120],
      [r75.numero, 75],
      [r45.numero, 45],
      [r10.numero, 10],
    ]);
    // The running balance ends at what is owed less the credit; movements by date.
    expect(cuenta.movimientos.at(-1)!.saldo).toBe(230_000 - 5_000);
    const fechas = cuenta.movimientos.map((mv) => mv.fecha);
    expect([...fechas].sort()).toEqual(fechas);
    // As of 50 days before, only the older two existed, and no payment yet.
    const antesCuenta = await estadoCuenta(estudio.id, antes(50));
    expect(antesCuenta).toMatchObject({ saldo: 195_000, credito: 0 });
    expect(antesCuenta.antiguedad).toEqual({ d0_30: 75_000, d31_60: 0, d61_90: 120_000, d90_mas: 0 });
  });

  it('pages the movements from the most recent and the open receipts from the oldest; balance, credit and ageing cover the whole account', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const firma = await seedEstudio(db, 'Paginado y Asociados');
    const rs = [];
    for (const dias of [40, 30, 20, 10]) rs.push(await recibo(firma.id, 1_000 * dias, antes(dias)));
    await pagar({ estudio_id: firma.id, fecha: antes(5), monto: 50_000, medio: 'cheque', referencia: 'CH-9', aplicaciones: [{ recibo_id: rs[0]!.id, monto: 40_000 }] });
    const leer = async (params: string) => {
      const response = await t.request(token, { method: 'GET', url: `/api/v1/estudios/${firma.id}/estado_cuenta/?hasta=${HASTA}&${params}` });
      expect(response.statusCode, response.body).toBe(200);
      return EstadoCuentaSchema.parse(response.json());
    };
    const todo = await leer('movimientos_page_size=1000&abiertos_page_size=1000');
    expect(todo).toMatchObject({ saldo: 60_000, credito: 10_000, movimientos_total: 5, recibos_abiertos_total: 3 });
    expect(todo.movimientos.map((mv) => [mv.tipo, mv.saldo])).toEqual([
      ['recibo', 40_000],
      ['recibo', 70_000],
      ['recibo', 90_000],
      ['recibo', 100_000],
      ['pago', 50_000],
    ]);
    // Page 1 is the most recent, each movement with the running balance of the whole account.
    const primera = await leer('movimientos_page_size=2&abiertos_page_size=2');
    expect(primera.movimientos).toEqual(todo.movimientos.slice(-2));
    expect(primera.recibos_abiertos).toEqual(todo.recibos_abiertos.slice(0, 2));
    expect(primera).toMatchObject({ saldo: 60_000, credito: 10_000, antiguedad: todo.antiguedad, movimientos_total: 5, recibos_abiertos_total: 3 });
    expect((await leer('movimientos_page=2&movimientos_page_size=2')).movimientos).toEqual(todo.movimientos.slice(1, 3));
    expect((await leer('movimientos_page=3&movimientos_page_size=2')).movimientos).toEqual(todo.movimientos.slice(0, 1));
    expect((await leer('movimientos_page=4&movimientos_page_size=2')).movimientos).toEqual([]);
    expect((await leer('abiertos_page=2&abiertos_page_size=2')).recibos_abiertos).toEqual(todo.recibos_abiertos.slice(2));
    // Without paging parameters: the first pages of their default sizes (all of this small account).
    expect(await leer('')).toEqual(todo);
    const tamano = await t.request(token, { method: 'GET', url: `/api/v1/estudios/${firma.id}/estado_cuenta/?movimientos_page_size=1001` });
    expect(tamano.statusCode).toBe(400);
    expect(tamano.json().detail).toContain(m.tamanoPaginaInvalido(1000));
    const pagina = await t.request(token, { method: 'GET', url: `/api/v1/estudios/${firma.id}/estado_cuenta/?abiertos_page=cero` });
    expect(pagina.statusCode).toBe(400);
    expect(pagina.json().detail).toContain(m.paginaInvalida);
  });

  it('a statement asked again is answered the same until anything it reads changes, through the API or straight in the database', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const firma = await seedEstudio(db, 'Recordado Ltda.');
    const r1 = await recibo(firma.id, 30_000, antes(20));
    expect(await estadoCuenta(firma.id)).toMatchObject({ saldo: 30_000 });
    expect(await estadoCuenta(firma.id)).toMatchObject({ saldo: 30_000 });
    const pago = await pagar({ estudio_id: firma.id, fecha: antes(3), monto: 10_000, medio: 'efectivo', aplicaciones: [{ recibo_id: r1.id, monto: 10_000 }] });
    expect(pago.statusCode, pago.body).toBe(201);
    expect(await estadoCuenta(firma.id)).toMatchObject({ saldo: 20_000 });
    await db.execute(sql`
      insert into rebajas (recibo_id, monto, motivo, creado_por, creado_en)
      values (${r1.id}, 5000, 'Descuento directo', 'importación', ${`${antes(2)}T12:00:00-04:00`}::timestamptz)`);
    expect(await estadoCuenta(firma.id)).toMatchObject({ saldo: 15_000 });
    await db.execute(sql`update estudios set nombre = 'Recordado y Cía.' where id = ${firma.id}`);
    expect((await estadoCuenta(firma.id)).estudio.nombre).toBe('Recordado y Cía.');
  });

  it('reads back as PDF and XLSX with the firm, numbers and totals', async () => {
    const pdf = await t.request(token, { method: 'GET', url: `/api/v1/estudios/${estudio.id}/estado_cuenta/pdf/?hasta=${HASTA}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'estado-cuenta-'));
    const file = path.join(dir, 'estado.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('ESTADO DE CUENTA AL 30/06/2026');
    expect(text).toContain('Bustos & Cía');
    expect(text).toContain('$230.000');
    expect(text).toContain('$100.000');

    const xlsx = await t.request(token, { method: 'GET', url: `/api/v1/estudios/${estudio.id}/estado_cuenta/xlsx/?hasta=${HASTA}` });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.getWorksheet('Estado de cuenta')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toContainEqual(['Estudio Jurídico', 'Bustos & Cía']);
    expect(rows).toContainEqual(['Saldo pendiente', 230_000]);
    expect(rows).toContainEqual(['Crédito a favor', 5_000]);
    expect(rows).toContainEqual(['Más de 90 días', 100_000]);
    expect(workbook.getWorksheet('Movimientos')!.rowCount).toBeGreaterThan(5);
  });

  it('mails the statement with its PDF to the firm cobranza address, and records it', async () => {
    const before = smtp.received.length;
    const response = await t.request(token, { method: 'POST', url: `/api/v1/estudios/${estudio.id}/estado_cuenta/enviar/`, payload: { hasta: HASTA } });
    expect(response.statusCode, response.body).toBe(200);
    expect(EstadoCuentaEnviadoSchema.parse(response.json())).toEqual({ success: true, mensaje: m.estadoCuentaEnviado(['cobranza@bustos.cl']), destinatarios: ['cobranza@bustos.cl'] });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.envelopeTo).toEqual(['cobranza@bustos.cl']);
    expect(mail!.parsed.subject).toBe('Estado de cuenta Bustos & Cía al 30/06/2026');
    expect(mail!.parsed.text).toContain('Saldo pendiente: $230.000');
    expect(mail!.parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`estado-cuenta-${estudio.id}-${HASTA}.pdf`, 'application/pdf']]);
    expect(mail!.parsed.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    const db = await t.tenantDbOf(t.mainTenantId);
    const audit = await db.select().from(tenantSchema.auditoria).where(and(eq(tenantSchema.auditoria.entidad, 'estudio'), eq(tenantSchema.auditoria.accion, 'estado_cuenta_enviado')));
    expect(audit).toHaveLength(1);
  });

  it('another receiver gets 404 for these ids, and the module is required', async () => {
    expect((await t.request(ajeno, { method: 'GET', url: `/api/v1/estudios/${estudio.id}/estado_cuenta/` })).statusCode).toBe(404);
    const list = PagosListResponseSchema.parse((await t.request(ajeno, { method: 'GET', url: '/api/v1/pagos/' })).json());
    expect(list.count).toBe(0);
    const pagoId = list.count === 0 ? 1 : list.results[0]!.id;
    expect((await t.request(ajeno, { method: 'DELETE', url: `/api/v1/pagos/${pagoId}/` })).statusCode).toBe(404);
    expect((await t.request(ajeno, { method: 'GET', url: `/api/v1/pagos/${pagoId}/` })).json().detail).toBe(m.pagoNoEncontrado);
    const forbidden = await t.request(sinCobranza, { method: 'GET', url: '/api/v1/pagos/' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toBe(commonMessages.forbidden);
    expect((await t.request(sinCobranza, { method: 'GET', url: `/api/v1/estudios/${estudio.id}/estado_cuenta/` })).statusCode).toBe(403);
  });
});
