import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type TerrenoHoyResponse, type VisitaListResponse, formatDateTime, visitaMessages } from '@receptoria/contracts';
import { createEncargo, uniqueRol } from '../support/encargos';
import { repoRoot } from '../support/environment';
import { SESSION_KEYS, signIn, users } from '../support/login';

/** Where the receiver stands: Av. Providencia 1234 (the assignments' address). */
const POSITION = { latitude: -33.4263, longitude: -70.6172, accuracy: 12 };
const terrenoSesionVencida =
  'La sesión terminó: las visitas quedan guardadas en este teléfono y se enviarán cuando vuelva a iniciar sesión con este usuario.';
const PHOTO = path.join(repoRoot, 'apps/web/public/pwa-512.png');

test.use({ viewport: { width: 390, height: 844 }, permissions: ['geolocation'], geolocation: POSITION });

async function headersOf(request: APIRequestContext, user: { username: string; password: string }) {
  const response = await request.post('/api/v1/auth/login/', { data: user });
  expect(response.ok()).toBeTruthy();
  return { authorization: `Bearer ${((await response.json()) as { access: string }).access}` };
}

async function visitasOf(request: APIRequestContext, encargoId: number) {
  const response = await request.get(`/api/v1/encargos/${encargoId}/visitas/`, { headers: await headersOf(request, users.admin) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as VisitaListResponse).visitas;
}

/** The stop of the assignment on /terreno, opened. */
async function openStop(page: Page, numeroRol: string) {
  const card = page.getByTestId('parada').filter({ hasText: numeroRol });
  await card.getByRole('button', { name: 'Registrar visita' }).click();
  await expect(page.getByTestId('visita-form')).toBeVisible();
}

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
}

/** Buttons and the camera control of the open form are at least 44 px tall (one-handed use). */
async function expectLargeTargets(page: Page) {
  const small = await page
    .getByTestId('visita-form')
    .locator('button, [data-testid="tomar-foto"], select, input:not([type=file]), textarea')
    .evaluateAll((elements) =>
      elements
        .filter((element) => (element as HTMLElement).offsetParent !== null)
        .map((element) => ({ text: element.textContent?.trim() || element.getAttribute('aria-label'), height: element.getBoundingClientRect().height }))
        .filter((item) => item.height < 44),
    );
  expect(small).toEqual([]);
}

/** Text of the field screen against its background: at least 4.5:1 (WCAG AA), for sunlight. */
async function expectReadable(page: Page) {
  const low = await page.getByTestId('terreno-screen').evaluate((root) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (c: number) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const background = (element: Element | null): number[] => {
      for (let at = element; at; at = at.parentElement) {
        const color = rgb(getComputedStyle(at).backgroundColor);
        if (color.length === 3 || (color[3] ?? 0) > 0.9) return color.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const results: { text: string; ratio: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!element || !text || element.getClientRects().length === 0) continue;
      const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background(element))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 4.5) results.push({ text, ratio: Math.round(ratio * 100) / 100 });
    }
    return results;
  });
  expect(low).toEqual([]);
}

async function recordVisit(page: Page, numeroRol: string, resultado: string, informante: string) {
  await openStop(page, numeroRol);
  await expect(page.getByTestId('ubicacion-estado')).toHaveText('Ubicación tomada (precisión ±12 m)');
  await page.getByRole('button', { name: resultado, exact: true }).click();
  await page.getByLabel('Nombre del informante').fill(informante);
  await page.getByLabel('Relación del informante').selectOption({ label: 'Conserje' });
  await page.getByLabel('Apuntes').fill(`Visita ${resultado} sin señal`);
  await page.getByTestId('foto-input').setInputFiles(PHOTO);
  await expect(page.getByTestId('foto-tomada')).toHaveCount(1);
  await page.getByRole('button', { name: 'Guardar visita' }).click();
  await expect(page.getByTestId('visita-form')).toBeHidden();
}

