import { expect, type Page, test } from '@playwright/test';
import { createUserWithCli } from '../support/cli';
import { signIn, signOut, toast, users } from '../support/login';

// Users of this suite only; the suffix keeps a retried run from clashing with the first attempt.
const suffix = Date.now().toString(36);
const cobrador = {
  username: `perm_cobrador_${suffix}`,
  password: 'clave-perm-1',
  firstName: 'Pedro',
  lastName: 'Cobrador',
};
const sinModulo = { username: `perm_sin_modulo_${suffix}`, password: 'clave-perm-2', permisos: ['estampa_1'] };

const GROUPS = ['Cobranza', 'Estampar', 'Config Permisos', 'Estadísticas'];
const accessDenied = (page: Page) => page.getByRole('heading', { name: 'Acceso Denegado' });
const groupBox = (page: Page, group: string, username: string) =>
  page.getByRole('checkbox', { name: `${group} de ${username}`, exact: true });

async function expectCobranzaOpen(page: Page, open: boolean) {
  await signIn(page, cobrador, '/cobranza');
  await expect(page).toHaveURL(/\/cobranza$/);
  if (open) {
    await expect(page.getByRole('heading', { name: /Cobranza/ }).first()).toBeVisible();
    await expect(accessDenied(page)).toHaveCount(0);
  } else {
    await expect(accessDenied(page)).toBeVisible();
  }
  await signOut(page);
}

test.describe('Usuarios y Permisos', () => {
  test.beforeAll(() => {
    test.setTimeout(180_000);
    createUserWithCli(cobrador);
    createUserWithCli(sinModulo);
  });

  test('admin sees every active user with the four groups, admin all-checked and locked', async ({ page }) => {
    await signIn(page, users.admin, '/permisos');
    await expect(page.getByRole('heading', { name: 'Usuarios y Permisos' })).toBeVisible();
    const headers = page.getByTestId('permisos-matrix').getByRole('columnheader');
    await expect(headers).toHaveText(['Nombre', 'Usuario', 'Cargo', ...GROUPS]);

    const row = page.getByTestId(`permisos-row-${cobrador.username}`);
    await expect(row).toContainText('Pedro Cobrador');
    await expect(row).toContainText('Secretaria');
    await expect(page.getByTestId(`permisos-row-${sinModulo.username}`)).toBeVisible();
    await expect(groupBox(page, 'Estampar', sinModulo.username)).toBeChecked();
    await expect(groupBox(page, 'Cobranza', sinModulo.username)).not.toBeChecked();

    for (const group of GROUPS) {
      await expect(groupBox(page, group, 'admin')).toBeChecked();
      await expect(groupBox(page, group, 'admin')).toBeDisabled();
    }
  });

  test('granting Cobranza opens /cobranza to the user and revoking it closes it again', async ({ page }) => {
    test.setTimeout(90_000);
    await expectCobranzaOpen(page, false);

    await signIn(page, users.admin, '/permisos');
    const box = groupBox(page, 'Cobranza', cobrador.username);
    await expect(box).not.toBeChecked();
    // The box follows the server: it turns checked once the grant is stored, not at the click itself.
    await box.click();
    await expect(toast(page, 'Permiso Cobranza otorgado a Pedro Cobrador')).toBeVisible();
    await expect(box).toBeChecked();
    await page.reload();
    await expect(groupBox(page, 'Cobranza', cobrador.username)).toBeChecked();
    await signOut(page);

    await expectCobranzaOpen(page, true);

    await signIn(page, users.admin, '/permisos');
    await groupBox(page, 'Cobranza', cobrador.username).click();
    await page.getByRole('dialog', { name: '¿Quitar el acceso a Cobranza?' }).getByRole('button', { name: 'Quitar acceso' }).click();
    await expect(toast(page, 'Permiso Cobranza revocado a Pedro Cobrador')).toBeVisible();
    await page.reload();
    await expect(groupBox(page, 'Cobranza', cobrador.username)).not.toBeChecked();
    await signOut(page);

    await expectCobranzaOpen(page, false);
  });

  test('a user without config_permisos gets Acceso Denegado on /permisos', async ({ page }) => {
    await signIn(page, sinModulo, '/permisos');
    await expect(accessDenied(page)).toBeVisible();
    await expect(page.getByTestId('permisos-matrix')).toHaveCount(0);
  });
});
