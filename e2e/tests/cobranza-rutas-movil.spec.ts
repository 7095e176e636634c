import { expect, type Page, test } from '@playwright/test';
import { signIn, toast, users } from '../support/login';
import { rutFrom } from '../support/rut';
import { insertEncargo, insertEstudio, withMainTenant } from '../support/tenant-sql';

const SUFFIX = Date.now().toString(36).toUpperCase();
const ESTUDIO = `Estudio Movil ${SUFFIX}`;
const rol = (n: number) => `M-${n}${SUFFIX}`;
/** Twelve stops: more than one Google Maps link takes (origin, 8 waypoints, destination). */
const SEARCH_LABEL = 'Buscar por rol, ejecutado, RUT, estudio, tribunal o domicilio';
const COMUNAS = ['Santiago', 'Providencia', 'Ñuñoa', 'Macul', 'La Florida', 'Puente Alto', 'San Bernardo', 'Maipú', 'Pudahuel', 'Renca', 'Quilicura', 'Peñalolén'];

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** An element's text is shown whole (not cut or hidden by overflow). */
async function expectWhole(page: Page, selector: string) {
  const cut = await page.locator(selector).evaluateAll((elements) => elements.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
  expect(cut).toEqual([]);
}

test.describe('Cobranza, Rutas and Ver Pendientes: dates, double clicks, Maps legs and phones', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    await withMainTenant(async (client) => {
      const estudioId = await insertEstudio(client, ESTUDIO, rutFrom(47_000_000 + (Date.now() % 1_000_000)));
      await insertEncargo(client, {
        estudioId,
        numeroRol: rol(1),
        estado: 'estampado',
        fechaEstampado: '2026-11-25',
        diligencia: { fecha: '2026-11-24T10:00:00-03:00', valorFinal: 1_234_567 },
      });
      await insertEncargo(client, {
        estudioId,
        numeroRol: rol(2),
        estado: 'estampado',
        fechaEstampado: '2026-11-01',
        diligencia: { fecha: '2026-10-31T10:00:00-03:00', valorFinal: 30000 },
      });
      await insertEncargo(client, {
        estudioId,
        numeroRol: rol(3),
        estado: 'preparado',
        domicilios: COMUNAS.map((comuna, index) => ({ direccion: `Calle Larga ${index + 1}`, comuna })),
      });
    });
  });

  test("Cobranza: a date typed 25/11/2026 asks once, with no 400; a double click on 'Generar Planilla' stores one sheet", async ({ page }) => {
    await signIn(page, users.admin, '/cobranza', 60_000);
    await expect(page.getByRole('heading', { name: 'Cobranza', exact: true })).toBeVisible({ timeout: 45_000 });
    await page.getByRole('combobox', { name: 'Estudio Jurídico' }).click();
    await page.getByRole('option', { name: ESTUDIO }).click();
    await expect(page.getByTestId('cobranza-total')).toHaveText('Total: $1.264.567');

    const asked: { url: string; status: number }[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/cobranza/encargos/')) asked.push({ url: response.url(), status: response.status() });
    });
    const fecha = page.getByLabel('Fecha específica', { exact: true });
    await fecha.click();
    await fecha.pressSequentially('25/11/2026', { delay: 60 });
    await expect(page.getByTestId('cobranza-total')).toHaveText('Total: $1.234.567');
    await expect(page.getByTestId('cobranza-preview')).not.toContainText(rol(2));
    await page.waitForTimeout(500);
    expect(asked.map((a) => a.status)).toEqual([200]);
    expect(asked[0]!.url).toContain('fecha_especifica=2026-11-25');
    await fecha.blur();
    await expect(fecha).toHaveValue('25/11/2026');

    const generated: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/cobranza/generar-planilla')) generated.push(response.status());
    });
    await page.getByRole('button', { name: 'Generar Planilla' }).dblclick();
    await expect(toast(page, 'Planilla generada exitosamente')).toBeVisible();
    const historial = page.getByTestId('cobranza-historial');
    await expect(historial.getByRole('row').filter({ hasText: ESTUDIO })).toHaveCount(1);
    // Whatever reached the server answered fine; still one row once everything settled.
    await page.waitForTimeout(1500);
    expect(generated.every((status) => status === 200)).toBe(true);
    await page.reload();
    await expect(page.getByTestId('cobranza-historial').getByRole('row').filter({ hasText: ESTUDIO })).toHaveCount(1, { timeout: 45_000 });
    await expect(page.getByTestId('cobranza-historial').getByRole('row').filter({ hasText: ESTUDIO })).toContainText('25/11/2026');
  });

  test("Rutas: 'Abrir en Google Maps' opens a first leg of at most ten places and lists the next legs", async ({ page, context }) => {
    await signIn(page, users.admin, '/rutas', 60_000);
    await expect(page.getByRole('heading', { name: 'Generar Rutas' })).toBeVisible({ timeout: 45_000 });
    await page.getByLabel('Rol').fill(rol(3));
    const table = page.getByTestId('rutas-domicilios');
    await expect(table.getByRole('row')).toHaveCount(COMUNAS.length + 1);
    await expect(page.getByText('12 domicilios de 1 encargo en 12 comunas')).toBeVisible();
    // Spanish order: Ñuñoa after Macul and Maipú, before Peñalolén and Providencia.
    const comunas = await table.locator('tbody tr td:nth-child(6)').allTextContents();
    expect(comunas).toEqual([...COMUNAS].sort((a, b) => a.localeCompare(b, 'es')));
    expect(comunas.indexOf('Ñuñoa')).toBeLessThan(comunas.indexOf('Peñalolén'));

    await page.getByRole('button', { name: 'Seleccionar todos' }).click();
    await page.getByRole('button', { name: 'Generar Ruta' }).click();
    await expect(toast(page, 'Ruta generada con 12 domicilios')).toBeVisible();

    const panel = page.getByTestId('ruta-generada');
    const tramos = panel.getByTestId('ruta-tramos');
    await expect(tramos).toContainText("La ruta tiene 2 tramos: 'Abrir en Google Maps' abre el primero (paradas 1 a 10)");
    const next = tramos.getByRole('link', { name: 'Tramo 2: paradas 10 a 12' });
    await expect(next).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\//);
    const nextPlaces = new URL((await next.getAttribute('href'))!).pathname.replace('/maps/dir/', '').split('/');
    expect(nextPlaces).toHaveLength(3);

    await context.route(/^https:\/\/www\.google\.com\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>Mapa</html>' }));
    const popup = context.waitForEvent('page');
    await panel.getByRole('button', { name: 'Abrir en Google Maps' }).click();
    const maps = await popup;
    const places = new URL(maps.url()).pathname.replace('/maps/dir/', '').split('/').filter(Boolean);
    expect(places.length).toBeLessThanOrEqual(10);
    expect(places).toHaveLength(10);
    const detalle = await page.getByTestId('ruta-detalle').getByRole('listitem').allTextContents();
    expect(decodeURIComponent(places[0]!)).toContain(detalle[0]!.split(' — ')[1]!.split(',')[0]!);
    await maps.close();

    // The printed sheet starts on the first page: nothing else of the page is laid out before it.
    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByTestId('hoja-ruta');
    await expect(sheet).toBeVisible();
    const box = await sheet.boundingBox();
    expect(box!.y).toBeLessThan(60);
    await expect(page.getByRole('heading', { name: 'Generar Rutas' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('Ver Pendientes shows its rows as cards, nothing scrolls sideways', async ({ page }) => {
      await signIn(page, users.admin, '/ver-pendientes', 60_000);
      const cards = page.getByTestId('pendiente-card');
      await expect(cards.first()).toBeVisible({ timeout: 45_000 });
      await expect(page.getByRole('table')).toHaveCount(0);
      await expectNoSidewaysScroll(page, 390);
      await expectWhole(page, '[data-testid="pendiente-card"] dd');
      // The search finds an address's comuna.
      // Both words must match: the rol in the assignment, 'peñalolén' in one of its addresses.
      await page.getByRole('textbox', { name: SEARCH_LABEL }).fill(`peñalolén ${rol(3)}`);
      await expect(cards.filter({ hasText: rol(3) })).toHaveCount(1, { timeout: 30_000 });
      await expectNoSidewaysScroll(page, 390);
    });

    test('Rutas shows cards to pick from, nothing scrolls sideways', async ({ page }) => {
      await signIn(page, users.admin, '/rutas', 60_000);
      await expect(page.getByRole('heading', { name: 'Generar Rutas' })).toBeVisible({ timeout: 45_000 });
      await page.getByLabel('Rol').fill(rol(3));
      const cards = page.getByTestId('rutas-card');
      await expect(cards).toHaveCount(COMUNAS.length);
      await expectNoSidewaysScroll(page, 390);
      const checkbox = cards.first().getByRole('checkbox');
      const size = await checkbox.boundingBox();
      expect(size!.width).toBeGreaterThanOrEqual(24);
      await checkbox.check();
      await expect(page.getByText('1 de 12 seleccionados')).toBeVisible();
      await page.getByRole('button', { name: 'Generar Ruta' }).click();
      await expect(page.getByTestId('ruta-detalle').getByRole('listitem')).toHaveCount(1);
      await expectNoSidewaysScroll(page, 390);
    });

    test('Cobranza shows cards with whole amounts and icon buttons of at least 24 px', async ({ page }) => {
      await signIn(page, users.admin, '/cobranza', 60_000);
      await expect(page.getByRole('heading', { name: 'Cobranza', exact: true })).toBeVisible({ timeout: 45_000 });
      await page.getByRole('combobox', { name: 'Estudio Jurídico' }).click();
      await page.getByRole('option', { name: ESTUDIO }).click();
      const cards = page.getByTestId('cobranza-card');
      await expect(cards).toHaveCount(2);
      await expect(cards.filter({ hasText: rol(1) })).toContainText('$1.234.567');
      await expect(page.getByTestId('cobranza-total')).toHaveText('Total: $1.264.567');
      await expectWhole(page, '[data-testid="cobranza-card"] dd');
      await expectNoSidewaysScroll(page, 390);

      const historial = page.getByTestId('cobranza-historial-card').filter({ hasText: ESTUDIO }).first();
      await expect(historial).toBeVisible();
      await expectWhole(page, '[data-testid="cobranza-historial-card"] dd');
      const buttons = historial.getByRole('button');
      await expect(buttons).toHaveCount(2);
      const [download, send] = [await buttons.nth(0).boundingBox(), await buttons.nth(1).boundingBox()];
      for (const box of [download!, send!]) {
        expect(box.width).toBeGreaterThanOrEqual(24);
        expect(box.height).toBeGreaterThanOrEqual(24);
      }
      expect(send!.x - (download!.x + download!.width)).toBeGreaterThanOrEqual(4);
      await expectNoSidewaysScroll(page, 390);
    });
  });
});