test.describe('Field mode (/terreno) on a phone', () => {
  test.describe.configure({ timeout: 180_000 });

  test('installs as an app: a valid manifest with loading icons, and the service worker controls /terreno', async ({ page }) => {
    const manifestResponse = await page.request.get('/manifest.webmanifest');
    expect(manifestResponse.status()).toBe(200);
    expect(manifestResponse.headers()['content-type']).toContain('manifest+json');
    const manifest = (await manifestResponse.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Receptoría — Terreno', short_name: 'Terreno', start_url: '/terreno', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((item) => item.sizes === `${size}x${size}`);
      expect(icon?.type).toBe('image/png');
      const image = await page.request.get(icon?.src ?? '');
      expect(image.status()).toBe(200);
      const bytes = await image.body();
      // PNG signature, then IHDR's width and height.
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([size, size]);
    }

    await signIn(page, users.receptora, '/terreno', 60_000);
    await expect(page.getByRole('heading', { name: 'Terreno', exact: true })).toBeVisible();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
    expect(new URL(scriptUrl).pathname).toBe('/sw.js');
    // The API never goes through the worker's cache: a fresh answer each time.
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
  });

  test('two visits with a photo recorded without signal survive a reload and reach the server once each', async ({ page, context, request }) => {
    const encargo = await createEncargo(request, uniqueRol('T'), 'Ejecutado Terreno Uno');
    await signIn(page, users.receptora, '/terreno', 60_000);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const card = page.getByTestId('parada').filter({ hasText: encargo.numero_rol });
    await expect(card).toContainText('Av. Providencia 1234, depto 501, Providencia');
    await expect(card).toContainText('Art. 44: Sin búsquedas');
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('Todas las visitas están enviadas');
    await expectNoSidewaysScroll(page);

    await context.setOffline(true);
    await expect(page.getByTestId('sin-senal')).toBeVisible();
    await openStop(page, encargo.numero_rol);
    await expectLargeTargets(page);
    await expectNoSidewaysScroll(page);
    await expectReadable(page);
    await page.getByRole('button', { name: 'Volver a las paradas' }).click();

    await recordVisit(page, encargo.numero_rol, 'Domicilio confirmado', 'Juan Pérez');
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('1 visita por enviar');
    await recordVisit(page, encargo.numero_rol, 'No reside', 'Pedro Soto');
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('2 visitas por enviar');
    await expect(page.getByTestId('visita-en-cola').and(page.locator('[data-estado="pendiente"]'))).toHaveCount(2);
    await expectReadable(page);

    // A half-typed visit survives the reload too.
    await openStop(page, encargo.numero_rol);
    await page.getByLabel('Apuntes').fill('Tercera visita a medio escribir');

    await page.reload();
    await expect(page.getByTestId('visita-form')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Apuntes')).toHaveValue('Tercera visita a medio escribir');
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('2 visitas por enviar');
    // The stops kept on the phone say when they were saved, on the 24-hour clock.
    await expect(page.getByText(/^Paradas guardadas a las ([01]\d|2[0-3]):[0-5]\d \(sin conexión\)$/)).toBeVisible();
    expect(await visitasOf(request, encargo.id)).toEqual([]);
    await page.getByRole('button', { name: 'Volver a las paradas' }).click();
    await expect(page.getByTestId('visita-en-cola').and(page.locator('[data-estado="pendiente"]'))).toHaveCount(2);

    await context.setOffline(false);
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('Todas las visitas están enviadas', { timeout: 45_000 });
    await expect(page.getByTestId('visita-en-cola').and(page.locator('[data-estado="enviada"]'))).toHaveCount(2);

    // Sending again (focus, the 30 s timer, another reload) never duplicates.
    await page.reload();
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('Todas las visitas están enviadas');
    const visitas = await visitasOf(request, encargo.id);
    expect(visitas.map((visita) => [visita.resultado, visita.informante?.nombre, visita.origen, visita.fotos.length])).toEqual([
      ['domicilio_confirmado', 'Juan Pérez', 'terreno', 1],
      ['negativa_no_reside', 'Pedro Soto', 'terreno', 1],
    ]);
    for (const visita of visitas) {
      expect(visita.ubicacion).toEqual({ lat: POSITION.latitude, lon: POSITION.longitude, precision_m: POSITION.accuracy });
      expect(visita.fotos[0]?.tipo_mime).toBe('image/jpeg');
    }
    await expect(card).toContainText('2 visitas registradas');
    await expect(card).toContainText('Art. 44: 1 búsqueda positiva');
  });

  test("an art. 44 notification without two searches is refused: shown at the top, on the stop and in the counter until corrected", async ({ page, request }) => {
    const encargo = await createEncargo(request, uniqueRol('T'), 'Ejecutado Terreno Dos');
    await signIn(page, users.receptora, '/terreno', 60_000);
    await openStop(page, encargo.numero_rol);
    await page.getByRole('button', { name: 'Notificado art. 44', exact: true }).click();
    await expect(page.getByTestId('aviso-art44')).toHaveText(visitaMessages.art44Requisitos);
    await page.getByLabel('Apuntes').fill('Copias fijadas en la puerta');
    await page.getByRole('button', { name: 'Guardar visita' }).click();

    // The refusal is said at once, and stays at the top with the reason and what to do.
    await expect(page.getByText('El servidor rechazó una visita: revise el aviso al inicio de Terreno.')).toBeVisible({ timeout: 30_000 });
    const aviso = page.getByTestId('rechazos-aviso');
    await expect(aviso).toBeVisible();
    await expect(aviso).toContainText('El servidor rechazó una visita');
    const rechazo = aviso.getByTestId('rechazo').filter({ hasText: encargo.numero_rol });
    await expect(rechazo.getByTestId('rechazo-motivo')).toHaveText(visitaMessages.art44Requisitos);
    await expect(rechazo.getByTestId('rechazo-que-hacer')).toHaveText(
      'La visita no quedó registrada en el encargo. Corríjala (se abre con lo que escribió) o descártela si no corresponde.',
    );
    const avisoBox = await aviso.boundingBox();
    const paradasBox = await page.getByTestId('paradas').boundingBox();
    expect(avisoBox!.y).toBeLessThan(paradasBox!.y);
    expect(avisoBox!.y).toBeLessThan(844);
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('1 visita rechazada');
    await expect(page.getByText('Todas las visitas están enviadas')).toHaveCount(0);
    const card = page.getByTestId('parada').filter({ hasText: encargo.numero_rol });
    await expect(card.getByTestId('parada-rechazo')).toHaveText(`Visita rechazada: ${visitaMessages.art44Requisitos}`);
    const item = page.getByTestId('visita-en-cola').filter({ hasText: encargo.numero_rol });
    await expect(item).toHaveAttribute('data-estado', 'rechazada');
    await expect(item.getByTestId('motivo-rechazo')).toHaveText(visitaMessages.art44Requisitos);
    await expectNoSidewaysScroll(page);
    await expectReadable(page);
    expect(await visitasOf(request, encargo.id)).toEqual([]);

    // It stays after a reload until the receiver acts on it.
    await page.reload();
    await expect(page.getByTestId('rechazos-aviso').getByTestId('rechazo').filter({ hasText: encargo.numero_rol })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('1 visita rechazada');

    // Correcting opens the stop with what was typed; saved as a search it is sent and the refusal is gone.
    await page.getByTestId('rechazo').filter({ hasText: encargo.numero_rol }).getByRole('button', { name: 'Corregir visita' }).click();
    await expect(page.getByTestId('visita-form')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notificado art. 44', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Apuntes')).toHaveValue('Copias fijadas en la puerta');
    await page.getByLabel('Diligencia', { exact: true }).selectOption({ label: 'Búsqueda' });
    await page.getByRole('button', { name: 'Domicilio confirmado', exact: true }).click();
    await page.getByRole('button', { name: 'Guardar visita' }).click();
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('Todas las visitas están enviadas', { timeout: 30_000 });
    await expect(page.getByTestId('rechazos-aviso')).toHaveCount(0);
    await expect(card.getByTestId('parada-rechazo')).toHaveCount(0);
    const visitas = await visitasOf(request, encargo.id);
    expect(visitas).toHaveLength(1);
    expect(visitas[0]).toMatchObject({ resultado: 'domicilio_confirmado', apuntes: 'Copias fijadas en la puerta' });
  });

  test('a refused visit can be discarded after confirming; the phone forgets it and the counter clears', async ({ page, request }) => {
    const encargo = await createEncargo(request, uniqueRol('T'), 'Ejecutado Terreno Descarte');
    await signIn(page, users.receptora, '/terreno', 60_000);
    await openStop(page, encargo.numero_rol);
    await page.getByRole('button', { name: 'Notificado art. 44', exact: true }).click();
    await page.getByRole('button', { name: 'Guardar visita' }).click();
    const rechazo = page.getByTestId('rechazo').filter({ hasText: encargo.numero_rol });
    await expect(rechazo).toBeVisible({ timeout: 30_000 });
    await rechazo.getByRole('button', { name: 'Descartar' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Descartar la visita rechazada?' });
    await expect(dialog).toContainText('Se borrará de este teléfono con sus fotos.');
    await dialog.getByRole('button', { name: 'Descartar' }).click();
    await expect(page.getByText('Visita rechazada descartada')).toBeVisible();
    await expect(page.getByTestId('rechazo').filter({ hasText: encargo.numero_rol })).toHaveCount(0);
    await expect(page.getByTestId('visita-en-cola').filter({ hasText: encargo.numero_rol })).toHaveCount(0);
    await expect(page.getByTestId('contador-por-enviar')).not.toContainText('rechazada');
    expect(await visitasOf(request, encargo.id)).toEqual([]);
  });

  test('a rol is never broken across lines on the stop cards at 390 px', async ({ page, request }) => {
    const encargo = await createEncargo(request, uniqueRol('C'), 'Ejecutado con un nombre bastante largo para la tarjeta');
    await signIn(page, users.receptora, '/terreno', 60_000);
    const rol = page.getByTestId('parada').filter({ hasText: encargo.numero_rol }).getByTestId('parada-rol');
    await expect(rol).toHaveText(encargo.numero_rol);
    await expect(rol).toHaveCSS('white-space', 'nowrap');
    // An inline element has one box per line it occupies.
    expect(await rol.evaluate((element) => element.getClientRects().length)).toBe(1);
    await expectNoSidewaysScroll(page);
  });

  test('a refused location permission saves the visit without coordinates and says so', async ({ browser, request }) => {
    const encargo = await createEncargo(request, uniqueRol('T'), 'Ejecutado Terreno Tres');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, permissions: [] });
    const page = await context.newPage();
    try {
      await signIn(page, users.receptora, '/terreno', 60_000);
      await openStop(page, encargo.numero_rol);
      await expect(page.getByTestId('ubicacion-estado')).toHaveText('Sin permiso de ubicación: la visita se guarda sin coordenadas.', {
        timeout: 30_000,
      });
      await page.getByRole('button', { name: 'Habido', exact: true }).click();
      await page.getByRole('button', { name: 'Guardar visita' }).click();
      await expect(page.getByText('Visita guardada en el teléfono, sin ubicación')).toBeVisible();
      await expect(page.getByTestId('contador-por-enviar')).toHaveText('Todas las visitas están enviadas', { timeout: 30_000 });
      const [visita] = await visitasOf(request, encargo.id);
      expect(visita).toMatchObject({ resultado: 'habido', ubicacion: null, informante: null });
    } finally {
      await context.close();
    }
  });

  test("the office sees the visit in Re-encargos' Visitas tab and Resultados starts from it", async ({ page, request }) => {
    const encargo = await createEncargo(request, uniqueRol('T'), 'Ejecutado Terreno Cuatro');
    const headers = await headersOf(request, users.receptora);
    const hoy = (await (await request.get('/api/v1/terreno/hoy/', { headers })).json()) as TerrenoHoyResponse;
    const domicilioId = hoy.paradas.find((parada) => parada.encargo.id === encargo.id)?.domicilio?.id;
    expect(domicilioId).toBeDefined();
    const uuid = crypto.randomUUID();
    const fechaHora = new Date(Date.now() - 60 * 60_000).toISOString();
    const created = await request.post(`/api/v1/encargos/${encargo.id}/visitas/`, {
      headers,
      data: {
        uuid,
        domicilio_id: domicilioId,
        fecha_hora: fechaHora,
        tipo: 'busqueda',
        resultado: 'domicilio_confirmado',
        informante: { nombre: 'Rosa Díaz', relacion: 'conserje' },
        apuntes: 'La conserje confirma que vive en el depto 501',
        ubicacion: { lat: POSITION.latitude, lon: POSITION.longitude, precision_m: 9 },
        origen: 'terreno',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const foto = await request.post(`/api/v1/visitas/${uuid}/fotos/`, {
      headers,
      multipart: { foto: { name: 'fachada.png', mimeType: 'image/png', buffer: readFileSync(PHOTO) } },
    });
    expect(foto.status(), await foto.text()).toBe(201);

    await signIn(page, users.admin, `/re-encargos?rol=${encodeURIComponent(encargo.numero_rol)}`, 45_000);
    await page.getByRole('tab', { name: 'Visitas' }).click();
    const item = page.getByTestId('visita-item').filter({ hasText: 'Rosa Díaz' });
    await expect(item).toContainText(formatDateTime(fechaHora));
    await expect(item).toContainText('Domicilio confirmado');
    await expect(item).toContainText('Informante: Rosa Díaz (Conserje)');
    await expect(item.getByTestId('visita-mapa')).toHaveAttribute('href', `https://www.google.com/maps?q=${POSITION.latitude},${POSITION.longitude}`);
    const thumbnail = item.getByTestId('visita-foto');
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    await page.goto('/diligencias/generar-estampado');
    const search = page.getByRole('textbox', { name: 'Número de rol', exact: true }).first();
    await search.fill(encargo.numero_rol);
    await search.press('Enter');
    await expect(page.getByTestId('resultados-desde-visita')).toContainText('Domicilio confirmado');
    await expect(page.getByRole('textbox', { name: 'Fecha y hora de la diligencia' })).toHaveValue(formatDateTime(fechaHora));
    await expect(page.getByRole('textbox', { name: 'Apuntes del receptor en terreno' })).toHaveValue('La conserje confirma que vive en el depto 501');
    await expect(page.getByRole('combobox', { name: 'Tipo de estampado', exact: true })).toHaveValue('Búsqueda positiva');
    await expect(page.getByTestId('visitas-timeline').getByTestId('visita-item')).toHaveCount(1);
  });

  test('a visit queued offline is sent after the expired access token is renewed', async ({ page, context, request }) => {
    const encargo = await createEncargo(request, uniqueRol('T'), 'Ejecutado Terreno Cinco');
    await signIn(page, users.receptora, '/terreno', 60_000);
    await expect(page.getByTestId('parada').filter({ hasText: encargo.numero_rol })).toBeVisible();
    await context.setOffline(true);
    await openStop(page, encargo.numero_rol);
    await page.getByRole('button', { name: 'Domicilio confirmado', exact: true }).click();
    await page.getByRole('button', { name: 'Guardar visita' }).click();
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('1 visita por enviar');
    // The access token ran out while the phone had no signal; the refresh token still holds.
    await page.evaluate((key) => localStorage.setItem(key, 'vencido.vencido.vencido'), SESSION_KEYS.access);
    await context.setOffline(false);
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('Todas las visitas están enviadas', { timeout: 45_000 });
    expect((await visitasOf(request, encargo.id)).map((visita) => visita.resultado)).toEqual(['domicilio_confirmado']);
    await expect(page.getByRole('heading', { name: 'Terreno', exact: true })).toBeVisible();
  });

  test('when the session is gone the visit stays on the phone, the user is told, and it leaves after signing in again', async ({ page, context, request }) => {
    const encargo = await createEncargo(request, uniqueRol('T'), 'Ejecutado Terreno Seis');
    await signIn(page, users.receptora, '/terreno', 60_000);
    await expect(page.getByTestId('parada').filter({ hasText: encargo.numero_rol })).toBeVisible();
    await context.setOffline(true);
    await openStop(page, encargo.numero_rol);
    await page.getByRole('button', { name: 'No reside', exact: true }).click();
    await page.getByRole('button', { name: 'Guardar visita' }).click();
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('1 visita por enviar');
    // Both tokens are no longer valid (signed out elsewhere, or the refresh token expired).
    await page.evaluate((keys) => {
      localStorage.setItem(keys.access, 'vencido.vencido.vencido');
      localStorage.setItem(keys.refresh, 'revocado');
    }, SESSION_KEYS);
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/login$/, { timeout: 45_000 });
    await expect(page.getByText(terrenoSesionVencida)).toBeVisible();
    expect(await visitasOf(request, encargo.id)).toEqual([]);

    await signIn(page, users.receptora, '/terreno', 60_000);
    const item = page.getByTestId('visita-en-cola').filter({ hasText: encargo.numero_rol });
    await expect(item).toHaveAttribute('data-estado', 'enviada', { timeout: 45_000 });
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('Todas las visitas están enviadas');
    expect((await visitasOf(request, encargo.id)).map((visita) => visita.resultado)).toEqual(['negativa_no_reside']);
  });
});
