/**
 * Web first-load benchmark: the built web app served by the API on loopback, real headless Chromium.
 * Prints, against the budgets (goal 6 of the performance issue):
 *   - /login: the JavaScript the page started to fetch before its form was rendered (the moment is
 *     noted in the page itself; what the idle browser fetches afterwards — the dashboard, the toast
 *     area — is not part of it);
 *   - the dashboard reached by signing in: all JavaScript from opening /login until the dashboard is
 *     shown and the network is idle (login's own included);
 *   - the dashboard opened directly by a signed-in user with an empty cache;
 * each as gzip on the wire (the .gz the server sends to a gzip client; gzip -9 for the few files too
 * small to have one) and as the bytes Chromium actually received (brotli); then /login → form ready,
 * the sign-in click → dashboard shown, the law-firm portal's first render (its JavaScript), /terreno's first
 * contentful paint on a throttled link (400 kbit/s, 400 ms RTT) and reopened offline from its service
 * worker, and the headers of a hashed asset.
 *
 *   pnpm --filter @receptoria/bench bench:web
 *
 * Settings (env): BENCH_WEB_DIST (a built web app; default: built now into a temporary folder),
 * BENCH_DATABASE_URL, CHROMIUM_PATH (/usr/bin/chromium), BENCH_WEB_PORT (3919).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
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
  newContext(options: Record<string, unknown>): Promise<ContextLike>;
  close(): Promise<void>;
}
interface ContextLike {
  newPage(): Promise<PageLike>;
  storageState(): Promise<unknown>;
  setOffline(offline: boolean): Promise<void>;
  newCDPSession(page: PageLike): Promise<{ send(method: string, params?: Record<string, unknown>): Promise<unknown> }>;
  close(): Promise<void>;
}
interface RequestLike {
  url(): string;
  sizes(): Promise<{ responseBodySize: number; responseHeadersSize: number }>;
}
interface ResponseLike {
  url(): string;
  request(): RequestLike;
}
interface LocatorLike {
  fill(value: string): Promise<void>;
  click(): Promise<void>;
  waitFor(options: { state: 'visible'; timeout: number }): Promise<void>;
}
interface PageLike {
  addInitScript(script: string): Promise<void>;
  evaluate<T>(expression: string): Promise<T>;
  on(event: 'request', listener: (request: RequestLike) => void): void;
  on(event: 'response', listener: (response: ResponseLike) => void): void;
  goto(url: string, options?: { waitUntil?: 'load' | 'commit' | 'networkidle'; timeout?: number }): Promise<unknown>;
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
  /** The step of the visit during which the browser asked for the file. */
  phase: string;
  /** Bytes Chromium received (it asks for brotli). */
  wire: number;
  /** Bytes a gzip-only client receives: the .gz written at build time, else gzip -9 of the file. */
  gzip: number;
}

function gzipBytes(webDist: string, pathname: string): number {
  const file = path.join(webDist, pathname);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Records every JavaScript file a page loads, with the step of the visit that asked for it. */
function recordScripts(page: PageLike, webDist: string) {
  let phase = 'start';
  const phaseOf = new WeakMap<RequestLike, string>();
  const loading: Promise<Loaded>[] = [];
  page.on('request', (request) => phaseOf.set(request, phase));
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.endsWith('.js')) return;
    const request = response.request();
    const askedIn = phaseOf.get(request) ?? phase;
    loading.push(
      request.sizes().then((sizes) => ({ url: pathname, phase: askedIn, wire: sizes.responseBodySize, gzip: gzipBytes(webDist, pathname) })),
    );
  });
  return {
    /** Files asked for from now on belong to `next`. */
    enter(next: string) {
      phase = next;
    },
    async loaded(...phases: string[]): Promise<Loaded[]> {
      const all = await Promise.all(loading);
      return all.filter((item) => phases.includes(item.phase));
    },
  };
}

/**
 * Runs in the page before its own scripts: notes the moment (performance.now()) the sign-in button is
 * first in the document — the login form rendered — so what was asked for before it can be told
 * exactly, whatever Playwright's polling adds.
 */
const FORM_READY_PROBE = formReadyProbe('Acceder');

/** The same probe for a sign-in button with another label (the portal's says 'Ingresar'). */
function formReadyProbe(label: string): string {
  return `
  new MutationObserver((_changes, observer) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === ${JSON.stringify(label)});
    if (!button) return;
    window.__formReadyAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
`;
}

/** Paths of the scripts the page started to fetch before its login form was rendered (Resource Timing). */
const SCRIPTS_BEFORE_FORM = `
  performance.getEntriesByType('resource')
    .filter((entry) => entry.startTime <= window.__formReadyAt && new URL(entry.name).pathname.endsWith('.js'))
    .map((entry) => new URL(entry.name).pathname)
`;

