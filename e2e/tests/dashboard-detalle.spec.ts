import { expect as baseExpect, test } from '@playwright/test';
import { signIn, users } from '../support/login';

/** The machine running the suites is busy: give each screen time to answer. */
const expect = baseExpect.configure({ timeout: 20_000 });

const CLAVES = [
  ['encargos-activos', 'Encargos Activos'],
  ['diligencias-pendientes', 'Diligencias Pendientes'],
  ['diligencias-completadas', 'Diligencias Completadas'],
  ['estudios-registrados', 'Estudios Registrados'],
] as const;

test.describe('Dashboard detail', () => {
  // A busy machine: screens load slowly, so each flow gets room.
  test.describe.configure({ timeout: 120_000 });
  test('each dashboard figure opens its detail with cards or its empty text', async ({ page }) => {
    await signIn(page, users.admin, '/', 30_000);
    for (const [clave, titulo] of CLAVES) {
      await page.getByTestId(`detalle-link-${clave}`).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/detalle/${clave}$`));
      await expect(page.getByRole('heading', { name: titulo })).toBeVisible();
      const total = Number((await page.getByTestId('detalle-total').textContent())?.replace(/\D/g, ''));
      if (total > 0) {
        await expect(page.getByTestId('detalle-item').first()).toBeVisible();
      } else {
        await expect(page.getByTestId('detalle-vacio')).toBeVisible();
      }
      if (clave === 'estudios-registrados') await expect(page.getByText('Encargos este mes').first()).toBeVisible();
      if (clave === 'encargos-activos' && total > 0) await expect(page.getByText(/días? pendiente/).first()).toBeVisible();
      await page.getByRole('link', { name: 'Volver', exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test('an unknown key shows "No hay datos para mostrar" with the way back home', async ({ page }) => {
    await signIn(page, users.admin, '/dashboard/detalle/otra-cosa', 30_000);
    await expect(page.getByText('No hay datos para mostrar')).toBeVisible();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
