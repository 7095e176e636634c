import { expect, test } from '@playwright/test';
import { adminHeaders } from '../support/encargos';
import { signIn, toast, users } from '../support/login';

// Configuraciones Estudio → Claves API: the receiver creates a key for a firm, copies its secret (shown
// once), the firm's system reads its assignments with it, and once revoked the key is refused.

const ESTUDIO = 'Larraín, Vial y Asociados Abogados';
const NOMBRE = `ERP ${Date.now().toString(36)}`;

test('a firm’s API key is created with its secret shown once, opens the firm’s assignments, and is refused once revoked', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, users.admin, '/configuraciones-estudio');
  await page.getByRole('combobox', { name: 'Estudio jurídico' }).click();
  await page.getByRole('option', { name: ESTUDIO, exact: true }).click();
  const panel = page.getByTestId('claves-api');
  await panel.getByLabel('Nombre').fill(NOMBRE);
  await panel.getByLabel('Leer encargos').check();
  await panel.getByRole('button', { name: 'Crear clave' }).click();
  await expect(toast(page, 'Clave API creada')).toBeVisible();
  const secreto = await panel.getByRole('textbox', { name: 'Secreto' }).inputValue();
  expect(secreto).toMatch(/^rk_[0-9A-Za-z]{43}$/);
  await panel.getByRole('button', { name: 'Copiar enlace' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secreto);

  const row = panel.getByTestId('clave-api').filter({ hasText: NOMBRE });
  await expect(row).toContainText(`${secreto.slice(0, 11)}…`);
  await expect(row).not.toContainText(secreto);

  const encargos = await request.get('/api/v1/portal/encargos/', { headers: { authorization: `Bearer ${secreto}` } });
  expect(encargos.status()).toBe(200);
  expect((await request.get('/api/v1/estudios/', { headers: { authorization: `Bearer ${secreto}` } })).status()).toBe(403);
  expect((await request.get('/api/v1/estudios/', { headers: await adminHeaders(request) })).status()).toBe(200);

  await row.getByRole('button', { name: 'Revocar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revocar clave API' });
  await dialog.getByRole('button', { name: 'Revocar' }).click();
  await expect(toast(page, 'Clave API revocada')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await request.get('/api/v1/portal/encargos/', { headers: { authorization: `Bearer ${secreto}` } })).status()).toBe(401);
});
