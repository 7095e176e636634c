import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminHeaders, estudioIdByName } from '../support/encargos';
import { signIn, toast, users } from '../support/login';
import { startSmtpStandIn } from '../support/mail-stand-ins';
import { activatePortalUser, invitePortalUser, signInToPortal } from '../support/portal';

// Configuraciones Estudio → Webhooks: the receiver adds a firm's endpoint pointing at the firm's system
// (a real HTTP server on loopback started here), copies its signing secret (shown once), presses
// 'Probar', and sees the delivery in the log; the firm's system got a `ping` it can verify with the secret.

const ESTUDIO = 'Larraín, Vial y Asociados Abogados';

interface Recibido {
  firma: string;
  cuerpo: string;
}

/** The firm's system on loopback: answers every delivery with `respuesta` and keeps what it received. */
async function startFirmSystem(respuesta: string, ruta: string) {
  const recibidos: Recibido[] = [];
  const sistema = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      recibidos.push({ firma: String(req.headers['receptoria-firma'] ?? ''), cuerpo: Buffer.concat(partes).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(respuesta);
    });
  });
  await new Promise<void>((resolve) => sistema.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(sistema.address() as AddressInfo).port}/${ruta}/${Date.now().toString(36)}`;
  return { url, recibidos, close: () => sistema.close() };
}

/** Creates the endpoint with these events in the Webhooks panel; the signing secret it shows once. */
async function createWebhook(page: Page, panel: Locator, url: string, eventos: string[]): Promise<string> {
  await panel.getByLabel('URL que recibe los eventos').fill(url);
  for (const evento of eventos) await panel.getByLabel(evento).check();
  await panel.getByRole('button', { name: 'Crear webhook' }).click();
  await expect(toast(page, 'Webhook creado')).toBeVisible();
  const secreto = await panel.getByRole('textbox', { name: 'Secreto de firma' }).inputValue();
  expect(secreto).toMatch(/^whsec_[0-9a-f]{64}$/);
  return secreto;
}

/** 'Probar' on the endpoint's row, then its log: the ping delivered (by the job queue) with the firm system's answer. */
async function probeAndOpenLog(page: Page, panel: Locator, fila: Locator, respuesta: string) {
  await fila.getByRole('button', { name: 'Probar' }).click();
  await expect(toast(page, 'Evento de prueba enviado: revise el registro de entregas')).toBeVisible();
  await fila.getByRole('button', { name: 'Entregas' }).click();
  const log = panel.getByTestId('webhook-entregas');
  const entrega = log.getByTestId('webhook-entrega').first();
  // The log reads itself again every few seconds.
  await expect(entrega).toContainText('Evento de prueba (ping)', { timeout: 30_000 });
  await expect(entrega).toContainText('200');
  await expect(entrega).toContainText(respuesta);
  return { log, entrega };
}

/** The timestamp and the signature the `Receptoria-Firma` header carries, and the signature the secret makes. */
function signatureOf({ firma, cuerpo }: Recibido, secreto: string) {
  const t = /t=(\d+)/.exec(firma)?.[1];
  return { t, v1: /v1=([0-9a-f]{64})/.exec(firma)?.[1], esperada: createHmac('sha256', secreto).update(`${t}.${cuerpo}`).digest('hex') };
}

/** 'Reenviar' sends the same event again; the log shows the new attempt. */
async function resend(page: Page, log: Locator, entrega: Locator, recibidos: Recibido[], cuerpo: string) {
  await entrega.getByRole('button', { name: 'Reenviar' }).click();
  await expect(toast(page, 'El evento se enviará nuevamente en unos instantes')).toBeVisible();
  await expect(log.getByTestId('webhook-entrega')).toHaveCount(2, { timeout: 30_000 });
  expect(recibidos.map((r) => r.cuerpo)).toEqual([cuerpo, cuerpo]);
}

test('a firm’s webhook is created, tested with Probar, and its delivery shows in the log, signed with the secret shown once', async ({ page, context }) => {
  const respuesta = 'recibido por el sistema del estudio';
  const sistema = await startFirmSystem(respuesta, 'receptoria');
  const { url, recibidos } = sistema;
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, users.admin, '/configuraciones-estudio');
    await page.getByRole('combobox', { name: 'Estudio jurídico' }).click();
    await page.getByRole('option', { name: ESTUDIO, exact: true }).click();
    const panel = page.getByTestId('webhooks');
    const secreto = await createWebhook(page, panel, url, ['Encargo creado', 'Visita registrada']);

    const fila = panel.getByTestId('webhook').filter({ hasText: url });
    await expect(fila).toContainText('Encargo creado, Visita registrada');
    await expect(fila).toContainText('Activo');
    await expect(fila).not.toContainText(secreto);

    const { log, entrega } = await probeAndOpenLog(page, panel, fila, respuesta);
    await expect(entrega.getByRole('button', { name: 'Reenviar' })).toBeVisible();

    // What the firm's system received: a ping signed with the secret it was shown.
    expect(recibidos).toHaveLength(1);
    const [recibido] = recibidos as [Recibido];
    const { t, v1, esperada } = signatureOf(recibido, secreto);
    expect(v1).toBe(esperada);
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
    expect(JSON.parse(recibido.cuerpo)).toMatchObject({ tipo: 'ping', encargo: null, datos: {} });
    await expect(entrega).toContainText((JSON.parse(recibido.cuerpo) as { id: string }).id);

    await resend(page, log, entrega, recibidos, recibido.cuerpo);

    // Removed after asking.
    await fila.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog', { name: 'Eliminar webhook' }).getByRole('button', { name: 'Eliminar' }).click();
    await expect(toast(page, 'Webhook eliminado')).toBeVisible();
    await expect(fila).toHaveCount(0);
  } finally {
    sistema.close();
  }
});

// Portal → Preferencias → Webhooks: a firm's user to whom the receiver gave administra_api adds the firm's
// own endpoint (its system on loopback, started here), presses 'Probar', reads the delivery in its log and
// sends it again with 'Reenviar'.
test('a firm’s API administrator creates its webhook in the portal, tests it, sees the delivery and resends it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const respuesta = 'recibido por el ERP del estudio';
  const sistema = await startFirmSystem(respuesta, 'portal');
  const { url, recibidos } = sistema;
  const smtp = await startSmtpStandIn();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-CL', timezoneId: 'America/Santiago' });
  try {
    // The receiver invites the firm's user and gives it administra_api; the user activates the account.
    const email = `sistemas.${Date.now().toString(36)}@larrainvial-e2e.cl`;
    const password = 'clave-webhooks-e2e-1';
    const id = await estudioIdByName(request, ESTUDIO);
    const headers = await adminHeaders(request);
    const uid = await invitePortalUser(request, id, { nombre: 'Sistemas Larraín Vial', email });
    const permiso = await request.post(`/api/v1/estudios/${id}/usuarios_portal/${uid}/administra_api/`, { headers, data: { administra_api: true } });
    expect(permiso.status(), await permiso.text()).toBe(200);
    await activatePortalUser(request, smtp, email, password);

    const page = await context.newPage();
    await signInToPortal(page, email, password);
    await expect(page.getByTestId('portal-estudio')).toHaveText(ESTUDIO, { timeout: 30_000 });
    await page.goto('/portal/preferencias');
    const panel = page.getByTestId('webhooks');
    const secreto = await createWebhook(page, panel, url, ['Encargo creado']);
    const fila = panel.getByTestId('webhook').filter({ hasText: url });
    await expect(fila).toContainText('Encargo creado');
    await expect(fila).toContainText('Activo');

    const { log, entrega } = await probeAndOpenLog(page, panel, fila, respuesta);
    expect(recibidos).toHaveLength(1);
    const [recibido] = recibidos as [Recibido];
    const { v1, esperada } = signatureOf(recibido, secreto);
    expect(v1).toBe(esperada);
    expect(JSON.parse(recibido.cuerpo)).toMatchObject({ tipo: 'ping', encargo: null });
    await expect(entrega).toContainText((JSON.parse(recibido.cuerpo) as { id: string }).id);

    await resend(page, log, entrega, recibidos, recibido.cuerpo);

    // The endpoint is the firm's: the receiver's office sees it on the firm's Configuraciones Estudio.
    const deLaOficina = await request.get(`/api/v1/estudios/${id}/webhooks/`, { headers });
    expect(JSON.stringify(await deLaOficina.json())).toContain(url);
  } finally {
    await context.close();
    await smtp.close();
    sistema.close();
  }
});
