import {
  correoMessages,
  COBRANZA_COLUMNAS,
  CobranzaConfiguracionSchema,
  CobranzaEncargosResponseSchema,
  CobranzaHistorialSchema,
  cobranzaMessages,
  commonMessages,
  EnviarPlanillaResponseSchema,
  GenerarPlanillaResponseSchema,
} from '@receptoria/contracts';
import { controlSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailTransport } from '../../integrations/mail/mail-transport';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../../test/helper';
import { enviarPlanilla } from './cobranza.service';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { seedDiligencia, seedEncargo, seedEstudio } from '../rutas/rutas.fixtures';

let t: TestContext;
let smtp: TestSmtpServer;
let token: string;
let sinModulo: string;
let ajeno: string;
let estudioA: { id: number; nombre: string };
let estudioB: { id: number; nombre: string };
let estudioSinCorreo: { id: number; nombre: string };
const enc: Record<string, number> = {};

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ mail: { smtpUrl: smtp.url, from: 'Receptoría <cobranza@receptoria.test>' } });
  await t.createUser({ tenantId: t.mainTenantId, username: 'cobradora', permisos: ['recibos_periodo'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'sin_cobranza', permisos: ['estampa_1'] });
  token = await t.login('cobradora');
  sinModulo = await t.login('sin_cobranza');
  const db = await t.tenantDbOf(t.mainTenantId);
  estudioA = await seedEstudio(db, 'Larraín y Asociados', [
    { email: 'principal@larrain.cl', tipo: 'principal' },
    { email: 'cobranza@larrain.cl', tipo: 'cobranza' },
    { email: 'pagos@larrain.cl', tipo: 'cobranza' },
  ]);
  estudioB = await seedEstudio(db, 'Pacífico Cobranzas', [{ email: 'mesa@pacifico.cl', tipo: 'principal' }]);
  estudioSinCorreo = await seedEstudio(db, 'Estudio Sin Correo');

  const add = async (key: string, estudioId: number, seed: Partial<Parameters<typeof seedEncargo>[1]>, diligencias: { fecha: string; valorFinal: number }[]) => {
    const { encargo } = await seedEncargo(db, { estudioId, numeroRol: key, ...seed });
    for (const d of diligencias) await seedDiligencia(db, encargo.id, d);
    enc[key] = encargo.id;
  };
  // The last diligence's value counts, not the first one's.
  await add('C-1-2025', estudioA.id, { estado: 'estampado', estadoEstampado: 'estampado', fechaEstampado: '2025-03-05', fechaEncargo: '2025-02-20' }, [
    { fecha: '2025-03-01T10:00:00-03:00', valorFinal: 20000 },
    { fecha: '2025-03-04T23:30:00-03:00', valorFinal: 35000 },
  ]);
  await add('C-2-2025', estudioA.id, { estado: 'estampado', estadoEstampado: 'estampado', fechaEstampado: '2025-03-10' }, [
    { fecha: '2025-03-09T09:00:00-03:00', valorFinal: 42500 },
  ]);
  await add('C-3-2025', estudioB.id, { estado: 'estampado', estadoEstampado: 'estampado', fechaEstampado: '2025-03-10' }, [
    { fecha: '2025-03-09T12:00:00-03:00', valorFinal: 30000 },
  ]);
  // Excluded: re-assigned, not stamped.
  await add('C-4-2025', estudioA.id, { estado: 'estampado', esReEncargado: true, fechaEstampado: '2025-03-10' }, [
    { fecha: '2025-03-09T12:00:00-03:00', valorFinal: 99000 },
  ]);
  await add('C-5-2025', estudioA.id, { estado: 'listo_para_estampar' }, [{ fecha: '2025-03-09T12:00:00-03:00', valorFinal: 77000 }]);
  await add('C-6-2025', estudioA.id, { estado: 'preparado' }, []);
  await add('C-7-2025', estudioSinCorreo.id, { estado: 'estampado', fechaEstampado: '2025-04-01' }, [
    { fecha: '2025-03-31T22:00:00-03:00', valorFinal: 10000 },
  ]);

  const other = await t.createTenant();
  await t.createUser({ tenantId: other.id, username: 'cobranza_ajena', permisos: ['imprime_recibos'] });
  ajeno = await t.login('cobranza_ajena');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const listar = (tk: string, query = '') => t.request(tk, { method: 'GET', url: `/api/v1/cobranza/encargos/${query}` });
const generar = (tk: string, payload: unknown) =>
  t.request(tk, { method: 'POST', url: '/estampados/api/cobranza/generar-planilla', payload: payload as object });

async function readSheet(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Cobranza')!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

describe('collection rows', () => {
  it('lists stamped assignments that were not re-assigned, valued by their last diligence', async () => {
    const response = await listar(token);
    expect(response.statusCode).toBe(200);
    const body = CobranzaEncargosResponseSchema.parse(response.json());
    expect(body.encargos.map((e) => e.numero_rol).sort()).toEqual(['C-1-2025', 'C-2-2025', 'C-3-2025', 'C-7-2025']);
    const first = body.encargos.find((e) => e.numero_rol === 'C-1-2025')!;
    expect(first).toMatchObject({
      valor_asociado: 35000,
      ultima_diligencia_valor: 35000,
      estudio_nombre: 'Larraín y Asociados',
      fecha_estampado: '2025-03-05',
      fecha_encargo: '2025-02-20',
      // 23:30 in Santiago is already the 5th in UTC: the Chilean calendar day is kept.
      fecha_diligencia: '2025-03-04',
      tipo_estampado: 'Búsqueda positiva',
      es_re_encargado: false,
    });
    expect(body.total).toBe(35000 + 42500 + 30000 + 10000);
  });

  it('filters by firm, by specific stamp date and by range', async () => {
    const byFirm = CobranzaEncargosResponseSchema.parse((await listar(token, `?estudio=${estudioA.id}`)).json());
    expect(byFirm.encargos.map((e) => e.numero_rol).sort()).toEqual(['C-1-2025', 'C-2-2025']);
    expect(byFirm.total).toBe(77500);
    const day = CobranzaEncargosResponseSchema.parse((await listar(token, '?fecha_especifica=2025-03-10')).json());
    expect(day.encargos.map((e) => e.numero_rol).sort()).toEqual(['C-2-2025', 'C-3-2025']);
    const range = CobranzaEncargosResponseSchema.parse((await listar(token, '?fecha_inicio=2025-03-01&fecha_fin=2025-03-31')).json());
    expect(range.encargos.map((e) => e.numero_rol).sort()).toEqual(['C-1-2025', 'C-2-2025', 'C-3-2025']);
    const empty = CobranzaEncargosResponseSchema.parse((await listar(token, '?fecha_especifica=2024-01-01')).json());
    expect(empty).toEqual({ encargos: [], total: 0 });
  });

  it('refuses a specific date together with a range, inverted ranges and bad dates', async () => {
    const both = await listar(token, '?fecha_especifica=2025-03-10&fecha_inicio=2025-03-01');
    expect(both.statusCode).toBe(400);
    expect(both.json().detail).toBe(cobranzaMessages.fechasExcluyentes);
    const inverted = await listar(token, '?fecha_inicio=2025-03-31&fecha_fin=2025-03-01');
    expect(inverted.json().detail).toBe(cobranzaMessages.rangoInvertido);
    const bad = await listar(token, '?fecha_especifica=2025-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(cobranzaMessages.fechaInvalida);
  });
});

describe('collection sheet', () => {
  let planillaId: number;

  it('writes exactly the chosen columns in the spec order with a CLP total row', async () => {
    const response = await generar(token, {
      encargos: [{ id: enc['C-2-2025'], numero_rol: 'C-2-2025', valor_asociado: 1 }, { id: enc['C-1-2025'] }],
      columnasSeleccionadas: ['rut_ejecutado', 'fecha_estampado', 'valor_asociado', 'numero_rol', 'estudio_nombre'],
      filtros: { estudio: estudioA.id, fechaInicio: '2025-03-01', fechaFin: '2025-03-31', fechaEspecifica: '' },
      configuracion: { incluirEncabezado: false, soloColumnas: true },
    });
    expect(response.statusCode).toBe(200);
    const body = GenerarPlanillaResponseSchema.parse(response.json());
    expect(body).toMatchObject({ success: true, error: null, total_encargos: 2, valor_total: 77500 });
    planillaId = body.archivo!.id;
    expect(body.archivo!.url).toBe(`/estampados/api/cobranza/planillas/${planillaId}/archivo/`);

    const download = await t.request(token, { method: 'GET', url: body.archivo!.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('spreadsheetml');
    expect(download.headers['content-disposition']).toContain(body.archivo!.nombre);
    const { sheet, rows } = await readSheet(download.rawPayload);
    // No title block: the header is the first row, with the spec's names in the spec's order.
    expect(rows[0]).toEqual(['Rol', 'Valor Asociado', 'Estudio Jurídico', 'Fecha del Estampado', 'RUT del Ejecutado']);
    expect(rows.slice(1, 3).map((row) => row.slice(0, 3))).toEqual([
      ['C-1-2025', 35000, 'Larraín y Asociados'],
      ['C-2-2025', 42500, 'Larraín y Asociados'],
    ]);
    expect((rows[1]![3] as Date).toISOString().slice(0, 10)).toBe('2025-03-05');
    const totals = rows[3]!;
    expect(totals[0]).toBe('Total');
    expect(totals[1]).toMatchObject({ formula: 'SUM(B2:B3)', result: 77500 });
    expect(rows).toHaveLength(4);
    expect(sheet.getCell('B2').numFmt).toBe('"$"#,##0');
  });

  it('always keeps Rol and Valor Asociado, and adds the title block only when asked', async () => {
    const response = await generar(token, {
      encargos: [enc['C-3-2025']],
      columnasSeleccionadas: ['tribunal_nombre'],
      filtros: { estudio: estudioB.id, fechaEspecifica: '2025-03-10' },
      configuracion: { incluirEncabezado: true, soloColumnas: true },
    });
    const body = GenerarPlanillaResponseSchema.parse(response.json());
    const download = await t.request(token, { method: 'GET', url: body.archivo!.url });
    const { rows } = await readSheet(download.rawPayload);
    expect(rows[0]).toEqual(['Planilla de Cobranza']);
    expect(rows[1]).toEqual(['Estudio Jurídico: Pacífico Cobranzas']);
    expect(rows[2]).toEqual(['Período: 10/03/2025']);
    expect(rows[3]![0]).toMatch(/^Receptor: /);
    expect(rows[6]).toEqual(['Rol', 'Valor Asociado', 'Tribunal']);
    expect(rows[7]!.slice(0, 2)).toEqual(['C-3-2025', 30000]);
    expect(rows[8]![1]).toMatchObject({ result: 30000 });
  });

  it("refuses with the spec's messages when there is no row or no column", async () => {
    const sinFilas = await generar(token, { encargos: [], columnasSeleccionadas: ['numero_rol'], filtros: {}, configuracion: {} });
    expect(sinFilas.statusCode).toBe(400);
    expect(sinFilas.json().detail).toBe('No hay datos para mostrar en la planilla');
    const sinColumnas = await generar(token, { encargos: [enc['C-1-2025']], columnasSeleccionadas: [], filtros: {}, configuracion: {} });
    expect(sinColumnas.statusCode).toBe(400);
    expect(sinColumnas.json().detail).toBe('Debe seleccionar al menos una columna');
    const columnaRara = await generar(token, { encargos: [enc['C-1-2025']], columnasSeleccionadas: ['password'], filtros: {} });
    expect(columnaRara.json().detail).toBe(cobranzaMessages.columnaInvalida);
  });

  it('refuses assignments that are not billable, changing nothing', async () => {
    const before = CobranzaHistorialSchema.parse((await t.request(token, { method: 'GET', url: '/estampados/api/cobranza/historial' })).json());
    for (const key of ['C-4-2025', 'C-5-2025', 'C-6-2025']) {
      const response = await generar(token, { encargos: [enc['C-1-2025'], enc[key]], columnasSeleccionadas: ['numero_rol'], filtros: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(cobranzaMessages.encargosNoCobrables([enc[key]!]));
    }
    const after = CobranzaHistorialSchema.parse((await t.request(token, { method: 'GET', url: '/estampados/api/cobranza/historial' })).json());
    expect(after.planillas).toHaveLength(before.planillas.length);
  });

  it('lists every sheet in the history with who, filters and total, downloadable again', async () => {
    const response = await t.request(token, { method: 'GET', url: '/estampados/api/cobranza/historial' });
    const body = CobranzaHistorialSchema.parse(response.json());
    expect(body.planillas.length).toBe(2);
    const first = body.planillas.find((p) => p.id === planillaId)!;
    expect(first).toMatchObject({
      usuario: 'cobradora',
      estudio_id: estudioA.id,
      estudio_nombre: 'Larraín y Asociados',
      total_encargos: 2,
      valor_total: 77500,
      columnas: ['numero_rol', 'valor_asociado', 'estudio_nombre', 'fecha_estampado', 'rut_ejecutado'],
      filtros: { estudio: estudioA.id, fechaInicio: '2025-03-01', fechaFin: '2025-03-31', fechaEspecifica: null },
      envios: [],
    });
    expect(first.fecha_creacion).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    const again = await t.request(token, { method: 'GET', url: first.url });
    expect(again.statusCode).toBe(200);
    expect((await readSheet(again.rawPayload)).rows[0]).toEqual(['Rol', 'Valor Asociado', 'Estudio Jurídico', 'Fecha del Estampado', 'RUT del Ejecutado']);
  });

  it('serves the column catalogue with Rol and Valor Asociado as fixed defaults', async () => {
    const body = CobranzaConfiguracionSchema.parse((await t.request(token, { method: 'GET', url: '/estampados/api/cobranza/configuracion' })).json());
    expect(body.columnas.map((c) => c.nombre)).toEqual(COBRANZA_COLUMNAS.map((c) => c.nombre));
    expect(body.columnas).toHaveLength(15);
    expect(body.columnasPredeterminadas).toEqual(['numero_rol', 'valor_asociado']);
    expect(body.configuracion).toEqual({ incluirEncabezado: false, soloColumnas: true });
  });

  it("sends the sheet to the firm's collection addresses and records it", async () => {
    const response = await t.request(token, { method: 'POST', url: `/estampados/api/cobranza/planillas/${planillaId}/enviar/` });
    expect(response.statusCode).toBe(200);
    const body = EnviarPlanillaResponseSchema.parse(response.json());
    expect(body.destinatarios).toEqual(['cobranza@larrain.cl', 'pagos@larrain.cl']);
    expect(body.mensaje).toBe('Planilla enviada a cobranza@larrain.cl, pagos@larrain.cl');
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo.sort()).toEqual(['cobranza@larrain.cl', 'pagos@larrain.cl']);
    expect(mail!.parsed.subject).toBe('Planilla de cobranza Larraín y Asociados - Desde 01/03/2025 hasta 31/03/2025');
    expect(mail!.parsed.text).toContain('2 encargos estampados por un total de $77.500');
    // Signed with the receiver's signature block (its name at least).
    const [receptor] = await t.app.controlDb.select().from(controlSchema.tenants).where(eq(controlSchema.tenants.id, t.mainTenantId));
    expect(mail!.parsed.text).toContain(`Saludos cordiales.\n\n${receptor!.nombre}`);
    const attachment = mail!.parsed.attachments[0]!;
    expect(attachment.filename).toMatch(/^planilla_cobranza_larrain_y_asociados_\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect((await readSheet(attachment.content)).rows[1]!.slice(0, 2)).toEqual(['C-1-2025', 35000]);

    const historial = CobranzaHistorialSchema.parse((await t.request(token, { method: 'GET', url: '/estampados/api/cobranza/historial' })).json());
    const envios = historial.planillas.find((p) => p.id === planillaId)!.envios;
    expect(envios).toHaveLength(1);
    expect(envios[0]).toMatchObject({ destinatarios: ['cobranza@larrain.cl', 'pagos@larrain.cl'], usuario: 'cobradora' });
  });

  it('with no mail transport keeps the sheet in Correo saliente and says so', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const sinTransporte = new MailTransport({ from: 'x@receptoria.test' });
    const body = await enviarPlanilla(sinTransporte, db, { userId: 0, username: 'cobradora' }, planillaId);
    expect(body.mensaje).toBe(correoMessages.soloEnBandeja);
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const [correo] = (await t.request(admin, { method: 'GET', url: '/api/v1/correo_saliente/?estado=sin_transporte' })).json().results;
    expect(correo).toMatchObject({ para: 'cobranza@larrain.cl, pagos@larrain.cl', asunto: 'Planilla de cobranza Larraín y Asociados - Desde 01/03/2025 hasta 31/03/2025' });
    expect(correo.adjuntos[0].nombre).toMatch(/^planilla_cobranza_larrain_y_asociados_\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it('falls back to the principal address, and refuses a firm with none', async () => {
    const b = GenerarPlanillaResponseSchema.parse(
      (await generar(token, { encargos: [enc['C-3-2025']], columnasSeleccionadas: ['numero_rol'], filtros: { estudio: estudioB.id } })).json(),
    );
    const sent = await t.request(token, { method: 'POST', url: `/estampados/api/cobranza/planillas/${b.archivo!.id}/enviar/` });
    expect(EnviarPlanillaResponseSchema.parse(sent.json()).destinatarios).toEqual(['mesa@pacifico.cl']);
    const mails = await smtp.waitFor(2);
    expect(mails[1]!.envelopeTo).toEqual(['mesa@pacifico.cl']);

    const none = GenerarPlanillaResponseSchema.parse(
      (await generar(token, { encargos: [enc['C-7-2025']], columnasSeleccionadas: ['numero_rol'], filtros: { estudio: estudioSinCorreo.id } })).json(),
    );
    const refused = await t.request(token, { method: 'POST', url: `/estampados/api/cobranza/planillas/${none.archivo!.id}/enviar/` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(cobranzaMessages.envioSinCorreos('Estudio Sin Correo'));
    const todos = GenerarPlanillaResponseSchema.parse(
      (await generar(token, { encargos: [enc['C-7-2025']], columnasSeleccionadas: ['numero_rol'], filtros: {} })).json(),
    );
    const sinEstudio = await t.request(token, { method: 'POST', url: `/estampados/api/cobranza/planillas/${todos.archivo!.id}/enviar/` });
    expect(sinEstudio.json().detail).toBe(cobranzaMessages.envioSinEstudio);
  });
});

describe('access', () => {
  const calls = () => [
    { method: 'GET' as const, url: '/api/v1/cobranza/encargos/' },
    { method: 'POST' as const, url: '/estampados/api/cobranza/generar-planilla', payload: { encargos: [1], columnasSeleccionadas: ['numero_rol'], filtros: {} } },
    { method: 'GET' as const, url: '/estampados/api/cobranza/configuracion' },
    { method: 'GET' as const, url: '/estampados/api/cobranza/historial' },
    { method: 'GET' as const, url: '/estampados/api/cobranza/planillas/1/archivo/' },
    { method: 'POST' as const, url: '/estampados/api/cobranza/planillas/1/enviar/' },
  ];

  it('answers 403 to a user without the cobranza module on every call', async () => {
    for (const call of calls()) {
      const response = await t.request(sinModulo, call);
      expect(response.statusCode, call.url).toBe(403);
      expect(response.json()).toEqual({ detail: commonMessages.forbidden });
    }
  });

  it('answers 401 without a session', async () => {
    for (const call of calls()) expect((await t.request(undefined, call)).statusCode, call.url).toBe(401);
  });

  it("keeps every call inside the caller's receiver", async () => {
    const rows = CobranzaEncargosResponseSchema.parse((await listar(ajeno)).json());
    expect(rows).toEqual({ encargos: [], total: 0 });
    const historial = CobranzaHistorialSchema.parse((await t.request(ajeno, { method: 'GET', url: '/estampados/api/cobranza/historial' })).json());
    expect(historial.planillas).toEqual([]);
    const archivo = await t.request(ajeno, { method: 'GET', url: '/estampados/api/cobranza/planillas/1/archivo/' });
    expect(archivo.statusCode).toBe(404);
    const envio = await t.request(ajeno, { method: 'POST', url: '/estampados/api/cobranza/planillas/1/enviar/' });
    expect(envio.statusCode).toBe(404);
    const planilla = await generar(ajeno, { encargos: [enc['C-1-2025']], columnasSeleccionadas: ['numero_rol'], filtros: {} });
    expect(planilla.statusCode).toBe(400);
    expect(planilla.json().detail).toBe(cobranzaMessages.encargosNoCobrables([enc['C-1-2025']!]));
    expect(smtp.received).toHaveLength(2);
  });
});
