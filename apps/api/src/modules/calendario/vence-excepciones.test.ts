import {
  CobranzaConfiguracionSchema,
  CobranzaEncargosResponseSchema,
  GenerarPlanillaResponseSchema,
  InformePreviewSchema,
} from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { DATE_FORMAT, HEADER_ROW, INFORME_COLUMNAS } from '../informes/informe-excel';
import { insertStamped } from '../informes/informes.fixtures';
import { mailText } from '../informes/informes.service';
import { seedEstudio } from '../rutas/rutas.fixtures';

/**
 * 'Vence excepciones' (issue 24) in the firm's report and in the collection sheet: the due date of the
 * requerimiento's 'Plazo para oponer excepciones' — the latest one, open or met — and empty without one.
 */

let t: TestContext;
let db: TenantDb;
let tokenInformes: string;
let tokenCobranza: string;
let estudio: { id: number; nombre: string };
const enc = { abierto: 0, cumplido: 0, sinRequerimiento: 0 };

async function plazo(encargoId: number, values: { tipo: string; vence: string; estado?: string; cumplidoPor?: string }) {
  await db.insert(tenantSchema.plazos).values({
    encargoId,
    tipo: values.tipo,
    desde: '2026-02-27',
    dias: 4,
    vence: values.vence,
    estado: values.estado ?? 'pendiente',
    origen: 'diligencia:0',
    cumplidoEn: values.estado === 'cumplido' ? '2026-03-03' : null,
    cumplidoPor: values.cumplidoPor ?? null,
  });
}

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'vence_informes' });
  await t.createUser({ tenantId: t.mainTenantId, username: 'vence_cobranza', permisos: ['recibos_periodo'] });
  tokenInformes = await t.login('vence_informes');
  tokenCobranza = await t.login('vence_cobranza');
  db = await t.tenantDbOf(t.mainTenantId);
  estudio = await seedEstudio(db, 'Vial y Compañía Abogados', [{ email: 'informes@vial.cl', tipo: 'informes' }]);
  const stamped = (numeroRol: string) =>
    insertStamped(db, { estudioId: estudio.id, numeroRol, fechaEstampado: '2026-03-02', fechaDiligencia: new Date('2026-02-27T14:00:00Z'), valor: 30_000 });
  enc.abierto = await stamped('C-801-2026');
  enc.cumplido = await stamped('C-802-2026');
  enc.sinRequerimiento = await stamped('C-803-2026');
  // A first requerimiento replaced by a later one: the later one's due date counts.
  await plazo(enc.abierto, { tipo: 'excepciones', vence: '2026-03-01', estado: 'cumplido', cumplidoPor: 'reemplazado' });
  await plazo(enc.abierto, { tipo: 'excepciones', vence: '2026-03-05' });
  await plazo(enc.cumplido, { tipo: 'excepciones', vence: '2026-02-25', estado: 'cumplido', cumplidoPor: 'receptor' });
  // An art. 46 letter is no requerimiento.
  await plazo(enc.sinRequerimiento, { tipo: 'carta_art_46', vence: '2026-03-03' });
});
afterAll(async () => {
  await t?.close();
});

describe("the firm's report", () => {
  const semana = { frecuencia: 'semanal', fecha_referencia: '2026-03-09' };

  it('the preview carries vence_excepciones; the XLSX a dd-mm-yyyy "Vence excepciones" column, empty without a requerimiento', async () => {
    const preview = await t.request(tokenInformes, {
      method: 'GET',
      url: `/api/v1/estudios/${estudio.id}/preview_informe_automatico/?frecuencia=semanal&fecha_referencia=2026-03-09`,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const informe = InformePreviewSchema.parse(preview.json());
    const porRol = Object.fromEntries(informe.datos.map((f) => [f.numero_rol, f.vence_excepciones]));
    expect(porRol).toEqual({ 'C-801-2026': '2026-03-05', 'C-802-2026': '2026-02-25', 'C-803-2026': null });

    const response = await t.request(tokenInformes, {
      method: 'POST',
      url: `/api/v1/estudios/${estudio.id}/generar_excel_informe/`,
      payload: semana,
    });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Informe')!;
    const col = INFORME_COLUMNAS.findIndex((c) => c.key === 'vence_excepciones') + 1;
    expect(sheet.getRow(HEADER_ROW).getCell(col).value).toBe('Vence excepciones');
    const filas = new Map<string, ExcelJS.Cell>();
    for (let r = HEADER_ROW + 1; r <= HEADER_ROW + 3; r += 1) {
      const row = sheet.getRow(r);
      filas.set(String(row.getCell(1).value), row.getCell(col));
    }
    expect((filas.get('C-801-2026')?.value as Date).toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(filas.get('C-801-2026')?.numFmt).toBe(DATE_FORMAT);
    expect((filas.get('C-802-2026')?.value as Date).toISOString().slice(0, 10)).toBe('2026-02-25');
    expect(filas.get('C-803-2026')?.value).toBeNull();
    // The totals row still sums the value column.
    expect(sheet.getRow(HEADER_ROW + 4).getCell(1).value).toBe('Total');

    const { text } = mailText(informe, 'Receptor Judicial');
    expect(text).toContain("2 requerimientos de pago: el vencimiento del plazo para oponer excepciones va en la columna 'Vence excepciones'.");
  });
});

describe('the collection sheet', () => {
  it('offers "Vence excepciones" (not on by default); the rows carry it and the XLSX writes it as a date', async () => {
    const config = CobranzaConfiguracionSchema.parse(
      (await t.request(tokenCobranza, { method: 'GET', url: '/estampados/api/cobranza/configuracion' })).json(),
    );
    expect(config.columnas.find((c) => c.id === 'vence_excepciones')).toMatchObject({ nombre: 'Vence excepciones', obligatoria: false, predeterminada: false });

    const lista = await t.request(tokenCobranza, { method: 'GET', url: `/api/v1/cobranza/encargos/?estudio=${estudio.id}` });
    expect(lista.statusCode).toBe(200);
    const porRol = Object.fromEntries(CobranzaEncargosResponseSchema.parse(lista.json()).encargos.map((e) => [e.numero_rol, e.vence_excepciones]));
    expect(porRol).toEqual({ 'C-801-2026': '2026-03-05', 'C-802-2026': '2026-02-25', 'C-803-2026': null });

    const generado = await t.request(tokenCobranza, {
      method: 'POST',
      url: '/estampados/api/cobranza/generar-planilla',
      payload: {
        encargos: [{ id: enc.abierto }, { id: enc.sinRequerimiento }],
        columnasSeleccionadas: ['numero_rol', 'valor_asociado', 'Vence excepciones'],
        filtros: { estudio: estudio.id, fechaInicio: '2026-03-01', fechaFin: '2026-03-31', fechaEspecifica: '' },
        configuracion: { incluirEncabezado: false, soloColumnas: true },
      },
    });
    expect(generado.statusCode, generado.body).toBe(200);
    const body = GenerarPlanillaResponseSchema.parse(generado.json());
    const archivo = await t.request(tokenCobranza, { method: 'GET', url: body.archivo!.url });
    expect(archivo.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(archivo.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Cobranza')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Rol', 'Valor Asociado', 'Vence excepciones']);
    expect(sheet.getCell('A2').value).toBe('C-801-2026');
    expect((sheet.getCell('C2').value as Date).toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(sheet.getCell('C2').numFmt).toBe(DATE_FORMAT);
    expect(sheet.getCell('A3').value).toBe('C-803-2026');
    expect(sheet.getCell('C3').value).toBeNull();
    expect(sheet.getCell('A4').value).toBe('Total');
  });
});
