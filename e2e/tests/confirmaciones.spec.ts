import { expect, type Page, test } from '@playwright/test';
import { createUserWithCli } from '../support/cli';
import { adminHeaders, createEncargo, uniqueRol } from '../support/encargos';
import { signIn, toast, users } from '../support/login';

// Destructive actions ask first and say what will happen: Cancelar keeps everything, the action's
// own button does it.

const suffix = Date.now().toString(36);
const estampador = { username: `conf_estampador_${suffix}`, password: 'clave-conf-1', firstName: 'Elena', lastName: 'Estampa', permisos: ['estampa_1'] };

function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

test.describe('destructive actions ask for confirmation', () => {
  test.beforeAll(() => {
    test.setTimeout(120_000);
    createUserWithCli(estampador);
  });

  test('Re-encargos: a modification that erases nothing saves at once; one that erases stored data names it first', async ({ page, request }) => {
    const rol = uniqueRol('K');
    const created = await createEncargo(request, rol, 'Marta Ibáñez Soto');
    const stored = async () =>
      (await (await request.get(`/api/v1/encargos/${created.id}/`, { headers: await adminHeaders(request) })).json()) as {
        numero_operacion: string | null;
        ejecutados: string;
      };
    const load = async () => {
      await page.getByRole('textbox', { name: 'Número de rol del encargo original' }).fill(rol);
      await page.getByRole('button', { name: 'Buscar' }).click();
      await expect(page.getByTestId('encargo-encontrado')).toContainText(rol);
    };
    const modified = toast(page, 'Encargo modificado exitosamente. Los cambios han reemplazado la información anterior.');

    await signIn(page, users.admin, '/re-encargos', 45_000);
    await load();
    // Adding data erases nothing: no question.
    await field(page, 'Número de operación').fill('OP-7781');
    await page.getByRole('button', { name: 'Modificar Encargo' }).click();
    await expect(modified).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(async () => (await stored()).numero_operacion).toBe('OP-7781');

    await load();
    await expect(field(page, 'Número de operación')).toHaveValue('OP-7781');
    await field(page, 'Número de operación').fill('');
    await field(page, 'Ejecutados').fill('Marta Isabel Ibáñez Soto');
    await page.getByRole('button', { name: 'Modificar Encargo' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Borrar datos guardados del encargo?' });
    await expect(dialog).toContainText(`Al modificar el encargo ${rol} se borrará lo que tenía guardado en: Número de operación.`);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    expect(await stored()).toMatchObject({ numero_operacion: 'OP-7781', ejecutados: 'Marta Ibáñez Soto' });
    // The form keeps what was typed.
    await expect(field(page, 'Ejecutados')).toHaveValue('Marta Isabel Ibáñez Soto');

    await page.getByRole('button', { name: 'Modificar Encargo' }).click();
    await dialog.getByRole('button', { name: 'Modificar Encargo' }).click();
    await expect(modified.last()).toBeVisible();
    await expect.poll(async () => (await stored()).ejecutados).toBe('Marta Isabel Ibáñez Soto');
    expect((await stored()).numero_operacion ?? '').toBe('');
  });

  test('Nuevo Encargo: removing an address that holds data asks; Cancelar keeps it, Quitar removes it', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo', 45_000);
    await page.getByRole('button', { name: 'Agregar domicilio' }).click();
    await page.getByTestId('domicilio-1').getByRole('textbox', { name: 'Dirección' }).fill('Av. Grecia 55');
    await page.getByRole('button', { name: 'Quitar domicilio 2' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Quitar este domicilio?' });
    await expect(dialog).toContainText('El domicilio 2 (Av. Grecia 55) se quitará del formulario');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(/^domicilio-/)).toHaveCount(2);
    await expect(page.getByTestId('domicilio-1').getByRole('textbox', { name: 'Dirección' })).toHaveValue('Av. Grecia 55');

    await page.getByRole('button', { name: 'Quitar domicilio 2' }).click();
    await dialog.getByRole('button', { name: 'Quitar' }).click();
    await expect(page.getByTestId(/^domicilio-/)).toHaveCount(1);
  });

  test('Registrar Estudio: removing a typed e-mail and clearing a filled form ask first', async ({ page }) => {
    await signIn(page, users.admin, '/registrar-estudio', 45_000);
    await page.getByRole('button', { name: 'Agregar correo' }).click();
    await field(page, 'Correo electrónico 2').fill('cobranza@estudio-prueba.cl');
    await page.getByRole('button', { name: 'Quitar fila 2' }).click();
    const quitar = page.getByRole('dialog', { name: '¿Quitar este correo?' });
    await expect(quitar).toContainText('El correo cobranza@estudio-prueba.cl se quitará del formulario');
    await quitar.getByRole('button', { name: 'Cancelar' }).click();
    await expect(field(page, 'Correo electrónico 2')).toHaveValue('cobranza@estudio-prueba.cl');
    await page.getByRole('button', { name: 'Quitar fila 2' }).click();
    await quitar.getByRole('button', { name: 'Quitar' }).click();
    await expect(page.getByTestId(/^email-row-/)).toHaveCount(1);

    await field(page, 'Nombre').fill('Estudio que no se pierde');
    await page.getByRole('button', { name: 'Limpiar Formulario' }).click();
    const limpiar = page.getByRole('dialog', { name: '¿Limpiar el formulario?' });
    await expect(limpiar).toContainText('Se borrarán los datos ingresados que aún no se han guardado.');
    await limpiar.getByRole('button', { name: 'Cancelar' }).click();
    await expect(field(page, 'Nombre')).toHaveValue('Estudio que no se pierde');
    await page.getByRole('button', { name: 'Limpiar Formulario' }).click();
    await limpiar.getByRole('button', { name: 'Limpiar' }).click();
    await expect(field(page, 'Nombre')).toHaveValue('');
  });

  test("Usuarios y Permisos: revoking a module says whose access goes; Cancelar keeps it, 'Quitar acceso' revokes it", async ({ page }) => {
    await signIn(page, users.admin, '/permisos', 45_000);
    const box = page.getByRole('checkbox', { name: `Estampar de ${estampador.username}`, exact: true });
    await expect(box).toBeChecked();
    await box.click();
    const dialog = page.getByRole('dialog', { name: '¿Quitar el acceso a Estampar?' });
    await expect(dialog).toContainText('Elena Estampa dejará de tener acceso a Estampar');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(box).toBeChecked();
    await page.reload();
    await expect(box).toBeChecked();

    await box.click();
    await dialog.getByRole('button', { name: 'Quitar acceso' }).click();
    await expect(toast(page, 'Permiso Estampar revocado a Elena Estampa')).toBeVisible();
    await page.reload();
    await expect(box).not.toBeChecked();
  });
});
