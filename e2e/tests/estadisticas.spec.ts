import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn, users } from '../support/login';
import { rutFrom } from '../support/rut';
import { insertEncargo, insertEstudio, withMainTenant } from '../support/tenant-sql';

const SUFFIX = Date.now().toString(36).toUpperCase();

test.describe('Estadísticas e Informes', () => {
  test.describe.configure({ timeout: 150_000 });

  test.beforeAll(async () => {
    await withMainTenant(async (client) => {
      const estudioId = await insertEstudio(client, `Estudio Estadísticas ${SUFFIX}`, rutFrom(47_000_000 + (Date.now() % 1_000_000)));
      // Results registered a minute ago: today's panel and this month's report show them.
      const fecha = new Date(Date.now() - 60_000).toISOString();
      await insertEncargo(client, { estudioId, numeroRol: `E-1${SUFFIX}`, estado: 'estampado', fechaEstampado: null, diligencia: { fecha, valorFinal: 35000 } });
      await insertEncargo(client, { estudioId, numeroRol: `E-2${SUFFIX}`, estado: 'listo_para_estampar', diligencia: { fecha, valorFinal: 42000 } });
    });
  });

  test('renders the daily panel and the monthly report with charts, and downloads the PDF', async ({ page }) => {
    await signIn(page, users.admin, '/informes', 60_000);
    // /informes redirects to /estadisticas.
    await expect(page).toHaveURL(/\/estadisticas$/);
    await expect(page.getByRole('heading', { name: 'Estadísticas e Informes' })).toBeVisible({ timeout: 45_000 });
    const detalle = page.getByTestId('detalle-diario');
    await expect(detalle).toContainText(`E-1${SUFFIX}`, { timeout: 30_000 });
    await expect(detalle).toContainText('$35.000');
    await expect(detalle).toContainText('Listo para estampar');
    await expect(page.getByTestId('rentabilidad')).toContainText(`Estudio Estadísticas ${SUFFIX}`);
    await expect(page.getByText(/^Última actualización: \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    // Recharts draws the bars as SVG.
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(detalle).toContainText(`E-2${SUFFIX}`);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^informe_mensual_\d{4}-\d{2}\.pdf$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('shows the error panel with the per-status message and Reintentar', async ({ page }) => {
    let fail = true;
    await page.route('**/api/v1/estadisticas/mensuales/**', (route) =>
      fail ? route.fulfill({ status: 403, contentType: 'application/json', body: '{"detail":"x"}' }) : route.continue(),
    );
    await signIn(page, users.admin, '/estadisticas', 60_000);
    const panel = page.getByRole('alert').filter({ hasText: 'No se pueden cargar las estadísticas' });
    await expect(panel).toBeVisible({ timeout: 45_000 });
    await expect(panel).toContainText('Error de permisos: No tiene acceso a las estadísticas.');
    fail = false;
    await panel.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByTestId('rentabilidad')).toBeVisible({ timeout: 30_000 });
  });

  test('is closed to a user without the estadisticas module', async ({ page }) => {
    await signIn(page, users.sinPermisos, '/estadisticas', 60_000);
    await expect(page.getByText('Acceso Denegado')).toBeVisible({ timeout: 45_000 });
  });
});
