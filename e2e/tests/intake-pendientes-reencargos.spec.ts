import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signIn, toast, users } from '../support/login';

function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

async function adminHeaders(request: APIRequestContext) {
  const response = await request.post('/api/v1/auth/login/', { data: users.admin });
  expect(response.ok()).toBeTruthy();
  return { authorization: `Bearer ${((await response.json()) as { access: string }).access}` };
}

interface Created {
  id: number;
  numero_rol: string;
}

/** Rols no demo assignment uses, new each time the worker starts the file. */
let rolPendientes = '';
let rolReEncargo = '';

/** Creates a preparado assignment of the demo firm Larraín, Vial y Asociados through the API. */
async function createEncargo(request: APIRequestContext, numeroRol: string, ejecutados: string): Promise<Created> {
  const headers = await adminHeaders(request);
  const estudios = (await (await request.get('/api/v1/estudios/', { headers })).json()) as {
    id: number;
    nombre: string;
    partes_demandantes: { id: number; nombre: string }[];
  }[];
  const estudio = estudios.find((item) => item.nombre === 'Larraín, Vial y Asociados Abogados');
  expect(estudio).toBeDefined();
  const parte = estudio?.partes_demandantes.find((item) => item.nombre === 'Banco de Chile');
  const response = await request.post('/api/v1/nuevo_encargo/crear/', {
    headers,
    data: {
      fecha_encargo: '2024-05-02',
      estudio_juridico: estudio?.id,
      parte_demandante: parte?.id,
      tribunal: 1,
      numero_rol: numeroRol,
      tipo_causa: 1,
      tipo_encargo: 1,
      partes: `Banco de Chile con ${ejecutados}`,
      fecha_retiro: '2024-05-02',
      fecha_demanda: '2024-04-01',
      fecha_resolucion: '2024-04-15',
      cuantia: 1500000,
      rut_ejecutado: '12345678-5',
      ejecutados,
      domicilios: [{ direccion: 'Av. Providencia 1234, depto 501', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true }],
      observaciones_encargo: 'Es urgente',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...((await response.json()) as Created), numero_rol: numeroRol };
}

let original: Created;

test.beforeAll(async ({ request }) => {
  const stamp = String(Date.now()).slice(-7);
  rolPendientes = `P-${stamp}-2024`;
  rolReEncargo = `R-${stamp}-2024`;
  await createEncargo(request, rolPendientes, 'Rodrigo Salinas Vera');
  original = await createEncargo(request, rolReEncargo, 'Paula Contreras Ibáñez');
});

test.describe('Ver Pendientes', () => {
  test('shows the counts, finds an assignment by search and by state', async ({ page }) => {
    await signIn(page, users.admin, '/ver-pendientes');
    await expect(page.getByText('Lista de encargos pendientes, preparados y listos para firmar')).toBeVisible();
    for (const estado of ['pendiente', 'preparado', 'listo_para_estampar', 'estampado']) {
      await expect(page.getByTestId(`total-${estado}`)).toContainText(/\d+/);
    }
    for (const column of ['Rol', 'Estado', 'Tipo de Encargo', 'Ejecutado', 'Estudio Jurídico', 'Tribunal', 'Fecha Encargo', 'Cuantía']) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }

    await page.getByRole('textbox', { name: 'Buscar por rol, ejecutado, RUT, estudio, tribunal o domicilio' }).fill(rolPendientes);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row).toContainText(rolPendientes);
    await expect(row).toContainText('Juicio Ejecutivo');
    await expect(row).toContainText('Preparado');
    await expect(row).toContainText('Rodrigo Salinas Vera');
    await expect(row).toContainText('Larraín, Vial y Asociados Abogados');
    await expect(row).toContainText('1° Juzgado Civil de Santiago');
    await expect(row).toContainText('02/05/2024');
    await expect(row).toContainText('$1.500.000');

    const estado = page.getByRole('combobox', { name: 'Estado', exact: true });
    await estado.click();
    for (const option of ['Todos los estados', 'Preparado', 'Listo para Estampar', 'Estampado']) {
      await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
    }
    await page.getByRole('option', { name: 'Preparado', exact: true }).click();
    await expect(rows.first()).toContainText(rolPendientes);

    await estado.click();
    await page.getByRole('option', { name: 'Estampado', exact: true }).click();
    await expect(page.getByText('No se encontraron encargos', { exact: true })).toBeVisible();
    await expect(page.getByText('Intenta cambiar los filtros de búsqueda', { exact: true })).toBeVisible();

    // The state filter alone lists only that state.
    await page.getByRole('textbox', { name: 'Buscar por rol, ejecutado, RUT, estudio, tribunal o domicilio' }).fill('');
    await expect(rows.first().getByText('Estampado', { exact: true })).toBeVisible();
    const estados = await page.locator('tbody [data-estado]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-estado')));
    expect(new Set(estados)).toEqual(new Set(['estampado']));

    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(rows.first().getByText('Estampado', { exact: true })).toBeVisible();

    // The rol opens the assignment in Re-encargos.
    await page.getByRole('textbox', { name: 'Buscar por rol, ejecutado, RUT, estudio, tribunal o domicilio' }).fill(rolPendientes);
    await estado.click();
    await page.getByRole('option', { name: 'Todos los estados', exact: true }).click();
    await page.getByRole('link', { name: rolPendientes }).click();
    await expect(page).toHaveURL(new RegExp(`/re-encargos\\?rol=${rolPendientes}$`));
    await expect(page.getByTestId('encargo-encontrado')).toContainText(rolPendientes);
  });

  test('pages through the list on the server', async ({ page }) => {
    await signIn(page, users.admin, '/ver-pendientes');
    await expect(page.getByText(/^Mostrando 1–20 de \d+ encargos$/)).toBeVisible();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page.getByText(/^Mostrando 21–\d+ de \d+ encargos$/)).toBeVisible();
  });

  test('shows missing values, unknown states and a load error as the spec says', async ({ page }) => {
    await page.route('**/api/v1/encargos/lista/**', (route) =>
      route.fulfill({
        json: {
          count: 1,
          page: 1,
          page_size: 20,
          totales: { pendiente: 0, preparado: 0, listo_para_estampar: 0, estampado: 0 },
          results: [
            {
              id: 999999,
              numero_rol: 'C-1-2020',
              estado: 'archivado',
              fecha_encargo: 'no-es-fecha',
              cuantia: null,
              ejecutados: '',
              tipo_causa_nombre: '',
              tipo_encargo_nombre: '',
              estudio_nombre: '',
              tribunal_nombre: '',
            },
          ],
        },
      }),
    );
    await signIn(page, users.admin, '/ver-pendientes');
    const row = page.locator('tbody tr').first();
    await expect(row.getByText('archivado', { exact: true })).toBeVisible();
    await expect(row.getByText('Fecha inválida', { exact: true })).toBeVisible();
    await expect(row.getByText('No especificada', { exact: true })).toBeVisible();
    await expect(row.getByText('No especificado', { exact: true })).toHaveCount(5);

    await page.unroute('**/api/v1/encargos/lista/**');
    await page.route('**/api/v1/encargos/lista/**', (route) =>
      route.fulfill({ status: 500, json: { detail: 'Base de datos no disponible' } }),
    );
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(toast(page, 'Error al cargar los encargos: Base de datos no disponible')).toBeVisible();
    await expect(page.getByText('No se encontraron encargos', { exact: true })).toBeVisible();
  });
});

