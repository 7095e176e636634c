import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signIn, users } from '../support/login';

const ESTADOS = ['preparado', 'listo_para_estampar', 'estampado'] as const;
type Estado = (typeof ESTADOS)[number];

interface Estadisticas {
  flujo_trabajo: Record<Estado, { valor: number }>;
}

async function adminHeaders(request: APIRequestContext) {
  const response = await request.post('/api/v1/auth/login/', { data: users.admin });
  expect(response.ok()).toBeTruthy();
  return { authorization: `Bearer ${((await response.json()) as { access: string }).access}` };
}

async function readFlujo(request: APIRequestContext): Promise<Record<Estado, number>> {
  const response = await request.get('/api/v1/dashboard/estadisticas/', { headers: await adminHeaders(request) });
  expect(response.ok()).toBeTruthy();
  const { flujo_trabajo: flujo } = ((await response.json()) as { estadisticas: Estadisticas }).estadisticas;
  return { preparado: flujo.preparado.valor, listo_para_estampar: flujo.listo_para_estampar.valor, estampado: flujo.estampado.valor };
}

/** Chilean thousands separator, as the bubbles show counts. */
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

const bubble = (page: Page, estado: Estado) => page.getByTestId(`flujo-${estado}-valor`);
const indicador = (page: Page, codigo: 'uf' | 'ipc' | 'dolar') => page.getByTestId(`indicador-${codigo}-valor`);

async function expectDefaultIndicators(page: Page, notice: RegExp) {
  const widget = page.getByTestId('indicadores-widget');
  await expect(widget.getByText('Indicadores económicos')).toBeVisible();
  await expect(page.getByTestId('indicadores-aviso')).toHaveText(notice);
  await expect(indicador(page, 'uf')).toHaveText('$39.200');
  await expect(indicador(page, 'ipc')).toHaveText('0,3%');
  await expect(indicador(page, 'dolar')).toHaveText('$950,0');
  for (const label of ['UF', 'IPC', 'Dólar']) await expect(widget.getByText(label, { exact: true })).toBeVisible();
}

test.describe('dashboard indicators', () => {
  test('without internet the API answers its fallback and the widget shows the defaults labelled as such', async ({
    page,
    request,
  }) => {
    const response = await request.get('/api/v1/indicadores-economicos/', { headers: await adminHeaders(request) });
    expect(response.ok()).toBeTruthy();
    const body = (await response.json()) as { success: boolean; fuente: string; indicadores: Record<string, { valor: number }> };
    expect(body.success).toBe(false);
    expect(body.fuente).toBe('defecto');
    expect(body.indicadores.uf?.valor).toBe(39200);

    await signIn(page, users.sinPermisos);
    await expectDefaultIndicators(page, /^(Datos de respaldo|Error de conexión)$/);
    await expect(page.getByTestId('indicadores-aviso')).toHaveText('Datos de respaldo');
  });

  test("a request that fails shows the defaults labelled 'Error de conexión'", async ({ page }) => {
    await page.route('**/api/v1/indicadores-economicos/', (route) => route.abort('connectionrefused'));
    await signIn(page, users.sinPermisos);
    await expectDefaultIndicators(page, /^Error de conexión$/);
  });
});

test.describe('dashboard workflow bubbles', () => {
  test('show the receiver’s counts per state', async ({ page, request }) => {
    const flujo = await readFlujo(request);
    expect(flujo.preparado + flujo.listo_para_estampar + flujo.estampado).toBeGreaterThan(0);
    await signIn(page, users.admin);
    for (const estado of ESTADOS) await expect(bubble(page, estado)).toHaveText(thousands(flujo[estado]));
    const widget = page.getByTestId('flujo-widget');
    for (const label of ['Preparados', 'Listos para estampar', 'Estampados']) {
      await expect(widget.getByText(label, { exact: true })).toBeVisible();
    }
  });

  test('pick up a new assignment within seconds, without reloading', async ({ page, request }) => {
    await signIn(page, users.admin);
    const before = await readFlujo(request);
    await expect(bubble(page, 'preparado')).toHaveText(thousands(before.preparado));

    const headers = await adminHeaders(request);
    const estudios = (await (await request.get('/api/v1/estudios/', { headers })).json()) as {
      id: number;
      partes_demandantes: { id: number }[];
    }[];
    const estudio = estudios.find((item) => item.partes_demandantes.length > 0);
    expect(estudio).toBeDefined();
    const created = await request.post('/api/v1/nuevo_encargo/crear/', {
      headers,
      data: {
        fecha_encargo: '2025-03-03',
        estudio_juridico: estudio!.id,
        parte_demandante: estudio!.partes_demandantes[0]!.id,
        tribunal: 1,
        numero_rol: `D-${String(Date.now()).slice(-6)}-2025`,
        tipo_causa: 1,
        tipo_encargo: 1,
        partes: 'Banco Estado con Ignacio Fuentes Rojas',
        fecha_retiro: '2025-03-03',
        fecha_demanda: '2025-01-10',
        fecha_resolucion: '2025-02-05',
        cuantia: 2350000,
        rut_ejecutado: '15432876-9',
        ejecutados: 'Ignacio Fuentes Rojas',
        domicilios: [{ direccion: 'Los Carrera 845', comuna: 'Maipú', ciudad: 'Santiago', es_principal: true }],
        observaciones_encargo: 'Es urgente',
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The bubbles refresh every 5 seconds.
    await expect(bubble(page, 'preparado')).toHaveText(thousands(before.preparado + 1), { timeout: 7_000 });
    expect((await readFlujo(request)).preparado).toBe(before.preparado + 1);
  });

  test('show 1 for each state when the statistics request fails', async ({ page }) => {
    await page.route('**/api/v1/dashboard/estadisticas/', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Error interno"}' }),
    );
    await signIn(page, users.admin);
    for (const estado of ESTADOS) await expect(bubble(page, estado)).toHaveText('1');
  });
});
