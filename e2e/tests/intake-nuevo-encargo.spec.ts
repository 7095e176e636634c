import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { adminHeaders, registerEstudio } from '../support/encargos';
import { signIn, toast, users } from '../support/login';
import { withMainTenantDb } from '../support/mail-stand-ins';

/** Picks an option of a Mantine Select (typing filters the list first). */
async function choose(page: Page, label: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(option.slice(0, 12));
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

async function typeDate(page: Page, name: string, value: string) {
  const input = field(page, name);
  await input.fill(value);
  await input.press('Tab');
  await expect(input).toHaveValue(value);
}

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`;
const firm = { nombre: `Estudio Intake ${suffix}`, parte: `Banco Intake ${suffix} S.A.` };
/** A rol no demo assignment uses (letter E, a number from the clock). */
const rol = `E-${String(Date.now()).slice(-6)}-2024`;

test.beforeAll(async ({ request }) => {
  await registerEstudio(request, { ...firm, direccion: 'Huérfanos 1160, oficina 504', email: `contacto.${suffix}@intake.cl` });
});

/** Fills every required field of the assignment form with valid data. */
async function fillEncargo(page: Page, values: { rol: string; rut: string }) {
  await choose(page, 'Tribunal', '1° Juzgado Civil de Santiago');
  await field(page, 'Número de rol').fill(values.rol);
  await choose(page, 'Estudio jurídico', firm.nombre);
  await choose(page, 'Parte demandante', firm.parte);
  await expect(field(page, 'Partes')).toHaveValue(`${firm.parte} con `);
  await field(page, 'Partes').fill(`${firm.parte} con Juan Pérez González`);
  await choose(page, 'Tipo de causa', 'Juicio Ejecutivo');
  await choose(page, 'Tipo de encargo', 'Notificación Personal');
  await field(page, 'Cuantía').fill('1500000');
  await expect(page.getByText('Se registrará: $1.500.000')).toBeVisible();
  await field(page, 'Cuantía').blur();
  await expect(field(page, 'Cuantía')).toHaveValue('$ 1.500.000');
  await typeDate(page, 'Fecha de retiro', '02/05/2024');
  await typeDate(page, 'Fecha de la demanda', '01/04/2024');
  await typeDate(page, 'Fecha de la resolución', '15/04/2024');
  await field(page, 'Ejecutados').fill('Juan Pérez González');
  await field(page, 'RUT del demandado').fill(values.rut);
  await field(page, 'RUT del demandado').blur();
  await field(page, 'Dirección').fill('Av. Providencia 1234, depto 501');
  await choose(page, 'Comuna', 'Providencia');
  await page.getByRole('combobox', { name: 'Observaciones', exact: true }).fill('Es urgente');
}

test.describe('Nuevo Encargo', () => {
  test('creates an assignment, shows the green box and downloads the membrete', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    await expect(page.getByRole('heading', { name: 'Nuevo Encargo' })).toBeVisible();
    const membrete = page.getByRole('button', { name: 'Generar Membrete' });
    await expect(membrete).toHaveAttribute('data-disabled', 'true');
    await membrete.hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText('Complete todos los campos obligatorios para habilitar este botón');

    await fillEncargo(page, { rol, rut: '12.345.678-5' });
    // The RUT typed with dots is normalised on leaving the field.
    await expect(field(page, 'RUT del demandado')).toHaveValue('12345678-5');

    // A new rol is checked first: "not found" is an answer (200, []), never an error in the console.
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    const check = page.waitForResponse((response) => response.url().includes('/api/v1/encargos/coincidencias_rol/'));
    await page.getByRole('button', { name: 'Registrar Encargo' }).click();
    const checked = await check;
    expect(checked.status()).toBe(200);
    expect(await checked.json()).toEqual([]);
    await expect(toast(page, '¡Encargo creado y preparado exitosamente!')).toBeVisible();
    expect(problems).toEqual([]);
    const box = page.getByTestId('encargo-creado');
    await expect(box).toContainText(rol);
    await expect(box).toContainText('Preparado');
    await expect(box).toContainText('El encargo está listo para ser asignado a los diligencieros.');
    await expect(box).toContainText(/ID del encargo:\s*\d+/);
    await expect(page.getByRole('button', { name: 'Registrar Encargo' })).toBeDisabled();

    await expect(membrete).not.toHaveAttribute('data-disabled', 'true');
    const downloadPromise = page.waitForEvent('download');
    await membrete.click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`membrete_${rol}.pdf`);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await expect(toast(page, '¡Membrete generado exitosamente!')).toBeVisible();

    const fichaPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generar Ficha Terreno' }).click();
    const ficha = await fichaPromise;
    expect(ficha.suggestedFilename()).toBe(`ficha_terreno_${rol}.pdf`);
    expect((await readFile(await ficha.path())).subarray(0, 4).toString('latin1')).toBe('%PDF');
    await expect(toast(page, '¡Ficha Terreno generada exitosamente!')).toBeVisible();

    await page.getByRole('button', { name: 'Limpiar Formulario' }).click();
    await expect(box).toHaveCount(0);
    await expect(field(page, 'Número de rol')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Registrar Encargo' })).toBeEnabled();
  });

  test('the membrete button registers the assignment first', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    const otherRol = `E-${String(Date.now()).slice(-5)}1-2025`;
    await fillEncargo(page, { rol: otherRol, rut: '10000013-k' });
    await expect(field(page, 'RUT del demandado')).toHaveValue('10000013-K');
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generar Membrete' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`membrete_${otherRol}.pdf`);
    await expect(toast(page, '¡Encargo registrado y Membrete generado exitosamente!')).toBeVisible();
    await expect(page.getByTestId('encargo-creado')).toContainText(otherRol);
  });

  test('reports the missing required fields and each field message', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    await page.getByRole('button', { name: 'Registrar Encargo' }).click();
    await expect(
      toast(
        page,
        'Campos requeridos faltantes: Estudio jurídico, Parte demandante, Tribunal, Número de rol, Tipo de causa, ' +
          'Tipo de encargo, Partes, Fecha de retiro, Fecha de la demanda, Fecha de la resolución, Cuantía, ' +
          'RUT del demandado, Ejecutados, Observaciones',
      ),
    ).toBeVisible();
    await expect(toast(page, 'Debe agregar al menos un domicilio válido')).toBeVisible();
    for (const message of [
      'El número de rol es requerido',
      'El estudio jurídico es requerido',
      'La parte demandante es requerida',
      'El tribunal es requerido',
      'El tipo de causa es requerido',
      'El tipo de encargo es requerido',
      'Las partes son requeridas',
      'La fecha de retiro es requerida',
      'La fecha de la demanda es requerida',
      'La fecha de la resolución es requerida',
      'La cuantía es requerida',
      'El RUT del demandado es requerido',
      'Los ejecutados son requeridos',
      'Las observaciones son requeridas',
      'Debe agregar al menos un domicilio válido',
    ]) {
      await expect(page.getByRole('main').getByText(message, { exact: true })).toBeVisible();
    }

    // Clearing the order date.
    await field(page, 'Fecha del encargo').fill('');
    await field(page, 'Fecha del encargo').press('Tab');
    await expect(page.getByText('La fecha es requerida', { exact: true })).toBeVisible();

    await field(page, 'Número de rol').fill('C123-2024');
    await expect(page.getByText('Formato inválido (ej: C-123-2024)', { exact: true })).toBeVisible();
    await field(page, 'Partes').fill('ab');
    await expect(page.getByText('Mínimo 3 caracteres', { exact: true })).toBeVisible();

    // An address row started but not finished names its missing fields.
    await field(page, 'Dirección').fill('Los Leones 45');
    await page.getByRole('button', { name: 'Registrar Encargo' }).click();
    await expect(page.getByText('La comuna es requerida', { exact: true })).toBeVisible();
    await expect(page.getByText('La dirección es requerida', { exact: true })).toHaveCount(0);
  });

  test('rejects a RUT with a wrong check digit', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    await fillEncargo(page, { rol: `E-${String(Date.now()).slice(-5)}2-2025`, rut: '12.345.678-9' });
    await expect(field(page, 'RUT del demandado')).toHaveValue('12345678-9');
    await expect(page.getByText('Formato: 12345678-9 (sin puntos)', { exact: true })).toBeVisible();
    await field(page, 'RUT del representante legal').fill('7654321-0');
    await field(page, 'RUT del representante legal').blur();
    await page.getByRole('button', { name: 'Registrar Encargo' }).click();
    await expect(toast(page, 'El RUT del demandado no es válido. Formato: 12345678-9')).toBeVisible();
    await field(page, 'RUT del demandado').fill('12345678-5');
    await page.getByRole('button', { name: 'Registrar Encargo' }).click();
    await expect(toast(page, 'El RUT del representante legal no es válido. Formato: 12345678-9')).toBeVisible();
    await expect(page.getByTestId('encargo-creado')).toHaveCount(0);
  });

  test('membrete and ficha stay disabled and say what is missing', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    await field(page, 'Número de rol').fill('C-1-2024');
    await page.getByRole('button', { name: 'Generar Membrete' }).click({ force: true });
    await expect(toast(page, /^Debe completar todos los campos obligatorios antes de generar el membrete: Estudio jurídico, /)).toBeVisible();
    await page.getByRole('button', { name: 'Generar Ficha Terreno' }).click({ force: true });
    await expect(toast(page, /^Debe completar todos los campos obligatorios antes de generar la ficha terreno: .*Domicilio/)).toBeVisible();
  });

  test('the firm decides the parties, and changing it clears the chosen one', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    await expect(page.getByRole('combobox', { name: 'Parte demandante', exact: true })).toBeDisabled();
    await choose(page, 'Estudio jurídico', 'Larraín, Vial y Asociados Abogados');
    await choose(page, 'Parte demandante', 'Banco de Chile');
    await expect(field(page, 'Partes')).toHaveValue('Banco de Chile con ');
    await choose(page, 'Estudio jurídico', firm.nombre);
    await expect(page.getByRole('combobox', { name: 'Parte demandante', exact: true })).toHaveValue('');
    await page.getByRole('combobox', { name: 'Parte demandante', exact: true }).click();
    await expect(page.getByRole('option', { name: firm.parte })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Banco de Chile', exact: true })).toHaveCount(0);
    await page.getByRole('option', { name: firm.parte }).click();
    await expect(field(page, 'Partes')).toHaveValue(`${firm.parte} con `);
  });

  test('addresses: the first is principal, more can be added and removed while more than one', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    await expect(page.getByRole('radio', { name: 'Principal 1' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Quitar domicilio 1' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Agregar domicilio' }).click();
    await expect(page.getByTestId(/^domicilio-/)).toHaveCount(2);
    await expect(page.getByRole('radio', { name: 'Principal 2' })).not.toBeChecked();
    await page.getByRole('radio', { name: 'Principal 2' }).check();
    await expect(page.getByRole('radio', { name: 'Principal 1' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Quitar domicilio 2' }).click();
    await expect(page.getByTestId(/^domicilio-/)).toHaveCount(1);
    await expect(page.getByRole('radio', { name: 'Principal 1' })).toBeChecked();
  });

  test('offers the suggestions and announces the alarm of a future comparendo', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    await page.getByRole('combobox', { name: 'Observaciones', exact: true }).click();
    for (const suggestion of ['Considerar distancia', 'Es muy urgente', 'Es urgente', 'Diligencia pagada', 'Solicitar aprobación por distancia']) {
      await expect(page.getByRole('option', { name: suggestion, exact: true })).toBeVisible();
    }
    await page.getByRole('option', { name: 'Diligencia pagada', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Observaciones', exact: true })).toHaveValue('Diligencia pagada');

    await page.getByRole('combobox', { name: 'Estado especial', exact: true }).click();
    for (const suggestion of ['No a lugar', 'No corresponde Jurisdicción', 'No en Letra', 'Suspendido']) {
      await expect(page.getByRole('option', { name: suggestion, exact: true })).toBeVisible();
    }
    await page.getByRole('option', { name: 'Suspendido', exact: true }).click();

    // The alarm toast comes once, after the assignment is saved (see 'alarm toasts' below).
    await field(page, 'Fecha de comparendo').fill('15/03/2030');
    await field(page, 'Fecha de comparendo').blur();
    await expect(field(page, 'Fecha de comparendo')).toHaveValue('15/03/2030 09:00');
    await expect(toast(page, /^Alarma creada/)).toHaveCount(0);
  });

  test("says 'Error cargando datos del formulario' when the lists cannot be loaded", async ({ page }) => {
    // The lists fail a moment apart (as on a busy server): still one message for the form.
    const paths = ['encargos/tribunales/', 'encargos/tipos/', 'encargos/causas/', 'estudios/'];
    for (const [index, path] of paths.entries()) {
      await page.route(`**/api/v1/${path}`, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, index * 400));
        await route.fulfill({ status: 500, json: { detail: 'falla' } });
      });
    }
    await signIn(page, users.admin, '/nuevo-encargo');
    await expect(toast(page, 'Error cargando datos del formulario')).toBeVisible();
    await page.getByRole('combobox', { name: 'Tribunal', exact: true }).click();
    await expect(page.getByRole('option')).toHaveCount(0);
  });

  test('reports lookup and server errors with the spec messages', async ({ page }) => {
    await page.route('**/api/v1/encargos/tribunales/', (route) => route.fulfill({ status: 500, json: { detail: 'falla' } }));
    await signIn(page, users.admin, '/nuevo-encargo');
    await expect(toast(page, 'Error cargando tribunales')).toBeVisible();

    await page.unroute('**/api/v1/encargos/tribunales/');
    await page.reload();
    await page.route('**/api/v1/nuevo_encargo/crear/', (route) =>
      route.fulfill({ status: 409, json: { detail: 'Ya existe un encargo con ese rol' } }),
    );
    await fillEncargo(page, { rol: `E-${String(Date.now()).slice(-5)}3-2025`, rut: '11.111.111-1' });
    await page.getByRole('button', { name: 'Registrar Encargo' }).click();
    await expect(toast(page, 'Error del servidor: Ya existe un encargo con ese rol')).toBeVisible();

    await page.unroute('**/api/v1/nuevo_encargo/crear/');
    await page.route('**/api/v1/nuevo_encargo/crear/', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Registrar Encargo' }).click();
    await expect(toast(page, 'Error de conexión. Verifique que el servidor esté funcionando.')).toBeVisible();

    // The membrete registers the assignment, then the document fails.
    await page.unroute('**/api/v1/nuevo_encargo/crear/');
    await page.route('**/api/v1/nuevo_encargo/generar_membrete/', (route) =>
      route.fulfill({ status: 500, json: { detail: 'No se pudo generar el documento' } }),
    );
    await page.getByRole('button', { name: 'Generar Membrete' }).click();
    await expect(toast(page, 'Error: No se pudo generar el documento')).toBeVisible();
    await expect(page.getByTestId('encargo-creado')).toBeVisible();
  });

  test('money is read the Chilean way and decimals are refused with a message', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    const cuantia = field(page, 'Cuantía');
    await cuantia.fill('1.500.000');
    await expect(page.getByText('Se registrará: $1.500.000')).toBeVisible();
    await cuantia.fill('1500000');
    await expect(page.getByText('Se registrará: $1.500.000')).toBeVisible();
    await cuantia.blur();
    await expect(cuantia).toHaveValue('$ 1.500.000');
    await cuantia.fill('1.500.000,50');
    const decimales = 'Los pesos chilenos no tienen decimales: "1.500.000,50" lleva centavos. Escriba el monto entero (ej: 1.500.000)';
    await expect(page.getByText(decimales)).toBeVisible();
    await cuantia.blur();
    await expect(cuantia).toHaveValue('1.500.000,50');
    await cuantia.fill('1500000.00');
    await expect(page.getByText('Monto no reconocido: use puntos para los miles y sin decimales (ej: 1.500.000)')).toBeVisible();
    await cuantia.fill('1.500.000,00');
    await expect(page.getByText('Se registrará: $1.500.000')).toBeVisible();
  });

  test('a refused amount stops the save with its message', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    const otherRol = `E-${String(Date.now()).slice(-5)}4-2025`;
    await fillEncargo(page, { rol: otherRol, rut: '11.111.111-1' });
    await field(page, 'Cuantía').fill('1.500.000,50');
    await page.getByRole('button', { name: 'Registrar Encargo' }).click();
    await expect(toast(page, /Los pesos chilenos no tienen decimales/)).toBeVisible();
    await expect(page.getByTestId('encargo-creado')).toHaveCount(0);
  });

  test('dates typed the Chilean way are read, and invalid ones say why', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    const retiro = field(page, 'Fecha de retiro');
    for (const typed of ['15/03/2024', '15-03-2024', '15032024', '15.03.2024']) {
      await retiro.fill(typed);
      await retiro.blur();
      await expect(retiro).toHaveValue('15/03/2024');
    }
    await retiro.fill('31/02/2024');
    await retiro.blur();
    await expect(page.getByText('La fecha 31/02/2024 no existe')).toBeVisible();
    await expect(retiro).toHaveValue('31/02/2024');
    await retiro.fill('15/03/24');
    await expect(page.getByText('El año debe tener 4 dígitos: escriba dd/mm/aaaa (ej: 15/03/2024)')).toBeVisible();
    await retiro.fill('150324');
    await expect(page.getByText('El año debe tener 4 dígitos: escriba dd/mm/aaaa (ej: 15/03/2024)')).toBeVisible();

    const comparendo = field(page, 'Fecha de comparendo');
    await comparendo.fill('20/05/2030 14:30');
    await comparendo.blur();
    await expect(comparendo).toHaveValue('20/05/2030 14:30');
    await comparendo.fill('20052030 0815');
    await comparendo.blur();
    await expect(comparendo).toHaveValue('20/05/2030 08:15');
    await comparendo.fill('20-05-2030');
    await comparendo.blur();
    await expect(comparendo).toHaveValue('20/05/2030 09:00');
    await comparendo.fill('20/05/2030 25:10');
    await expect(page.getByText('Hora inválida: use HH:MM entre 00:00 y 23:59')).toBeVisible();

    // The calendar still picks a day.
    await page.getByRole('button', { name: 'Abrir calendario: Fecha de la demanda' }).click();
    // In Spanish, weeks from Monday (the field sets the calendar's locale itself).
    const calendario = page.locator('.mantine-Popover-dropdown');
    await expect(calendario.locator('thead th').first()).toHaveText('lu');
    await expect(calendario.getByRole('button', { name: /^10 (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) \d{4}$/ }).first()).toBeVisible();
    await calendario.getByRole('button', { name: /^10 / }).first().click();
    await expect(field(page, 'Fecha de la demanda')).toHaveValue(/^10\/\d{2}\/\d{4}$/);
  });

  test('alarm toasts: one per alarm, after saving, with the success message', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    const otherRol = `E-${String(Date.now()).slice(-5)}5-2025`;
    await fillEncargo(page, { rol: otherRol, rut: '11.111.111-1' });
    for (const [name, value] of [
      ['Fecha de comparendo', '15/03/2030 10:00'],
      ['Fecha de prueba', '16/03/2030'],
    ] as const) {
      await field(page, name).pressSequentially(value, { delay: 10 });
      await field(page, name).blur();
    }
    await expect(toast(page, /^Alarma creada/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Registrar Encargo' }).click();
    await expect(toast(page, '¡Encargo creado y preparado exitosamente!')).toBeVisible();
    await expect(toast(page, 'Alarma creada para Comparendo/Prueba: 15/03/2030 10:00')).toHaveCount(1);
    await expect(toast(page, 'Alarma creada para Comparendo/Prueba: 16/03/2030 09:00')).toHaveCount(1);
    await expect(toast(page, /^Alarma creada/)).toHaveCount(2);
  });

  test('a double click racing the save creates one assignment', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    const otherRol = `E-${String(Date.now()).slice(-5)}6-2025`;
    await fillEncargo(page, { rol: otherRol, rut: '11.111.111-1' });
    let creations = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/nuevo_encargo/crear/')) creations += 1;
    });
    // Hold the save until the second click has landed (a fixed delay raced a busy machine).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/nuevo_encargo/crear/', async (route) => {
      await held;
      await route.continue();
    });
    const registrar = page.getByRole('button', { name: 'Registrar Encargo' });
    await registrar.click();
    await registrar.click({ force: true });
    await page.getByRole('button', { name: 'Generar Membrete' }).click({ force: true });
    await expect(page.getByRole('button', { name: 'Generar Membrete' })).toBeDisabled();
    release();
    await expect(toast(page, '¡Encargo creado y preparado exitosamente!')).toHaveCount(1);
    await expect(page.getByTestId('encargo-creado')).toContainText(otherRol);
    const headers = await adminHeaders(page.request);
    const found = await page.request.get(`/api/v1/encargos/buscar_por_rol/?numero_rol=${otherRol}`, { headers });
    const body = (await found.json()) as unknown;
    expect(Array.isArray(body)).toBe(false);
    expect(creations).toBe(1);
  });

  test('warns when the rol already exists and offers to open it in Re-encargos', async ({ page }) => {
    // Its own registered rol: a retried worker must not depend on an earlier test's assignment.
    const existing = `E-${String(Date.now()).slice(-5)}7-2024`;
    await withMainTenantDb((db) =>
      db.query(
        `insert into encargos (numero_rol, estado, fecha_encargo, estudio_id) values ($1, 'preparado', current_date, (select id from estudios order by id limit 1))`,
        [existing],
      ),
    );
    await signIn(page, users.admin, '/nuevo-encargo');
    await fillEncargo(page, { rol: existing, rut: '11.111.111-1' });
    await page.getByRole('button', { name: 'Registrar Encargo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Este rol ya está registrado' });
    await expect(dialog).toContainText(`Ya existe un encargo con el rol ${existing}.`);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByTestId('encargo-creado')).toHaveCount(0);
    await page.getByRole('button', { name: 'Registrar Encargo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Abrir en Re-encargos' }).click();
    await expect(page).toHaveURL(new RegExp(`/re-encargos\\?rol=${existing}$`));
    await expect(page.getByTestId('encargo-encontrado')).toContainText(existing);
  });

  test('asks before leaving with unsaved changes; Enter in a field does not submit', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    await field(page, 'Partes').fill('Banco con Pérez');
    await field(page, 'Partes').press('Enter');
    await expect(toast(page, /^Campos requeridos faltantes/)).toHaveCount(0);
    await page.getByRole('link', { name: 'Inicio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hay cambios sin guardar' });
    await expect(dialog).toContainText('Si sale ahora, se perderán los datos ingresados en el formulario.');
    await dialog.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(page).toHaveURL(/\/nuevo-encargo$/);
    await expect(field(page, 'Partes')).toHaveValue('Banco con Pérez');
    await page.getByRole('link', { name: 'Inicio' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Salir sin guardar' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('selects find options without accents', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    const comuna = page.getByRole('combobox', { name: 'Comuna', exact: true });
    await comuna.click();
    await comuna.fill('nunoa');
    await expect(page.getByRole('option', { name: 'Ñuñoa', exact: true })).toBeVisible();
    await comuna.fill('maipu');
    await page.getByRole('option', { name: 'Maipú', exact: true }).click();
    await expect(comuna).toHaveValue('Maipú');
    const ciudad = page.getByRole('combobox', { name: 'Ciudad', exact: true });
    await ciudad.click();
    await ciudad.fill('valparaiso');
    await expect(page.getByRole('option', { name: 'Valparaíso', exact: true })).toBeVisible();
  });

  test('names the screen in the browser tab', async ({ page }) => {
    await signIn(page, users.admin, '/nuevo-encargo');
    await expect(page).toHaveTitle('Nuevo Encargo · Receptoría');
  });
});

test.describe("Chile's 346 comunas", () => {
  test.describe.configure({ timeout: 150_000 });

  test("an assignment in San Miguel, typed 'san miguel', is created and routed", async ({ page }) => {
    const sanMiguelRol = `E-${String(Date.now()).slice(-5)}7-2025`;
    await signIn(page, users.admin, '/nuevo-encargo');
    await fillEncargo(page, { rol: sanMiguelRol, rut: '11.111.111-1' });

    const comuna = page.getByRole('combobox', { name: 'Comuna', exact: true });
    await comuna.click();
    await comuna.fill('');
    // The spec's 16 come first, as suggestions, before every other comuna of Chile.
    await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText('Santiago');
    await comuna.fill('estacion central');
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Estación Central']);
    await comuna.fill('san miguel');
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['San Miguel']);
    await page.getByRole('option', { name: 'San Miguel', exact: true }).click();
    await expect(comuna).toHaveValue('San Miguel');

    const saved = page.waitForResponse((response) => response.url().includes('/api/v1/nuevo_encargo/crear/'));
    await page.getByRole('button', { name: 'Registrar Encargo' }).click();
    expect((await saved).status()).toBe(201);
    await expect(toast(page, '¡Encargo creado y preparado exitosamente!')).toBeVisible();

    await page.goto('/rutas');
    await expect(page.getByRole('heading', { name: 'Generar Rutas' })).toBeVisible({ timeout: 45_000 });
    await page.getByLabel('Rol').fill(sanMiguelRol);
    const table = page.getByTestId('rutas-domicilios');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('San Miguel');
    await table.getByRole('checkbox', { name: new RegExp(`^Seleccionar ${sanMiguelRol} `) }).check();
    await page.getByRole('button', { name: 'Generar Ruta' }).click();
    await expect(toast(page, 'Ruta generada con 1 domicilio')).toBeVisible();
    await expect(page.getByTestId('ruta-detalle').getByRole('listitem')).toHaveText([
      `${sanMiguelRol} — Av. Providencia 1234, depto 501, San Miguel, Santiago`,
    ]);
  });
});
