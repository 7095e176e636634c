import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, port, repoRoot, serverEnv } from '../support/environment';
import { loginThroughForm } from '../support/login';

// `pnpm start` on a new machine (issue 36 §1): the embedded database and no mail server. The admin invites
// a firm's user; the dialog says the mail only went to Correo saliente; the link is copied from that
// screen; the firm's user activates the account with it and signs in to the portal.

const PORT = port + 200;
const BASE = `http://127.0.0.1:${PORT}`;
const ESTUDIO = 'Estudio Sin Servidor de Correo';
const EMAIL = 'marta.rios@sin-correo-e2e.cl';
const PASSWORD = 'clave-portal-e2e-2';

function rut(body: number): string {
  let sum = 0;
  let factor = 2;
  for (const digit of String(body).split('').reverse()) {
    sum += Number(digit) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const dv = 11 - (sum % 11);
  return `${body}-${dv === 11 ? '0' : dv === 10 ? 'K' : dv}`;
}

let server: ChildProcess | undefined;
let dataDir = '';
let output = '';

test.describe.configure({ timeout: 300_000 });

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-e2e-sin-correo-'));
  // Only what `pnpm start` needs: no DATABASE_URL (embedded), no SMTP_URL, no Google.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    SEED_DEMO: '0',
    JWT_SECRET: serverEnv.JWT_SECRET!,
    LOGIN_RATE_MAX: '1000',
    WEB_DIST: serverEnv.WEB_DIST!,
    LOG_LEVEL: 'warn',
  };
  server = spawn('sh', ['scripts/start.sh'], { cwd: path.join(repoRoot, 'apps/api'), env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 240_000;
  for (;;) {
    const up = await fetch(`${BASE}/health`).then((response) => response.ok).catch(() => false);
    if (up) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the server without mail did not start:\n${output.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const login = await fetch(`${BASE}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };
  const created = await fetch(`${BASE}/api/v1/estudios/registrar_estudio/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify({
      nombre: ESTUDIO,
      direccion: 'Huérfanos 1160, oficina 504',
      comuna: 'Santiago',
      ciudad: 'Santiago',
      telefono: '+56 2 2698 1100',
      fax: '',
      rut_estudio: rut(77_123_456),
      emails: [{ email: 'contacto@sin-correo-e2e.cl', tipo: 'principal' }],
      partes_demandantes: [{ nombre: 'Banco de Chile', tipo: 'banco' }],
      enviar_informes_diarios: false,
      enviar_informes_mensuales: false,
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('with no mail server, a firm’s user is invited, the link is copied from Correo saliente, and the user activates and signs in to the portal', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: BASE, locale: 'es-CL', timezoneId: 'America/Santiago', viewport: { width: 1366, height: 860 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  const page = await context.newPage();
  try {
    await loginThroughForm(page, { username: 'admin', password: ADMIN_PASSWORD });

    // Configuraciones Estudio → the firm → Usuarios del portal → Invitar.
    await page.goto('/configuraciones-estudio');
    await page.getByRole('combobox', { name: 'Estudio jurídico' }).click();
    await page.getByRole('option', { name: ESTUDIO, exact: true }).click();
    const panel = page.getByTestId('usuarios-portal');
    await panel.getByLabel('Nombre').fill('Marta Ríos');
    await panel.getByLabel('Correo electrónico').fill(EMAIL);
    await panel.getByRole('button', { name: 'Invitar' }).click();
    const aviso = panel.getByTestId('invitacion-aviso');
    await expect(aviso.getByText('La invitación quedó en Correo saliente')).toBeVisible();
    await expect(aviso).toContainText(`el correo para ${EMAIL} quedó en Correo saliente sin enviarse`);
    const enlaceDialogo = await aviso.getByLabel('Enlace de activación').inputValue();
    expect(enlaceDialogo).toMatch(new RegExp(`^${BASE.replace(/[.:/]/g, '\\$&')}/portal/activar/[A-Za-z0-9_-]{20,}$`));
    await expect(panel.getByTestId('usuario-portal').filter({ hasText: EMAIL })).toContainText('Invitado');

    // Accesos directos → Correo saliente: the mail, its 24-hour time and state; the link copied from its detail.
    await page.getByRole('button', { name: 'Accesos directos' }).click();
    await page.getByRole('menuitem', { name: 'Correo saliente' }).click();
    await expect(page).toHaveURL(/\/correo-saliente$/);
    await expect(page.getByRole('heading', { name: 'Correo saliente' })).toBeVisible();
    const fila = page.getByTestId('correo-fila').filter({ hasText: EMAIL });
    await expect(fila).toContainText('Invitación al portal de');
    await expect(fila).toContainText('Sin servicio de correo');
    await expect(fila).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(fila).not.toContainText(/a\.\s?m\.|p\.\s?m\./);
    await fila.getByRole('button', { name: 'Ver' }).click();
    const detalle = page.getByTestId('correo-detalle');
    await expect(detalle.getByTestId('correo-cuerpo')).toContainText(`le invita a seguir los encargos de ${ESTUDIO} en su portal.`);
    await expect(detalle.getByTestId('correo-cuerpo')).toContainText('Para elegir su contraseña abra este enlace');
    await detalle.getByRole('button', { name: 'Copiar enlace' }).click();
    await expect(detalle.getByRole('button', { name: 'Enlace copiado' })).toBeVisible();
    const copiado = await page.evaluate(() => navigator.clipboard.readText());
    expect(copiado).toBe(enlaceDialogo);

    // The firm's user: activation with the copied link, then sign-in to the portal.
    const portal = await context.newPage();
    await portal.goto(copiado);
    await portal.getByLabel('Nueva contraseña', { exact: true }).fill(PASSWORD);
    await portal.getByLabel('Repita la contraseña', { exact: true }).fill(PASSWORD);
    await portal.getByRole('button', { name: 'Activar cuenta' }).click();
    await expect(portal.getByText('Su cuenta está activa.', { exact: false })).toBeVisible({ timeout: 30_000 });
    await portal.getByLabel('Correo electrónico').fill(EMAIL);
    await portal.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await portal.getByRole('button', { name: 'Ingresar' }).click();
    await expect(portal.getByTestId('portal-estudio')).toHaveText(ESTUDIO, { timeout: 30_000 });
    await expect(portal.getByTestId('portal-usuario')).toHaveText('Marta Ríos');
  } finally {
    await context.close();
  }
});
