import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { databaseExists } from '../support/database';
import { adminHeaders } from '../support/encargos';
import { postgresServerUrl } from '../support/environment';
import { signIn, toast, users } from '../support/login';
import { rutFrom } from '../support/rut';

/**
 * Sistema Multi-Tenant › database servers (issue 28): the admin adds a second server (the same local
 * PostgreSQL under another name, so the move is a real pg_dump | pg_restore with its verification),
 * moves a receiver to it from the receivers' list, follows the copy until 'Activo' and drops the old
 * database after confirming; the move then shows in 'Traslados'.
 */

interface ClienteListado {
  id: number;
  nombre: string;
  servidor_id: number;
  configuracion: { database_name: string };
}

async function clienteNamed(request: APIRequestContext, nombre: string): Promise<ClienteListado> {
  const response = await request.get('/api/v1/onboarding/clientes/', { headers: await adminHeaders(request) });
  expect(response.ok()).toBeTruthy();
  const { clientes } = (await response.json()) as { clientes: ClienteListado[] };
  const found = clientes.find((cliente) => cliente.nombre === nombre);
  expect(found, nombre).toBeTruthy();
  return found!;
}

function tab(page: Page, name: string) {
  return page.getByRole('tab', { name, exact: true });
}

function field(scope: Locator, label: RegExp) {
  return scope.getByRole('textbox', { name: label });
}

