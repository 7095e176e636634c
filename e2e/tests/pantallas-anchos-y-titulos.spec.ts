import { expect, type Page, test } from '@playwright/test';
import { paths } from '../../apps/web/src/config/paths';
import { signIn, signOut, users } from '../support/login';

// Every screen of the route table, at phone and tablet widths: 'Salir' in reach, no page-level
// horizontal scroll, the screen's heading in view, the browser tab naming the screen.

interface Screen {
  address: string;
  heading: string | RegExp;
  title: string;
}

/** One entry per route of apps/web/src/config/paths.ts; the test below fails when a route is missing. */
const SCREENS: Record<keyof typeof paths, Screen | null> = {
  login: null, // outside the signed-in layout: auth.spec.ts covers it
  home: { address: paths.home, heading: /^(Buenos días|Buenas tardes|Buenas noches), /, title: 'Inicio' },
  nuevoEncargo: { address: paths.nuevoEncargo, heading: 'Nuevo Encargo', title: 'Nuevo Encargo' },
  importarEncargos: { address: paths.importarEncargos, heading: 'Importar encargos', title: 'Importar encargos' },
  verPendientes: { address: paths.verPendientes, heading: 'Ver Pendientes', title: 'Ver Pendientes' },
  reEncargos: { address: paths.reEncargos, heading: 'Re-encargos', title: 'Re-encargos' },
  administrarEstudios: { address: paths.administrarEstudios, heading: 'Administrar Estudios', title: 'Administrar Estudios' },
  registrarEstudio: { address: paths.registrarEstudio, heading: 'Registrar Estudio', title: 'Registrar Estudio' },
  configuracionesEstudio: { address: paths.configuracionesEstudio, heading: 'Configuraciones Estudio', title: 'Configuraciones Estudio' },
  cobranza: { address: paths.cobranza, heading: 'Cobranza', title: 'Cobranza' },
  // /informes leads to Estadísticas e Informes.
  informes: { address: paths.informes, heading: 'Estadísticas e Informes', title: 'Estadísticas e Informes' },
  diligencias: { address: paths.diligencias, heading: 'Resultados y Estampados', title: 'Resultados y Estampados' },
  generarEstampado: { address: paths.generarEstampado, heading: 'Resultados y Estampados', title: 'Resultados y Estampados' },
  estampar: { address: paths.estampar, heading: 'Generar Estampado', title: 'Generar Estampado' },
  rutas: { address: paths.rutas, heading: 'Generar Rutas', title: 'Generar Rutas' },
  plantillas: { address: paths.plantillas, heading: 'Gestión de Plantillas', title: 'Gestión de Plantillas' },
  resultadosDashboard: { address: paths.resultadosDashboard, heading: 'Resultados', title: 'Resultados' },
  estadisticas: { address: paths.estadisticas, heading: 'Estadísticas e Informes', title: 'Estadísticas e Informes' },
  permisos: { address: paths.permisos, heading: 'Usuarios y Permisos', title: 'Usuarios y Permisos' },
  onboarding: { address: paths.onboarding, heading: 'Sistema Multi-Tenant', title: 'Sistema Multi-Tenant' },
  carpetas: { address: paths.carpetas, heading: 'Carpetas', title: 'Carpetas' },
  terreno: { address: paths.terreno, heading: 'Terreno', title: 'Terreno' },
  configuracionReceptor: { address: paths.configuracionReceptor, heading: 'Mis datos de receptor', title: 'Mis datos de receptor' },
  calendario: { address: paths.calendario, heading: 'Calendario', title: 'Calendario' },
  calendarioFeriados: { address: paths.calendarioFeriados, heading: 'Feriados y plazos', title: 'Feriados y plazos' },
  perfil: { address: paths.perfil, heading: 'Mi perfil', title: 'Mi perfil' },
  porFirmar: { address: paths.porFirmar, heading: 'Por firmar', title: 'Por firmar' },
  verificar: null, // public, outside the signed-in layout: firma.spec.ts opens it
  dashboardDetalle: { address: '/dashboard/detalle/encargos-activos', heading: 'Encargos Activos', title: 'Detalle del Dashboard' },
  solicitudes: { address: paths.solicitudes, heading: 'Solicitudes', title: 'Solicitudes' },
  correoSaliente: { address: paths.correoSaliente, heading: 'Correo saliente', title: 'Correo saliente' },
  solicitud: null, // needs a request a firm sent: portal.spec.ts opens one
  // The law-firm portal: its own app and session, outside the signed-in layout (portal.spec.ts covers it at 390 px).
  portal: null,
  portalLogin: null,
  portalActivar: null,
  portalEncargos: null,
  portalEncargo: null,
  portalNuevaSolicitud: null,
  portalEnviarPlanilla: null,
  portalDocumentos: null,
  portalCuenta: null,
  portalPreferencias: null,
};

const screens = Object.values(SCREENS).filter((screen): screen is Screen => screen !== null);

/** 'Salir' in view and inside the window; opens the top bar's menu first when it hides it. */
async function expectSalirReachable(page: Page, width: number) {
  const salir = page.getByRole('button', { name: 'Salir' });
  if (!(await salir.isVisible())) {
    await page.getByRole('button', { name: /menú/i }).click();
  }
  await expect(salir).toBeInViewport();
  const box = await salir.boundingBox();
  expect(box, "'Salir' has a box").not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
}

test('the route table and this spec list the same screens', () => {
  expect(Object.keys(SCREENS).sort()).toEqual(Object.keys(paths).sort());
});

for (const width of [390, 768]) {
  test(`at ${width} px every screen is usable: 'Salir' reachable, no sideways scroll, heading in view, tab named`, async ({ page }) => {
    test.setTimeout(360_000);
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, users.admin, '/', 45_000);
    for (const screen of screens) {
      await test.step(screen.address, async () => {
        await page.goto(screen.address);
        await expect(page.getByRole('main').getByRole('heading', { name: screen.heading }).first()).toBeInViewport({ timeout: 45_000 });
        await expect(page).toHaveTitle(`${screen.title} · Receptoría`);
        // Let the screen's data arrive before measuring it.
        await page.waitForLoadState('networkidle');
        await expectSalirReachable(page, width);
        const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
        expect(overflow, `${screen.address} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(1);
        // Badges (states, flags) are never cut short with '…'.
        const cut = await page.evaluate(() =>
          Array.from(document.querySelectorAll('.mantine-Badge-label'))
            .filter((label) => label.scrollWidth > label.clientWidth + 1)
            .map((label) => label.textContent),
        );
        expect(cut, `${screen.address}: badges cut short`).toEqual([]);
      });
    }
    await signOut(page);
  });
}

test('an address no screen answers names itself in the tab', async ({ page }) => {
  await signIn(page, users.admin, '/no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page).toHaveTitle('Página no encontrada · Receptoría');
  await page.goto('/diligencias/no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page).toHaveTitle('Página no encontrada · Receptoría');
});
