import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn, toast, users } from '../support/login';
import { rutFrom } from '../support/rut';
import { insertEncargo, insertEstudio, withMainTenant } from '../support/tenant-sql';

const ESTUDIO = `Estudio Edición E2E ${Date.now().toString(36)}`;
const ROLES = ['C-9301-2026', 'C-9302-2026', 'C-9303-2026'] as const;

async function pick(page: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('Recibos: edición, planilla sin recibo y arancel', () => {
  // The machine is shared: first visits load their screen chunk slowly.
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    await withMainTenant(async (client) => {
      const estudioId = await insertEstudio(client, ESTUDIO, rutFrom(47_000_000 + (Date.now() % 1_000_000)));
      for (const [index, numeroRol] of ROLES.entries()) {
        await insertEncargo(client, {
          estudioId,
          numeroRol,
          estado: 'estampado',
          fechaEstampado: `2026-02-1${index}`,
          diligencia: { fecha: `2026-02-0${index + 5}T10:00:00-03:00`, valorFinal: 20_000 + index * 5_000 },
        });
      }
    });
  });

  test('the receiver swaps a diligence of a receipt, sees Recibo N° and the unbilled rows in the sheet, and prices the schedule with a typed UTM', async ({ page }) => {
    await signIn(page, users.admin, '/cobranza?tab=recibos', 60_000);
    const nuevo = page.getByTestId('nuevo-recibo');
    await expect(nuevo).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('numeracion-recibos')).toContainText('Próximo recibo: N°', { timeout: 30_000 });
    await pick(page, nuevo, 'Estudio Jurídico', ESTUDIO);
    const facturables = nuevo.getByTestId('facturables');
    for (const rol of ROLES) await expect(facturables).toContainText(rol, { timeout: 30_000 });
    await facturables.getByRole('checkbox', { name: ROLES[0] }).check();
    await facturables.getByRole('checkbox', { name: ROLES[1] }).check();
    await expect(nuevo.getByTestId('nuevo-recibo-total')).toHaveText('2 diligencias · $ 45.000');
    await nuevo.getByRole('button', { name: 'Crear recibo' }).click();
    const creado = toast(page, /^Recibo N° \d+ creado$/);
    await expect(creado).toBeVisible();
    const numero = (await creado.textContent())!.match(/N° (\d+)/)![1]!;

    // Take C-9301 out and put C-9303 in (edit_asocia_recibos).
    const detalle = page.getByTestId('recibo-detalle');
    await expect(detalle.getByTestId('recibo-total')).toHaveText('$ 45.000');
    await detalle.getByRole('button', { name: 'Editar diligencias' }).click();
    const editor = detalle.getByTestId('recibo-items-editor');
    await editor.getByRole('checkbox', { name: `Quitar ${ROLES[0]}` }).check();
    await editor.getByRole('checkbox', { name: `Agregar ${ROLES[2]}` }).check();
    await editor.getByRole('button', { name: 'Guardar diligencias' }).click();
    await expect(toast(page, `Recibo N° ${numero} actualizado`)).toBeVisible();
    await expect(detalle.getByTestId('recibo-items')).toContainText(ROLES[2]);
    await expect(detalle.getByTestId('recibo-items')).not.toContainText(ROLES[0]);
    await expect(detalle.getByTestId('recibo-total')).toHaveText('$ 55.000');
    await detalle.getByRole('button', { name: 'Cerrar' }).click();

    // The collection sheet: 'Recibo N°' names the receipt; 'Sólo sin recibo' leaves the unbilled row.
    await page.getByRole('tab', { name: 'Planilla' }).click();
    await pick(page, page, 'Estudio Jurídico', ESTUDIO);
    await page.getByRole('checkbox', { name: 'Recibo N°' }).check();
    await expect(page.getByRole('columnheader', { name: 'Recibo N°' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: ROLES[2] })).toContainText(numero, { timeout: 30_000 });
    await expect(page.getByRole('row').filter({ hasText: ROLES[0] })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Sólo sin recibo' }).check();
    await expect(page.getByRole('row').filter({ hasText: ROLES[2] })).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('row').filter({ hasText: ROLES[1] })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: ROLES[0] })).toBeVisible();

    // Tarifas: the month's UTM typed by hand prices the schedule's rows in pesos; the retention rates are there.
    await page.getByRole('tab', { name: 'Tarifas' }).click();
    const arancel = page.getByTestId('arancel');
    await expect(arancel).toBeVisible({ timeout: 45_000 });
    await arancel.getByRole('textbox', { name: 'Valor manual de la UTM' }).fill('70000');
    await arancel.getByRole('button', { name: 'Guardar UTM' }).click();
    await expect(arancel.getByTestId('utm-mes')).toContainText('$ 70.000 (ingresada manualmente)');
    await arancel.getByRole('button', { name: 'Agregar actuación' }).click();
    const filas = arancel.getByTestId('tabla-arancel');
    const ultima = filas.getByRole('row').last();
    await ultima.getByRole('textbox', { name: /^Actuación \(Actuación \d+\)$/ }).fill('Notificación personal E2E');
    await ultima.getByRole('textbox', { name: /^% UTM/ }).fill('12,5');
    await expect(ultima).toContainText('$ 8.750');
    await arancel.getByRole('button', { name: 'Guardar arancel' }).click();
    await expect(toast(page, 'Arancel guardado')).toBeVisible();
    await expect(page.getByTestId('retencion').getByRole('textbox', { name: 'Tasa (%) 2026' })).toHaveValue('15,25 %');
  });
});
