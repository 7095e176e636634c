import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { docxText } from '../support/docx';
import { adminHeaders, type CreatedEncargo, createEncargo, uniqueRol } from '../support/encargos';
import { signIn, toast, users } from '../support/login';

// Eight people share two cores while these run: server answers get a generous wait.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/**
 * One fee everywhere: the general price list says 'Notificación personal' = $48.000 while the type's
 * default is $45.000. The results form, its summary, the preview, the certificate and the stored
 * diligence all say $48.000.
 */
let antes: unknown[];
let encargo: CreatedEncargo;

async function api(request: APIRequestContext, method: 'GET' | 'PUT', path: string, data?: unknown) {
  const response = await request.fetch(`/api/v1${path}`, { method, headers: await adminHeaders(request), data });
  expect(response.ok(), await response.text()).toBeTruthy();
  return response.json();
}

function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

test.beforeAll(async ({ request }) => {
  antes = (await api(request, 'GET', '/honorarios/tarifas/')) as unknown[];
  const tipos = (await (await request.get('/estampados/api/estampados/tipos', { headers: await adminHeaders(request) })).json()) as {
    id: number;
    nombre: string;
    valor_por_defecto: number;
  }[];
  const tipo = tipos.find((t) => t.nombre === 'Notificación personal');
  expect(tipo?.valor_por_defecto).toBe(45_000);
  await api(request, 'PUT', '/honorarios/tarifas/', [...antes, { estudio_id: null, tipo_estampado_id: tipo?.id, monto_clp: 48_000 }]);
  encargo = await createEncargo(request, uniqueRol('T'), 'Rosa Pizarro Leiva');
});

test.afterAll(async ({ request }) => {
  await api(request, 'PUT', '/honorarios/tarifas/', antes);
});

test('the general price list’s fee is the one shown, previewed, printed and stored', async ({ page, request }) => {
  await signIn(page, users.admin, `/diligencias?rol=${encargo.numero_rol}`, 30_000);
  await expect(toast(page, 'Encargo cargado')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Tipo de estampado', exact: true }).click();
  await page.getByRole('option', { name: 'Notificación personal', exact: true }).click();
  await expect(page.getByTestId('valor-segun-tarifa')).toHaveText('Valor según tarifa general: $48.000');
  await expect(page.getByText('Valor por defecto: $45.000')).toHaveCount(0);
  await expect(page.getByTestId('resumen-estampado')).toContainText('$48.000');

  await field(page, 'Fecha y hora de la diligencia').fill('12/03/2025 11:20');
  await field(page, 'Apuntes del receptor en terreno').fill('Se notificó personalmente a la demandada en su domicilio.');
  await page.getByRole('combobox', { name: '¿Firmó la persona notificada? (art. 43 CPC)', exact: true }).click();
  await page.getByRole('option', { name: 'Firmó', exact: true }).click();
  await page.getByRole('button', { name: 'Vista previa' }).click();
  const preview = page.getByRole('dialog', { name: 'Vista previa del estampado' });
  await expect(preview.getByTestId('preview-texto')).toContainText('Drs. $48.000.-');
  await preview.getByRole('button', { name: 'Cerrar' }).click();
  await expect(preview).toBeHidden();

  const generar = page.waitForResponse((r) => r.url().endsWith('/estampados/api/estampados/generar') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Generar Estampado' }).click();
  const answer = await generar;
  expect(answer.status(), await answer.text()).toBe(201);
  const url = ((await answer.json()) as { documento: { url: string } }).documento.url;
  expect(docxText(Buffer.from(await (await request.get(url)).body()))).toContain('Drs. $48.000.-');

  const leido = (await (
    await request.get(`/api/v1/encargos/buscar_por_rol/?numero_rol=${encodeURIComponent(encargo.numero_rol)}`, { headers: await adminHeaders(request) })
  ).json()) as { id: number; valor_asociado: number | null; ultima_diligencia_valor: number | null } | { id: number }[];
  const fila = (Array.isArray(leido) ? leido : [leido]).find((e) => e.id === encargo.id);
  expect(fila).toMatchObject({ valor_asociado: 48_000, ultima_diligencia_valor: 48_000 });
});
