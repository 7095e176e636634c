import { readFile } from 'node:fs/promises';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { todayIso } from '@receptoria/contracts';
import { type CreatedEncargo, createEncargo, createReEncargo, encargosOfRol, uniqueRol } from '../support/encargos';
import { signIn, toast, users } from '../support/login';

// Eight people share two cores while these run: server answers get a generous wait.
const expect = baseExpect.configure({ timeout: 30_000 });

function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

let original: CreatedEncargo;
let copia: CreatedEncargo;

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  original = await createEncargo(request, uniqueRol('D'), 'Paula Contreras Ibáñez');
  copia = await createReEncargo(request, original, 'Paula Andrea Contreras Ibáñez');
});

// The last test reads the state the second one leaves; the flows are long on a shared machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.describe('Resultados y Estampados', () => {
  test('gives the search messages', async ({ page }) => {
    await signIn(page, users.admin, '/diligencias', 30_000);
    // First visit: the screen's chunk loads.
    await expect(page.getByRole('heading', { name: 'Resultados y Estampados' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Volver a Resultados y Estampados' })).toHaveCount(0);
    for (const section of ['Información del Encargo', 'Resultados de Diligencia', 'Resumen para Estampado']) {
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(toast(page, 'Ingresa un número de rol para buscar')).toBeVisible();

    const search = field(page, 'Número de rol').first();
    await search.fill('z-1-1999');
    await search.press('Enter');
    await expect(
      toast(page, 'No se encontró ningún encargo con el rol "Z-1-1999". Verifique que el rol existe y tiene resultados registrados.'),
    ).toBeVisible();

    // Nothing selected: the buttons stay disabled and submitting the form asks for a diligence.
    await expect(page.getByRole('button', { name: 'Generar Estampado' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Estampar Más Tarde' })).toBeDisabled();
    await choose(page, 'Tipo de estampado', 'Búsqueda positiva');
    await field(page, 'Fecha y hora de la diligencia').fill('10/03/2025');
    await page.getByRole('button', { name: 'Generar Estampado' }).click();
    await expect(toast(page, 'Primero debes buscar y seleccionar un encargo')).toBeVisible();
    await page.getByRole('textbox', { name: 'Apuntes del receptor en terreno' }).fill('Sin encargo');
    await page.getByRole('button', { name: 'Estampar Más Tarde' }).click();
    await expect(toast(page, 'Primero debes buscar y seleccionar una diligencia')).toBeVisible();
  });

  test('picks one of a re-assigned rol, saves an edited field, stamps later, generates and opens the stamp', async ({ page, request }) => {
    await signIn(page, users.admin, '/diligencias/generar-estampado', 30_000);
    await expect(page.getByRole('link', { name: 'Volver a Resultados y Estampados' })).toBeVisible({ timeout: 30_000 });

    const search = page.getByRole('textbox', { name: 'Número de rol', exact: true }).first();
    await search.fill(original.numero_rol.toLowerCase());
    await search.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Múltiples Encargos Encontrados' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(`Se encontraron 2 encargos con el rol "${original.numero_rol}". Seleccione uno.`);
    const originalCard = modal.getByTestId(`encargo-opcion-${original.id}`);
    const copyCard = modal.getByTestId(`encargo-opcion-${copia.id}`);
    await expect(originalCard).toContainText('ORIGINAL');
    await expect(copyCard).toContainText('RE-ENCARGO');
    for (const text of ['Preparado', 'Larraín, Vial y Asociados Abogados', 'Paula Andrea Contreras Ibáñez', 'Banco de Chile', '$1.500.000']) {
      await expect(copyCard).toContainText(text);
    }
    await copyCard.getByRole('button', { name: 'Seleccionar' }).click();
    await expect(toast(page, 'Encargo cargado')).toBeVisible();
    await expect(modal).toBeHidden();

    const info = page.getByTestId('informacion-encargo');
    await expect(info).toContainText('RE-ENCARGO');
    await expect(field(page, 'Ejecutados')).toHaveValue('Paula Andrea Contreras Ibáñez');
    const firm = field(page, 'Estudio jurídico');
    await expect(firm).toHaveValue('Larraín, Vial y Asociados Abogados');
    await expect(firm).toHaveAttribute('readonly', '');
    await expect(page.getByText('Campo modificado', { exact: true })).toHaveCount(0);

    // An edited field is flagged.
    await field(page, 'Ejecutados').fill('Paula A. Contreras Ibáñez');
    await expect(page.getByText('Campo modificado', { exact: true })).toHaveCount(1);
    await field(page, 'Número de operación').fill('OP-778');
    await expect(page.getByText('Campo modificado', { exact: true })).toHaveCount(2);

    // Results: the date accepts YYYY-MM-DD and shows it as DD/MM/YYYY, without inventing an hour.
    await choose(page, 'Tipo de estampado', 'Búsqueda positiva');
    await choose(page, 'Tratamiento', 'Doña');
    const fecha = field(page, 'Fecha y hora de la diligencia');
    await fecha.fill('2025-03-10');
    await fecha.blur();
    await expect(fecha).toHaveValue('10/03/2025');
    await fecha.fill('10/03/2025 16:45');
    await fecha.blur();
    await expect(page.getByRole('button', { name: 'Generar Estampado' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Estampar Más Tarde' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Apuntes del receptor en terreno' }).fill(
      'Busqué a la demandada en el domicilio; fue habida y se le notificó personalmente.',
    );
    await expect(page.getByRole('button', { name: 'Estampar Más Tarde' })).toBeEnabled();

    // A custom value needs its reason.
    await page.getByRole('textbox', { name: 'Valor personalizado (opcional)' }).fill('52000');
    await page.getByRole('button', { name: 'Estampar Más Tarde' }).click();
    await expect(toast(page, 'Si especificas un valor personalizado, debes indicar el motivo en las observaciones')).toBeVisible();
    await page.getByRole('textbox', { name: 'Observaciones de la diligencia' }).fill('Domicilio fuera del radio urbano');

    // Estampar Más Tarde: the edited fields are saved first, then the results; the assignment is listo_para_estampar.
    await page.getByRole('button', { name: 'Estampar Más Tarde' }).click();
    await expect(toast(page, 'Cambios guardados exitosamente')).toBeVisible();
    await expect(toast(page, 'Resultados guardados. El encargo está listo para estampar cuando lo necesites.')).toBeVisible();
    await expect(page.getByText('Campo modificado', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('resumen-estado')).toHaveText('Listo para Estampar');
    await expect(page.getByTestId('resumen-estado-estampado')).toHaveText('Sin estampar');

    let stored = (await encargosOfRol(request, original.numero_rol)).find((e) => e.id === copia.id);
    expect(stored).toMatchObject({ estado: 'listo_para_estampar', ejecutados: 'Paula A. Contreras Ibáñez', estado_estampado: '' });
    const untouched = (await encargosOfRol(request, original.numero_rol)).find((e) => e.id === original.id);
    expect(untouched).toMatchObject({ estado: 'preparado', ejecutados: 'Paula Contreras Ibáñez' });

    // Generar Estampado: the 120-second toast opens the document in a new tab.
    await page.getByRole('button', { name: 'Generar Estampado' }).click();
    await expect(toast(page, 'Estampado generado exitosamente').first()).toBeVisible();
    const stampToast = toast(page, /Estampado Búsqueda positiva - .* - \d{2}-\d{2}-\d{4}/);
    await expect(stampToast).toBeVisible();
    // The signed URL answers as an attachment: Chromium turns the new tab into a download, closes that tab and
    // reports the download on the opener page, so it is awaited here (the tab never gets a 'download' event).
    const downloadPromise = page.waitForEvent('download');
    const notified = page.waitForResponse((r) => r.url().includes('/api/v1/diligencias/notificar_estampado_generado/') && r.request().method() === 'POST');
    await stampToast.getByRole('button', { name: 'Abrir documento' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    expect((await notified).status()).toBe(200);
    await expect(toast(page, 'Estado actualizado correctamente')).toBeVisible();
    await expect(page.getByTestId('resumen-estado-estampado')).toHaveText('Estampado');
    await expect
      .poll(async () => (await encargosOfRol(request, original.numero_rol)).find((e) => e.id === copia.id)?.fecha_estampado)
      .toBe(todayIso());
    stored = (await encargosOfRol(request, original.numero_rol)).find((e) => e.id === copia.id);
    expect(stored).toMatchObject({ estado_estampado: 'estampado', observacion_estampado: 'Estampado generado automáticamente' });

    // Limpiar Formulario empties the screen.
    await page.getByRole('button', { name: 'Limpiar Formulario' }).click();
    await expect(field(page, 'Ejecutados')).toHaveValue('');
    await expect(page.getByText('Busque un encargo para ver el resumen.')).toBeVisible();
  });

  test('maps the stamp service errors and refuses results in other states', async ({ page }) => {
    await signIn(page, users.admin, `/diligencias?rol=${original.numero_rol}`, 30_000);
    // The rol of the address is searched by itself.
    const modal = page.getByRole('dialog', { name: 'Múltiples Encargos Encontrados' });
    await expect(modal).toBeVisible({ timeout: 30_000 });
    await modal.getByTestId(`encargo-opcion-${copia.id}`).getByRole('button', { name: 'Seleccionar' }).click();
    await expect(toast(page, 'Encargo cargado')).toBeVisible();

    // The last saved result fills the form; choosing its type again would deselect it.
    await expect(page.getByRole('combobox', { name: 'Tipo de estampado', exact: true })).toHaveValue('Búsqueda positiva');
    await expect(page.getByRole('combobox', { name: 'Tratamiento', exact: true })).toHaveValue('Doña');
    await field(page, 'Fecha y hora de la diligencia').fill('10/03/2025');
    await page.getByRole('textbox', { name: 'Apuntes del receptor en terreno' }).fill('Nueva visita');

    // The copy was stamped by the previous test: results are refused, stamps are not.
    await expect(page.getByTestId('resumen-estado')).toHaveText('Estampado');
    await page.getByRole('button', { name: 'Estampar Más Tarde' }).click();
    await expect(
      toast(page, 'Este encargo está en estado "estampado". Solo se pueden registrar resultados para encargos en estado "preparado" o "listo para estampar".'),
    ).toBeVisible();

    await page.route('**/estampados/api/estampados/generar', (route) =>
      route.fulfill({ status: 400, json: { detail: 'El tipo de estampado "Búsqueda positiva" no tiene plantilla configurada' } }),
    );
    await page.getByRole('button', { name: 'Generar Estampado' }).click();
    await expect(
      toast(page, 'Error: El tipo de estampado seleccionado no tiene plantilla configurada. Contacta al administrador.'),
    ).toBeVisible();

    await page.unroute('**/estampados/api/estampados/generar');
    await page.route('**/estampados/api/estampados/generar', (route) => route.fulfill({ status: 200, json: { success: true } }));
    await page.getByRole('button', { name: 'Generar Estampado' }).click();
    await expect(toast(page, 'Error: Respuesta inválida del servidor')).toBeVisible();

    await page.unroute('**/estampados/api/estampados/generar');
    await page.route('**/estampados/api/estampados/generar', (route) => route.fulfill({ status: 500, json: { detail: 'x' } }));
    await page.getByRole('button', { name: 'Generar Estampado' }).click();
    await expect(toast(page, 'Error: Error interno del servidor. Intenta nuevamente en unos minutos.')).toBeVisible();
  });
});