/** The page's first contentful paint, ms after its navigation started. */
const FIRST_CONTENTFUL_PAINT = `performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1`;
const FIRST_PAINT_SEEN = `performance.getEntriesByName('first-contentful-paint').length > 0`;
/** The page is served by the field mode's service worker. */
const SERVICE_WORKER_CONTROLS = `Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)`;

/** Polls an expression in the page until it is true (the app's CSP forbids Playwright's waitForFunction). */
async function waitUntil(page: PageLike, expression: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate<boolean>(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** performance.now() once /terreno's own screen is in the page, else -1. */
const TERRENO_SHOWN = `document.querySelector('[data-testid="terreno-screen"]') ? performance.now() : -1`;

/** Polls (every 50 ms) an expression that answers a time once something is shown, through the navigation. */
async function whenShown(page: PageLike, expression: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // While the page navigates, its old document is gone: try again.
    const at = await page.evaluate<number>(expression).catch(() => -1);
    if (at >= 0) return at;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (list: Loaded[], key: 'wire' | 'gzip') => list.reduce((total, item) => total + item[key], 0);
const describe = (list: Loaded[]) =>
  `${kb(sum(list, 'gzip'))} gzip (${kb(sum(list, 'wire'))} brotli on the wire, ${list.length} files)`;

function logFiles(title: string, list: Loaded[]) {
  log(`${title}: ${describe(list)}`);
  for (const item of [...list].sort((a, b) => b.gzip - a.gzip)) log(`  ${kb(item.gzip).padStart(9)}  ${item.url}`);
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const CONTEXT = { locale: 'es-CL', viewport: { width: 1366, height: 860 } };

export async function runWebBench(): Promise<Row[]> {
  const webDist = process.env.BENCH_WEB_DIST ?? buildWeb();
  const controlName = `receptoria_benchweb_${Date.now().toString(36)}`;
  const controlUrl = withDatabaseName(SERVER, controlName);
  const api = await startApi({ DATABASE_URL: controlUrl, ADMIN_PASSWORD, SEED_DEMO: '1', WEB_DIST: webDist }, PORT);
  const browser = await loadPlaywright().chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const origin = `http://127.0.0.1:${PORT}`;
  try {
    // 1. A first visit: /login, then signing in.
    const context = await browser.newContext(CONTEXT);
    const page = await context.newPage();
    const scripts = recordScripts(page, webDist);
    await page.addInitScript(FORM_READY_PROBE);
    scripts.enter('login');
    const t0 = performance.now();
    await page.goto(`${origin}/login`);
    await page.getByRole('button', { name: 'Acceder' }).waitFor({ state: 'visible', timeout: 60_000 });
    const loginReady = performance.now() - t0;
    scripts.enter('after login form');
    // What the browser asked for once the form was there (the dashboard and the toast area, fetched
    // while idle) is not /login's.
    const beforeForm = new Set(await page.evaluate<string[]>(SCRIPTS_BEFORE_FORM));
    const loginJs = (await scripts.loaded('login')).filter((item) => beforeForm.has(item.url));

    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
    const t1 = performance.now();
    await page.getByRole('button', { name: 'Acceder' }).click();
    await page.getByTestId('dashboard-greeting').waitFor({ state: 'visible', timeout: 60_000 });
    const dashboardReady = performance.now() - t1;
    await page.waitForLoadState('networkidle');
    const signedInJs = await scripts.loaded('login', 'after login form');
    const session = await context.storageState();
    await context.close();

    // 2. A signed-in user opening the dashboard with an empty cache.
    const returning = await browser.newContext({ ...CONTEXT, storageState: session });
    const again = await returning.newPage();
    const direct = recordScripts(again, webDist);
    direct.enter('dashboard');
    const t2 = performance.now();
    await again.goto(`${origin}/`);
    await again.getByTestId('dashboard-greeting').waitFor({ state: 'visible', timeout: 60_000 });
    const directReady = performance.now() - t2;
    await again.waitForLoadState('networkidle');
    const directJs = await direct.loaded('dashboard');
    await returning.close();

    // 3. The law-firm portal's first render (its sign-in form), empty cache, not signed in: the JavaScript asked
    // for before the form was rendered, as for /login (what the idle page fetches afterwards is not counted).
    const portalContext = await browser.newContext(CONTEXT);
    const portalPage = await portalContext.newPage();
    const portalScripts = recordScripts(portalPage, webDist);
    await portalPage.addInitScript(formReadyProbe('Ingresar'));
    portalScripts.enter('portal');
    await portalPage.goto(`${origin}/portal`);
    await portalPage.getByRole('button', { name: 'Ingresar' }).waitFor({ state: 'visible', timeout: 60_000 });
    await portalPage.waitForLoadState('networkidle');
    const portalBeforeForm = new Set(await portalPage.evaluate<string[]>(SCRIPTS_BEFORE_FORM));
    const portalAll = await portalScripts.loaded('portal');
    const portalJs = portalAll.filter((item) => portalBeforeForm.has(item.url));
    await portalContext.close();

    // 4. /terreno signed in on a throttled mobile link (Chromium's network emulation: 400 kbit/s each way,
    // 400 ms round trip), empty cache: its first contentful paint. Then, its service worker installed, the
    // same screen reopened with the network off: the app shell served by the service worker.
    const field = await browser.newContext({ ...CONTEXT, storageState: session });
    const fieldPage = await field.newPage();
    const cdp = await field.newCDPSession(fieldPage);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
    // The screen itself (its own component, not the shell index.html paints), polled while the page loads.
    const [, terrenoShown] = await Promise.all([
      fieldPage.goto(`${origin}/terreno`, { waitUntil: 'load', timeout: 120_000 }),
      whenShown(fieldPage, TERRENO_SHOWN, 120_000),
    ]);
    await waitUntil(fieldPage, FIRST_PAINT_SEEN, 120_000);
    const terrenoPaint = await fieldPage.evaluate<number>(FIRST_CONTENTFUL_PAINT);
    // What crossed the throttled link before that paint (the page and every file whose answer ended by then).
    const beforePaint = await fieldPage.evaluate<{ bytes: number; files: number }>(`(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const page = performance.getEntriesByType('navigation')[0];
      const files = performance.getEntriesByType('resource').filter((entry) => entry.responseEnd <= paint);
      return { bytes: (page?.transferSize ?? 0) + files.reduce((total, entry) => total + entry.transferSize, 0), files: files.length + 1 };
    })()`);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // Installed and active (its precache written), then the screen opened once more online so it is in control.
    await fieldPage.evaluate<boolean>(`navigator.serviceWorker.ready.then(() => true)`);
    await fieldPage.goto(`${origin}/terreno`, { waitUntil: 'load', timeout: 60_000 });
    await waitUntil(fieldPage, SERVICE_WORKER_CONTROLS, 30_000);
    await field.setOffline(true);
    await fieldPage.goto(`${origin}/terreno`, { waitUntil: 'load', timeout: 30_000 });
    await waitUntil(fieldPage, FIRST_PAINT_SEEN, 30_000);
    const offlinePaint = await fieldPage.evaluate<number>(FIRST_CONTENTFUL_PAINT);
    const offlineFromWorker = await fieldPage.evaluate<boolean>(SERVICE_WORKER_CONTROLS);
    await field.close();

    logFiles('/login before the form is ready', loginJs);
    logFiles('/portal first render', portalJs);
    logFiles('dashboard opened signed in', directJs);

    const largest = [...loginJs].sort((a, b) => b.gzip - a.gzip)[0]?.url ?? '/';
    const assets = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(`${origin}${largest}`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
          res.resume();
          resolve(res);
        })
        .on('error', reject);
    });
    const cache = String(assets.headers['cache-control'] ?? '');
    const encoding = String(assets.headers['content-encoding'] ?? 'none');
    const mapStatus = (await fetch(`${origin}${largest}.map`)).status;

    return [
      { group: 'web', name: '/login: JavaScript before the form is ready', value: describe(loginJs), target: '≤ 150 KB gzip' },
      { group: 'web', name: '/login: open → form ready', value: `${loginReady.toFixed(0)} ms` },
      {
        group: 'web',
        name: 'dashboard after signing in: JavaScript since /login',
        value: describe(signedInJs),
        target: '≤ 220 KB gzip',
      },
      { group: 'web', name: 'sign-in click → dashboard shown', value: `${dashboardReady.toFixed(0)} ms` },
      {
        group: 'web',
        name: 'dashboard opened signed in, empty cache: JavaScript',
        value: describe(directJs),
        target: '≤ 220 KB gzip',
      },
      { group: 'web', name: 'dashboard opened signed in: open → shown', value: `${directReady.toFixed(0)} ms` },
      {
        group: 'web',
        name: '/portal first render: JavaScript before its sign-in form is ready (empty cache)',
        value: `${describe(portalJs)}; ${kb(sum(portalAll, 'gzip'))} once idle`,
        target: '≤ 200 KB gzip',
      },
      {
        group: 'web',
        name: '/terreno first contentful paint, 400 kbit/s and 400 ms RTT, empty cache',
        value: `${terrenoPaint.toFixed(0)} ms (${kb(beforePaint.bytes)} in ${beforePaint.files} files on the wire before it)`,
        target: `≤ 3 s: ${terrenoPaint <= 3000 ? 'met' : 'not met'}`,
      },
      {
        group: 'web',
        name: '/terreno screen itself shown (after the shell), same link, empty cache',
        value: `${terrenoShown.toFixed(0)} ms`,
      },
      {
        group: 'web',
        name: '/terreno reopened offline: app shell from the service worker, first contentful paint',
        value: `${offlinePaint.toFixed(0)} ms${offlineFromWorker ? '' : ' (no service worker in control)'}`,
        target: `≤ 1 s: ${offlineFromWorker && offlinePaint <= 1000 ? 'met' : 'not met'}`,
      },
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