test('admin lists the servers, adds one, moves a receiver to it, sees it active and drops the old database', async ({ page, request }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const servidor = `secundario-${suffix}`;
  const nombre = `Receptora Traslado ${suffix}`;
  const usuario = { username: `trs_${suffix}`, password: 'clave-trs-123' };

  const created = await request.post('/api/v1/onboarding/clientes/crear/', {
    headers: await adminHeaders(request),
    data: {
      nombre,
      rut: rutFrom(17_000_000 + (Date.now() % 2_000_000)),
      username: usuario.username,
      password: usuario.password,
      usuario_email: 'receptora@traslado.cl',
      first_name: 'Rosa',
      last_name: 'Traslado',
      cargo: 'receptor',
      servidor_id: 1,
    },
    timeout: 60_000,
  });
  expect(created.status(), await created.text()).toBe(201);
  const antes = await clienteNamed(request, nombre);
  expect(antes.servidor_id).toBe(1);
  expect(await databaseExists(antes.configuracion.database_name)).toBe(true);

  await signIn(page, users.admin, '/onboarding', 30_000);
  await expect(page.getByRole('heading', { name: 'Sistema Multi-Tenant' })).toBeVisible();

  // The servers: the control database's own, answering.
  await tab(page, 'Servidores de base de datos').click();
  const servidores = page.getByRole('table', { name: 'Servidores de base de datos' });
  for (const column of ['Nombre', 'Capacidad', 'Receptores', 'Activo', 'Estado']) {
    await expect(servidores.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  const principal = servidores.getByRole('row').filter({ has: page.getByText('principal', { exact: true }) });
  await expect(principal.getByRole('cell').nth(1)).toHaveText('1.000');
  await expect(principal.getByText('OK', { exact: true })).toBeVisible();

  // A server that does not answer is refused with the API's words, under the URL.
  const form = page.getByRole('form', { name: 'Agregar servidor' });
  await field(form, /Nombre del servidor/).fill(servidor);
  await field(form, /URL de conexión/).fill('postgres://postgres@127.0.0.1:1/postgres');
  await form.getByRole('textbox', { name: /Capacidad/ }).fill('2');
  await form.getByRole('button', { name: 'Agregar servidor' }).click();
  await expect(form.getByText(/^No se pudo conectar al servidor: /)).toBeVisible({ timeout: 20_000 });
  await expect(servidores.getByText(servidor)).toHaveCount(0);

  // The same local PostgreSQL under another name is accepted (it answers and may create databases).
  await field(form, /URL de conexión/).fill(`${postgresServerUrl}/postgres`);
  await form.getByRole('button', { name: 'Agregar servidor' }).click();
  await expect(toast(page, `Servidor ${servidor} agregado`)).toBeVisible({ timeout: 20_000 });
  const nuevo = servidores.getByRole('row').filter({ has: page.getByText(servidor, { exact: true }) });
  await expect(nuevo.getByRole('cell')).toHaveText([servidor, '2', '0', 'Sí', 'OK']);
  await expect(field(form, /Nombre del servidor/)).toHaveValue('');

  // Move the receiver from the receivers' list.
  await tab(page, 'Receptores').click();
  const receptores = page.getByRole('table', { name: 'Sistema Multi-Tenant' });
  await receptores.getByRole('button', { name: `Mover a otro servidor: ${nombre}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Mover ${nombre} a otro servidor` });
  await expect(dialog.getByTestId('servidor-actual')).toHaveText('principal');
  await dialog.getByRole('combobox', { name: 'Servidor de destino' }).click();
  // Only active servers other than its own are offered.
  await expect(page.getByRole('option', { name: /^principal / })).toHaveCount(0);
  await page.getByRole('option', { name: `${servidor} (0 de 2 receptores)`, exact: true }).click();
  await dialog.getByRole('button', { name: 'Mover', exact: true }).click();
  const confirmMove = page.getByRole('dialog', { name: '¿Mover el receptor?' });
  await expect(confirmMove.getByText(`se copiará al servidor ${servidor}`, { exact: false })).toBeVisible();
  await confirmMove.getByRole('button', { name: 'Mover', exact: true }).click();

  // The copy runs in the background; the dialog follows it until it is active.
  const estado = dialog.getByTestId('traslado-estado');
  await expect(estado).toHaveAttribute('data-estado', 'activo', { timeout: 90_000 });
  await expect(estado.getByText('Activo', { exact: true })).toBeVisible();
  await expect(estado.getByText(new RegExp(`^Trasladado al servidor ${servidor}: \\d+ tablas verificadas \\(filas y sumas de control\\)\\. La base anterior se conserva hasta confirmar\\.$`))).toBeVisible();
  await expect(dialog.getByTestId('servidor-actual')).toHaveText(servidor);

  const movido = await clienteNamed(request, nombre);
  expect(movido.configuracion.database_name).not.toBe(antes.configuracion.database_name);
  expect(await databaseExists(movido.configuracion.database_name)).toBe(true);
  // Kept until confirmed.
  expect(await databaseExists(antes.configuracion.database_name)).toBe(true);

  await dialog.getByRole('button', { name: 'Confirmar y borrar la base anterior' }).click();
  const confirmDrop = page.getByRole('dialog', { name: '¿Borrar la base anterior?' });
  await expect(confirmDrop.getByText(/Esta acción no se puede deshacer/)).toBeVisible();
  await confirmDrop.getByRole('button', { name: 'Borrar la base anterior' }).click();
  await expect(toast(page, 'Base anterior eliminada')).toBeVisible({ timeout: 30_000 });
  await expect(estado.getByText(new RegExp(`^Trasladado al servidor ${servidor}: \\d+ tablas verificadas\\. Base anterior eliminada\\.$`))).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirmar y borrar la base anterior' })).toHaveCount(0);
  expect(await databaseExists(antes.configuracion.database_name)).toBe(false);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The receiver's own users go on working from the new server.
  const login = await request.post('/api/v1/auth/login/', { data: usuario });
  expect(login.ok()).toBeTruthy();
  const { access } = (await login.json()) as { access: string };
  const estudios = await request.get('/api/v1/estudios/', { headers: { authorization: `Bearer ${access}` } });
  expect(estudios.status()).toBe(200);

  // The servers' counts and the history of moves.
  await tab(page, 'Servidores de base de datos').click();
  await expect(nuevo.getByRole('cell').nth(2)).toHaveText('1');
  await tab(page, 'Traslados').click();
  const traslados = page.getByRole('table', { name: 'Traslados' });
  const fila = traslados.getByRole('row').filter({ hasText: nombre }).first();
  await expect(fila.getByRole('cell').nth(1)).toHaveText('principal');
  await expect(fila.getByRole('cell').nth(2)).toHaveText(servidor);
  await expect(fila.getByText('Activo', { exact: true })).toBeVisible();
  await expect(fila.getByRole('cell').nth(4)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
});
