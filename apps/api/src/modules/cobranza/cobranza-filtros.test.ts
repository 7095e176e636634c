import { CobranzaHistorialSchema, cobranzaMessages, GenerarPlanillaResponseSchema } from '@receptoria/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { seedDiligencia, seedEncargo, seedEstudio } from '../rutas/rutas.fixtures';

let t: TestContext;
let smtp: TestSmtpServer;
let token: string;
let otraToken: string;
let estudio: { id: number; nombre: string };
const enc: Record<string, number> = {};

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ mail: { smtpUrl: smtp.url, from: 'Receptoría <cobranza@receptoria.test>' } });
  await t.createUser({ tenantId: t.mainTenantId, username: 'cobra_filtros', permisos: ['recibos_periodo'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'cobra_otra', permisos: ['recibos_periodo'] });
  token = await t.login('cobra_filtros');
  otraToken = await t.login('cobra_otra');
  const db = await t.tenantDbOf(t.mainTenantId);
  estudio = await seedEstudio(db, 'Larraín y Asociados', [{ email: 'cobranza@larrain.cl', tipo: 'cobranza' }]);
  for (const [rol, fecha, valor] of [
    ['C-11-2026', '2026-11-01', 30000],
    ['C-12-2026', '2026-11-25', 45000],
  ] as const) {
    const { encargo } = await seedEncargo(db, { estudioId: estudio.id, numeroRol: rol, estado: 'estampado', estadoEstampado: 'estampado', fechaEstampado: fecha });
    await seedDiligencia(db, encargo.id, { fecha: `${fecha}T10:00:00-03:00`, valorFinal: valor });
    enc[rol] = encargo.id;
  }
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const generar = (tk: string, payload: unknown) =>
  t.request(tk, { method: 'POST', url: '/estampados/api/cobranza/generar-planilla', payload: payload as object });
const historial = async (tk = token) =>
  CobranzaHistorialSchema.parse((await t.request(tk, { method: 'GET', url: '/estampados/api/cobranza/historial' })).json()).planillas;

async function headerOf(url: string): Promise<unknown[]> {
  const download = await t.request(token, { method: 'GET', url });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
  return (workbook.getWorksheet('Cobranza')!.getRow(1).values as unknown[]).slice(1);
}

describe('the sheet request as clients send it', () => {
  it("accepts the firm as the select's numeric string and stores it as a number", async () => {
    const response = await generar(token, {
      encargos: [enc['C-11-2026']],
      columnasSeleccionadas: ['numero_rol'],
      filtros: { estudio: String(estudio.id), fechaEspecifica: '2026-11-01' },
    });
    expect(response.statusCode).toBe(200);
    const body = GenerarPlanillaResponseSchema.parse(response.json());
    const stored = (await historial()).find((p) => p.id === body.archivo!.id)!;
    expect(stored.estudio_id).toBe(estudio.id);
    expect(stored.filtros.estudio).toBe(estudio.id);
  });

  it('refuses a firm string that is not a number, with the Spanish message', async () => {
    for (const value of ['cinco', '5x', '-3', '0']) {
      const response = await generar(token, { encargos: [enc['C-11-2026']], columnasSeleccionadas: ['numero_rol'], filtros: { estudio: value } });
      expect(response.statusCode, value).toBe(400);
      expect(response.json().detail).toBe(cobranzaMessages.estudioInvalido);
    }
  });

  it("accepts the spec's Spanish column names as well as ids, in the sheet's order", async () => {
    const response = await generar(token, {
      encargos: [enc['C-11-2026'], enc['C-12-2026']],
      columnasSeleccionadas: ['RUT del Ejecutado', 'Fecha del Estampado', 'estudio_nombre', 'tribunal'],
      filtros: { fechaInicio: '2026-11-01', fechaFin: '2026-11-25' },
    });
    expect(response.statusCode).toBe(200);
    const body = GenerarPlanillaResponseSchema.parse(response.json());
    expect(await headerOf(body.archivo!.url)).toEqual(['Rol', 'Valor Asociado', 'Estudio Jurídico', 'Fecha del Estampado', 'Tribunal', 'RUT del Ejecutado']);
    const stored = (await historial()).find((p) => p.id === body.archivo!.id)!;
    expect(stored.columnas).toEqual(['numero_rol', 'valor_asociado', 'estudio_nombre', 'fecha_estampado', 'tribunal_nombre', 'rut_ejecutado']);
    const unknown = await generar(token, { encargos: [enc['C-11-2026']], columnasSeleccionadas: ['Contraseña'], filtros: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(cobranzaMessages.columnaInvalida);
  });
});

describe('a double click on Generar Planilla', () => {
  it('stores one sheet for two identical requests sent together, and answers both with it', async () => {
    const payload = {
      encargos: [enc['C-11-2026'], enc['C-12-2026']],
      columnasSeleccionadas: ['numero_rol', 'valor_asociado', 'fecha_encargo'],
      filtros: { estudio: estudio.id },
      configuracion: { incluirEncabezado: false, soloColumnas: true },
    };
    const before = (await historial()).length;
    const [first, second] = await Promise.all([generar(token, payload), generar(token, payload)]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    const a = GenerarPlanillaResponseSchema.parse(first!.json());
    const b = GenerarPlanillaResponseSchema.parse(second!.json());
    expect(b.archivo).toEqual(a.archivo);
    expect(b.valor_total).toBe(75000);
    expect((await historial()).length).toBe(before + 1);
  });

  it('still stores a different sheet, and the same sheet generated by another user', async () => {
    const base = { encargos: [enc['C-12-2026']], filtros: { estudio: estudio.id } };
    const before = (await historial()).length;
    const one = GenerarPlanillaResponseSchema.parse((await generar(token, { ...base, columnasSeleccionadas: ['numero_rol'] })).json());
    const other = GenerarPlanillaResponseSchema.parse((await generar(token, { ...base, columnasSeleccionadas: ['tribunal_nombre'] })).json());
    const byOther = GenerarPlanillaResponseSchema.parse((await generar(otraToken, { ...base, columnasSeleccionadas: ['numero_rol'] })).json());
    expect(new Set([one.archivo!.id, other.archivo!.id, byOther.archivo!.id]).size).toBe(3);
    expect((await historial()).length).toBe(before + 3);
  });
});

describe("the mail's wording of the period", () => {
  const send = async (filtros: object) => {
    const encargos = [enc['C-11-2026'], enc['C-12-2026']];
    const body = GenerarPlanillaResponseSchema.parse(
      (await generar(token, { encargos, columnasSeleccionadas: ['numero_rol', 'rut_ejecutado'], filtros: { estudio: estudio.id, ...filtros } })).json(),
    );
    const response = await t.request(token, { method: 'POST', url: `/estampados/api/cobranza/planillas/${body.archivo!.id}/enviar/` });
    expect(response.statusCode).toBe(200);
  };

  it('says each filter in words, never "del período Todo el período"', async () => {
    await send({});
    await send({ fechaInicio: '2026-11-01', fechaFin: '2026-11-25' });
    await send({ fechaEspecifica: '2026-11-25' });
    const mails = await smtp.waitFor(3);
    const texts = mails.slice(0, 3).map((mail) => mail.parsed.text ?? '');
    expect(texts[0]).toContain('Adjuntamos la planilla de cobranza del estudio Larraín y Asociados de todo el período: 2 encargos estampados por un total de $75.000.');
    expect(texts[1]).toContain('del estudio Larraín y Asociados del 01/11/2026 al 25/11/2026: 2 encargos estampados');
    expect(texts[2]).toContain('del estudio Larraín y Asociados del 25/11/2026: 2 encargos estampados');
    for (const text of texts) expect(text).not.toContain('del período Todo el período');
  });
});
