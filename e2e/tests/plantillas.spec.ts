import { readFile, writeFile } from 'node:fs/promises';
import { expect as baseExpect, test } from '@playwright/test';
import { signIn, toast, users } from '../support/login';

// Eight people share two cores while these run: server answers get a generous wait.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ timeout: 240_000 });

test.describe('Gestión de Plantillas', () => {
  test('creates a template and lists it with its markers; opens and replaces its file', async ({ page }, testInfo) => {
    await signIn(page, users.admin, '/plantillas', 30_000);
    await expect(page.getByRole('heading', { name: 'Gestión de Plantillas' })).toBeVisible({ timeout: 30_000 });

    // Markers: a scrollable list of <<marcador>> with their descriptions.
    const marcadores = page.getByTestId('marcadores');
    await expect(marcadores).toContainText('<<numero_rol>>');
    await expect(marcadores).toContainText('<<rut_ejecutado>>');
    const maxHeight = await marcadores.evaluate((node) => getComputedStyle(node).maxHeight);
    expect(maxHeight).toBe('240px');

    // The seeded templates are listed with their stamp type.
    await expect(page.locator('[data-testid^="plantilla-"]').first()).toBeVisible();

    const nombre = page.getByRole('textbox', { name: 'Nombre de la plantilla' });
    await expect(nombre).toHaveAttribute('placeholder', 'notificacion_especial');
    const crear = page.getByRole('button', { name: 'Crear Plantilla' });
    await expect(crear).toBeDisabled();
    await nombre.fill('   ');
    await expect(crear).toBeDisabled();

    const base = `especial_${String(Date.now()).slice(-6)}`;
    await nombre.fill(`  ${base} `);
    await expect(page.getByText(`Se guardará como plantilla_${base}_receptoria`)).toBeVisible();
    // A template serves a stamp type: without one nothing is created.
    await crear.click();
    await expect(toast(page, 'Debes seleccionar un tipo de estampado')).toBeVisible();
    await page.getByRole('combobox', { name: 'Tipo de estampado' }).click();
    await page.getByRole('option', { name: 'Búsqueda positiva', exact: true }).click();
    await crear.click();
    await expect(toast(page, '¡Plantilla creada exitosamente!')).toBeVisible();
    await expect(nombre).toHaveValue('');

    const row = page.locator('[data-testid^="plantilla-"]').filter({ hasText: `plantilla_${base}_receptoria` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Receptor');
    await expect(row).toContainText(/Modificada: \d{2}\/\d{2}\/\d{4}/);
    await expect(row.getByText('Búsqueda positiva', { exact: true })).toBeVisible();
    await expect(row.getByText('Google Docs', { exact: true })).toHaveCount(0);

    // Local mode: 'Abrir' downloads the template's DOCX.
    const downloadPromise = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Abrir' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`plantilla_${base}_receptoria.docx`);
    const docx = await readFile(await download.path());
    expect(docx.subarray(0, 2).toString('latin1')).toBe('PK');

    // A file that is not .docx is refused; the same DOCX goes back as a new version.
    const notDocx = testInfo.outputPath('notas.txt');
    await writeFile(notDocx, 'hola');
    await row.locator('input[type="file"]').setInputFiles(notDocx);
    await expect(toast(page, 'El archivo debe ser un documento de Word (.docx) válido')).toBeVisible();
    const version = testInfo.outputPath('version.docx');
    await writeFile(version, docx);
    await row.locator('input[type="file"]').setInputFiles(version);
    await page.getByRole('dialog', { name: /^¿Reemplazar la plantilla / }).getByRole('button', { name: 'Reemplazar' }).click();
    await expect(toast(page, 'Plantilla actualizada')).toBeVisible();
    await expect(row.getByText('Personalizada', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(row).toHaveCount(1);
  });

  test('shows the Google Docs badge, the empty state and the load failure', async ({ page }) => {
    const plantilla = {
      id: 999001,
      nombre: 'plantilla_google_receptoria',
      receptor: 'Receptora Demo',
      fechaModificacion: '2025-03-10T12:00:00-03:00',
      modificadoPor: 'admin',
      tipoEstampado: 'Búsqueda positiva',
      tipoEstampadoId: 1,
      url: 'https://docs.google.com/document/d/abc/edit',
      url_descarga: '/estampados/api/plantillas/999001/archivo',
      personalizada: false,
    };
    await page.route('**/estampados/api/plantillas', (route) => route.fulfill({ json: { success: true, plantillas: [plantilla] } }));
    await page.route('**/estampados/api/plantillas/marcadores-referencia', (route) =>
      route.fulfill({ json: { success: true, marcadores: [{ marcador: 'campo_libre', descripcion: '' }] } }),
    );
    await signIn(page, users.admin, '/plantillas', 30_000);
    const row = page.getByTestId('plantilla-999001');
    await expect(row).toContainText('plantilla_google_receptoria', { timeout: 30_000 });
    await expect(row).toContainText('Receptora Demo');
    await expect(row).toContainText('10/03/2025');
    await expect(row.getByText('Búsqueda positiva', { exact: true })).toBeVisible();
    await expect(row.getByText('Google Docs', { exact: true })).toBeVisible();
    await expect(page.getByTestId('marcadores')).toContainText('<<campo_libre>>');
    await expect(page.getByTestId('marcadores')).toContainText('Sin descripción');

    // No internet here: Google answers from a stand-in.
    await page.context().route('https://docs.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: 'Google Docs' }));
    const popupPromise = page.waitForEvent('popup');
    await row.getByRole('button', { name: 'Abrir' }).click();
    const popup = await popupPromise;
    expect(popup.url()).toContain('docs.google.com/document/d/abc');
    await popup.close();

    await page.unroute('**/estampados/api/plantillas');
    await page.route('**/estampados/api/plantillas', (route) => route.fulfill({ json: { success: true, plantillas: [] } }));
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByText('No se encontraron plantillas', { exact: true })).toBeVisible();
    await expect(page.getByText('Cree su primera plantilla usando el formulario de arriba', { exact: true })).toBeVisible();

    await page.unroute('**/estampados/api/plantillas');
    await page.route('**/estampados/api/plantillas', (route) => route.fulfill({ status: 500, json: { detail: 'x' } }));
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(toast(page, 'Error al cargar datos de plantillas')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('No se encontraron plantillas', { exact: true })).toBeVisible();
    await expect(page.getByTestId('marcadores')).toHaveCount(0);
  });
});
