import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test } from '@playwright/test';
import { adminHeaders, type CreatedEncargo, createEncargo, createReEncargo, encargosOfRol, uniqueRol } from '../support/encargos';
import { signIn, toast, users } from '../support/login';

// Eight people share two cores while these run: server answers get a generous wait.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let esperandoResultados: CreatedEncargo;
let esperandoEstampado: CreatedEncargo;
let copia: CreatedEncargo;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  esperandoResultados = await createEncargo(request, uniqueRol('Q'), 'Rodrigo Salinas Vera');
  copia = await createReEncargo(request, esperandoResultados, 'Rodrigo A. Salinas Vera');
  esperandoEstampado = await createEncargo(request, uniqueRol('W'), 'Marta Fuentes Soto');
  // 'Estampar Más Tarde' through the API: the second one waits for its stamp.
  const headers = await adminHeaders(request);
  const tipos = (await (await request.get('/estampados/api/estampados/tipos', { headers })).json()) as { id: number; nombre: string }[];
  const tipo = tipos.find((item) => item.nombre === 'Búsqueda positiva');
  expect(tipo).toBeDefined();
  const saved = await request.post('/api/v1/diligencias/guardar_resultados/', {
    headers,
    data: {
      numero_rol: esperandoEstampado.numero_rol,
      resultado_id: tipo?.id,
      fecha_diligencia: '10/03/2025 11:30',
      apuntes_terreno: 'La demandada fue habida en su domicilio.',
      tratamiento: 'doña',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
});

test('the work queue lists what waits for results and for a stamp, and links to the stamp screen', async ({ page }) => {
  await signIn(page, users.admin, '/resultados-dashboard', 30_000);
  const resultados = page.getByTestId('cola-resultados');
  const estampado = page.getByTestId('cola-estampado');
  await expect(resultados).toContainText('Esperando resultados', { timeout: 30_000 });
  await expect(estampado).toContainText('Esperando estampado');

  // The re-assignment waits for results; its re-assigned original is left out of the queue.
  const filaResultados = resultados.getByTestId(`cola-${copia.id}`);
  await expect(filaResultados).toContainText('Rodrigo A. Salinas Vera');
  await expect(filaResultados).toContainText('RE-ENCARGO');
  await expect(filaResultados).toContainText(/\d+ días?/);
  await expect(resultados.getByTestId(`cola-${esperandoResultados.id}`)).toHaveCount(0);
  const filaEstampado = estampado.getByTestId(`cola-${esperandoEstampado.id}`);
  await expect(filaEstampado).toContainText('Marta Fuentes Soto');
  await expect(filaEstampado).toContainText('Búsqueda positiva');
  await expect(filaEstampado).toContainText('10/03/2025');

  // Oldest first: the waiting days never grow down the list.
  const dias = await estampado.getByTestId('cola-dias').allTextContents();
  const numbers = dias.map((text) => Number.parseInt(text, 10));
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

  await filaEstampado.getByRole('link', { name: esperandoEstampado.numero_rol }).click();
  await expect(page).toHaveURL(new RegExp(`/diligencias/estampar\\?rol=${esperandoEstampado.numero_rol}$`));
  await expect(page.getByRole('link', { name: 'Volver a Resultados y Estampados' })).toBeVisible({ timeout: 30_000 });
});

test('the stamp screen generates only for preparado and listo_para_estampar, picking from a list', async ({ page, request }) => {
  await signIn(page, users.admin, `/diligencias/estampar?rol=${esperandoEstampado.numero_rol}`, 30_000);
  // The rol of the address is searched by itself; one assignment is chosen at once with its last result.
  await expect(toast(page, 'Encargo cargado')).toBeVisible({ timeout: 30_000 });
  const selected = page.getByTestId('encargo-seleccionado');
  await expect(selected).toContainText('Listo para Estampar');
  await expect(page.getByRole('combobox', { name: 'Tipo de estampado', exact: true })).toHaveValue('Búsqueda positiva');

  await page.getByRole('button', { name: 'Generar Estampado' }).click();
  await expect(toast(page, 'Estampado generado exitosamente').first()).toBeVisible();
  // The new tab turns into a download: Chromium closes it and reports the download on the opener page.
  const downloadPromise = page.waitForEvent('download');
  const notified = page.waitForResponse((r) => r.url().includes('/api/v1/diligencias/notificar_estampado_generado/') && r.request().method() === 'POST');
  await toast(page, /Estampado Búsqueda positiva - /).getByRole('button', { name: 'Abrir documento' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  expect((await readFile(await download.path())).subarray(0, 2).toString('latin1')).toBe('PK');
  expect((await notified).status()).toBe(200);
  await expect(toast(page, 'Estado actualizado correctamente')).toBeVisible();
  await expect
    .poll(async () => (await encargosOfRol(request, esperandoEstampado.numero_rol))[0]?.estado_estampado)
    .toBe('estampado');

  // Stamped now (the notification moves it to estampado): this screen refuses another stamp.
  await page.getByRole('button', { name: 'Buscar' }).click();
  // The first 'Encargo cargado' may have closed by now: the newest one is checked.
  await expect(toast(page, 'Encargo cargado').last()).toBeVisible();
  await expect(selected).toContainText('Estampado');
  await page.getByRole('button', { name: 'Generar Estampado' }).click();
  await expect(toast(page, 'Rol en estado "Estampado". Debe estar en "Preparado" o "Listo para Estampar".')).toBeVisible();

  // A re-assigned rol: the assignment is picked from a list.
  const search = page.getByRole('textbox', { name: 'Número de rol', exact: true });
  await search.fill(esperandoResultados.numero_rol);
  await search.press('Enter');
  await expect(selected).toHaveCount(0);
  await page.getByRole('button', { name: 'Generar Estampado' }).click();
  await expect(toast(page, 'Primero debes buscar y seleccionar un encargo')).toBeVisible();
  await page.getByRole('combobox', { name: 'Encargo', exact: true }).click();
  await expect(page.getByRole('option')).toHaveCount(2);
  await page.getByRole('option', { name: /RE-ENCARGO/ }).click();
  await expect(selected).toContainText('RE-ENCARGO');
  await expect(selected).toContainText('Preparado');
});

test('the work queue needs the estampar module', async ({ page }) => {
  await signIn(page, users.sinPermisos, '/resultados-dashboard', 30_000);
  await expect(page.getByText('Acceso Denegado')).toBeVisible();
});
