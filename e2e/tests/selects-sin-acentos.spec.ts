import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn, users } from '../support/login';

/** Types into a searchable select and returns the options it shows. */
async function search(page: Page, select: Locator, text: string) {
  await select.click();
  await select.fill(text);
  return page.getByRole('listbox').getByRole('option');
}

test.describe('searchable selects find without accents, on every screen', () => {
  // A plain Mantine Select with no filter of its own: it inherits the theme's.
  test("Generar Rutas: the Comuna filter finds Ñuñoa by 'nunoa' and Peñalolén by 'penalolen'", async ({ page }) => {
    await signIn(page, users.admin, '/rutas', 45_000);
    const comuna = page.getByRole('combobox', { name: 'Comuna' });
    await expect(comuna).toBeEnabled();

    const nunoa = await search(page, comuna, 'nunoa');
    await expect(nunoa).toHaveText(['Ñuñoa']);
    const penalolen = await search(page, comuna, 'penalolen');
    await expect(penalolen).toHaveText(['Peñalolén']);
    await penalolen.first().click();
    await expect(comuna).toHaveValue('Peñalolén');
  });

  test("Registrar Estudio: the Comuna select finds Maipú by 'maipu' and Ñuñoa by 'NUNOA'", async ({ page }) => {
    await signIn(page, users.admin, '/registrar-estudio', 45_000);
    const comuna = page.getByRole('combobox', { name: 'Comuna' });
    await expect(await search(page, comuna, 'maipu')).toHaveText(['Maipú']);
    const nunoa = await search(page, comuna, 'NUNOA');
    await expect(nunoa).toHaveText(['Ñuñoa']);
    await nunoa.first().click();
    await expect(comuna).toHaveValue('Ñuñoa');
  });

  test("Configuraciones Estudio: the firm select finds 'Larraín, Vial…' by 'larrain' and 'del Pacífico' by 'pacifico'", async ({ page }) => {
    await signIn(page, users.admin, '/configuraciones-estudio', 45_000);
    const estudio = page.getByRole('combobox', { name: 'Estudio jurídico' });

    await expect(await search(page, estudio, 'larrain')).toHaveText(['Larraín, Vial y Asociados Abogados']);
    const pacifico = await search(page, estudio, 'PACIFICO');
    await expect(pacifico).toHaveText(['Cobranzas Judiciales del Pacífico Ltda.']);
    await pacifico.first().click();
    await expect(estudio).toHaveValue('Cobranzas Judiciales del Pacífico Ltda.');
  });
});
