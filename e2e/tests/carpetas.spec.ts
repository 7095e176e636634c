import { expect, type Page, test } from '@playwright/test';
import { signIn, toast, users } from '../support/login';
import { rutFrom } from '../support/rut';

const ESTAMPADOS = 'https://drive.google.com/drive/folders/onb-carpeta-estampados';
const COBRANZA = 'https://docs.google.com/spreadsheets/d/onb-planilla-cobranza';

/** A receiver with both folder links and its first user, created through the onboarding API. */
async function createClienteConCarpetas(page: Page) {
  const login = await page.request.post('/api/v1/auth/login/', { data: users.admin });
  const { access } = (await login.json()) as { access: string };
  const suffix = Date.now().toString(36);
  const user = { username: `onb_carpetas_${suffix}`, password: 'clave-onb-456' };
  const response = await page.request.post('/api/v1/onboarding/clientes/crear/', {
    headers: { authorization: `Bearer ${access}` },
    data: {
      nombre: `Receptor Carpetas ${suffix}`,
      rut: rutFrom(30_000_000 + (Date.now() % 5_000_000)),
      username: user.username,
      password: user.password,
      usuario_email: 'carpetas@onb.cl',
      first_name: 'Rosa',
      last_name: 'Vidal',
      carpeta_estampados: ESTAMPADOS,
      carpeta_cobranza: COBRANZA,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}

test.describe('Carpetas', () => {
  test('shows both folders without links as not configured for the main receiver', async ({ page }) => {
    await signIn(page, users.admin, '/carpetas');
    await expect(page.getByRole('heading', { name: 'Carpetas', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Estampados' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cobranza' })).toBeVisible();
    const buttons = page.getByRole('button', { name: 'Link no configurado' });
    await expect(buttons).toHaveCount(2);
    await expect(buttons.nth(0)).toBeDisabled();
    await expect(buttons.nth(1)).toBeDisabled();
  });

  test("opens the receiver's folders in a new tab", async ({ page, context }) => {
    const user = await createClienteConCarpetas(page);
    // The folders live on Google: answer them locally.
    await context.route(/^https:\/\/(drive|docs)\.google\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<html><body>Carpeta compartida</body></html>' }),
    );
    await signIn(page, user, '/carpetas');
    await expect(page.getByRole('button', { name: 'Link no configurado' })).toHaveCount(0);

    const estampadosTab = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Abrir carpeta Estampados' }).click();
    const estampados = await estampadosTab;
    await estampados.waitForLoadState();
    expect(estampados.url()).toBe(ESTAMPADOS);
    // Opened with no opener: the new tab cannot reach back into the product.
    expect(await estampados.evaluate(() => window.opener)).toBeNull();
    await expect(toast(page, 'Abriendo carpeta de estampados')).toBeVisible();
    await estampados.close();

    const cobranzaTab = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Abrir carpeta Cobranza' }).click();
    const cobranza = await cobranzaTab;
    await cobranza.waitForLoadState();
    expect(cobranza.url()).toBe(COBRANZA);
    await expect(toast(page, 'Abriendo carpeta de cobranza')).toBeVisible();
  });

  test('shows the error state with Reintentar when the links cannot be loaded', async ({ page }) => {
    let fail = true;
    await page.route('**/api/v1/configuracion/carpetas/links/', (route) =>
      fail ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"No disponible"}' }) : route.continue(),
    );
    await signIn(page, users.admin, '/carpetas');
    await expect(page.getByText('Error al cargar carpetas', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('Error al cargar las carpetas. Verifica la configuración multi-tenant.')).toBeVisible();
    await expect(toast(page, 'Error al cargar las carpetas')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('button', { name: 'Link no configurado' })).toHaveCount(2);
  });
});
