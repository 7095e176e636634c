import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { signIn, toast, users } from '../support/login';
import { withMainTenant } from '../support/tenant-sql';

// Eight people share two cores while these run: server answers get a generous wait.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 390, height: 844 } });

async function adminHeaders(request: APIRequestContext) {
  const response = await request.post('/api/v1/auth/login/', { data: users.admin });
  expect(response.ok()).toBeTruthy();
  return { authorization: `Bearer ${((await response.json()) as { access: string }).access}` };
}

/** The element's box lies inside the 390 px wide window, without scrolling. */
async function inView(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  expect(box).not.toBeNull();
  const { width, height } = page.viewportSize()!;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
  return box!;
}

test.describe('Phone (390 px): top bar, menu and toasts', () => {
  test('the top bar shows the product and the user; the menu reaches Cobranza without scrolling; toasts stay below the bar', async ({ page }) => {
    await signIn(page, users.admin, '/', 30_000);
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    const banner = page.getByRole('banner');
    const bar = await inView(page, banner);

    await expect(banner.getByTestId('top-bar-product')).toHaveText('Receptoría');
    await expect(banner.getByTestId('top-bar-product')).toBeVisible();
    await inView(page, banner.getByTestId('top-bar-product'));
    await expect(banner.getByTestId('top-bar-username')).toHaveText('admin');
    await expect(banner.getByTestId('top-bar-username')).toBeVisible();
    await inView(page, banner.getByTestId('top-bar-username'));
    await inView(page, banner.getByRole('button', { name: 'Salir' }));

    // Every icon button on the screen is a target of at least 24×24 px.
    const sizes = await page.locator('.mantine-ActionIcon-root:visible').evaluateAll((nodes) =>
      nodes.map((node) => {
        const rect = node.getBoundingClientRect();
        return { label: node.getAttribute('aria-label'), width: rect.width, height: rect.height };
      }),
    );
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) {
      expect(size.width, String(size.label)).toBeGreaterThanOrEqual(24);
      expect(size.height, String(size.label)).toBeGreaterThanOrEqual(24);
    }

    // The module screens open the menu, in view without scrolling the dashboard.
    await banner.getByRole('button', { name: 'Accesos directos' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    for (const label of ['Nuevo Encargo', 'Resultados y Estampados', 'Cobranza']) {
      await inView(page, menu.getByRole('menuitem', { name: label }));
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await menu.getByRole('menuitem', { name: 'Cobranza' }).click();
    await expect(page).toHaveURL(/\/cobranza$/);
    await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toHaveCount(0);

    // A toast shows below the top bar, never over it.
    await page.goto('/plantillas');
    await page.getByRole('textbox', { name: 'Nombre de la plantilla' }).fill('movil');
    await page.getByRole('button', { name: 'Crear Plantilla' }).click();
    const aviso = toast(page, 'Debes seleccionar un tipo de estampado');
    await expect(aviso).toBeVisible();
    const box = await aviso.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await inView(page, banner.getByRole('button', { name: 'Salir' }));
  });
});

test.describe('Phone (390 px): dashboard', () => {
  test('shows the firms count and the Cierre del día with today’s certificate, its fee and the PDF', async ({ page }) => {
    const rol = `C-${Math.floor(Math.random() * 90000) + 10000}-2026`;
    const sinResultado = `C-${Math.floor(Math.random() * 90000) + 10000}-2025`;
    await withMainTenant(async (db) => {
      const { rows } = await db.query<{ id: number }>('select id from estudios order by id limit 1');
      const estudio = rows[0]!.id;
      const encargo = await db.query<{ id: number }>(
        `insert into encargos (numero_rol, estado, fecha_encargo, estudio_id) values ($1, 'estampado', current_date, $2) returning id`,
        [rol, estudio],
      );
      const id = encargo.rows[0]!.id;
      await db.query(
        `insert into diligencias (encargo_id, tipo_estampado_id, fecha_diligencia, apuntes_terreno, valor_cobrado, valor_final)
         values ($1, (select id from tipos_estampado where codigo = 'busqueda_positiva'), now(), 'conserje', 47000, 47000)`,
        [id],
      );
      await db.query(
        `insert into estampados (encargo_id, numero_rol, tipo_estampado_id, titulo, creado_por)
         values ($1, $2, (select id from tipos_estampado where codigo = 'busqueda_positiva'), $3, 'admin')`,
        [id, rol, `Estampado Búsqueda positiva - ${rol}`],
      );
      await db.query(`insert into encargos (numero_rol, estado, fecha_encargo, estudio_id) values ($1, 'preparado', current_date, $2)`, [
        sinResultado,
        estudio,
      ]);
    });
    const headers = await adminHeaders(page.request);
    const stats = await page.request.get('/api/v1/dashboard/estadisticas/', { headers });
    const estudios = ((await stats.json()) as { estadisticas: { estudios_registrados: { valor: number } } }).estadisticas.estudios_registrados.valor;
    expect(estudios).toBeGreaterThan(0);

    await signIn(page, users.admin, '/', 30_000);
    await expect(page.getByTestId('detalle-link-estudios-registrados')).toContainText(`Estudios Registrados${estudios.toLocaleString('es-CL')}`);

    const panel = page.getByTestId('cierre-dia');
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.getByRole('heading', { name: 'Cierre del día' })).toBeVisible();
    await expect(panel.getByTestId('cierre-fecha')).toHaveText(/^Hoy, \d{2}\/\d{2}\/\d{4}$/);
    const certificados = panel.getByTestId('cierre-lista-certificados');
    const fila = certificados.locator('div').filter({ hasText: rol }).last();
    await expect(fila).toContainText('$47.000');
    await expect(fila).toContainText('Facturable');
    await expect(panel.getByTestId('cierre-lista-sin-resultados')).toContainText(sinResultado);
    await expect(panel).toContainText('sin diligencia registrada');
    // The panel fits the phone's width.
    const box = await panel.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    const downloadPromise = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Descargar PDF' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^cierre-dia-\d{4}-\d{2}-\d{2}\.pdf$/);
    const parser = new PDFParse({ data: new Uint8Array(await readFile(await download.path())) });
    try {
      const text = (await parser.getText()).text;
      expect(text).toContain('CIERRE DEL DÍA');
      expect(text).toContain(rol);
      expect(text).toContain('$47.000');
      expect(text).toContain(sinResultado);
    } finally {
      await parser.destroy();
    }
  });
});
