import { expect, type Page, test } from '@playwright/test';
import { signIn, users } from '../support/login';

const SHORTCUTS = [
  ['Ver Pendientes', '/ver-pendientes'],
  ['Re-encargos', '/re-encargos'],
  ['Configurar Estudios', '/configuraciones-estudio'],
  ['Registrar Estudios', '/registrar-estudio'],
  ['Estadísticas e Informes', '/estadisticas'],
  ['Generar Ruta', '/rutas'],
  ['Plantillas', '/plantillas'],
  ['Usuarios y Permisos', '/permisos'],
  ['Sistema Multi-Tenant', '/onboarding'],
] as const;

/** The module screens open the menu (a phone reaches them without scrolling the dashboard). */
const MODULES = ['Nuevo Encargo', 'Importar encargos', 'Resultados y Estampados', 'Por firmar', 'Terreno', 'Cobranza', 'Carpetas', 'Calendario'] as const;
/** Between Usuarios y Permisos and Sistema Multi-Tenant, for those who may edit the receiver's identity. */
const RECEPTOR_ONLY = ['Mis datos de receptor', 'Feriados y plazos'] as const;
/** Every user's own profile, after the receiver's screens. */
const MI_PERFIL = 'Mi perfil';
/** Beyond the spec's shortcuts: the mail the receiver's product sent or keeps waiting. */
const CORREO_SALIENTE = 'Correo saliente';

async function openShortcuts(page: Page) {
  await page.getByRole('button', { name: 'Accesos directos' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('top bar', () => {
  test('shows the product name, home link, username and Salir', async ({ page }) => {
    await signIn(page, users.receptora);
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Receptoría', { exact: true })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(banner.getByTestId('top-bar-username')).toHaveText('receptor_maria_gonzalez');
    await expect(banner.getByRole('button', { name: 'Salir' })).toBeVisible();

    await page.goto('/carpetas');
    await banner.getByRole('link', { name: 'Inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  });

  test('the admin menu lists the modules, then every shortcut in order, Sistema Multi-Tenant last', async ({ page }) => {
    await signIn(page, users.admin);
    const menu = await openShortcuts(page);
    const labels = SHORTCUTS.map(([label]) => label);
    await expect(menu.getByRole('menuitem')).toHaveText([...MODULES, ...labels.slice(0, -1), CORREO_SALIENTE, ...RECEPTOR_ONLY, MI_PERFIL, ...labels.slice(-1)]);
  });

  test('other users do not see Sistema Multi-Tenant and /onboarding sends them home', async ({ page }) => {
    await signIn(page, users.sinPermisos);
    const menu = await openShortcuts(page);
    // Without the estampar and cobranza modules those screens are not offered, nor the receiver's own.
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Nuevo Encargo',
      'Importar encargos',
      'Carpetas',
      'Calendario',
      ...SHORTCUTS.slice(0, -1).map(([label]) => label),
      CORREO_SALIENTE,
      MI_PERFIL,
    ]);
    await expect(menu.getByText('Sistema Multi-Tenant')).toHaveCount(0);

    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/$/);
  });

  test('choosing a shortcut navigates to its path and closes the menu', async ({ page }) => {
    await signIn(page, users.admin);
    for (const [label, path] of [SHORTCUTS[1], SHORTCUTS[6], SHORTCUTS[8]]) {
      const menu = await openShortcuts(page);
      await menu.getByRole('menuitem', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('menu')).toHaveCount(0);
    }
  });

  test('an outside click closes the menu', async ({ page }) => {
    await signIn(page, users.admin);
    await openShortcuts(page);
    await page.getByTestId('dashboard-greeting').click();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('route guards', () => {
  test('a module the user lacks shows Acceso Denegado and Volver goes back', async ({ page }) => {
    await signIn(page, users.sinPermisos, '/ver-pendientes');
    await page.goto('/cobranza');
    await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
    await expect(page.getByText('No tienes permisos para acceder a este módulo.')).toBeVisible();

    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page).toHaveURL(/\/ver-pendientes$/);
  });

  test('every guarded module is closed to a user without permissions', async ({ page }) => {
    await signIn(page, users.sinPermisos);
    for (const path of ['/cobranza', '/resultados-dashboard', '/estadisticas', '/permisos']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
    }
    // Routes without a module stay open.
    await page.goto('/plantillas');
    await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toHaveCount(0);
  });

  test('one permission code opens its module only', async ({ page }) => {
    await signIn(page, users.receptora);
    await page.goto('/resultados-dashboard');
    await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toHaveCount(0);
    await page.goto('/cobranza');
    await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
  });

  test('admin reaches every module and /informes redirects to /estadisticas', async ({ page }) => {
    await signIn(page, users.admin);
    for (const path of ['/cobranza', '/resultados-dashboard', '/permisos', '/onboarding']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toHaveCount(0);
    }
    await page.goto('/informes');
    await expect(page).toHaveURL(/\/estadisticas$/);
  });
});
