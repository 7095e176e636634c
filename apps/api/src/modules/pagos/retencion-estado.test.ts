import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EstadoCuentaSchema, ReciboResponseSchema } from '@receptoria/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { seedDiligencia, seedEncargo, seedEstudio } from '../rutas/rutas.fixtures';

/**
 * A $95.000 receipt whose boleta the firm retains (15,25 % in 2026: $14.488): the boleta alone is no
 * payment, a payment of $50.000 leaves $30.512, and every statement row shows the retention so that
 * total = pagado + retención + saldo.
 */
let t: TestContext;
let token: string;
let estudio: { id: number; nombre: string };
let reciboId: number;

const leer = async () => ReciboResponseSchema.parse((await t.request(token, { method: 'GET', url: `/api/v1/recibos/${reciboId}/` })).json()).recibo;
const URL_CUENTA = (formato = '') => `/api/v1/estudios/${estudio.id}/estado_cuenta/${formato}?hasta=2026-04-30`;

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'tesorera_retencion', permisos: ['imprime_recibos'] });
  token = await t.login('tesorera_retencion');
  const db = await t.tenantDbOf(t.mainTenantId);
  estudio = await seedEstudio(db, 'Recuperaciones Andes SpA');
  const { encargo } = await seedEncargo(db, { estudioId: estudio.id, numeroRol: 'C-931-2026', estado: 'estampado', fechaEstampado: '2026-03-19' });
  const d = await seedDiligencia(db, encargo.id, { fecha: '2026-03-18T10:00:00-03:00', valorFinal: 95_000 });
  const creado = await t.request(token, { method: 'POST', url: '/api/v1/recibos/', payload: { estudio_id: estudio.id, diligencia_ids: [d.id], fecha: '2026-03-20' } });
  expect(creado.statusCode, creado.body).toBe(201);
  reciboId = ReciboResponseSchema.parse(creado.json()).recibo.id;
});
afterAll(() => t.close());

describe('a boleta the firm retains', () => {
  it('entered before any payment leaves the receipt Emitido with nothing paid; a payment makes it Pagado parcial, the rest Pagado', async () => {
    const boleta = await t.request(token, {
      method: 'POST',
      url: `/api/v1/recibos/${reciboId}/boleta/`,
      payload: { numero_boleta: '881', fecha: '2026-03-21', retiene: 'pagador' },
    });
    expect(boleta.statusCode, boleta.body).toBe(200);
    expect(await leer()).toMatchObject({ total: 95_000, pagado: 0, retenido: 14_488, saldo: 80_512, estado: 'emitido' });
    const pago = await t.request(token, {
      method: 'POST',
      url: '/api/v1/pagos/',
      payload: { estudio_id: estudio.id, fecha: '2026-03-25', monto: 50_000, medio: 'transferencia', aplicaciones: [{ recibo_id: reciboId, monto: 50_000 }] },
    });
    expect(pago.statusCode, pago.body).toBe(201);
    expect(await leer()).toMatchObject({ pagado: 50_000, retenido: 14_488, saldo: 30_512, estado: 'pagado_parcial' });
  });

  it('the statement’s open receipt carries its retention, in JSON, PDF and XLSX', async () => {
    const response = await t.request(token, { method: 'GET', url: URL_CUENTA() });
    expect(response.statusCode, response.body).toBe(200);
    const cuenta = EstadoCuentaSchema.parse(response.json());
    const [fila] = cuenta.recibos_abiertos;
    expect(fila).toMatchObject({ total: 95_000, pagado: 50_000, retenido: 14_488, saldo: 30_512 });
    expect(fila!.pagado + fila!.retenido + fila!.saldo).toBe(fila!.total);

    const pdf = await t.request(token, { method: 'GET', url: URL_CUENTA('pdf/') });
    expect(pdf.statusCode).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'estado-cuenta-'));
    try {
      const file = join(dir, 'cuenta.pdf');
      await writeFile(file, pdf.rawPayload);
      const text = (await promisify(execFile)('pdftotext', ['-layout', file, '-'])).stdout.replace(/\s+/g, ' ');
      expect(text).toContain('TOTAL PAGADO RETENCIÓN SALDO');
      expect(text).toContain('$95.000 $50.000 $14.488 $30.512');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const xlsx = await t.request(token, { method: 'GET', url: URL_CUENTA('xlsx/') });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const filas: unknown[][] = [];
    book.getWorksheet('Estado de cuenta')!.eachRow((row) => filas.push((row.values as unknown[]).slice(1)));
    expect(filas).toContainEqual(['Recibo', 'Fecha', 'Días', 'Total', 'Pagado', 'Retención', 'Saldo']);
    expect(filas.find((r) => r[3] === 95_000)).toEqual([expect.any(Number), '20/03/2026', expect.any(Number), 95_000, 50_000, 14_488, 30_512]);
  });
});
