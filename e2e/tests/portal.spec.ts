import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { adminHeaders, estudioIdByName, uniqueRol } from '../support/encargos';
import { signIn, toast, users } from '../support/login';
import { mailText, startSmtpStandIn } from '../support/mail-stand-ins';
import { activatePortalUser, invitePortalUser, portalActivationPath, signInToPortal } from '../support/portal';

// The law-firm portal (issue 27): a firm's lawyer, invited through the API, activates the account from
// the mail's link, sends a request from a 390 px phone; the secretary accepts it in Nuevo Encargo; the
// firm sees the assignment, then its stamped certificate on the timeline, and downloads it.

const ESTUDIO = 'Larraín, Vial y Asociados Abogados';
const EMAIL = `abogada.${Date.now().toString(36)}@larrainvial-e2e.cl`;
const PASSWORD = 'clave-portal-e2e-1';
const ROL = uniqueRol('P');
const PHONE = { width: 390, height: 844 };
/** A PDF as far as the API checks it: its magic bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Picks an option of the select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

/** Every toast the page shows from now on, in order (a toast lasts 4 s: checking at the end is not enough). */
async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll<HTMLElement>('.mantine-Notification-description')) {
        if (element.dataset.recorded) continue;
        element.dataset.recorded = '1';
        seen.push(element.textContent ?? '');
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

/** The four steps of Nueva solicitud, filled and sent; 'Siguiente' must never send the form by itself. */
async function sendSolicitud(page: Page, rol: string, pickObservacion: boolean) {
  await page.getByRole('link', { name: 'Nueva solicitud' }).click();
  await expect(page.getByTestId('solicitud-paso')).toHaveText('1/4 · Causa', { timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Número de rol' }).fill(rol.toLowerCase());
  await choose(page, 'Tribunal', '1° Juzgado Civil de Santiago');
  await choose(page, 'Parte demandante', 'Banco de Chile');
  await choose(page, 'Tipo de causa', 'Juicio Ejecutivo');
  await choose(page, 'Tipo de encargo', 'Notificación Personal');
  await page.getByRole('textbox', { name: 'Cuantía' }).fill('1500000');
  await page.getByRole('textbox', { name: 'Fecha de la demanda' }).fill('01/04/2026');
  await page.getByRole('textbox', { name: 'Fecha de la resolución' }).fill('15/04/2026');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page.getByTestId('solicitud-paso')).toHaveText('2/4 · Partes');
  await expect(page.getByRole('textbox', { name: 'Partes' })).toHaveValue('Banco de Chile con ');
  await page.getByRole('textbox', { name: 'Partes' }).fill('Banco de Chile con Rodrigo Fuentes Mena');
  await page.getByRole('textbox', { name: 'Ejecutados' }).fill('Rodrigo Fuentes Mena');
  await page.getByRole('textbox', { name: 'RUT del demandado' }).fill('12.345.678-5');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page.getByTestId('solicitud-paso')).toHaveText('3/4 · Domicilios');
  await page.getByRole('textbox', { name: 'Dirección' }).fill('Av. Providencia 1234, depto 501');
  await choose(page, 'Comuna', 'Providencia');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page.getByTestId('solicitud-paso')).toHaveText('4/4 · Documentos');
  // Reaching the last step sends nothing: its empty fields are not marked.
  await expect(page.getByRole('combobox', { name: 'Observaciones' })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Revise los campos marcados.')).toHaveCount(0);
  const files = page.locator('input[type="file"]');
  await files.nth(0).setInputFiles({ name: 'demanda.pdf', mimeType: 'application/pdf', buffer: PDF });
  await files.nth(1).setInputFiles({ name: 'resolucion.pdf', mimeType: 'application/pdf', buffer: PDF });
  if (pickObservacion) {
    await page.getByRole('combobox', { name: 'Observaciones' }).click();
    await page.getByRole('option', { name: 'Es urgente', exact: true }).click();
  } else {
    await page.getByRole('combobox', { name: 'Observaciones' }).fill('Es urgente');
    await page.keyboard.press('Escape');
  }
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByTestId('solicitud-enviada')).toContainText(rol, { timeout: 30_000 });
  // Success alone: no error text beside it, and the emptied form is not validated again.
  await expect(page.getByText('Revise los campos marcados.')).toHaveCount(0);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(page.getByTestId('solicitud-paso')).toHaveText('1/4 · Causa');
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'es-CL', timezoneId: 'America/Santiago' });
  return { context, page: await context.newPage() };
}

