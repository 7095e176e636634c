import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn, toast, users } from '../support/login';
import { rutFrom } from '../support/rut';
import { insertEncargo, insertEstudio, withMainTenant } from '../support/tenant-sql';

const ESTUDIO = `Estudio Cobranza E2E ${Date.now().toString(36)}`;

test.describe('Cobranza', () => {
  // The machine is shared: first visits load their screen chunk slowly.
  test.describe.configure({ timeout: 150_000 });

  test.beforeAll(async () => {
    await withMainTenant(async (client) => {
      const estudioId = await insertEstudio(client, ESTUDIO, rutFrom(45_000_000 + (Date.now() % 1_000_000)));
      await insertEncargo(client, {
        estudioId,
        numeroRol: 'C-9101-2025',
        estado: 'estampado',
        fechaEstampado: '2025-03-05',
        diligencia: { fecha: '2025-03-04T10:00:00-03:00', valorFinal: 35000 },
      });
      await insertEncargo(client, {
        estudioId,
        numeroRol: 'C-9102-2025',
        estado: 'estampado',
        fechaEstampado: '2025-03-10',
        diligencia: { fecha: '2025-03-09T10:00:00-03:00', valorFinal: 40000 },
      });
      // Not billable: ready but not stamped.
      await insertEncargo(client, { estudioId, numeroRol: 'C-9103-2025', estado: 'listo_para_estampar' });
    });
  });

  test('previews a firm, generates the sheet and downloads it', async ({ page }) => {
    await signIn(page, users.admin, '/cobranza', 60_000);
    await expect(page.getByRole('heading', { name: 'Cobranza', exact: true })).toBeVisible({ timeout: 45_000 });

    // Rol and Valor Asociado are always on.
    await expect(page.getByRole('checkbox', { name: 'Rol', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Rol', exact: true })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'Valor Asociado' })).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Fecha del Estampado' }).check();

    await page.getByRole('combobox', { name: 'Estudio Jurídico' }).click();
    await page.getByRole('option', { name: ESTUDIO }).click();
    const preview = page.getByTestId('cobranza-preview');
    await expect(preview.getByRole('row')).toHaveCount(4); // header, two rows, totals
    await expect(preview.locator('thead').getByRole('columnheader')).toHaveText(['Rol', 'Valor Asociado', 'Fecha del Estampado']);
    await expect(preview).toContainText('C-9101-2025');
    await expect(preview).not.toContainText('C-9103-2025');
    await expect(page.getByTestId('cobranza-total')).toHaveText('Total: $75.000');

    // A specific date disables the range, and the other way round.
    // Dates are typed the Chilean way, as in every other screen.
    await page.getByLabel('Fecha específica', { exact: true }).fill('10/03/2025');
    await expect(page.getByLabel('Fecha de inicio', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Fecha de fin', { exact: true })).toBeDisabled();
    await expect(preview.getByRole('row')).toHaveCount(3);
    await expect(page.getByTestId('cobranza-total')).toHaveText('Total: $40.000');
    await page.getByRole('button', { name: 'Limpiar fechas' }).click();
    await page.getByLabel('Fecha de inicio', { exact: true }).fill('01/03/2025');
    await expect(page.getByLabel('Fecha específica', { exact: true })).toBeDisabled();
    await expect(page.getByTestId('cobranza-total')).toHaveText('Total: $75.000');

    await page.getByRole('button', { name: 'Generar Planilla' }).click();
    await expect(toast(page, 'Planilla generada exitosamente')).toBeVisible();
    const download = page.waitForEvent('download');
    await toast(page, 'Planilla generada exitosamente').getByRole('button', { name: 'Descargar planilla' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^planilla_cobranza_estudio_cobranza_e2e_[a-z0-9_]+_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = await readFile((await file.path())!);
    // An XLSX is a zip holding the sheet.
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);

    const historial = page.getByTestId('cobranza-historial');
    await expect(historial).toContainText(ESTUDIO);
    await expect(historial).toContainText('$75.000');
    await expect(historial).toContainText('admin');
  });

  test('is closed to a user without the cobranza module', async ({ page }) => {
    await signIn(page, users.sinPermisos, '/cobranza', 60_000);
    await expect(page.getByText('Acceso Denegado')).toBeVisible({ timeout: 45_000 });
  });
});
