import {
  correoMessages,
  ConfiguracionInformesSchema,
  ErrorBodySchema,
  type Estudio,
  InformeEnvioSchema,
  informeMessages,
  InformePreviewSchema,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../../test/helper';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { registerEstudio } from '../encargos/encargos.fixtures';
import { CLP_FORMAT, DATE_FORMAT, HEADER_ROW } from './informe-excel';
import { insertStamped } from './informes.fixtures';

let t: TestContext;
let smtp: TestSmtpServer;
let tokenA: string;
let tokenB: string;
let estudio: Estudio;
let otro: Estudio;
const REF = '2026-03-02';

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ mail: { smtpUrl: smtp.url, from: 'Receptoría <informes@receptoria.test>' } });
  const tenantB = (await t.createTenant({ nombre: 'Receptora Valparaíso' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_a' });
  await t.createUser({ tenantId: tenantB, username: 'secretaria_b' });
  tokenA = await t.login('secretaria_a');
  tokenB = await t.login('secretaria_b');
  estudio = await registerEstudio(t, tokenA, {
    nombre: 'Estudio Ñuñoa & Asociados',
    emails: [
      { email: 'principal@nunoa.cl', tipo: 'principal' },
      { email: 'informes@nunoa.cl', tipo: 'informes' },
      { email: 'cobranza@nunoa.cl', tipo: 'cobranza' },
    ],
    enviar_informes_diarios: true,
  });
  otro = await registerEstudio(t, tokenA, { nombre: 'Otro Estudio Ltda.' });
  const db = await t.tenantDbOf(t.mainTenantId);
  const parte = estudio.partes_demandantes[0]!.id;
  // Stamped on Sunday 1 March (the daily period of 2 March); its diligence on 27 February.
  await insertStamped(db, { estudioId: estudio.id, numeroRol: 'C-100-2026', fechaEstampado: '2026-03-01', fechaDiligencia: new Date('2026-02-27T15:00:00Z'), valor: 30_000, parteDemandanteId: parte });
  // 23:30 on Saturday 28 February in Santiago (UTC-3) although 1 March in UTC.
  await insertStamped(db, { estudioId: estudio.id, numeroRol: 'C-200-2026', estado: 'listo_para_estampar', fechaDiligencia: new Date('2026-03-01T02:30:00Z'), valor: 45_000 });
  await insertStamped(db, { estudioId: estudio.id, numeroRol: 'C-300-2026', estado: 'preparado', fechaDiligencia: new Date('2026-03-01T12:00:00Z') });
  await insertStamped(db, { estudioId: estudio.id, numeroRol: 'C-400-2026', fechaEstampado: '2026-03-02' });
  await insertStamped(db, { estudioId: otro.id, numeroRol: 'C-500-2026', fechaEstampado: '2026-03-01' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const get = (token: string, url: string) => t.request(token, { method: 'GET', url });
const post = (token: string, url: string, payload: object) => t.request(token, { method: 'POST', url, payload });
const base = (id: number) => `/api/v1/estudios/${id}`;

describe('report configuration', () => {
  it('starts from the Registrar Estudio switches and round-trips', async () => {
    const initial = ConfiguracionInformesSchema.parse((await get(tokenA, `${base(estudio.id)}/configuracion_informes/`)).json());
    expect(initial).toEqual({ informes_activos: true, diario: true, semanal: false, mensual: false, formato: 'excel', correo_raiz: '' });
    const saved = await post(tokenA, `${base(estudio.id)}/guardar_configuracion_informes/`, {
      informes_activos: true,
      diario: false,
      semanal: true,
      mensual: true,
      formato: 'excel',
      correo_raiz: '  Raiz@Receptoria.CL ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(informeMessages.configuracionGuardada);
    const expected = { informes_activos: true, diario: false, semanal: true, mensual: true, formato: 'excel', correo_raiz: 'raiz@receptoria.cl' };
    expect(saved.json().configuracion).toEqual(expected);
    expect((await get(tokenA, `${base(estudio.id)}/configuracion_informes/`)).json()).toEqual(expected);
    // The firm's own record carries the daily and monthly switches.
    const firm = (await get(tokenA, `/api/v1/estudios/${estudio.id}/`)).json();
    expect(firm).toMatchObject({ enviar_informes_diarios: false, enviar_informes_mensuales: true });
  });

  it('refuses bad values with Spanish messages and changes nothing', async () => {
    const before = (await get(tokenA, `${base(estudio.id)}/configuracion_informes/`)).json();
    for (const body of [
      { correo_raiz: 'no-es-correo' },
      { formato: 'pdf' },
      { diario: 'si' },
      { correo_raiz: `${'a'.repeat(300)}@x.cl` },
    ]) {
      const response = await post(tokenA, `${base(estudio.id)}/guardar_configuracion_informes/`, { ...before, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = ErrorBodySchema.parse(response.json());
      expect(error.detail).toMatch(/Formato de email inválido|excel|verdadero o falso|Máximo 254 caracteres/);
    }
    expect((await get(tokenA, `${base(estudio.id)}/configuracion_informes/`)).json()).toEqual(before);
  });

  it('another receiver cannot read or change this firm', async () => {
    expect((await get(tokenB, `${base(estudio.id)}/configuracion_informes/`)).statusCode).toBe(404);
    const response = await post(tokenB, `${base(estudio.id)}/guardar_configuracion_informes/`, { informes_activos: false });
    expect(response.statusCode).toBe(404);
    expect((await get(tokenA, `${base(estudio.id)}/configuracion_informes/`)).json().informes_activos).toBe(true);
    for (const url of ['preview_informe_automatico/?frecuencia=diario', 'informes_enviados/']) {
      expect((await get(tokenB, `${base(estudio.id)}/${url}`)).statusCode).toBe(404);
    }
    expect((await post(tokenB, `${base(estudio.id)}/generar_excel_informe/`, { frecuencia: 'diario' })).statusCode).toBe(404);
    expect((await post(tokenB, `${base(estudio.id)}/enviar_excel_correo/`, { frecuencia: 'diario' })).statusCode).toBe(404);
  });
});

describe('report preview', () => {
  const preview = (frecuencia: string, id = estudio.id, ref = REF) =>
    get(tokenA, `${base(id)}/preview_informe_automatico/?frecuencia=${frecuencia}&fecha_referencia=${ref}`);

  it('daily lists what was stamped or diligenced the previous Santiago day', async () => {
    const body = InformePreviewSchema.parse((await preview('diario')).json());
    expect(body.periodo).toMatchObject({ fecha_inicio: '2026-03-01', fecha_fin: '2026-03-01', descripcion: '01-03-2026' });
    expect(body.datos.map((r) => r.numero_rol)).toEqual(['C-100-2026']);
    expect(body.datos[0]).toMatchObject({
      estado: 'estampado',
      valor_asociado: 30_000,
      fecha_estampado: '2026-03-01',
      fecha_diligencia: '2026-02-27',
      parte_demandante: estudio.partes_demandantes[0]!.nombre,
      tipo_estampado: 'Búsqueda positiva',
    });
    expect(body.estadisticas).toEqual({ total_roles: 1, total_valor: 30_000 });
  });

  it('weekly and monthly cover the previous week and month, by Santiago dates', async () => {
    const weekly = InformePreviewSchema.parse((await preview('semanal')).json());
    expect(weekly.periodo).toMatchObject({ fecha_inicio: '2026-02-23', fecha_fin: '2026-03-01' });
    expect(weekly.datos.map((r) => r.numero_rol).sort()).toEqual(['C-100-2026', 'C-200-2026']);
    expect(weekly.estadisticas).toEqual({ total_roles: 2, total_valor: 75_000 });
    const monthly = InformePreviewSchema.parse((await preview('mensual')).json());
    expect(monthly.periodo).toMatchObject({ fecha_inicio: '2026-02-01', fecha_fin: '2026-02-28' });
    expect(monthly.datos.map((r) => r.numero_rol).sort()).toEqual(['C-100-2026', 'C-200-2026']);
    expect(monthly.datos.find((r) => r.numero_rol === 'C-200-2026')?.fecha_diligencia).toBe('2026-02-28');
  });

  it('answers 404 with the spec text when the period has nothing', async () => {
    for (const [frecuencia, texto] of [
      ['diario', 'el día anterior'],
      ['semanal', 'la semana anterior'],
      ['mensual', 'el mes anterior'],
    ] as const) {
      const response = await preview(frecuencia, estudio.id, '2025-06-10');
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(`No se encontraron encargos estampados para ${texto}`);
    }
  });

  it('validates the query', async () => {
    for (const query of ['frecuencia=anual', 'frecuencia=diario&fecha_referencia=2026-02-30', '']) {
      const response = await get(tokenA, `${base(estudio.id)}/preview_informe_automatico/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).detail).toMatch(/frecuencia|fecha de referencia/);
    }
  });
});

describe('report spreadsheet', () => {
  it('holds the title block, the rows with CLP and dd-mm-yyyy formats, a total, frozen header and filter', async () => {
    const response = await post(tokenA, `${base(estudio.id)}/generar_excel_informe/`, { frecuencia: 'semanal', fecha_referencia: REF });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="informe_semanal_Estudio_Nunoa_Asociados_\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Informe')!;
    expect(sheet.getCell('A1').value).toBe('Informe semanal de encargos estampados');
    expect(sheet.getCell('B2').value).toBe('Estudio Ñuñoa & Asociados');
    expect(sheet.getCell('B3').value).toBe('23-02-2026 al 01-03-2026');
    expect(typeof sheet.getCell('B4').value).toBe('string');
    const header = sheet.getRow(HEADER_ROW).values as unknown[];
    expect(header.slice(1)).toEqual([
      'N° Rol', 'Estado', 'Parte demandante', 'Tribunal', 'Tipo de causa', 'Tipo de encargo', 'Tipo de estampado',
      'RUT ejecutado', 'Fecha encargo', 'Fecha demanda', 'Fecha diligencia', 'Fecha estampado', 'Valor asociado', 'Vence excepciones',
    ]);
    const first = sheet.getRow(HEADER_ROW + 1);
    const second = sheet.getRow(HEADER_ROW + 2);
    const rows = [first, second].map((row) => row.getCell(1).value).sort();
    expect(rows).toEqual(['C-100-2026', 'C-200-2026']);
    const stamped = [first, second].find((row) => row.getCell(1).value === 'C-100-2026')!;
    expect(stamped.getCell(2).value).toBe('Estampado');
    expect(stamped.getCell(13).value).toBe(30_000);
    expect(stamped.getCell(13).numFmt).toBe(CLP_FORMAT);
    expect((stamped.getCell(12).value as Date).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(stamped.getCell(12).numFmt).toBe(DATE_FORMAT);
    const total = sheet.getRow(HEADER_ROW + 3);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(2).value).toBe('2 roles');
    expect(total.getCell(13).value).toMatchObject({ formula: `SUM(M${HEADER_ROW + 1}:M${HEADER_ROW + 2})`, result: 75_000 });
    expect(total.getCell(13).numFmt).toBe(CLP_FORMAT);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getColumn(3).width).toBeGreaterThanOrEqual(20);
  });

  it('answers 404 when there is nothing to put in it', async () => {
    const response = await post(tokenA, `${base(estudio.id)}/generar_excel_informe/`, { frecuencia: 'diario', fecha_referencia: '2025-06-10' });
    expect(response.statusCode).toBe(404);
  });
});

describe('sending the spreadsheet by mail', () => {
  it('requires the root e-mail', async () => {
    const response = await post(tokenA, `${base(otro.id)}/enviar_excel_correo/`, { frecuencia: 'diario', fecha_referencia: REF });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(informeMessages.correoRaizRequerido);
  });

  it('delivers the XLSX to the firm’s informes and principal e-mails and the root e-mail, and logs it', async () => {
    const before = smtp.received.length;
    const response = await post(tokenA, `${base(estudio.id)}/enviar_excel_correo/`, { frecuencia: 'semanal', fecha_referencia: REF });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ via: 'smtp', destinatarios: ['principal@nunoa.cl', 'informes@nunoa.cl', 'raiz@receptoria.cl'] });
    const mails = await smtp.waitFor(before + 1);
    const mail = mails[before]!;
    expect(mail.envelopeTo.sort()).toEqual(['informes@nunoa.cl', 'principal@nunoa.cl', 'raiz@receptoria.cl']);
    expect(mail.parsed.subject).toContain('Informe semanal de encargos estampados — Estudio Ñuñoa & Asociados');
    expect(mail.parsed.text).toContain('Roles: 2. Valor total: $75.000.');
    const attachment = mail.parsed.attachments[0]!;
    expect(attachment.filename).toMatch(/^informe_semanal_Estudio_Nunoa_Asociados_/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(attachment.content as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Informe')!.getCell('B2').value).toBe('Estudio Ñuñoa & Asociados');
    const log = z.array(InformeEnvioSchema).parse((await get(tokenA, `${base(estudio.id)}/informes_enviados/`)).json());
    expect(log[0]).toMatchObject({ origen: 'manual', estado: 'enviado', frecuencia: 'semanal', filas: 2, total_valor: 75_000, via: 'smtp' });
  });

  it('sends to a chosen destination with the root e-mail', async () => {
    const before = smtp.received.length;
    const response = await post(tokenA, `${base(estudio.id)}/enviar_excel_correo/`, {
      frecuencia: 'diario',
      correo_destino: 'abogada@otro.cl',
      fecha_referencia: REF,
    });
    expect(response.statusCode).toBe(200);
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.envelopeTo.sort()).toEqual(['abogada@otro.cl', 'raiz@receptoria.cl']);
  });

  it('logs a refusal of the mail server and answers a Spanish 409', async () => {
    smtp.failNext(1);
    const response = await post(tokenA, `${base(estudio.id)}/enviar_excel_correo/`, { frecuencia: 'diario', fecha_referencia: REF });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(/^No se pudo enviar el correo/);
    const log = (await get(tokenA, `${base(estudio.id)}/informes_enviados/`)).json();
    expect(log[0]).toMatchObject({ estado: 'fallido', origen: 'manual' });
    expect(log[0].error).toMatch(/No se pudo enviar el correo/);
  });
});

describe('without any mail transport', () => {
  it('keeps the report in Correo saliente with its file and says so, never a 500', async () => {
    const bare = await createTestContext();
    try {
      await bare.createUser({ tenantId: bare.mainTenantId, username: 'secretaria_c' });
      const token = await bare.login('secretaria_c');
      const firm = await registerEstudio(bare, token, { nombre: 'Estudio Sin Correo' });
      const db = await bare.tenantDbOf(bare.mainTenantId);
      await insertStamped(db, { estudioId: firm.id, fechaEstampado: '2026-03-01' });
      await bare.request(token, {
        method: 'POST',
        url: `${base(firm.id)}/guardar_configuracion_informes/`,
        payload: { informes_activos: true, diario: true, correo_raiz: 'raiz@x.cl' },
      });
      const response = await bare.request(token, {
        method: 'POST',
        url: `${base(firm.id)}/enviar_excel_correo/`,
        payload: { frecuencia: 'diario', fecha_referencia: REF },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ message: correoMessages.soloEnBandeja, via: 'bandeja' });
      expect(response.json().destinatarios).toContain('raiz@x.cl');
      const [row] = await db.select().from(tenantSchema.informesEnvios);
      expect(row).toMatchObject({ estado: 'fallido', error: correoMessages.soloEnBandeja });
      const outbox = await bare.request(token, { method: 'GET', url: '/api/v1/correo_saliente/' });
      expect(outbox.statusCode).toBe(403);
      const admin = await bare.login('admin', ADMIN_PASSWORD);
      const [correo] = (await bare.request(admin, { method: 'GET', url: '/api/v1/correo_saliente/' })).json().results;
      expect(correo).toMatchObject({ para: response.json().destinatarios.join(', '), estado: 'sin_transporte', enviado: null, adjuntos: [{ nombre: row!.archivo }] });
      expect(correo.adjuntos[0].bytes).toBeGreaterThan(1000);
    } finally {
      await bare.close();
    }
  });
});
