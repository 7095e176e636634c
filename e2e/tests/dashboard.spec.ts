import { expect, test } from '@playwright/test';
import { signIn, toast, users } from '../support/login';

test.describe('dashboard', () => {
  test('greets the receiver by the profile name', async ({ page }) => {
    await signIn(page, users.notas);
    await expect(page.getByTestId('dashboard-greeting')).toHaveText(/^(Buenos días|Buenas tardes|Buenas noches), Carolina Muñoz$/);
  });

  test('derives the name from the username when the profile has none', async ({ page }) => {
    await signIn(page, users.receptora);
    await expect(page.getByTestId('dashboard-greeting')).toContainText(', Maria Gonzalez');
  });

  test('shows the three large cards and the four small cards', async ({ page }) => {
    await signIn(page, users.admin);
    for (const title of [
      'Nuevo Encargo',
      'Resultados y Estampados',
      'Cobranza',
      'Ver Pendientes',
      'Plantillas',
      'Administrar Estudios',
      'Carpetas',
    ]) {
      await expect(page.getByRole('button', { name: title, exact: true })).toBeVisible();
    }
  });

  test('a card whose module the user lacks alerts and does not navigate', async ({ page }) => {
    await signIn(page, users.sinPermisos);
    await page.getByRole('button', { name: 'Cobranza', exact: true }).click();
    await expect(toast(page, 'No tienes permisos para acceder a este módulo')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('button', { name: 'Resultados y Estampados', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('button', { name: 'Nuevo Encargo', exact: true }).click();
    await expect(page).toHaveURL(/\/nuevo-encargo$/);
  });

  test('cards open their screens for a user with the module', async ({ page }) => {
    await signIn(page, users.receptora);
    await page.getByRole('button', { name: 'Resultados y Estampados', exact: true }).click();
    await expect(page).toHaveURL(/\/diligencias$/);
    await page.goBack();
    await page.getByRole('button', { name: 'Carpetas', exact: true }).click();
    await expect(page).toHaveURL(/\/carpetas$/);
    await page.goBack();
    await page.getByRole('button', { name: 'Administrar Estudios', exact: true }).click();
    await expect(page).toHaveURL(/\/administrar-estudios$/);
  });
});

test.describe('personal notes', () => {
  test('bullets: focus starts one, Enter continues it, Enter on an empty one removes it', async ({ page }) => {
    await signIn(page, users.sinPermisos);
    const notes = page.getByRole('textbox', { name: 'Apuntes personales' });
    const save = page.getByRole('button', { name: 'Guardar' });
    await expect(notes).toHaveValue('');
    await expect(save).toBeDisabled();

    await notes.click();
    await expect(notes).toHaveValue('• ');
    await notes.pressSequentially('Llamar al tribunal');
    await notes.press('Enter');
    await expect(notes).toHaveValue('• Llamar al tribunal\n• ');
    await notes.pressSequentially('Revisar exhorto');
    await notes.press('Enter');
    await notes.press('Enter');
    await expect(notes).toHaveValue('• Llamar al tribunal\n• Revisar exhorto\n');
    await notes.pressSequentially('texto libre');
    await notes.press('Enter');
    await expect(notes).toHaveValue('• Llamar al tribunal\n• Revisar exhorto\ntexto libre\n');
  });

  test('leaving a note that holds only a bullet clears it', async ({ page }) => {
    await signIn(page, users.sinPermisos);
    const notes = page.getByRole('textbox', { name: 'Apuntes personales' });
    await expect(notes).toHaveValue('');
    await notes.click();
    await expect(notes).toHaveValue('• ');
    // A note holding only the bullet has nothing to save (leaving it clears it).
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await page.getByTestId('dashboard-greeting').click();
    await expect(notes).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  });

  test('a saved note shows Guardado briefly and survives a reload', async ({ page }) => {
    await signIn(page, users.notas);
    const notes = page.getByRole('textbox', { name: 'Apuntes personales' });
    const text = `• Diligencia en Ñuñoa ${Date.now()}\n• Cobrar a estudio`;
    await notes.click();
    await notes.fill(text);
    await page.getByRole('button', { name: 'Guardar' }).click();

    const saved = page.getByText('Guardado', { exact: true });
    await expect(saved).toBeVisible();
    await expect(saved).toBeHidden({ timeout: 3_000 });
    await expect(page.getByTestId('notes-updated-at')).toContainText('Actualizado el');

    await page.reload();
    await expect(notes).toHaveValue(text);
  });
});
