import { expect, test } from '@playwright/test';
import { signIn, toast, users } from '../support/login';
import { rutFrom } from '../support/rut';
import { insertEncargo, insertEstudio, withMainTenant } from '../support/tenant-sql';

const SUFFIX = Date.now().toString(36).toUpperCase();
const rol = (n: number) => `R-${n}${SUFFIX}`;

test.describe('Generar Rutas', () => {
  test.describe.configure({ timeout: 150_000 });

  test.beforeAll(async () => {
    await withMainTenant(async (client) => {
      const estudioId = await insertEstudio(client, `Estudio Rutas ${SUFFIX}`, rutFrom(46_000_000 + (Date.now() % 1_000_000)));
      await insertEncargo(client, { estudioId, numeroRol: rol(1), estado: 'pendiente', domicilios: [{ direccion: 'Av. Pajaritos 1500', comuna: 'Maipú' }] });
      await insertEncargo(client, { estudioId, numeroRol: rol(2), estado: 'preparado', domicilios: [{ direccion: 'Av. Irarrázaval 2401', comuna: 'Ñuñoa' }] });
      await insertEncargo(client, { estudioId, numeroRol: rol(3), estado: 'pendiente', domicilios: [{ direccion: 'Los Leones 120', comuna: 'Providencia' }] });
      // Stamped work is never planned.
      await insertEncargo(client, { estudioId, numeroRol: rol(4), estado: 'estampado', domicilios: [{ direccion: 'Agustinas 1070', comuna: 'Santiago' }] });
    });
  });

  test('selects three addresses, generates an ordered route and copies it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, users.admin, '/rutas', 60_000);
    await expect(page.getByRole('heading', { name: 'Generar Rutas' })).toBeVisible({ timeout: 45_000 });
    await page.getByLabel('Rol').fill(SUFFIX);
    const table = page.getByTestId('rutas-domicilios');
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table).not.toContainText(rol(4));

    await page.getByRole('button', { name: 'Generar Ruta' }).click();
    await expect(toast(page, 'Selecciona al menos un domicilio para generar la ruta')).toBeVisible();

    for (const n of [1, 2, 3]) await table.getByRole('checkbox', { name: new RegExp(`^Seleccionar ${rol(n)} `) }).check();
    await expect(page.getByText('3 de 3 seleccionados')).toBeVisible();
    await page.getByRole('button', { name: 'Generar Ruta' }).click();
    await expect(toast(page, 'Ruta generada con 3 domicilios')).toBeVisible();

    const panel = page.getByTestId('ruta-generada');
    await expect(panel.getByRole('heading', { name: 'Ruta Generada - Formato Google Maps' })).toBeVisible();
    // From Santiago centro: Providencia, then Ñuñoa next door, then Maipú — not the click order.
    await expect(page.getByTestId('ruta-detalle').getByRole('listitem')).toHaveText([
      `${rol(3)} — Los Leones 120, Providencia, Santiago`,
      `${rol(2)} — Av. Irarrázaval 2401, Ñuñoa, Santiago`,
      `${rol(1)} — Av. Pajaritos 1500, Maipú, Santiago`,
    ]);

    await panel.getByRole('button', { name: 'Copiar Ruta' }).click();
    await expect(toast(page, 'Ruta copiada al portapapeles')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('1. Los Leones 120, Providencia, Santiago, Chile');
    expect(copied).toContain('https://www.google.com/maps/dir/Los%20Leones%20120%2C%20Providencia%2C%20Santiago%2C%20Chile/');

    await context.route(/^https:\/\/www\.google\.com\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>Mapa</html>' }));
    const popup = context.waitForEvent('page');
    await panel.getByRole('button', { name: 'Abrir en Google Maps' }).click();
    await expect(toast(page, 'Abriendo ruta en Google Maps...')).toBeVisible();
    const maps = await popup;
    expect(maps.url()).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/Los%20Leones/);

    // The printable route sheet holds one line per stop.
    await expect(page.getByTestId('hoja-ruta').locator('tbody tr')).toHaveCount(3);
  });

  test('shows the load error with a retry, never sample addresses', async ({ page }) => {
    let fail = true;
    await page.route('**/api/v1/rutas/domicilios_pendientes/**', (route) =>
      fail ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"No disponible"}' }) : route.continue(),
    );
    await signIn(page, users.admin, '/rutas', 60_000);
    await expect(page.getByRole('alert', { name: 'Error al cargar domicilios' })).toBeVisible({ timeout: 45_000 });
    await expect(toast(page, 'Error al cargar domicilios')).toBeVisible();
    await expect(page.getByTestId('rutas-domicilios')).toHaveCount(0);
    fail = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByTestId('rutas-domicilios')).toBeVisible({ timeout: 30_000 });
  });
});
