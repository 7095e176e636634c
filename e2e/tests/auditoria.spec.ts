import { expect as baseExpect, type Page, test } from '@playwright/test';
import { adminHeaders, createEncargo, uniqueRol } from '../support/encargos';
import { signIn, toast, users } from '../support/login';

// The machine running the suite is shared and often saturated: waits are longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 90_000 });

const CONFLICT = 'El registro fue modificado por otra persona. Recargue para ver los cambios.';

function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

async function loadRol(page: Page, rol: string) {
  const search = page.getByRole('textbox', { name: 'Número de rol del encargo original' });
  await search.fill(rol);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByTestId('encargo-encontrado')).toContainText(rol);
}

test.describe('Historial and edit conflicts on the Re-encargos screen', () => {
  test('modifies an assignment and shows the change in Historial', async ({ page, request }) => {
    const rol = uniqueRol('H');
    await createEncargo(request, rol, 'Rodrigo Fuentes Lagos');
    await signIn(page, users.admin, '/re-encargos', 45_000);

    // Historial needs a loaded assignment.
    await expect(page.getByRole('tab', { name: 'Historial' })).toBeDisabled();
    await loadRol(page, rol);
    await field(page, 'Ejecutados').fill('Rodrigo Andrés Fuentes Lagos');
    await page.getByRole('button', { name: 'Modificar Encargo' }).click();
    await expect(toast(page, 'Encargo modificado exitosamente. Los cambios han reemplazado la información anterior.')).toBeVisible();

    await loadRol(page, rol);
    await page.getByRole('tab', { name: 'Historial' }).click();
    const registros = page.getByTestId('historial-registro');
    await expect(registros).toHaveCount(2);
    const modificacion = registros.first();
    await expect(modificacion).toContainText('Modificación');
    await expect(modificacion).toContainText('por admin');
    const row = modificacion.getByRole('row').filter({ hasText: 'Ejecutados' });
    await expect(row.getByRole('cell')).toHaveText(['Ejecutados', 'Rodrigo Fuentes Lagos', 'Rodrigo Andrés Fuentes Lagos']);
    // Only the changed fields are listed.
    await expect(modificacion.getByRole('row')).toHaveCount(2);
    await expect(registros.last()).toContainText('Creación');

    // Back to the form, which kept its values.
    await page.getByRole('tab', { name: 'Datos del encargo' }).click();
    await expect(field(page, 'Ejecutados')).toHaveValue('Rodrigo Andrés Fuentes Lagos');
  });

  test('refuses a stale edit, offers to reload and then saves on top of the other change', async ({ page, request }) => {
    const rol = uniqueRol('K');
    const created = await createEncargo(request, rol, 'Marcela Ortiz Pino');
    await signIn(page, users.admin, '/re-encargos', 45_000);
    await loadRol(page, rol);

    // Someone else saves the assignment meanwhile.
    const headers = await adminHeaders(request);
    const other = await request.patch(`/api/v1/encargos/${created.id}/modificar_encargo/`, {
      headers,
      data: { ejecutados: 'Marcela Ortiz Pino (otra persona)', version: 1 },
    });
    expect(other.status(), await other.text()).toBe(200);

    await field(page, 'Partes').fill('Banco de Chile con Marcela Ortiz');
    await page.getByRole('button', { name: 'Modificar Encargo' }).click();
    const alert = page.getByTestId('conflicto-version');
    await expect(alert).toContainText(CONFLICT);
    // Nothing was lost: the form still holds this user's typing, the server the other change.
    await expect(field(page, 'Partes')).toHaveValue('Banco de Chile con Marcela Ortiz');

    await alert.getByRole('button', { name: 'Recargar' }).click();
    await expect(alert).toHaveCount(0);
    await expect(field(page, 'Ejecutados')).toHaveValue('Marcela Ortiz Pino (otra persona)');
    await field(page, 'Partes').fill('Banco de Chile con Marcela Ortiz');
    await page.getByRole('button', { name: 'Modificar Encargo' }).click();
    await expect(toast(page, 'Encargo modificado exitosamente. Los cambios han reemplazado la información anterior.')).toBeVisible();

    const stored = (await (await request.get(`/api/v1/encargos/${created.id}/`, { headers })).json()) as {
      ejecutados: string;
      partes: string;
      version: number;
    };
    expect(stored).toMatchObject({
      ejecutados: 'Marcela Ortiz Pino (otra persona)',
      partes: 'Banco de Chile con Marcela Ortiz',
      version: 3,
    });
  });
});
