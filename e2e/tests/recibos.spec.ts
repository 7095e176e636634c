import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { signIn, toast, users } from '../support/login';
import { rutFrom } from '../support/rut';
import { insertEncargo, insertEstudio, withMainTenant } from '../support/tenant-sql';

const ESTUDIO = `Estudio Recibos E2E ${Date.now().toString(36)}`;
const ROLES = ['C-9201-2026', 'C-9202-2026', 'C-9203-2026'];

/** Picks an option of the select labelled `label` inside `scope`. */
async function pick(page: Page, scope: ReturnType<Page['getByTestId']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('Recibos y pagos', () => {
  // The machine is shared: first visits load their screen chunk slowly.
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    await withMainTenant(async (client) => {
      const estudioId = await insertEstudio(client, ESTUDIO, rutFrom(46_000_000 + (Date.now() % 1_000_000)));
      for (const [index, numeroRol] of ROLES.entries()) {
        await insertEncargo(client, {
          estudioId,
          numeroRol,
          estado: 'estampado',
          fechaEstampado: `2026-01-1${index}`,
          diligencia: { fecha: `2026-01-0${index + 5}T10:00:00-03:00`, valorFinal: 30_000 + index * 10_000 },
        });
      }
    });
  });

  test("a secretary bills three stamped diligences, prints the receipt, records a partial payment and sees the firm's balance", async ({ page }) => {
    await signIn(page, users.cobranza, '/cobranza?tab=recibos', 60_000);
    const nuevo = page.getByTestId('nuevo-recibo');
    await expect(nuevo).toBeVisible({ timeout: 45_000 });
    await pick(page, nuevo, 'Estudio Jurídico', ESTUDIO);
    const facturables = nuevo.getByTestId('facturables');
    for (const rol of ROLES) await expect(facturables).toContainText(rol, { timeout: 30_000 });
    await facturables.getByRole('checkbox', { name: 'Seleccionar todas' }).check();
    await expect(nuevo.getByTestId('nuevo-recibo-total')).toHaveText('3 diligencias · $ 120.000');
    await nuevo.getByRole('button', { name: 'Crear recibo' }).click();
    await expect(toast(page, /^Recibo N° \d+ creado$/)).toBeVisible();

    const detalle = page.getByTestId('recibo-detalle');
    await expect(detalle.getByTestId('recibo-total')).toHaveText('$ 120.000');
    await expect(detalle.getByTestId('recibo-estado')).toHaveText('Emitido');
    // Without rebaja_recibos the discount is not offered.
    await expect(detalle.getByRole('button', { name: 'Rebaja' })).toBeDisabled();

    const download = page.waitForEvent('download');
    await detalle.getByRole('button', { name: 'Descargar PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const parser = new PDFParse({ data: new Uint8Array(await readFile((await file.path())!)) });
    try {
      const text = (await parser.getText()).text;
      expect(text).toContain(ESTUDIO);
      for (const rol of ROLES) expect(text).toContain(rol);
      expect(text).toMatch(/120\.000/);
    } finally {
      await parser.destroy();
    }
    await detalle.getByRole('button', { name: 'Cerrar' }).click();

    // A partial payment, applied to the receipt.
    await page.getByRole('tab', { name: 'Pagos' }).click();
    const pago = page.getByTestId('registrar-pago');
    await expect(pago).toBeVisible({ timeout: 45_000 });
    await pick(page, pago, 'Estudio Jurídico', ESTUDIO);
    await expect(pago.getByTestId('aplicaciones')).toBeVisible({ timeout: 30_000 });
    await pago.getByRole('textbox', { name: 'Monto' }).fill('50000');
    await pago.getByRole('textbox', { name: 'Referencia' }).fill('TRX-E2E');
    await pago.getByRole('button', { name: 'Aplicar en orden de antigüedad' }).click();
    await expect(pago.getByTestId('registrar-pago-resumen')).toHaveText('Aplicado: $ 50.000 · Queda como crédito del estudio: $ 0');
    await pago.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(toast(page, 'Pago registrado')).toBeVisible();

    // The firm's balance and ageing as of today.
    await page.getByRole('tab', { name: 'Estado de cuenta' }).click();
    const cuenta = page.getByTestId('estado-cuenta');
    await pick(page, cuenta, 'Estudio Jurídico', ESTUDIO);
    await expect(page.getByTestId('estado-cuenta-saldo')).toHaveText('$ 70.000', { timeout: 30_000 });
    await expect(page.getByTestId('antiguedad-d0_30')).toContainText('$ 70.000');
    await expect(page.getByTestId('estado-cuenta-movimientos')).toContainText('TRX-E2E');

    // The dashboard's 'Por cobrar' counts it.
    await page.goto('/');
    const porCobrar = page.getByTestId('por-cobrar');
    await expect(porCobrar).toBeVisible({ timeout: 45_000 });
    await expect(porCobrar).toContainText(ESTUDIO);
    await expect(porCobrar.getByTestId('por-cobrar-estudio').filter({ hasText: ESTUDIO })).toContainText('$ 70.000');
  });
});
