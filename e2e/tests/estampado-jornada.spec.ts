import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect as baseExpect, type Download, type Page, test } from '@playwright/test';
import { todayIso } from '@receptoria/contracts';
import { docxText } from '../support/docx';
import { adminHeaders, type CreatedEncargo, createEncargo, uniqueRol } from '../support/encargos';
import { signIn, toast, users } from '../support/login';

// Eight people share two cores while these run: server answers get a generous wait.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial', timeout: 120_000 });

function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** An assignment as buscar_por_rol answers it, with its last diligence. */
interface Leido {
  id: number;
  estado: string;
  estado_estampado: string;
  fecha_estampado: string | null;
  valor_asociado: number | null;
  ultima_diligencia_fecha: string | null;
  ultima_diligencia_valor: number | null;
  ultima_diligencia_informante: string | null;
  ultima_diligencia_informante_relacion: string | null;
  ultima_diligencia_hora_informada: boolean | null;
}

async function leer(request: APIRequestContext, encargo: CreatedEncargo): Promise<Leido> {
  const response = await request.get(`/api/v1/encargos/buscar_por_rol/?numero_rol=${encodeURIComponent(encargo.numero_rol)}`, {
    headers: await adminHeaders(request),
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  const body = (await response.json()) as Leido | Leido[];
  const found = (Array.isArray(body) ? body : [body]).find((item) => item.id === encargo.id);
  expect(found).toBeDefined();
  return found as Leido;
}

async function tipoId(request: APIRequestContext, nombre: string): Promise<number> {
  const response = await request.get('/estampados/api/estampados/tipos', { headers: await adminHeaders(request) });
  const tipo = ((await response.json()) as { id: number; nombre: string }[]).find((item) => item.nombre === nombre);
  expect(tipo).toBeDefined();
  return tipo?.id as number;
}

/** The downloaded DOCX's text (the signed link answers as an attachment: Chromium reports a download). */
async function textOf(download: Download): Promise<string> {
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  return docxText(await readFile(await download.path()));
}

let generado: CreatedEncargo;
let sinHora: CreatedEncargo;
let enCola: CreatedEncargo;
let conDocumento: CreatedEncargo;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  generado = await createEncargo(request, uniqueRol('J'), 'Ignacio Fuentes Lagos');
  sinHora = await createEncargo(request, uniqueRol('K'), 'Valentina Rojas Peña');
  enCola = await createEncargo(request, uniqueRol('L'), 'Tomás Herrera Vidal');
  conDocumento = await createEncargo(request, uniqueRol('M'), 'Camila Soto Araya');
  // Results stored and a certificate generated through the API: it waits in the queue with its document.
  const headers = await adminHeaders(request);
  const tipo = await tipoId(request, 'Búsqueda positiva');
  const saved = await request.post('/api/v1/diligencias/guardar_resultados/', {
    headers,
    data: {
      numero_rol: conDocumento.numero_rol,
      resultado_id: tipo,
      fecha_diligencia: '12/03/2025 10:15',
      apuntes_terreno: 'La demandada fue habida en su domicilio.',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const made = await request.post('/estampados/api/estampados/generar', {
    headers,
    data: { tipo_estampado: tipo, encargo_id: conDocumento.id, datos: { numero_rol: conDocumento.numero_rol }, validar_marcadores: true },
  });
  expect(made.status(), await made.text()).toBe(201);
});

test('Generar Estampado without Estampar Más Tarde stores the diligence and its fee; the certificate reads without double spaces', async ({
  page,
  request,
}) => {
  await signIn(page, users.admin, `/diligencias?rol=${generado.numero_rol}`, 30_000);
  await expect(toast(page, 'Encargo cargado')).toBeVisible({ timeout: 30_000 });

  // Nothing stored and nothing typed: 'Generar Estampado' waits for the type and the date (spec 02 §5).
  await expect(page.getByRole('button', { name: 'Generar Estampado' })).toBeDisabled();

  await choose(page, 'Tipo de estampado', 'Búsqueda positiva');
  await field(page, 'Fecha y hora de la diligencia').fill('10/03/2025 16:45');
  await field(page, 'Informante').fill('Pedro Soto');
  const relacion = page.getByRole('combobox', { name: 'Relación', exact: true });
  await relacion.click();
  await page.getByRole('option', { name: 'conserje', exact: true }).click();
  await expect(relacion).toHaveValue('conserje');
  await field(page, 'Apuntes del receptor en terreno').fill('El conserje indicó que la demandada vive en el departamento.');
  await field(page, 'Valor personalizado (opcional)').fill('52000');
  await field(page, 'Observaciones de la diligencia').fill('Domicilio fuera del radio urbano');

  // Vista previa: the filled text before anything is stored.
  await page.getByRole('button', { name: 'Vista previa' }).click();
  const preview = page.getByRole('dialog', { name: 'Vista previa del estampado' });
  await expect(preview.getByTestId('preview-texto')).toContainText('Pedro Soto');
  expect(await preview.getByTestId('preview-texto').textContent()).not.toMatch(/ {2}/);
  await preview.getByRole('button', { name: 'Cerrar' }).click();
  await expect(preview).toBeHidden();
  expect((await leer(request, generado)).ultima_diligencia_fecha).toBeNull();

  const generar = page.waitForResponse((r) => r.url().endsWith('/estampados/api/estampados/generar') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Generar Estampado' }).click();
  await expect(toast(page, 'Resultados guardados').first()).toBeVisible();
  const answer = (await (await generar).json()) as { receptor_incompleto: string[]; advertencias: string[] };
  const stampToast = toast(page, /Estampado Búsqueda positiva - /);
  await expect(stampToast).toBeVisible();
  await expect(page.getByTestId('resumen-estado')).toHaveText('Listo para Estampar');

  // The diligence is on record with its fee and informant, before the document is even opened.
  const stored = await leer(request, generado);
  expect(stored).toMatchObject({
    estado: 'listo_para_estampar',
    ultima_diligencia_valor: 52000,
    valor_asociado: 52000,
    ultima_diligencia_informante: 'Pedro Soto',
    ultima_diligencia_informante_relacion: 'conserje',
    ultima_diligencia_hora_informada: true,
  });

  // The receiver's missing identity is said in the toast, with one click to complete it.
  const completar = stampToast.getByRole('link', { name: 'Completar mis datos de receptor' });
  if (answer.receptor_incompleto.length > 0) {
    await expect(stampToast.getByTestId('estampado-advertencia').first()).toContainText('Faltan sus datos de receptor');
    await expect(completar).toHaveAttribute('href', '/configuracion/receptor');
  } else {
    await expect(completar).toHaveCount(0);
  }

  const download = page.waitForEvent('download');
  await stampToast.getByRole('button', { name: 'Abrir documento' }).click();
  const texto = await textOf(await download);
  expect(texto).toContain('Pedro Soto');
  expect(texto).toContain('conserje');
  expect(texto).toContain('Ignacio Fuentes Lagos');
  expect(texto).not.toMatch(/ {2}/);
  await expect(toast(page, 'Estado actualizado correctamente')).toBeVisible();
  // The summary follows the assignment: stamped now, not 'Preparado'.
  await expect(page.getByTestId('resumen-estado')).toHaveText('Estampado');
  await expect(page.getByTestId('resumen-estado-estampado')).toHaveText('Estampado');

  // Cobranza bills it at its custom value.
  await expect.poll(async () => (await leer(request, generado)).fecha_estampado).toBe(todayIso());
  const cobranza = await request.get(`/api/v1/cobranza/encargos/?fecha_especifica=${todayIso()}`, { headers: await adminHeaders(request) });
  expect(cobranza.ok(), await cobranza.text()).toBeTruthy();
  const fila = ((await cobranza.json()) as { encargos: { id: number; valor_asociado: number; ultima_diligencia_valor: number | null }[] }).encargos.find(
    (row) => row.id === generado.id,
  );
  expect(fila).toMatchObject({ valor_asociado: 52000, ultima_diligencia_valor: 52000 });
});

test('a date typed without time asks the hour; the documents list opens the certificate after the toast is gone', async ({ page, request }) => {
  // On a phone: the toast's button must still read whole.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, users.admin, `/diligencias?rol=${sinHora.numero_rol}`, 30_000);
  await expect(toast(page, 'Encargo cargado')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('documentos-encargo')).toContainText('Aún no hay documentos generados para este encargo');

  await choose(page, 'Tipo de estampado', 'Búsqueda positiva');
  const fecha = field(page, 'Fecha y hora de la diligencia');
  await fecha.fill('2025-03-11');
  await fecha.blur();
  // No hour is invented for the date alone.
  await expect(fecha).toHaveValue('11/03/2025');
  await field(page, 'Apuntes del receptor en terreno').fill('Se notificó en el domicilio.');
  await page.getByRole('button', { name: 'Generar Estampado' }).click();

  const dialog = page.getByRole('dialog', { name: 'Hora de la diligencia' });
  await expect(dialog).toContainText('La diligencia del 11/03/2025 se registró solo con la fecha.');
  // Stored already, with its hour marked as not given.
  expect(await leer(request, sinHora)).toMatchObject({ estado: 'listo_para_estampar', ultima_diligencia_hora_informada: false });
  const hora = dialog.getByRole('textbox', { name: 'Hora de la diligencia' });
  await hora.fill('25:10');
  await dialog.getByRole('button', { name: 'Generar Estampado' }).click();
  await expect(dialog).toContainText('Hora inválida: use el formato HH:MM');
  await hora.fill('1645');
  await dialog.getByRole('button', { name: 'Generar Estampado' }).click();
  await expect(dialog).toBeHidden();

  const stampToast = toast(page, /Estampado Búsqueda positiva - /);
  await expect(stampToast).toBeVisible();
  const abrir = stampToast.getByRole('button', { name: 'Abrir documento' });
  const fits = await abrir.evaluate((button) => {
    const label = button.querySelector('.mantine-Button-label') as HTMLElement;
    const toastBox = button.closest('.mantine-Notification-root')?.getBoundingClientRect();
    const box = button.getBoundingClientRect();
    return label.scrollWidth <= label.clientWidth && toastBox !== undefined && box.right <= toastBox.right && box.left >= toastBox.left;
  });
  expect(fits).toBe(true);
  const stored = await leer(request, sinHora);
  expect(stored.ultima_diligencia_hora_informada).toBe(true);
  expect(stored.ultima_diligencia_fecha).toMatch(/^2025-03-11T16:45/);
  // The form shows the diligence as stored now.
  await expect(fecha).toHaveValue('11/03/2025 16:45');

  // The toast goes away unopened: the assignment is not stamped yet.
  await stampToast.locator('.mantine-Notification-closeButton').click();
  await expect(stampToast).toBeHidden();
  expect((await leer(request, sinHora)).estado_estampado).toBe('');

  const documentos = page.getByTestId('documentos-encargo');
  const fila = documentos.locator('[data-testid^="documento-"]');
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText('Búsqueda positiva');
  await expect(fila).toContainText('Sin abrir');
  await expect(fila).toContainText('admin');
  await expect(fila).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

  const download = page.waitForEvent('download');
  const notified = page.waitForResponse((r) => r.url().includes('/api/v1/diligencias/notificar_estampado_generado/'));
  await fila.getByRole('link', { name: 'DOCX' }).click();
  expect(await textOf(await download)).toContain('16:45');
  expect((await notified).status()).toBe(200);
  await expect(toast(page, 'Estado actualizado correctamente')).toBeVisible();
  await expect(page.getByTestId('resumen-estado')).toHaveText('Estampado');
  await expect(fila).toContainText('Abierto');
  await expect.poll(async () => (await leer(request, sinHora)).fecha_estampado).toBe(todayIso());
  expect(await leer(request, sinHora)).toMatchObject({ estado: 'estampado', estado_estampado: 'estampado' });

  // Deleting asks first and says it.
  await fila.getByRole('button', { name: /^Eliminar / }).click();
  const confirm = page.getByRole('dialog', { name: '¿Eliminar el documento?' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, 'Documento eliminado')).toBeVisible();
  await expect(documentos).toContainText('Aún no hay documentos generados para este encargo');
});

test('a requerimiento de pago asks where it took place, shows when the excepciones term ends and stores that deadline', async ({ page, request }) => {
  const requerido = await createEncargo(request, uniqueRol('N'), 'Rodrigo Pérez Muñoz');
  const headers = await adminHeaders(request);
  const dias = await request.get('/api/v1/calendario/dias_habiles/?desde=2025-03-10&dias=14', { headers });
  expect(dias.status(), await dias.text()).toBe(200);
  const { vence } = (await dias.json()) as { vence: string };
  const [anio, mes, dia] = vence.split('-');

  await signIn(page, users.admin, `/diligencias?rol=${requerido.numero_rol}`, 30_000);
  await expect(toast(page, 'Encargo cargado')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Lugar del requerimiento', exact: true })).toHaveCount(0);
  await choose(page, 'Tipo de estampado', 'Requerimiento de pago');
  await field(page, 'Fecha y hora de la diligencia').fill('10/03/2025 10:30');
  await field(page, 'Apuntes del receptor en terreno').fill('Se requirió de pago al ejecutado en su domicilio.');
  const later = page.getByRole('button', { name: 'Estampar Más Tarde' });
  await later.click();
  await expect(toast(page, 'Indique el lugar del requerimiento (comuna del tribunal, su territorio o fuera de él)')).toBeVisible();

  await choose(page, 'Lugar del requerimiento', 'Fuera del territorio del tribunal (8 días hábiles más la tabla de emplazamiento)');
  await later.click();
  await expect(
    toast(page, 'Indique los días de la tabla de emplazamiento para un requerimiento fuera del territorio del tribunal'),
  ).toBeVisible();
  await field(page, 'Días de la tabla de emplazamiento').fill('6');
  await expect(page.getByTestId('vence-excepciones')).toHaveText(`Vence excepciones: ${dia}-${mes}-${anio}`);
  await later.click();
  await expect(toast(page, 'Resultados guardados').first()).toBeVisible();

  const plazos = await request.get(`/api/v1/calendario/plazos/?desde=2000-01-01&hasta=2100-12-31&encargo=${requerido.id}`, { headers });
  expect(plazos.status(), await plazos.text()).toBe(200);
  expect(await plazos.json()).toEqual([expect.objectContaining({ tipo: 'excepciones', vence, estado: expect.any(String) })]);
});

test('the work queue opens results on /diligencias and lists each assignment’s documents; Re-encargos too', async ({ page }) => {
  await signIn(page, users.admin, '/resultados-dashboard', 30_000);
  const resultados = page.getByTestId('cola-resultados');
  await expect(resultados).toContainText('Esperando resultados', { timeout: 30_000 });

  // A row waiting for its stamp shows its certificate.
  const estampado = page.getByTestId('cola-estampado');
  await estampado.getByRole('button', { name: `Documentos del rol ${conDocumento.numero_rol}` }).click();
  const panel = page.getByTestId(`documentos-encargo-${conDocumento.id}`);
  await expect(panel.locator('[data-testid^="documento-"]')).toHaveCount(1);
  await expect(panel).toContainText('Búsqueda positiva');
  await expect(panel.getByRole('link', { name: 'DOCX' })).toHaveAttribute('href', /\/estampados\/api\/estampados\/documento\/.+\/archivo\?/);

  await resultados.getByTestId(`cola-${enCola.id}`).getByRole('link', { name: enCola.numero_rol }).click();
  await expect(page).toHaveURL(new RegExp(`/diligencias\\?rol=${enCola.numero_rol}`));
  await expect(toast(page, 'Encargo cargado')).toBeVisible();
  await expect(page.getByTestId('informacion-encargo')).toContainText(enCola.numero_rol);
  await expect(page.getByRole('heading', { name: 'Resultados de Diligencia' })).toBeVisible();

  await page.goto(`/re-encargos?rol=${conDocumento.numero_rol}`);
  await expect(page.getByTestId('encargo-encontrado')).toContainText(conDocumento.numero_rol, { timeout: 30_000 });
  await page.getByRole('tab', { name: 'Documentos generados' }).click();
  await expect(page.getByTestId('documentos-encargo').locator('[data-testid^="documento-"]')).toHaveCount(1);
});

test('without the Estampar module /diligencias opens read-only and says so up front', async ({ page }) => {
  await signIn(page, users.sinPermisos, `/diligencias?rol=${enCola.numero_rol}`, 30_000);
  await expect(page.getByTestId('solo-lectura')).toContainText('Su usuario no tiene el módulo Estampar', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Generar Estampado' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Estampar Más Tarde' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Apuntes del receptor en terreno' })).toBeDisabled();
});
