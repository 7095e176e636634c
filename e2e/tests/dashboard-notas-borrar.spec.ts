import { expect, test } from '@playwright/test';
import { createUserWithCli } from '../support/cli';
import { signIn } from '../support/login';

// A user of its own: the note this flow erases is nobody else's.
const secretaria = { username: 'secretaria_borra_notas', password: 'clave-e2e-notas-borrar' };

test.beforeAll(() => createUserWithCli(secretaria));

test('a saved personal note can be erased: confirming saves it empty, and it stays empty after a reload', async ({ page }) => {
  await signIn(page, secretaria);
  const notes = page.getByRole('textbox', { name: 'Apuntes personales' });
  const save = page.getByRole('button', { name: 'Guardar' });
  await notes.click();
  await notes.fill('• Llamar al estudio por el exhorto');
  await save.click();
  await expect(page.getByText('Guardado', { exact: true })).toBeVisible();
  await page.reload();
  await expect(notes).toHaveValue('• Llamar al estudio por el exhorto');

  await notes.fill('');
  await expect(save).toBeEnabled();
  await save.click();
  const dialog = page.getByRole('dialog', { name: '¿Borrar sus apuntes?' });
  await expect(dialog).toContainText('Se borrará el apunte guardado');
  // Cancel keeps the saved note.
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(notes).toHaveValue('• Llamar al estudio por el exhorto');

  await notes.fill('');
  await save.click();
  await page.getByRole('dialog', { name: '¿Borrar sus apuntes?' }).getByRole('button', { name: 'Borrar apuntes' }).click();
  await expect(page.getByText('Guardado', { exact: true })).toBeVisible();
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(notes).toHaveValue('');
  await expect(save).toBeDisabled();
});
