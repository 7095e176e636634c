import { type Estudio, ImportarPreviewSchema, SolicitudesListResponseSchema } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../../test/helper';
import { onboardPortalUser, pdf } from '../../../test/portal-kit';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { encargoPayload, loadLookups, type Lookups, registerEstudio } from '../encargos/encargos.fixtures';
import { filaValida, multipartDe, xlsxDe, zipDe } from './importar.fixtures';

/**
 * 'Enviar planilla' in the portal: a firm's user imports its own rows, which land in the office's inbox
 * as requests (with their PDFs); the office accepts them there. Another firm's user, and the office's
 * own import routes, never see the firm's import.
 */

let smtp: TestSmtpServer;
let t: TestContext;
let staff: string;
let lookups: Lookups;
let estudio: Estudio;
let otro: Estudio;
let firma: string;
let ajena: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ mail: { smtpUrl: smtp.url } });
  staff = await t.login('admin', ADMIN_PASSWORD);
  estudio = await registerEstudio(t, staff, { nombre: 'Estudio Planillas SpA' });
  otro = await registerEstudio(t, staff, { nombre: 'Estudio Vecino Ltda.', partes_demandantes: [{ nombre: 'Automotriz Vecina S.A.', tipo: 'empresa' }] });
  lookups = await loadLookups(t, staff);
  firma = (await onboardPortalUser(t, smtp, staff, estudio.id, 'planillas@estudio.cl')).access;
  ajena = (await onboardPortalUser(t, smtp, staff, otro.id, 'vecino@estudio.cl')).access;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('POST /portal/importar/ (Enviar planilla)', () => {
  let id = '';
  const nombres = () => ({
    tribunal: lookups.tribunales[1]!.nombre,
    tipoCausa: lookups.causas[0]!.nombre,
    tipoEncargo: lookups.tipos[0]!.nombre,
    parte: estudio.partes_demandantes[0]!.nombre,
  });

  it('previews 200 rows with their PDFs for the firm itself; another firm’s plaintiff is an error', async () => {
    const filas = Array.from({ length: 200 }, (_, i) => filaValida(`C-${5000 + i}-2025`, nombres()));
    filas[199] = filaValida('C-5199-2025', { ...nombres(), parte: otro.partes_demandantes[0]!.nombre });
    const documentos = await zipDe({
      'C-5000-2025_demanda.pdf': await pdf('Demanda 5000'),
      'C-5000-2025_resolucion.pdf': await pdf('Resolución 5000'),
      'C-5001-2025_demanda.pdf': await pdf('Demanda 5001'),
    });
    const response = await t.request(firma, {
      method: 'POST',
      url: '/api/v1/portal/importar/',
      ...multipartDe({ estudio: String(otro.id) }, { archivo: { name: 'planilla.xlsx', bytes: await xlsxDe(filas) }, documentos: { name: 'pdfs.zip', bytes: documentos } }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const preview = ImportarPreviewSchema.parse(response.json());
    id = preview.id;
    // The firm's own, whatever `estudio` says.
    expect(preview.estudio).toEqual({ id: estudio.id, nombre: estudio.nombre });
    expect(preview.resumen).toMatchObject({ total: 200, listas: 199, con_errores: 1, documentos: 3 });
    expect(preview.filas[199]!.errores.parte_demandante?.[0]).toContain('no es del estudio elegido');
  });

  it('sends the valid rows as requests to the office inbox, once; the office accepts one with its PDFs', async () => {
    const response = await t.request(firma, { method: 'POST', url: `/api/v1/portal/importar/${id}/confirmar/`, payload: {} });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ creadas: 199, omitidas: 1 });
    const again = await t.request(firma, { method: 'POST', url: `/api/v1/portal/importar/${id}/confirmar/`, payload: {} });
    expect(again.json()).toMatchObject({ creadas: 0 });

    const inbox = SolicitudesListResponseSchema.parse((await t.request(staff, { method: 'GET', url: '/api/v1/solicitudes/?estado=pendiente' })).json());
    expect(inbox.count).toBe(199);
    const primera = inbox.results.find((s) => s.numero_rol === 'C-5000-2025') ?? (await buscar('C-5000-2025'));
    expect(primera.estudio.id).toBe(estudio.id);
    expect(primera.archivos.map((a) => a.campo).sort()).toEqual(['demanda', 'resolucion']);

    const aceptar = await t.request(staff, {
      method: 'POST',
      url: `/api/v1/solicitudes/${primera.id}/aceptar/`,
      payload: { ...encargoPayload(estudio, lookups, { numero_rol: 'C-5000-2025', tribunal: lookups.tribunales[1]!.id }), ...primera.datos, estudio_juridico: estudio.id },
    });
    expect(aceptar.statusCode, aceptar.body).toBe(201);
    const encargoId = (aceptar.json() as { encargo_id: number }).encargo_id;
    const db = await t.tenantDbOf(t.mainTenantId);
    const adjuntos = await db.select().from(tenantSchema.encargoAdjuntos).where(eq(tenantSchema.encargoAdjuntos.encargoId, encargoId));
    expect(adjuntos.map((a) => a.origen).sort()).toEqual(['demanda', 'resolucion']);

    const resultado = await t.request(firma, { method: 'GET', url: `/api/v1/portal/importar/${id}/resultado.xlsx` });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(resultado.rawPayload as unknown as ArrayBuffer);
    const hoja = wb.getWorksheet('Resultado')!;
    expect((hoja.getRow(1).values as unknown[])[5]).toBe('N° solicitud');
    expect((hoja.getRow(2).values as unknown[]).slice(1, 5)).toEqual([1, 'C-5000-2025', lookups.tribunales[1]!.nombre, 'Enviada como solicitud']);
    expect((hoja.getRow(201).values as unknown[])[4]).toBe('No creado');
  });

  it('is 404 for another firm’s user and for the office’s import routes', async () => {
    for (const [token, url] of [
      [ajena, `/api/v1/portal/importar/${id}/`],
      [ajena, `/api/v1/portal/importar/${id}/resultado.xlsx`],
      [staff, `/api/v1/nuevo_encargo/importar/${id}/`],
    ] as const) {
      const response = await t.request(token, { method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().detail).toBe('Importación no encontrada');
    }
    const confirm = await t.request(ajena, { method: 'POST', url: `/api/v1/portal/importar/${id}/confirmar/`, payload: {} });
    expect(confirm.statusCode).toBe(404);
  });

  it('gives the firm a template with its own plaintiffs', async () => {
    const response = await t.request(firma, { method: 'GET', url: '/api/v1/portal/importar/plantilla.xlsx' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const listas = wb.getWorksheet('Listas')!;
    const index = (listas.getRow(1).values as unknown[]).indexOf('Partes demandantes');
    expect((listas.getColumn(index).values as unknown[]).slice(2).filter(Boolean)).toEqual(estudio.partes_demandantes.map((p) => p.nombre).sort());
  });
});

async function buscar(rol: string) {
  for (let page = 1; page <= 20; page += 1) {
    const list = SolicitudesListResponseSchema.parse((await t.request(staff, { method: 'GET', url: `/api/v1/solicitudes/?estado=pendiente&page=${page}` })).json());
    const found = list.results.find((s) => s.numero_rol === rol);
    if (found) return found;
  }
  throw new Error(`no request for ${rol}`);
}
