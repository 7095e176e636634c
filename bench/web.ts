/**
 * Web first-load benchmark: the built web app served by the API on loopback, real headless Chromium.
 * Prints the JavaScript loaded for /login and for the dashboard (bytes on the wire, and gzip -9 sizes
 * against the budgets), and the login → dashboard times.
 *
 *   pnpm --filter @receptoria/bench bench:web
 *
 * Settings (env): BENCH_WEB_DIST (a built web app; default: built now into a temporary folder),
 * BENCH_DATABASE_URL, CHROMIUM_PATH (/usr/bin/chromium), BENCH_WEB_PORT (3919).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { dropDatabase, withDatabaseName } from '@receptoria/db';
import pg from 'pg';
import { ADMIN_PASSWORD, log, machineLine, printTable, repoRoot, type Row, SERVER, startApi } from './support';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3919);

interface PlaywrightLike {
  chromium: {
    launch(options: { executablePath: string; args: string[]; headless: boolean }): Promise<BrowserLike>;
  };
}
interface BrowserLike {
  newContext(options: Record<string, unknown>): Promise<{ newPage(): Promise<PageLike> }>;
  close(): Promise<void>;
}
interface ResponseLike {
  url(): string;
  request(): { sizes(): Promise<{ responseBodySize: number; responseHeadersSize: number }> };
  headers(): Record<string, string>;
}
interface LocatorLike {
  fill(value: string): Promise<void>;
  click(): Promise<void>;
  waitFor(options: { state: 'visible'; timeout: number }): Promise<void>;
}
interface PageLike {
  on(event: 'response', listener: (response: ResponseLike) => void): void;
  goto(url: string): Promise<unknown>;
  getByLabel(text: string, options?: { exact: boolean }): LocatorLike;
  getByRole(role: string, options: { name: string }): LocatorLike;
  getByTestId(id: string): LocatorLike;
  waitForLoadState(state: 'networkidle'): Promise<void>;
}

function loadPlaywright(): PlaywrightLike {
  const require = createRequire(path.join(repoRoot, 'e2e/package.json'));
  return require('@playwright/test') as PlaywrightLike;
}

function buildWeb(): string {
  const outDir = path.join(os.tmpdir(), `receptoria-bench-web-${process.pid}`);
  log(`building the web app into ${outDir}…`);
  execFileSync('pnpm', ['exec', 'vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.join(repoRoot, 'apps/web'),
    stdio: 'inherit',
  });
  return outDir;
}

interface Loaded {
  url: string;
  wire: number;
  gzip: number;
}

export async function runWebBench(): Promise<Row[]> {
  const webDist = process.env.BENCH_WEB_DIST ?? buildWeb();
  const controlName = `receptoria_benchweb_${Date.now().toString(36)}`;
  const controlUrl = withDatabaseName(SERVER, controlName);
  const api = await startApi({ DATABASE_URL: controlUrl, ADMIN_PASSWORD, SEED_DEMO: '1', WEB_DIST: webDist }, PORT);
  const browser = await loadPlaywright().chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await (await browser.newContext({ locale: 'es-CL', viewport: { width: 1366, height: 860 } })).newPage();
    const loaded: Loaded[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith('.js')) return;
      pending.push(
        (async () => {
          const sizes = await response.request().sizes();
          const file = path.join(webDist, url.pathname);
          loaded.push({ url: url.pathname, wire: sizes.responseBodySize, gzip: gzipSync(readFileSync(file), { level: 9 }).length });
        })(),
      );
    });
    const sum = (list: Loaded[], key: 'wire' | 'gzip') => list.reduce((total, item) => total + item[key], 0);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

    const t0 = performance.now();
    await page.goto(`http://127.0.0.1:${PORT}/login`);
    await page.getByRole('button', { name: 'Acceder' }).waitFor({ state: 'visible', timeout: 60_000 });
    const loginReady = performance.now() - t0;
    await Promise.all(pending);
    const loginJs = [...loaded];

    const t1 = performance.now();
    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Acceder' }).click();
    await page.getByTestId('dashboard-greeting').waitFor({ state: 'visible', timeout: 60_000 });
    const dashboardReady = performance.now() - t1;
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    // The login page prefetches the dashboard's chunks while idle: count everything up to the dashboard.
    const dashboardJs = [...loaded];

    const largest = [...loginJs].sort((a, b) => b.gzip - a.gzip)[0]?.url ?? '/';
    const assets = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${PORT}${largest}`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
          res.resume();
          resolve(res);
        })
        .on('error', reject);
    });
    const cache = String(assets.headers['cache-control'] ?? '');
    const encoding = String(assets.headers['content-encoding'] ?? 'none');
    const mapStatus = (await fetch(`http://127.0.0.1:${PORT}${largest}.map`)).status;

    return [
      {
        group: 'web',
        name: '/login: JavaScript before interactive',
        value: `${kb(sum(loginJs, 'gzip'))} gzip (${kb(sum(loginJs, 'wire'))} on the wire, ${loginJs.length} files)`,
        target: '≤ 150 KB gzip',
      },
      { group: 'web', name: '/login: load → form ready', value: `${loginReady.toFixed(0)} ms` },
      {
        group: 'web',
        name: 'dashboard: JavaScript loaded in total',
        value: `${kb(sum(dashboardJs, 'gzip'))} gzip (${kb(sum(dashboardJs, 'wire'))} on the wire, ${dashboardJs.length} files)`,
        target: '≤ 220 KB gzip',
      },
      { group: 'web', name: 'login submit → dashboard shown', value: `${dashboardReady.toFixed(0)} ms` },
      {
        group: 'web',
        name: 'hashed asset headers',
        value: `content-encoding ${encoding}; cache-control "${cache}"; .map → HTTP ${mapStatus}`,
      },
    ];
  } finally {
    await browser.close();
    await api.stop();
    const admin = new pg.Client({ connectionString: SERVER });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1 || '%'", [controlName]);
    await admin.end();
    for (const row of rows) await dropDatabase({ kind: 'postgres', url: withDatabaseName(SERVER, row.datname) });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await runWebBench();
  printTable(`Receptoría — web first load. Machine: ${machineLine()}`, rows);
}
