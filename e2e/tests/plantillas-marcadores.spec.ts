import { writeFile } from 'node:fs/promises';
import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import { buildDocx } from '../../apps/api/src/documents/docx/ooxml';
import { signIn, toast, users } from '../support/login';

// Eight people share two cores while these run: server answers get a generous wait.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ timeout: 240_000 });

const BASE = '/estampados/api/plantillas';

async function adminHeaders(request: APIRequestContext) {
  const response = await request.post('/api/v1/auth/login/', { data: users.admin });
  expect(response.ok()).toBeTruthy();
  return { authorization: `Bearer ${((await response.json()) as { access: string }).access}` };
}

interface Verificacion {
  valida: boolean;
  marcadores_desconocidos: string[];
}

test.describe('Plantillas: marcadores desconocidos', () => {
  test('an upload with an unknown marker names it and stores nothing; keeping it anyway stores it with the warning', async ({ page }, testInfo) => {
    const headers = await adminHeaders(page.request);
    await signIn(page, users.admin, '/plantillas', 30_000);
    await expect(page.getByRole('heading', { name: 'Gestión de Plantillas' })).toBeVisible();

    // A template of its own, attached to a stamp type.
    const base = `marcadores_${String(Date.now()).slice(-6)}`;
    await page.getByRole('textbox', { name: 'Nombre de la plantilla' }).fill(base);
    await page.getByRole('combobox', { name: 'Tipo de estampado' }).click();
    await page.getByRole('option', { name: 'Búsqueda positiva', exact: true }).click();
    await page.getByRole('button', { name: 'Crear Plantilla' }).click();
    await expect(toast(page, '¡Plantilla creada exitosamente!')).toBeVisible();
    const row = page.locator('[data-testid^="plantilla-"]').filter({ hasText: `plantilla_${base}_receptoria` });
    await expect(row).toHaveCount(1);
    const id = (await row.getAttribute('data-testid'))?.replace('plantilla-', '');
    expect(Number(id)).toBeGreaterThan(0);
    const verificar = async () => {
      const response = await page.request.get(`${BASE}/${id}/verificar`, { headers });
      expect(response.ok()).toBeTruthy();
      return (await response.json()) as Verificacion;
    };
    const original = await page.request.get(`${BASE}/${id}/archivo`, { headers });
    const originalBytes = await original.body();

    const docx = buildDocx([
      { texto: 'CERTIFICO: Que en la causa rol <<numero_rol>> notifiqué a <<marcador_inventado>>. DOY FE.' },
    ]);
    const file = testInfo.outputPath('plantilla-con-marcador.docx');
    await writeFile(file, docx);

    // First upload: the dialog names the marker; going back to fix the file stores nothing.
    await row.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('dialog', { name: /^¿Reemplazar la plantilla / }).getByRole('button', { name: 'Reemplazar' }).click();
    const aviso = page.getByRole('dialog', { name: 'La plantilla tiene marcadores desconocidos' });
    await expect(aviso).toBeVisible();
    await expect(aviso.getByTestId('marcadores-desconocidos')).toHaveText('La plantilla tiene marcadores desconocidos: <<marcador_inventado>>');
    await expect(aviso.getByRole('button', { name: 'Guardar de todos modos' })).toBeVisible();
    await aviso.getByRole('button', { name: 'Corregir el archivo' }).click();
    await expect(toast(page, 'La plantilla no se guardó')).toBeVisible();
    await expect(row.getByText('Personalizada', { exact: true })).toHaveCount(0);
    expect(await verificar()).toMatchObject({ valida: true, marcadores_desconocidos: [] });
    const unchanged = await page.request.get(`${BASE}/${id}/archivo`, { headers });
    expect(Buffer.compare(await unchanged.body(), originalBytes)).toBe(0);

    // Second upload: kept anyway, with the warning.
    await row.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('dialog', { name: /^¿Reemplazar la plantilla / }).getByRole('button', { name: 'Reemplazar' }).click();
    await aviso.getByRole('button', { name: 'Guardar de todos modos' }).click();
    await expect(toast(page, 'Plantilla actualizada con marcadores desconocidos: <<marcador_inventado>>')).toBeVisible();
    await expect(row.getByText('Personalizada', { exact: true })).toBeVisible();
    expect(await verificar()).toMatchObject({ valida: false, marcadores_desconocidos: ['marcador_inventado'] });
    const stored = await page.request.get(`${BASE}/${id}/archivo`, { headers });
    expect(Buffer.compare(await stored.body(), docx)).toBe(0);
  });
});