test.describe('Portal de estudios', () => {
  // The machine is shared: first visits load their chunks slowly, and the certificate's PDF is converted after it is made.
  test.describe.configure({ timeout: 300_000 });

  let activationPath = '';
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;

  test.beforeAll(async ({ request }) => {
    // The mail of the whole flow: the invitation, then the acceptance.
    smtp = await startSmtpStandIn();
    await invitePortalUser(request, await estudioIdByName(request, ESTUDIO), { nombre: 'Andrea Vial', email: EMAIL });
    activationPath = await portalActivationPath(smtp, EMAIL);
  });

  test.afterAll(async () => {
    await smtp?.close();
  });

  test('on a desktop, two requests in a row each end with their success alone: no error beside it', async ({ browser, request }) => {
    const email = `abogado.escritorio.${Date.now().toString(36)}@larrainvial-e2e.cl`;
    await invitePortalUser(request, await estudioIdByName(request, ESTUDIO), { nombre: 'Tomás Errázuriz', email });
    await activatePortalUser(request, smtp, email, PASSWORD);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-CL', timezoneId: 'America/Santiago' });
    const page = await context.newPage();
    try {
      await signInToPortal(page, email, PASSWORD);
      await expect(page.getByTestId('portal-estudio')).toHaveText(ESTUDIO, { timeout: 30_000 });
      const toasts = await recordToasts(page);
      await sendSolicitud(page, uniqueRol('P'), true);
      await sendSolicitud(page, uniqueRol('Q'), true);
      expect(await toasts()).toEqual([
        'Solicitud enviada. Le avisaremos cuando el receptor la revise.',
        'Solicitud enviada. Le avisaremos cuando el receptor la revise.',
      ]);
    } finally {
      await context.close();
    }
  });

  test('a firm sends a request from a phone, the secretary accepts it, the firm follows it to its certificate and downloads it', async ({
    browser,
    page: office,
    request,
  }) => {
    const { context, page } = await phone(browser);

    // Activation from the mail's link, with the product's password rules; then sign-in.
    await page.goto(activationPath);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('corta');
    await page.getByRole('button', { name: 'Activar cuenta' }).click();
    await expect(page.getByText('La contraseña debe tener al menos 8 caracteres')).toBeVisible();
    await page.getByLabel('Nueva contraseña', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repita la contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Activar cuenta' }).click();
    await expect(page.getByText('Su cuenta está activa.', { exact: false })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Correo electrónico').fill(EMAIL);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByTestId('portal-estudio')).toHaveText(ESTUDIO, { timeout: 30_000 });
    await expect(page.getByTestId('portal-usuario')).toHaveText('Andrea Vial');
    await noSidewaysScroll(page);

    // The link works once.
    const again = await request.post('/api/v1/portal/auth/activar/', { data: { token: activationPath.split('/').pop(), password: PASSWORD } });
    expect(again.status()).toBe(400);

    // Nueva solicitud: four steps with Nuevo Encargo's inputs; the only toast is the success.
    const toasts = await recordToasts(page);
    await sendSolicitud(page, ROL, false);
    expect(await toasts()).toEqual(['Solicitud enviada. Le avisaremos cuando el receptor la revise.']);
    const mine = page.getByTestId('portal-solicitud').filter({ hasText: ROL });
    await expect(mine).toContainText('Pendiente');

    // The secretary: the top bar counts it; the inbox opens it in Nuevo Encargo, pre-filled.
    await signIn(office, users.admin, '/solicitudes', 60_000);
    await expect(office.getByTestId('solicitudes-count')).not.toHaveText('0');
    const card = office.getByTestId('solicitud').filter({ hasText: ROL });
    await expect(card).toContainText(ESTUDIO, { timeout: 30_000 });
    await card.getByRole('button', { name: 'Revisar' }).click();
    await expect(office.getByTestId('solicitud-revision')).toContainText(ROL, { timeout: 45_000 });
    await expect(office.getByRole('textbox', { name: 'Número de rol' })).toHaveValue(ROL);
    await expect(office.getByRole('textbox', { name: 'Dirección' }).first()).toHaveValue('Av. Providencia 1234, depto 501');
    await expect(office.getByRole('textbox', { name: 'Partes' })).toHaveValue('Banco de Chile con Rodrigo Fuentes Mena');
    await office.getByRole('button', { name: 'Registrar Encargo' }).click();
    const creado = office.getByTestId('encargo-creado');
    await expect(creado).toContainText(ROL, { timeout: 30_000 });
    await expect(toast(office, 'Solicitud aceptada. El estudio recibirá un aviso por correo.')).toBeVisible();

    // The firm is mailed; the request shows accepted and the assignment is on its list, with its timeline.
    await expect
      .poll(() => smtp.received.some((mail) => mail.to.includes(EMAIL) && /Solicitud aceptada/.test(mail.raw) && mailText(mail.raw).includes(ROL)), {
        timeout: 60_000,
      })
      .toBe(true);
    await page.reload();
    await expect(mine).toContainText('Aceptada', { timeout: 30_000 });
    await mine.getByRole('link', { name: 'Ver encargo' }).click();
    await expect(page.getByTestId('portal-encargo-rol')).toHaveText(ROL, { timeout: 30_000 });
    // A rol is one word at 390 px: never broken across lines.
    await expect(page.getByTestId('portal-encargo-rol')).toHaveCSS('white-space', 'nowrap');
    await expect(page.getByTestId('portal-evento-recibido')).toBeVisible();
    const encargoPath = new URL(page.url()).pathname;
    expect(encargoPath).toMatch(/^\/portal\/encargos\/\d+$/);
    await expect(creado).toContainText(encargoPath.split('/').pop()!);
    await page.getByRole('link', { name: 'Encargos', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(ROL);
    await expect(page.getByTestId('portal-encargo').filter({ hasText: ROL })).toBeVisible({ timeout: 30_000 });
    await noSidewaysScroll(page);

    // The office records the result and makes the certificate (its PDF is converted after the answer).
    const headers = await adminHeaders(request);
    const tipos = (await (await request.get('/estampados/api/estampados/tipos', { headers })).json()) as { id: number; nombre: string }[];
    const tipo = tipos.find((item) => item.nombre === 'Búsqueda positiva')!.id;
    const saved = await request.post('/api/v1/diligencias/guardar_resultados/', {
      headers,
      data: { numero_rol: ROL, resultado_id: tipo, fecha_diligencia: '12/05/2026 10:15', apuntes_terreno: 'El demandado fue habido en su domicilio.' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const id = Number(encargoPath.split('/').pop());
    const made = await request.post('/estampados/api/estampados/generar', {
      headers,
      data: { tipo_estampado: tipo, encargo_id: id, datos: { numero_rol: ROL }, validar_marcadores: true },
    });
    expect(made.status(), await made.text()).toBe(201);

    // The firm sees the certificate on the timeline and downloads its PDF once it exists.
    await page.goto(encargoPath);
    const certificado = page.getByTestId('portal-evento-certificado');
    await expect(async () => {
      await page.reload();
      await expect(certificado.getByRole('button', { name: 'Descargar' })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 120_000 });
    const download = page.waitForEvent('download');
    await certificado.getByRole('button', { name: 'Descargar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await noSidewaysScroll(page);

    await context.close();
  });
});
