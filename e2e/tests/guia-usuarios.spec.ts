import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { repoRoot } from '../support/environment';
import { signIn, toast, users } from '../support/login';

/**
 * The screens of the users' guide (docs/usuarios.md), in the order of a receiver's day, and the data
 * export of Usuarios y Permisos and Sistema Multi-Tenant. With GUIA_CAPTURAS=1 the screenshots are
 * written to docs/img/usuarios/ (as committed); otherwise to this run's output folder.
 */

const GUIA = [
  { file: '01-inicio.png', path: '/', heading: /Flujo de trabajo/i },
  { file: '02-nuevo-encargo.png', path: '/nuevo-encargo', heading: /Nuevo Encargo/i },
  { file: '03-ver-pendientes.png', path: '/ver-pendientes', heading: /Ver Pendientes/i },
  { file: '04-resultados.png', path: '/resultados-dashboard', heading: /^Resultados$/ },
  { file: '05-estampar.png', path: '/diligencias', heading: /Resultados y Estampados/i },
  { file: '06-calendario.png', path: '/calendario', heading: /Calendario/i },
  { file: '07-cobranza.png', path: '/cobranza', heading: /Cobranza/i },
  { file: '08-usuarios-y-permisos.png', path: '/permisos', heading: /Usuarios y Permisos/i },
] as const;

const capturas = process.env.GUIA_CAPTURAS === '1';

async function settled(page: Page) {
  // Every list and panel has answered: no loader left on the screen.
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
}

/** The names of a ZIP's entries, read from its central directory (each header: PK\x01\x02). */
function zipEntries(zip: Buffer): string[] {
  const names: string[] = [];
  for (let at = zip.indexOf('PK\u0001\u0002'); at >= 0; at = zip.indexOf('PK\u0001\u0002', at + 4)) {
    const length = zip.readUInt16LE(at + 28);
    names.push(zip.toString('utf8', at + 46, at + 46 + length));
  }
  return names;
}

test.describe('Guía de usuarios', () => {
  test.use({ viewport: { width: 1200, height: 760 } });

  test('each screen of the day opens, settled, and is captured for docs/usuarios.md', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const folder = capturas ? path.join(repoRoot, 'docs/img/usuarios') : testInfo.outputPath('usuarios');
    mkdirSync(folder, { recursive: true });
    await signIn(page, users.admin, '/');
    for (const screen of GUIA) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { name: screen.heading }).first()).toBeVisible();
      await settled(page);
      await page.screenshot({ path: path.join(folder, screen.file) });
    }
  });

  test('Usuarios y Permisos downloads every piece of the receiver’s data as one ZIP', async ({ page }) => {
    await signIn(page, users.admin, '/permisos');
    const card = page.getByTestId('exportar-datos');
    await expect(card.getByRole('heading', { name: 'Exportar todos los datos' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Descargar ZIP' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^receptoria_.+_\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await readFile(await download.path());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zipEntries(zip)).toEqual(expect.arrayContaining(['encargos.xlsx', 'diligencias.xlsx', 'estudios.xlsx', 'auditoria.xlsx']));
    await expect(toast(page, /Exportación descargada/)).toBeVisible();
    // The button is back once the ZIP has arrived.
    await expect(card.getByRole('button', { name: 'Descargar ZIP' })).toBeEnabled();
  });

  test('Sistema Multi-Tenant exports one receiver’s data for the platform admin', async ({ page }) => {
    await signIn(page, users.admin, '/onboarding');
    const button = page.getByRole('button', { name: /^Exportar datos de / }).first();
    await expect(button).toBeVisible();
    const downloading = page.waitForEvent('download');
    await button.click();
    const download = await downloading;
    const zip = await readFile(await download.path());
    expect(zipEntries(zip)).toEqual(expect.arrayContaining(['encargos.xlsx', 'auditoria.xlsx']));
    await expect(toast(page, /Exportación descargada/)).toBeVisible();
  });
});
