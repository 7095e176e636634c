import { expect, type Page, test } from '@playwright/test';
import { signIn, toast, users } from '../support/login';

/** Picks an option of a Mantine Select by its visible label. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A text field by its accessible name. */
function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

function uniqueSuffix() {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** A valid firm RUT (check digit is not verified for firms, only the shape). */
function firmRut() {
  return `7${String(Date.now()).slice(-7)}-K`;
}

test.describe('Administrar Estudios', () => {
  test('offers the two cards and each opens its screen', async ({ page }) => {
    await signIn(page, users.admin, '/administrar-estudios');
    await expect(page.getByRole('heading', { name: 'Administrar Estudios' })).toBeVisible();
    await page.getByRole('link', { name: 'Registrar Estudio Juridico' }).click();
    await expect(page).toHaveURL(/\/registrar-estudio$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Configurar Estudio Juridico' }).click();
    await expect(page).toHaveURL(/\/configuraciones-estudio$/);
  });
});

test.describe('Registrar Estudio', () => {
  test('registers a firm with two e-mails and a party, then shows them in Configuraciones', async ({ page }) => {
    const nombre = `Estudio Jurídico Prueba ${uniqueSuffix()}`;
    await signIn(page, users.admin, '/registrar-estudio');
    for (const section of ['Informacion Basica', 'Correos Electronicos', 'Partes Demandantes (Clientes)', 'Configuracion de Informes']) {
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
    }
    await expect(page.getByText('Los informes automáticos se envían a los correos del estudio de tipo informes o principal.')).toBeVisible();

    await field(page, 'Nombre').fill(nombre);
    await field(page, 'RUT del estudio').fill(firmRut());
    await field(page, 'Dirección').fill('Av. Apoquindo 4500, oficina 1201');
    await choose(page, 'Comuna', 'Las Condes');
    await choose(page, 'Ciudad', 'Santiago');
    await field(page, 'Teléfono').fill('+56 2 2234 5678');

    await field(page, 'Correo electrónico 1').fill('contacto@prueba-estudio.cl');
    await expect(page.getByRole('combobox', { name: 'Tipo 1', exact: true })).toHaveValue('Principal');
    await page.getByRole('button', { name: 'Agregar correo' }).click();
    await expect(page.getByRole('combobox', { name: 'Tipo 2', exact: true })).toHaveValue('Secundario');
    await field(page, 'Correo electrónico 2').fill('informes@prueba-estudio.cl');
    await choose(page, 'Tipo 2', 'Informes');

    await expect(page.getByRole('combobox', { name: 'Tipo parte 1', exact: true })).toHaveValue('Empresa');
    await field(page, 'Nombre de la parte demandante 1').fill('Banco Prueba S.A.');
    await choose(page, 'Tipo parte 1', 'Banco');
    await page.getByRole('switch', { name: 'Enviar informes diarios' }).check({ force: true });

    await page.getByRole('button', { name: 'Guardar Estudio' }).click();
    await expect(toast(page, '¡Estudio jurídico registrado exitosamente!')).toBeVisible();
    await expect(field(page, 'Nombre')).toHaveValue('');

    await page.goto('/configuraciones-estudio');
    await choose(page, 'Estudio jurídico', nombre);
    await expect(page.getByRole('heading', { name: nombre })).toBeVisible();
    const emails = page.getByTestId('tabla-emails');
    await expect(emails.getByRole('row', { name: /contacto@prueba-estudio\.cl\s+Principal/ })).toBeVisible();
    await expect(emails.getByRole('row', { name: /informes@prueba-estudio\.cl\s+Informes/ })).toBeVisible();
    await expect(page.getByTestId('tabla-partes').getByRole('row', { name: /Banco Prueba S\.A\.\s+Banco/ })).toBeVisible();
  });

  test('shows every validation message of the firm form', async ({ page }) => {
    await signIn(page, users.admin, '/registrar-estudio');
    await page.getByRole('button', { name: 'Guardar Estudio' }).click();
    for (const message of [
      'El nombre es requerido',
      'El RUT del estudio es requerido',
      'El teléfono es requerido',
      'La dirección es requerida',
      'La comuna es requerida',
      'La ciudad es requerida',
      'Debe proporcionar al menos un correo electrónico válido',
      'Debe proporcionar al menos una parte demandante válida',
    ]) {
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    await expect(toast(page, 'El nombre es requerido')).toBeVisible();

    await field(page, 'Nombre').fill('ab');
    await field(page, 'RUT del estudio').fill('1234');
    await field(page, 'RUT del estudio').blur();
    await field(page, 'Teléfono').fill('2234567');
    await field(page, 'Dirección').fill('Calle 1');
    await field(page, 'Correo electrónico 1').fill('no-es-correo');
    await expect(page.getByText('Mínimo 3 caracteres', { exact: true })).toBeVisible();
    await expect(page.getByText('Formato inválido (ej: 12345678-9)', { exact: true })).toBeVisible();
    await expect(page.getByText('Formato inválido (ej: +56 2 2234 5678)', { exact: true })).toBeVisible();
    await expect(page.getByText('Mínimo 10 caracteres', { exact: true })).toBeVisible();
    await expect(page.getByText('Formato de email inválido', { exact: true })).toBeVisible();
  });

  test('e-mail and party lists start with one row and never drop below one', async ({ page }) => {
    await signIn(page, users.admin, '/registrar-estudio');
    await expect(page.getByTestId(/^email-row-/)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Quitar fila 1' })).toBeDisabled();
    await page.getByRole('button', { name: 'Agregar correo' }).click();
    await expect(page.getByTestId(/^email-row-/)).toHaveCount(2);
    await page.getByRole('button', { name: 'Quitar fila 2' }).click();
    await expect(page.getByTestId(/^email-row-/)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Quitar fila 1' })).toBeDisabled();

    await expect(page.getByTestId(/^parte-row-/)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Quitar fila parte 1' })).toBeDisabled();
    await page.getByRole('button', { name: 'Agregar parte demandante' }).click();
    await expect(page.getByRole('combobox', { name: 'Tipo parte 2', exact: true })).toHaveValue('Empresa');
    await expect(page.getByRole('button', { name: 'Quitar fila parte 1' })).toBeEnabled();

    await field(page, 'Nombre').fill('Texto que se limpia');
    await page.getByRole('button', { name: 'Limpiar Formulario' }).click();
    await page.getByRole('dialog', { name: '¿Limpiar el formulario?' }).getByRole('button', { name: 'Limpiar' }).click();
    await expect(field(page, 'Nombre')).toHaveValue('');
    await expect(page.getByTestId(/^parte-row-/)).toHaveCount(1);
  });

  test('Volver returns to Administrar Estudios', async ({ page }) => {
    await signIn(page, users.admin, '/registrar-estudio');
    await page.getByRole('link', { name: 'Volver' }).click();
    await expect(page).toHaveURL(/\/administrar-estudios$/);
  });
});

test.describe('Configuraciones Estudio', () => {
  test('adds an e-mail and a party inline, with their messages', async ({ page }) => {
    await signIn(page, users.admin, '/configuraciones-estudio');
    await page.getByRole('button', { name: 'Agregar correo' }).click();
    await expect(toast(page, 'Debe seleccionar un estudio jurídico primero')).toBeVisible();

    await choose(page, 'Estudio jurídico', 'Larraín, Vial y Asociados Abogados');
    await expect(page.getByRole('heading', { name: 'Larraín, Vial y Asociados Abogados' })).toBeVisible();

    const emails = page.getByTestId('tabla-emails');
    await page.getByRole('button', { name: 'Agregar correo' }).click();
    await emails.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, 'Debe ingresar un email válido')).toBeVisible();
    const address = emails.getByRole('textbox', { name: 'Correo electrónico' });
    await address.fill('sin-arroba');
    await emails.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, 'Formato de email inválido')).toBeVisible();
    const nuevo = `notificaciones.${uniqueSuffix()}@larrainvial.cl`;
    await address.fill(nuevo);
    await choose(page, 'Tipo del correo', 'Notificaciones');
    await emails.getByRole('button', { name: 'Confirmar' }).click();
    await expect(emails.getByRole('row', { name: new RegExp(`${nuevo.replace(/\./g, '\\.')}\\s+Notificaciones`) })).toBeVisible();
    await expect(address).toHaveCount(0);

    const partes = page.getByTestId('tabla-partes');
    await page.getByRole('button', { name: 'Agregar parte' }).click();
    await partes.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, 'Debe ingresar un nombre para la parte demandante')).toBeVisible();
    const parte = `Inmobiliaria Prueba ${uniqueSuffix()} Ltda.`;
    await partes.getByRole('textbox', { name: 'Nombre de la parte demandante' }).fill(parte);
    await partes.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, '¡Parte demandante agregada exitosamente!')).toBeVisible();
    await expect(partes.getByRole('row', { name: new RegExp(`${parte.replace(/\./g, '\\.')}\\s+Empresa`) })).toBeVisible();

    await page.getByRole('button', { name: 'Agregar parte' }).click();
    await partes.getByRole('button', { name: 'Cancelar' }).click();
    await expect(partes.getByRole('textbox', { name: 'Nombre de la parte demandante' })).toHaveCount(0);
  });

  test('reports a repeated e-mail with the server message', async ({ page }) => {
    await signIn(page, users.admin, '/configuraciones-estudio');
    await choose(page, 'Estudio jurídico', 'Larraín, Vial y Asociados Abogados');
    const emails = page.getByTestId('tabla-emails');
    await expect(emails.locator('tbody tr td').first()).toContainText('@');
    const existing = (await emails.locator('tbody tr td').first().textContent())?.trim() ?? '';
    expect(existing).toContain('@');
    await page.getByRole('button', { name: 'Agregar correo' }).click();
    await emails.getByRole('textbox', { name: 'Correo electrónico' }).fill(existing);
    await emails.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, `El correo ${existing} ya está registrado en este estudio`)).toBeVisible();
  });

  test('Volver and Nuevo lead to their screens', async ({ page }) => {
    await signIn(page, users.admin, '/configuraciones-estudio');
    await page.getByRole('link', { name: 'Nuevo' }).click();
    await expect(page).toHaveURL(/\/registrar-estudio$/);
    await page.goto('/configuraciones-estudio');
    await page.getByRole('link', { name: 'Volver' }).click();
    await expect(page).toHaveURL(/\/administrar-estudios$/);
  });

  test('offers to register a firm when none exists', async ({ page }) => {
    await page.route('**/api/v1/estudios/', (route) => route.fulfill({ json: [] }));
    await signIn(page, users.admin, '/configuraciones-estudio');
    await expect(page.getByText('No hay estudios jurídicos registrados')).toBeVisible();
    await page.getByRole('link', { name: 'Registrar Estudio' }).click();
    await expect(page).toHaveURL(/\/registrar-estudio$/);
  });

  test("says 'Error cargando estudios jurídicos' when the list fails", async ({ page }) => {
    await page.route('**/api/v1/estudios/', (route) => route.fulfill({ status: 500, json: { detail: 'falla' } }));
    await signIn(page, users.admin, '/configuraciones-estudio');
    await expect(toast(page, 'Error cargando estudios jurídicos')).toBeVisible();
  });
});
