import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminHeaders } from '../support/encargos';
import { loginThroughForm, signIn, signOut, toast, users } from '../support/login';
import { rutFrom } from '../support/rut';

async function counter(page: Page, testId: 'total-clientes' | 'total-usuarios'): Promise<number> {
  const locator = page.getByTestId(testId);
  await expect(locator).toHaveText(/^\d+$/);
  return Number(await locator.textContent());
}

/** A text field of a modal by its accessible name (labels of required fields end in an asterisk). */
function field(dialog: Locator, label: string) {
  return dialog.getByRole(label === 'Cargo' ? 'combobox' : 'textbox', { name: label, exact: true });
}

test.describe('Sistema Multi-Tenant', () => {
  test('admin creates a client with its first user, adds a secretaria, and the new receiver starts empty', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const nombre = `Receptora Onb ${suffix}`;
    const username = `onb_rec_${suffix}`;
    const secretaria = `onb_sec_${suffix}`;
    const password = 'clave-onb-123';

    await signIn(page, users.admin, '/onboarding');
    await expect(page.getByRole('heading', { name: 'Sistema Multi-Tenant' })).toBeVisible();
    const clientesAntes = await counter(page, 'total-clientes');
    const usuariosAntes = await counter(page, 'total-usuarios');
    const table = page.getByRole('table', { name: 'Sistema Multi-Tenant' });
    for (const column of ['Cliente', 'Estado', 'RUT', 'Usuarios', 'Acciones']) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(table.getByText('Receptor Judicial Principal')).toBeVisible();

    await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Cliente' });
    await expect(dialog).toBeVisible();
    await field(dialog, 'Nombre del receptor').fill(nombre);
    // Suggested from the name: receptor_ plus lowercase letters and digits joined by underscores.
    await expect(field(dialog, 'Nombre de usuario')).toHaveValue(`receptor_receptora_onb_${suffix}`);
    await expect(field(dialog, 'Cargo')).toHaveValue('Receptor');

    await field(dialog, 'RUT').fill(rutFrom(20_000_000 + (Date.now() % 5_000_000)));
    await field(dialog, 'Dirección').fill('Huérfanos 1160, oficina 504');
    await field(dialog, 'Comuna').fill('Santiago');
    await field(dialog, 'Teléfono').fill('+56 2 2345 6789');
    await field(dialog, 'Correo del receptor').fill('oficina@onb.cl');
    await field(dialog, 'Nombre').fill('Ana');
    await field(dialog, 'Apellido').fill('Torres');
    await field(dialog, 'Nombre de usuario').fill(username);
    // A username typed by the user is kept when the name changes.
    await field(dialog, 'Nombre del receptor').fill(`${nombre} `);
    await expect(field(dialog, 'Nombre de usuario')).toHaveValue(username);
    await field(dialog, 'Nombre del receptor').fill(nombre);
    await field(dialog, 'Contraseña').fill(password);
    await field(dialog, 'Correo del usuario').fill('ana@onb.cl');
    await expect(field(dialog, 'Carpeta de estampados')).toHaveAttribute('type', 'url');
    await field(dialog, 'Carpeta de estampados').fill('https://drive.google.com/drive/folders/onb-estampados');
    await dialog.getByRole('button', { name: 'Crear Cliente' }).click();

    await expect(toast(page, 'Cliente creado exitosamente')).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: nombre });
    await expect(row).toBeVisible();
    await expect(row.getByText('Activo', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');
    await expect(page.getByTestId('total-clientes')).toHaveText(String(clientesAntes + 1));
    await expect(page.getByTestId('total-usuarios')).toHaveText(String(usuariosAntes + 1));

    // Add a secretaria: cargo secretaria and last name 'Secretaria' by default.
    await row.getByRole('button', { name: `Agregar usuario a ${nombre}` }).click();
    const addDialog = page.getByRole('dialog', { name: `Agregar usuario a ${nombre}` });
    await expect(field(addDialog, 'Apellido')).toHaveValue('Secretaria');
    await expect(field(addDialog, 'Cargo')).toHaveValue('Secretaria');
    await field(addDialog, 'Nombre').fill('Paula');
    await field(addDialog, 'Nombre de usuario').fill(secretaria);
    await field(addDialog, 'Correo electrónico').fill('paula@onb.cl');
    await field(addDialog, 'Contraseña').fill(password);
    await addDialog.getByRole('button', { name: 'Agregar Usuario' }).click();
    await expect(toast(page, 'Usuario agregado exitosamente')).toBeVisible();
    await expect(addDialog).toBeHidden();
    await expect(row.getByRole('cell').nth(3)).toHaveText('2');
    await expect(page.getByTestId('total-usuarios')).toHaveText(String(usuariosAntes + 2));

    // The detail lists both users and the configuration.
    await row.getByRole('button', { name: `Ver ${nombre}` }).click();
    const detail = page.getByRole('dialog', { name: 'Detalle del Cliente' });
    await expect(detail.getByRole('cell', { name: username, exact: true })).toBeVisible();
    await expect(detail.getByRole('cell', { name: secretaria, exact: true })).toBeVisible();
    await expect(detail.getByRole('link', { name: 'https://drive.google.com/drive/folders/onb-estampados' })).toBeVisible();
    await detail.getByRole('button', { name: 'Cerrar' }).click();

    // The new receiver's users see only their own, empty, data.
    await signOut(page);
    await loginThroughForm(page, { username, password });
    await page.goto('/ver-pendientes');
    await expect(page.getByText('No se encontraron encargos', { exact: true })).toBeVisible();
    await signOut(page);
    await loginThroughForm(page, { username: secretaria, password });
    await page.goto('/ver-pendientes');
    await expect(page.getByText('No se encontraron encargos', { exact: true })).toBeVisible();
  });

  test("'Desactivar Cliente' says what will happen and asks; Cancelar keeps the client, confirming locks its users out until it is activated again", async ({ page, request }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36);
    const nombre = `Receptora Pausa ${suffix}`;
    const usuario = { username: `onb_pausa_${suffix}`, password: 'clave-onb-456' };
    const created = await request.post('/api/v1/onboarding/clientes/crear/', {
      headers: await adminHeaders(request),
      data: {
        nombre,
        rut: rutFrom(15_000_000 + (Date.now() % 4_000_000)),
        username: usuario.username,
        password: usuario.password,
        usuario_email: 'pausa@onb.cl',
        first_name: 'Inés',
        last_name: 'Pausa',
      },
      timeout: 60_000,
    });
    expect(created.status(), await created.text()).toBe(201);
    const canSignIn = async () => (await request.post('/api/v1/auth/login/', { data: usuario })).ok();
    expect(await canSignIn()).toBe(true);

    await signIn(page, users.admin, '/onboarding');
    const row = page.getByRole('table', { name: 'Sistema Multi-Tenant' }).getByRole('row').filter({ hasText: nombre });
    await row.getByRole('button', { name: `Ver ${nombre}` }).click();
    const detail = page.getByRole('dialog', { name: 'Detalle del Cliente' });
    const estado = detail.getByTestId('cliente-detalle').getByText(/^(Activo|Inactivo)$/).first();
    await expect(estado).toHaveText('Activo');

    await detail.getByRole('button', { name: 'Desactivar Cliente' }).click();
    const confirmDesactivar = page.getByRole('dialog', { name: '¿Desactivar cliente?' });
    await expect(confirmDesactivar).toContainText(`Los usuarios de ${nombre} ya no podrán iniciar sesión.`);
    await confirmDesactivar.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirmDesactivar).toBeHidden();
    await expect(estado).toHaveText('Activo');
    expect(await canSignIn()).toBe(true);

    await detail.getByRole('button', { name: 'Desactivar Cliente' }).click();
    await confirmDesactivar.getByRole('button', { name: 'Desactivar' }).click();
    await expect(toast(page, 'Cliente desactivado')).toBeVisible();
    await expect(estado).toHaveText('Inactivo');
    await expect.poll(canSignIn).toBe(false);

    await detail.getByRole('button', { name: 'Activar Cliente' }).click();
    const confirmActivar = page.getByRole('dialog', { name: '¿Activar cliente?' });
    await expect(confirmActivar).toContainText(`Los usuarios de ${nombre} podrán volver a iniciar sesión`);
    await confirmActivar.getByRole('button', { name: 'Activar' }).click();
    await expect(toast(page, 'Cliente activado')).toBeVisible();
    await expect(estado).toHaveText('Activo');
    await expect.poll(canSignIn).toBe(true);
  });

  test("shows the server's field error when the username is taken", async ({ page }) => {
    await signIn(page, users.admin, '/onboarding');
    await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Cliente' });
    await field(dialog, 'Nombre del receptor').fill(`Receptor Duplicado ${Date.now().toString(36)}`);
    await field(dialog, 'RUT').fill(rutFrom(10_000_000 + (Date.now() % 5_000_000)));
    await field(dialog, 'Nombre').fill('Pedro');
    await field(dialog, 'Apellido').fill('Soto');
    await field(dialog, 'Nombre de usuario').fill('admin');
    await field(dialog, 'Contraseña').fill('clave-onb-123');
    await field(dialog, 'Correo del usuario').fill('pedro@onb.cl');
    await dialog.getByRole('button', { name: 'Crear Cliente' }).click();

    await expect(toast(page, 'Ya existe un usuario con ese nombre de usuario.')).toBeVisible();
    await expect(dialog.getByText('Ya existe un usuario con ese nombre de usuario.')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('validates the form with the contract messages', async ({ page }) => {
    await signIn(page, users.admin, '/onboarding');
    await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Cliente' });
    await field(dialog, 'RUT').fill('12345678-9');
    await field(dialog, 'Carpeta de cobranza').fill('carpeta compartida');
    await dialog.getByRole('button', { name: 'Crear Cliente' }).click();
    await expect(dialog.getByText('El nombre del receptor es requerido')).toBeVisible();
    await expect(dialog.getByText('El RUT no es válido (formato 12345678-9)')).toBeVisible();
    await expect(dialog.getByText('Ingrese una URL válida (http:// o https://)')).toBeVisible();
  });

  test('a user other than admin going to /onboarding lands on the dashboard', async ({ page }) => {
    await signIn(page, users.sinPermisos);
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sistema Multi-Tenant' })).toHaveCount(0);
  });
});