test.describe('Re-encargos', () => {
  test('gives the search messages', async ({ page, request }) => {
    await signIn(page, users.admin, '/re-encargos');
    const search = page.getByRole('textbox', { name: 'Número de rol del encargo original' });
    await expect(search).toHaveAttribute('placeholder', 'C-123-2024');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(toast(page, 'Ingresa un número de rol para buscar')).toBeVisible();

    await search.fill('z-1-1999');
    await search.press('Enter');
    await expect(
      toast(page, 'No se encontró ningún encargo con el rol "Z-1-1999". Verifique que el rol existe y tiene la ficha completada.'),
    ).toBeVisible();

    const headers = await adminHeaders(request);
    const pendientes = (await (
      await request.get('/api/v1/encargos/lista/?estado=pendiente&page_size=100', { headers })
    ).json()) as { results: { numero_rol: string }[] };
    const counts = new Map<string, number>();
    for (const item of pendientes.results) counts.set(item.numero_rol, (counts.get(item.numero_rol) ?? 0) + 1);
    const pendienteRol = [...counts.entries()].find(([, n]) => n === 1)?.[0];
    expect(pendienteRol, 'the demo data holds pendiente assignments with a rol of their own').toBeTruthy();
    await search.fill(pendienteRol as string);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(
      toast(page, `Encargo "${pendienteRol}" encontrado pero en estado "Pendiente". Primero complete la ficha en Menú 2.2 - Completar Ficha.`),
    ).toBeVisible();
    await expect(page.getByTestId('encargo-encontrado')).toHaveCount(0);
  });

  test('needs a loaded assignment before modifying, re-assigning or printing', async ({ page }) => {
    await signIn(page, users.admin, '/re-encargos');
    await page.getByRole('button', { name: 'Modificar Encargo' }).click();
    await expect(toast(page, 'Primero debes buscar y seleccionar un encargo original')).toBeVisible();
    await page.getByRole('button', { name: 'Re-Encargar' }).click();
    await expect(toast(page, 'Primero debes buscar y seleccionar un encargo original').nth(1)).toBeVisible();
    await page.getByRole('button', { name: 'Generar Membrete' }).click({ force: true });
    await expect(toast(page, 'Primero debes buscar y seleccionar un encargo original').nth(2)).toBeVisible();
  });

  test('loads an assignment, modifies it, re-assigns it and then offers both to pick', async ({ page }) => {
    await signIn(page, users.admin, '/re-encargos');
    const search = page.getByRole('textbox', { name: 'Número de rol del encargo original' });
    // Trimmed and upper-cased.
    await search.fill(`  ${rolReEncargo.toLowerCase()} `);
    await search.press('Enter');
    await expect(toast(page, 'Encargo original encontrado y datos cargados')).toBeVisible();
    const found = page.getByTestId('encargo-encontrado');
    await expect(found).toContainText('Encargo encontrado');
    await expect(found).toContainText(rolReEncargo);
    await expect(found).toContainText('ORIGINAL');
    await expect(search).toHaveValue(rolReEncargo);
    await expect(field(page, 'Número de rol')).toHaveValue(rolReEncargo);
    await expect(field(page, 'Ejecutados')).toHaveValue('Paula Contreras Ibáñez');
    await expect(page.getByRole('combobox', { name: 'Estudio jurídico', exact: true })).toHaveValue('Larraín, Vial y Asociados Abogados');
    await expect(page.getByRole('combobox', { name: 'Parte demandante', exact: true })).toHaveValue('Banco de Chile');
    await expect(field(page, 'Fecha de la demanda')).toHaveValue('01/04/2024');
    await expect(field(page, 'Cuantía')).toHaveValue('$ 1.500.000');

    // The membrete of the loaded assignment.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generar Membrete' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`membrete_${rolReEncargo}.pdf`);
    expect((await readFile(await download.path())).subarray(0, 4).toString('latin1')).toBe('%PDF');
    await expect(toast(page, 'Membrete generado exitosamente')).toBeVisible();

    // Modify: the debtor RUT must be valid, the order date is required.
    await field(page, 'RUT del demandado').fill('1234');
    await page.getByRole('button', { name: 'Modificar Encargo' }).click();
    await expect(toast(page, 'RUT inválido')).toBeVisible();
    await field(page, 'RUT del demandado').fill('11.111.111-1');
    await field(page, 'RUT del demandado').blur();
    await expect(field(page, 'RUT del demandado')).toHaveValue('11111111-1');
    await field(page, 'Fecha del encargo').fill('');
    await field(page, 'Fecha del encargo').press('Tab');
    await page.getByRole('button', { name: 'Modificar Encargo' }).click();
    await expect(page.getByText('La fecha del encargo es requerida', { exact: true })).toBeVisible();
    await field(page, 'Fecha del encargo').fill('03/05/2024');
    await field(page, 'Fecha del encargo').press('Tab');
    await field(page, 'Ejecutados').fill('Paula Andrea Contreras Ibáñez');
    await page.getByRole('button', { name: 'Modificar Encargo' }).click();
    await expect(
      toast(page, 'Encargo modificado exitosamente. Los cambios han reemplazado la información anterior.'),
    ).toBeVisible();
    await expect(found).toHaveCount(0);
    await expect(field(page, 'Número de rol')).toHaveValue('');
    await expect(search).toHaveValue('');

    // The stored assignment now holds the new data.
    await search.fill(rolReEncargo);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(field(page, 'Ejecutados')).toHaveValue('Paula Andrea Contreras Ibáñez');
    await expect(field(page, 'RUT del demandado')).toHaveValue('11111111-1');
    await expect(field(page, 'Fecha del encargo')).toHaveValue('03/05/2024');

    // Re-assign: a new assignment linked to the original, which stays.
    await page.getByRole('textbox', { name: 'Observación del re-encargo' }).fill('Nuevo domicilio informado por el cliente');
    await page.getByRole('button', { name: 'Re-Encargar' }).click();
    await expect(toast(page, 'Re-encargo creado exitosamente. El encargo original se mantiene en el sistema.')).toBeVisible();
    await expect(found).toHaveCount(0);

    await search.fill(rolReEncargo);
    await page.getByRole('button', { name: 'Buscar' }).click();
    const modal = page.getByRole('dialog', { name: 'Múltiples Encargos Encontrados' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(`Se encontraron 2 encargos con el rol "${rolReEncargo}". Seleccione uno.`);
    await expect(modal.getByTestId(`encargo-opcion-${original.id}`)).toContainText('ORIGINAL');
    const copy = modal.locator('[data-testid^="encargo-opcion-"]').filter({ hasText: 'RE-ENCARGO' });
    await expect(copy).toHaveCount(1);
    await expect(copy).toContainText('Preparado');
    await expect(copy).toContainText('Paula Andrea Contreras Ibáñez');
    await copy.getByRole('button', { name: 'Seleccionar' }).click();
    await expect(toast(page, 'Encargo cargado')).toBeVisible();
    await expect(found).toContainText('RE-ENCARGO');
    await expect(page.getByRole('textbox', { name: 'Observación del re-encargo' })).toHaveValue('Nuevo domicilio informado por el cliente');

    await page.getByRole('button', { name: 'Limpiar Formulario' }).click();
    await expect(found).toHaveCount(0);
    await expect(field(page, 'Ejecutados')).toHaveValue('');
    await expect(page.getByTestId(/^domicilio-/)).toHaveCount(1);
    await expect(field(page, 'Fecha de retiro')).not.toHaveValue('');
  });

  test('reports server errors of modify and re-assign', async ({ page }) => {
    await signIn(page, users.admin, '/re-encargos');
    const search = page.getByRole('textbox', { name: 'Número de rol del encargo original' });
    await search.fill(rolPendientes);
    await search.press('Enter');
    await expect(page.getByTestId('encargo-encontrado')).toBeVisible();

    await page.route('**/api/v1/encargos/*/modificar_encargo/', (route) =>
      route.fulfill({ status: 400, json: { detail: 'El tribunal seleccionado no existe' } }),
    );
    await page.getByRole('button', { name: 'Modificar Encargo' }).click();
    await expect(toast(page, 'Error: El tribunal seleccionado no existe')).toBeVisible();

    await page.unroute('**/api/v1/encargos/*/modificar_encargo/');
    await page.route('**/api/v1/encargos/*/modificar_encargo/', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Modificar Encargo' }).click();
    await expect(toast(page, 'Error de conexión al modificar el encargo. Por favor, intenta nuevamente.')).toBeVisible();

    await page.route('**/api/v1/encargos/re_encargo/', (route) =>
      route.fulfill({ status: 400, json: { detail: 'No se encontró el encargo original' } }),
    );
    await page.getByRole('button', { name: 'Re-Encargar' }).click();
    await expect(toast(page, 'No se encontró el encargo original')).toBeVisible();
    await page.unroute('**/api/v1/encargos/re_encargo/');
    await page.route('**/api/v1/encargos/re_encargo/', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Re-Encargar' }).click();
    await expect(toast(page, 'Error al crear el re-encargo. Por favor, intenta nuevamente.')).toBeVisible();

    await page.route('**/api/v1/nuevo_encargo/generar_ficha_terreno/', (route) =>
      route.fulfill({ status: 500, json: { detail: 'Plantilla no disponible' } }),
    );
    await page.getByRole('button', { name: 'Generar Ficha Terreno' }).click();
    await expect(toast(page, 'Error al generar la ficha terreno: Plantilla no disponible')).toBeVisible();

    await page.route('**/api/v1/encargos/buscar_por_rol/**', (route) =>
      route.fulfill({ status: 500, json: { detail: 'Servicio no disponible' } }),
    );
    await search.fill(rolPendientes);
    await search.press('Enter');
    await expect(toast(page, 'Error al buscar el encargo: Servicio no disponible')).toBeVisible();
  });

  test("says 'Error cargando datos del sistema' when its lists fail", async ({ page }) => {
    await page.route('**/api/v1/encargos/causas/', (route) => route.fulfill({ status: 500, json: { detail: 'falla' } }));
    await signIn(page, users.admin, '/re-encargos');
    await expect(toast(page, 'Error cargando datos del sistema')).toBeVisible();
  });
});
