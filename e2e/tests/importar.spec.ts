import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { adminHeaders, encargosOfRol } from '../support/encargos';
import { signIn, users } from '../support/login';
import { startSmtpStandIn } from '../support/mail-stand-ins';

// Importar encargos (issue 41 §2): the office imports a sheet and confirms the ready rows; a firm sends a
// 200-row sheet with a ZIP of PDFs from the portal and the office accepts one of the requests from its inbox.

const ESTUDIO = 'Larraín, Vial y Asociados Abogados';
const PASSWORD = 'clave-planilla-e2e-1';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const TITULOS = [
  'Fecha encargo', 'Parte demandante', 'Tribunal', 'Número de rol', 'Tipo de causa', 'Tipo de encargo', 'Partes', 'Fecha de retiro',
  'Fecha de la demanda', 'Fecha de la resolución', 'Cuantía', 'RUT del demandado', 'RUT del representante legal', 'Número de operación',
  'Ejecutados', 'Dirección 1', 'Comuna 1', 'Ciudad 1', 'Observaciones',
];

interface Nombres {
  estudioId: number;
  tribunal: string;
  tipoCausa: string;
  tipoEncargo: string;
}

async function nombres(request: APIRequestContext): Promise<Nombres> {
  const headers = await adminHeaders(request);
  const get = async <T>(url: string) => (await (await request.get(url, { headers })).json()) as T;
  const estudios = await get<Array<{ id: number; nombre: string }>>('/api/v1/estudios/');
  return {
    estudioId: estudios.find((e) => e.nombre === ESTUDIO)!.id,
    tribunal: (await get<Array<{ nombre: string }>>('/api/v1/encargos/tribunales/'))[0]!.nombre,
    tipoCausa: (await get<Array<{ nombre: string }>>('/api/v1/encargos/causas/'))[0]!.nombre,
    tipoEncargo: (await get<Array<{ nombre: string }>>('/api/v1/encargos/tipos/'))[0]!.nombre,
  };
}

function fila(n: Nombres, rol: string, rut = '12.345.678-5'): Array<string | number> {
  return [
    '02/05/2025', 'Banco de Chile', n.tribunal, rol, n.tipoCausa, n.tipoEncargo, 'Banco de Chile con Fuentes Mena', '03/05/2025',
    '01/04/2025', '15/04/2025', '1.500.000', rut, '', '', 'Rodrigo Fuentes Mena', 'Av. Providencia 1234', 'Providencia', 'Santiago', 'Urgente',
  ];
}

