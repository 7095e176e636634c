import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn, signOut, users } from '../support/login';
import { withMainTenantDb } from '../support/mail-stand-ins';

test.describe('Ver Pendientes as a working list', () => {
  test('tells re-assignments apart with a RE-ENCARGO badge and a link to the original', async ({ page }) => {
    await signIn(page, users.admin, '/ver-pendientes');
    const badge = page.getByRole('table').getByText('RE-ENCARGO', { exact: true }).first();
    await expect(badge).toBeVisible();
    // Badges are never cut off: the label is as wide as its text.
    const clipped = await badge.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
    expect(clipped).toBe(false);
    const row = page.getByRole('row').filter({ has: page.getByText('RE-ENCARGO', { exact: true }) }).first();
    await row.getByRole('link', { name: 'Ver original' }).click();
    await expect(page).toHaveURL(/\/re-encargos\?rol=.+&id=\d+$/);
    await expect(page.getByTestId('encargo-encontrado')).toContainText('ORIGINAL');
  });

  test('a search matching more than are counted says so: the tile reads 1.000+ and the footer "más de"', async ({ page }) => {
    await withMainTenantDb(async (db) => {
      await db.query(`
        insert into encargos (numero_rol, estado, fecha_encargo, ejecutados, estudio_id)
        select 'C-' || (70000 + g) || '-2019', 'pendiente', date '2019-01-01' + g, 'Frecuentísimo Contador ' || g,
               (select id from estudios order by id limit 1)
        from generate_series(1, 1005) g`);
    });
    try {
      await signIn(page, users.admin, '/ver-pendientes?q=frecuentisimo');
      await expect(page.getByTestId('total-pendiente')).toContainText('1.000+');
      await expect(page.getByTestId('total-preparado')).toContainText(/^\D*0$/);
      await expect(page.getByText('Mostrando 1–20 de más de 1.000 encargos')).toBeVisible();
      await page.getByRole('textbox', { name: 'Buscar por rol, ejecutado, RUT, estudio, tribunal o domicilio' }).fill('frecuentisimo contador 1005');
      await expect(page.getByTestId('total-pendiente')).toContainText(/^\D*1$/);
      await expect(page.getByText('Mostrando 1–1 de 1 encargos')).toBeVisible();
    } finally {
      await withMainTenantDb((db) => db.query("delete from encargos where ejecutados like 'Frecuentísimo Contador %'"));
    }
  });

  test('count tiles filter the list; search, filter and page survive a reload and back', async ({ page }) => {
    await signIn(page, users.admin, '/ver-pendientes');
    await page.getByTestId('total-estampado').click();
    await expect(page).toHaveURL(/estado=estampado/);
    await expect(page.getByTestId('total-estampado')).toHaveAttribute('aria-pressed', 'true');
    const estados = page.getByRole('table').locator('[data-estado]');
    await expect(estados.first()).toHaveAttribute('data-estado', 'estampado');
    expect(new Set(await estados.evaluateAll((items) => items.map((item) => item.getAttribute('data-estado'))))).toEqual(
      new Set(['estampado']),
    );

    await page.getByRole('textbox', { name: 'Buscar por rol, ejecutado, RUT, estudio, tribunal o domicilio' }).fill('C-');
    await expect(page).toHaveURL(/q=C-/);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Buscar por rol, ejecutado, RUT, estudio, tribunal o domicilio' })).toHaveValue('C-');
    await expect(page.getByTestId('total-estampado')).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('total-estampado').click();
    await expect(page).not.toHaveURL(/estado=/);
    await page.goBack();
    await expect(page).toHaveURL(/estado=estampado/);
    await expect(page.getByTestId('total-estampado')).toHaveAttribute('aria-pressed', 'true');
  });

  test('exports the current list to Excel and can be printed', async ({ page }) => {
    await signIn(page, users.admin, '/ver-pendientes?estado=preparado');
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar a Excel' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^encargos_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Exportar a Excel' })).toBeHidden();
    await expect(page.getByRole('table')).toBeVisible();
  });
});

test.describe('phone and tablet widths', () => {
  for (const width of [390, 768]) {
    test(`at ${width} px 'Salir' stays reachable and the list scrolls`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, users.admin, '/ver-pendientes');
      const salir = page.getByRole('button', { name: 'Salir' });
      await expect(salir).toBeInViewport();
      const box = await salir.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
      expect(overflow).toBe(false);
      await signOut(page);
    });
  }
});
