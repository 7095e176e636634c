import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminHeaders } from '../support/encargos';
import { signIn, toast, users } from '../support/login';
import { startSmtpStandIn } from '../support/mail-stand-ins';

// Configuraciones Estudio → Webhooks: the receiver adds a firm's endpoint pointing at the firm's system
// (a real HTTP server on loopback started here), copies its signing secret (shown once), presses
// 'Probar', and sees the delivery in the log; the firm's system got a `ping` it can verify with the secret.

const ESTUDIO = 'Larraín, Vial y Asociados Abogados';

interface Recibido {
  firma: string;
  cuerpo: string;
}

test('a firm’s webhook is created, tested with Probar, and its delivery shows in the log, signed with the secret shown once', async ({ page, context }) => {
  const recibidos: Recibido[] = [];
  const sistema = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      recibidos.push({ firma: String(req.headers['receptoria-firma'] ?? ''), cuerpo: Buffer.concat(partes).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('recibido por el sistema del estudio');
    });
  });
  await new Promise<void>((resolve) => sistema.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(sistema.address() as AddressInfo).port}/receptoria/${Date.now().toString(36)}`;
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, users.admin, '/configuraciones-estudio');
    await page.getByRole('combobox', { name: 'Estudio jurídico' }).click();
    await page.getByRole('option', { name: ESTUDIO, exact: true }).click();
    const panel = page.getByTestId('webhooks');
    await panel.getByLabel('URL que recibe los eventos').fill(url);
    await panel.getByLabel('Encargo creado').check();
    await panel.getByLabel('Visita registrada').check();
    await panel.getByRole('button', { name: 'Crear webhook' }).click();
    await expect(toast(page, 'Webhook creado')).toBeVisible();
    const secreto = await panel.getByRole('textbox', { name: 'Secreto de firma' }).inputValue();
    expect(secreto).toMatch(/^whsec_[0-9a-f]{64}$/);

    const fila = panel.getByTestId('webhook').filter({ hasText: url });
    await expect(fila).toContainText('Encargo creado, Visita registrada');
    await expect(fila).toContainText('Activo');
    await expect(fila).not.toContainText(secreto);

    await fila.getByRole('button', { name: 'Probar' }).click();
    await expect(toast(page, 'Evento de prueba enviado: revise el registro de entregas')).toBeVisible();
    await fila.getByRole('button', { name: 'Entregas' }).click();
    const log = panel.getByTestId('webhook-entregas');
    const entrega = log.getByTestId('webhook-entrega').first();
    // Delivered by the job queue; the log reads itself again every few seconds.
    await expect(entrega).toContainText('Evento de prueba (ping)', { timeout: 30_000 });
    await expect(entrega).toContainText('200');
    await expect(entrega).toContainText('recibido por el sistema del estudio');
    await expect(entrega.getByRole('button', { name: 'Reenviar' })).toBeVisible();

    // What the firm's system received: a ping signed with the secret it was shown.
    expect(recibidos).toHaveLength(1);
    const [{ firma, cuerpo }] = recibidos as [Recibido];
    const t = /t=(\d+)/.exec(firma)?.[1];
    const v1 = /v1=([0-9a-f]{64})/.exec(firma)?.[1];
    expect(v1).toBe(createHmac('sha256', secreto).update(`${t}.${cuerpo}`).digest('hex'));
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
    expect(JSON.parse(cuerpo)).toMatchObject({ tipo: 'ping', encargo: null, datos: {} });
    await expect(entrega).toContainText((JSON.parse(cuerpo) as { id: string }).id);

    // 'Reenviar' sends the same event again; the log shows the new attempt.
    await entrega.getByRole('button', { name: 'Reenviar' }).click();
    await expect(toast(page, 'El evento se enviará nuevamente en unos instantes')).toBeVisible();
    await expect(log.getByTestId('webhook-entrega')).toHaveCount(2, { timeout: 30_000 });
    expect(recibidos.map((r) => r.cuerpo)).toEqual([cuerpo, cuerpo]);

    // Removed after asking.
    await fila.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog', { name: 'Eliminar webhook' }).getByRole('button', { name: 'Eliminar' }).click();
    await expect(toast(page, 'Webhook eliminado')).toBeVisible();
    await expect(fila).toHaveCount(0);
  } finally {
    sistema.close();
  }
});

/** The text of a mail as sent (quoted-printable or base64 bodies decoded). */
function mailText(raw: string): string {
  const [headers = '', ...rest] = raw.split(/\r\n\r\n/);
  const body = rest.join('\r\n\r\n');
  if (/content-transfer-encoding:\s*base64/i.test(raw) && !/quoted-printable/i.test(headers)) {
    return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8');
  }
  return Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

async function estudioId(request: APIRequestContext): Promise<number> {
  const estudios = (await (await request.get('/api/v1/estudios/', { headers: await adminHeaders(request) })).json()) as { id: number; nombre: string }[];
  const estudio = estudios.find((item) => item.nombre === ESTUDIO);
  expect(estudio).toBeDefined();
  return estudio!.id;
}

// Portal → Preferencias → Webhooks: a firm's user to whom the receiver gave administra_api adds the firm's
// own endpoint (its system on loopback, started here), presses 'Probar', reads the delivery in its log and
// sends it again with 'Reenviar'.
test('a firm’s API administrator creates its webhook in the portal, tests it, sees the delivery and resends it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const recibidos: Recibido[] = [];
  const sistema = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      recibidos.push({ firma: String(req.headers['receptoria-firma'] ?? ''), cuerpo: Buffer.concat(partes).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('recibido por el ERP del estudio');
    });
  });
  await new Promise<void>((resolve) => sistema.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(sistema.address() as AddressInfo).port}/portal/${Date.now().toString(36)}`;
  const smtp = await startSmtpStandIn();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-CL', timezoneId: 'America/Santiago' });
  try {
    // The receiver invites the firm's user and gives it administra_api; the user activates the account.
    const email = `sistemas.${Date.now().toString(36)}@larrainvial-e2e.cl`;
    const password = 'clave-webhooks-e2e-1';
    const id = await estudioId(request);
    const headers = await adminHeaders(request);
    const invitado = await request.post(`/api/v1/estudios/${id}/usuarios_portal/`, { headers, data: { nombre: 'Sistemas Larraín Vial', email } });
    expect(invitado.status(), await invitado.text()).toBe(201);
    const uid = ((await invitado.json()) as { usuario: { id: number } }).usuario.id;
    const permiso = await request.post(`/api/v1/estudios/${id}/usuarios_portal/${uid}/administra_api/`, { headers, data: { administra_api: true } });
    expect(permiso.status(), await permiso.text()).toBe(200);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(email)).length, { timeout: 30_000 }).toBe(1);
    const token = /\/portal\/activar\/([A-Za-z0-9_-]+)/.exec(mailText(smtp.received.find((mail) => mail.to.includes(email))!.raw))?.[1];
    expect(token).toBeTruthy();
    const activado = await request.post('/api/v1/portal/auth/activar/', { data: { token, password } });
    expect(activado.status(), await activado.text()).toBeLessThan(300);

    const page = await context.newPage();
    await page.goto('/portal/login');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByTestId('portal-estudio')).toHaveText(ESTUDIO, { timeout: 30_000 });
    await page.goto('/portal/preferencias');
    const panel = page.getByTestId('webhooks');
    await panel.getByLabel('URL que recibe los eventos').fill(url);
    await panel.getByLabel('Encargo creado').check();
    await panel.getByRole('button', { name: 'Crear webhook' }).click();
    await expect(toast(page, 'Webhook creado')).toBeVisible();
    const secreto = await panel.getByRole('textbox', { name: 'Secreto de firma' }).inputValue();
    expect(secreto).toMatch(/^whsec_[0-9a-f]{64}$/);
    const fila = panel.getByTestId('webhook').filter({ hasText: url });
    await expect(fila).toContainText('Encargo creado');
    await expect(fila).toContainText('Activo');

    await fila.getByRole('button', { name: 'Probar' }).click();
    await expect(toast(page, 'Evento de prueba enviado: revise el registro de entregas')).toBeVisible();
    await fila.getByRole('button', { name: 'Entregas' }).click();
    const log = panel.getByTestId('webhook-entregas');
    const entrega = log.getByTestId('webhook-entrega').first();
    await expect(entrega).toContainText('Evento de prueba (ping)', { timeout: 30_000 });
    await expect(entrega).toContainText('200');
    await expect(entrega).toContainText('recibido por el ERP del estudio');
    expect(recibidos).toHaveLength(1);
    const [{ firma, cuerpo }] = recibidos as [Recibido];
    const t = /t=(\d+)/.exec(firma)?.[1];
    expect(/v1=([0-9a-f]{64})/.exec(firma)?.[1]).toBe(createHmac('sha256', secreto).update(`${t}.${cuerpo}`).digest('hex'));
    expect(JSON.parse(cuerpo)).toMatchObject({ tipo: 'ping', encargo: null });
    await expect(entrega).toContainText((JSON.parse(cuerpo) as { id: string }).id);

    await entrega.getByRole('button', { name: 'Reenviar' }).click();
    await expect(toast(page, 'El evento se enviará nuevamente en unos instantes')).toBeVisible();
    await expect(log.getByTestId('webhook-entrega')).toHaveCount(2, { timeout: 30_000 });
    expect(recibidos.map((r) => r.cuerpo)).toEqual([cuerpo, cuerpo]);

    // The endpoint is the firm's: the receiver's office sees it on the firm's Configuraciones Estudio.
    const deLaOficina = await request.get(`/api/v1/estudios/${id}/webhooks/`, { headers });
    expect(JSON.stringify(await deLaOficina.json())).toContain(url);
  } finally {
    await context.close();
    await smtp.close();
    sistema.close();
  }
});