async function xlsx(filas: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Encargos');
  ws.addRow(TITULOS);
  for (const f of filas) ws.addRow(f);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Rols unique to this run: C-<run><n>-2025. */
const RUN = String(Date.now()).slice(-6);
const rol = (letter: string, n: number) => `${letter}-${RUN}${String(n).padStart(3, '0')}-2025`;

async function subir(page: Page, archivo: { name: string; buffer: Buffer }, zip?: { name: string; buffer: Buffer }) {
  const inputs = page.locator('input[type="file"]');
  await inputs.nth(0).setInputFiles({ ...archivo, mimeType: 'application/octet-stream' });
  if (zip) await inputs.nth(1).setInputFiles({ ...zip, mimeType: 'application/zip' });
  await page.getByRole('button', { name: 'Revisar planilla' }).click();
}

test.describe('Importar encargos', () => {
  test.describe.configure({ timeout: 300_000 });

  test('the office imports a sheet: errors shown per row, the ready rows created, the outcome downloaded', async ({ page, request }) => {
    const n = await nombres(request);
    await signIn(page, users.admin, '/', 60_000);
    // Nuevo Encargo links to the import screen.
    await page.goto('/nuevo-encargo');
    await page.getByRole('link', { name: 'Importar varios desde planilla' }).click();
    await expect(page).toHaveURL(/\/nuevo-encargo\/importar$/);
    await expect(page.getByRole('heading', { name: 'Importar encargos' })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('combobox', { name: 'Estudio jurídico' }).click();
    await page.getByRole('option', { name: ESTUDIO, exact: true }).click();
    const plantilla = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar plantilla' }).click();
    const wbPlantilla = new ExcelJS.Workbook();
    await wbPlantilla.xlsx.load((await readFile(await (await plantilla).path())) as unknown as ArrayBuffer);
    expect(wbPlantilla.worksheets.map((w) => w.name)).toEqual(['Encargos', 'Instrucciones', 'Listas']);

    await subir(page, { name: 'encargos.xlsx', buffer: await xlsx([fila(n, rol('C', 1)), fila(n, rol('C', 2), '12.345.678-9'), fila(n, rol('C', 3))]) });
    const resumen = page.getByLabel('Resumen');
    await expect(resumen).toContainText('Listas: 2', { timeout: 30_000 });
    await expect(resumen).toContainText('Con errores: 1');
    await page.getByRole('radiogroup').getByText('Con errores', { exact: true }).click();
    const tabla = page.getByRole('table', { name: 'Filas de la planilla' });
    await expect(tabla.locator('tbody tr')).toHaveCount(1);
    await expect(tabla).toContainText('RUT del demandado: El RUT del demandado no es válido. Formato: 12345678-9');
    await page.getByRole('radiogroup').getByText('Listos', { exact: true }).click();
    await expect(tabla.locator('tbody tr')).toHaveCount(2);

    await page.getByRole('button', { name: 'Crear 2 encargos' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Se crearon 2 encargos en estado Preparado.' })).toBeVisible({ timeout: 60_000 });
    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar resultado' }).click();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile(await (await descarga).path())) as unknown as ArrayBuffer);
    const hoja = wb.getWorksheet('Resultado')!;
    expect((hoja.getRow(2).values as unknown[]).slice(2, 5)).toEqual([rol('C', 1), n.tribunal, 'Creado']);
    expect((hoja.getRow(3).values as unknown[])[4]).toBe('No creado');

    const [creado] = await encargosOfRol(request, rol('C', 1));
    expect(creado).toMatchObject({ estado: 'preparado' });
  });

  test('a firm sends 200 rows with a ZIP of PDFs from the portal; the office accepts one from its inbox', async ({ browser, request }) => {
    const n = await nombres(request);
    const smtp = await startSmtpStandIn();
    const email = `planillas.${Date.now().toString(36)}@larrainvial-e2e.cl`;
    try {
      const invited = await request.post(`/api/v1/estudios/${n.estudioId}/usuarios_portal/`, { headers: await adminHeaders(request), data: { nombre: 'Paula Planillas', email } });
      expect(invited.status(), await invited.text()).toBe(201);
      await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(email)).length, { timeout: 30_000 }).toBe(1);
      const raw = smtp.received.find((mail) => mail.to.includes(email))!.raw.replace(/=\r\n/g, '');
      const token = /\/portal\/activar\/([A-Za-z0-9_-]+)/.exec(raw)?.[1];
      expect(token).toBeTruthy();
      expect((await request.post('/api/v1/portal/auth/activar/', { data: { token, password: PASSWORD } })).status()).toBeLessThan(300);
    } finally {
      await smtp.close();
    }

    const firma = await browser.newContext({ locale: 'es-CL', timezoneId: 'America/Santiago' });
    const page = await firma.newPage();
    await page.goto('/portal/login');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('link', { name: 'Enviar planilla' }).click();
    await expect(page.getByRole('heading', { name: 'Enviar planilla' })).toBeVisible({ timeout: 30_000 });

    const filas = Array.from({ length: 200 }, (_, i) => fila(n, rol('P', i + 1)));
    const zip = new JSZip();
    zip.file(`${rol('P', 1)}_demanda.pdf`, PDF);
    zip.file(`${rol('P', 1)}_resolucion.pdf`, PDF);
    for (let i = 2; i <= 20; i += 1) zip.file(`pdfs/${rol('P', i)}_demanda.pdf`, PDF);
    await subir(page, { name: 'planilla.xlsx', buffer: await xlsx(filas) }, { name: 'pdfs.zip', buffer: await zip.generateAsync({ type: 'nodebuffer' }) });
    const resumen = page.getByLabel('Resumen');
    await expect(resumen).toContainText('Filas: 200', { timeout: 60_000 });
    await expect(resumen).toContainText('Listas: 200');
    await expect(resumen).toContainText('PDF encontrados: 21');
    await page.getByRole('button', { name: 'Enviar 200 solicitudes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Se enviaron 200 solicitudes al receptor.' })).toBeVisible({ timeout: 120_000 });
    await firma.close();

    const oficina = await browser.newContext({ locale: 'es-CL', timezoneId: 'America/Santiago' });
    const office = await oficina.newPage();
    await signIn(office, users.admin, '/solicitudes', 60_000);
    const card = office.getByTestId('solicitud').filter({ hasText: rol('P', 200) });
    await expect(card).toContainText(ESTUDIO, { timeout: 30_000 });
    await card.getByRole('button', { name: 'Revisar' }).click();
    await expect(office.getByTestId('solicitud-revision')).toContainText(rol('P', 200), { timeout: 45_000 });
    await expect(office.getByRole('textbox', { name: 'Número de rol' })).toHaveValue(rol('P', 200));
    await office.getByRole('button', { name: 'Registrar Encargo' }).click();
    await expect(office.getByTestId('encargo-creado')).toContainText(rol('P', 200), { timeout: 30_000 });

    // The other 199 wait in the inbox; the first carries its two PDFs.
    const headers = await adminHeaders(request);
    const lista = (await (await request.get('/api/v1/solicitudes/?estado=pendiente', { headers })).json()) as { count: number };
    expect(lista.count).toBeGreaterThanOrEqual(199);
    const [aceptado] = await encargosOfRol(request, rol('P', 200));
    expect(aceptado).toMatchObject({ estado: 'preparado' });
    await oficina.close();
  });
});
