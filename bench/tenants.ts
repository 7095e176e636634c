/**
 * Many receivers on one process: provisions BENCH_TENANTS receivers (default 200, up to 1,000) through
 * the onboarding API, signs one user of each in, then lists their pending assignments round-robin under
 * load, so the per-receiver database pools open and close (TENANT_POOL_MAX, default 50). Prints the
 * provisioning time per receiver, the list call's p95 while pools churn, the API's RSS and the open
 * PostgreSQL connections.
 *
 *   pnpm --filter @receptoria/bench bench:tenants
 *
 * Settings (env): BENCH_TENANTS (200), TENANT_POOL_MAX (50), BENCH_CONNECTIONS (32), BENCH_DURATION (10),
 * BENCH_DATABASE_URL, BENCH_TENANTS_PORT (3918).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, withDatabaseName } from '@receptoria/db';
import pg from 'pg';
import {
  ADMIN_PASSWORD,
  fmtMeasure,
  type HttpRequest,
  loadApi,
  log,
  type Measure,
  login,
  machineLine,
  percentile,
  printTable,
  type Row,
  SERVER,
  startApi,
} from './support';

const TENANTS = Math.min(1000, Number(process.env.BENCH_TENANTS ?? 200));
const POOL_MAX = Number(process.env.TENANT_POOL_MAX ?? 50);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PORT = Number(process.env.BENCH_TENANTS_PORT ?? 3918);
const PASSWORD = 'Bench-pass-1234';

/** A valid Chilean RUT (modulo 11) for a body number. */
function rut(body: number): string {
  let sum = 0;
  let factor = 2;
  for (const digit of String(body).split('').reverse()) {
    sum += Number(digit) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return `${body}-${rest === 11 ? '0' : rest === 10 ? 'K' : String(rest)}`;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Connections to the bench's databases, and to the whole server, right now (one held connection). */
async function openConnections(client: pg.Client, prefix: string): Promise<{ ours: number; server: number }> {
  const { rows } = await client.query<{ ours: string; server: string }>(
    "select count(*) filter (where datname like $1 || '%') as ours, count(*) as server from pg_stat_activity",
    [prefix],
  );
  return { ours: Number(rows[0]?.ours ?? 0), server: Number(rows[0]?.server ?? 0) };
}

/**
 * The floor of the churning list: the same round-robin over the receivers' databases from plain `pg`,
 * at most POOL_MAX of them connected at once (the least recently used is closed), each request reading
 * the per-state counters an empty receiver's list reads. What PostgreSQL alone costs when nearly every
 * request opens a connection to a database whose backend starts cold.
 */
async function loadChurn(databases: string[], connections: number, durationS: number): Promise<Measure> {
  // Connected databases, least recently used first; one in use is never closed (like the API's leases).
  const open = new Map<string, { client: Promise<pg.Client>; leases: number }>();
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  let next = 0;
  const deadline = Date.now() + durationS * 1000;
  const lease = (name: string) => {
    let entry = open.get(name);
    if (entry) open.delete(name);
    else {
      const fresh = new pg.Client({ connectionString: withDatabaseName(SERVER, name) });
      entry = { client: fresh.connect().then(() => fresh), leases: 0 };
    }
    open.set(name, entry);
    entry.leases += 1;
    for (const [oldest, candidate] of open) {
      if (open.size <= POOL_MAX) break;
      if (candidate.leases > 0) continue;
      open.delete(oldest);
      void candidate.client.then((c) => c.end()).catch(() => undefined);
    }
    return entry;
  };
  const worker = async () => {
    while (Date.now() < deadline) {
      const name = databases[next % databases.length] as string;
      next += 1;
      const started = performance.now();
      const entry = lease(name);
      try {
        const client = await entry.client;
        await client.query({ name: 'totales', text: 'select estado, sum(total) from encargo_totales group by estado' });
      } catch (error) {
        failures += 1;
        firstFailure ??= (error as Error).message;
      } finally {
        entry.leases -= 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  const began = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (Date.now() - began) / 1000;
  await Promise.allSettled([...open.values()].map(async (entry) => (await entry.client).end()));
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), failures, firstFailure };
}

export interface TenantsBenchResult {
  rows: Row[];
  failures: number;
}

export async function runTenantsBench(): Promise<TenantsBenchResult> {
  const controlName = `receptoria_benchten_${Date.now().toString(36)}`;
  const controlUrl = withDatabaseName(SERVER, controlName);
  const api = await startApi(
    {
      DATABASE_URL: controlUrl,
      ADMIN_PASSWORD,
      SEED_DEMO: '0',
      TENANT_POOL_MAX: String(POOL_MAX),
      LOGIN_RATE_MAX: '100000',
    },
    PORT,
  );
  // One connection of its own samples the connections open while receivers are provisioned (a pass of the
  // outbox and of the webhooks runs over all of them each minute) and while the load runs.
  const watcher = new pg.Client({ connectionString: SERVER });
  await watcher.connect();
  const maxConnections = Number((await watcher.query<{ max_connections: string }>('show max_connections')).rows[0]?.max_connections);
  let peakConnections = 0;
  let peakServer = 0;
  let peakRss = 0;
  let sampling = true;
  let sampler: Promise<void> = Promise.resolve();
  try {
    const adminToken = await login(PORT);
    const pid = api.child.pid as number;
    const rssStart = rssMb(pid);
    sampler = (async () => {
      while (sampling) {
        const open = await openConnections(watcher, controlName);
        peakConnections = Math.max(peakConnections, open.ours);
        peakServer = Math.max(peakServer, open.server);
        peakRss = Math.max(peakRss, rssMb(pid));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    log(`provisioning ${TENANTS} receivers (TENANT_POOL_MAX=${POOL_MAX})…`);
    const provisioning: number[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < TENANTS; i += 1) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${PORT}/api/v1/onboarding/clientes/crear/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({
          nombre: `Receptor Judicial Bench ${i + 1}`,
          rut: rut(10_000_000 + i * 7),
          username: `bench_${i + 1}`,
          password: PASSWORD,
          usuario_email: `bench${i + 1}@example.cl`,
          first_name: 'Receptora',
          last_name: `Bench ${i + 1}`,
        }),
      });
      if (response.status !== 201) throw new Error(`provisioning ${i + 1}: ${response.status} ${await response.text()}`);
      provisioning.push(performance.now() - started);
      tokens.push(await login(PORT, `bench_${i + 1}`, PASSWORD));
      if ((i + 1) % 25 === 0) log(`  ${i + 1} receivers`);
    }
    const rssProvisioned = rssMb(pid);
    const peakProvisioning = peakConnections;
    const requests: HttpRequest[] = tokens.map((token) => ({ method: 'GET', path: '/api/v1/encargos/lista/', token }));
    log(`list round-robin over ${TENANTS} receivers, ${DURATION} s at ${CONNECTIONS} connections…`);
    const measure = await loadApi(PORT, undefined, requests, CONNECTIONS, DURATION);
    sampling = false;
    await sampler;
    if (measure.firstFailure) log(`  API failure: ${measure.firstFailure}`);
    // The API (and its open databases) goes first: both sides get the server's connections to themselves.
    await api.stop();
    log(`same round-robin from pg (at most ${POOL_MAX} databases connected)…`);
    const control = new pg.Client({ connectionString: controlUrl });
    await control.connect();
    const { rows: tenantRows } = await control.query<{ database_name: string }>('select database_name from tenants order by id');
    await control.end();
    const floor = await loadChurn(
      tenantRows.map((r) => r.database_name),
      CONNECTIONS,
      DURATION,
    );
    const sorted = [...provisioning].sort((a, b) => a - b);
    const mean = provisioning.reduce((a, b) => a + b, 0) / provisioning.length;
    const rows: Row[] = [
      {
        group: 'tenants',
        name: `provisioning, ${TENANTS} receivers`,
        value: `mean ${(mean / 1000).toFixed(2)} s, p95 ${(percentile(sorted, 95) / 1000).toFixed(2)} s each`,
        target: '≤ 1.5 s each',
      },
      {
        group: 'tenants',
        name: `lista round-robin, pools churning @${CONNECTIONS}`,
        value: fmtMeasure(measure),
        floor: fmtMeasure(floor),
        ratio: (measure.rps / floor.rps).toFixed(2),
        target: 'p95 (pool max ' + POOL_MAX + ')',
      },
      {
        group: 'tenants',
        name: 'API RSS',
        value: `${rssStart.toFixed(0)} MB at start, ${rssProvisioned.toFixed(0)} MB provisioned, peak ${peakRss.toFixed(0)} MB under load`,
        target: '≤ 400 MB (1,000 receivers, pool max 50)',
      },
      {
        group: 'tenants',
        name: 'open PostgreSQL connections (peak)',
        value: `${peakProvisioning} while provisioning, ${peakConnections} under load (whole server: ${peakServer} of max_connections ${maxConnections})`,
        target: 'no request refused for want of a connection (503)',
      },
    ];
    // Every provisioning answered 201 (else it threw above); a refused list call is a failure of the step.
    return { rows, failures: measure.failures + floor.failures };
  } finally {
    sampling = false;
    await sampler.catch(() => undefined);
    await watcher.end().catch(() => undefined);
    await api.stop();
    if (process.env.BENCH_KEEP !== '1') {
      const admin = new pg.Client({ connectionString: SERVER });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1 || '%'", [
        controlName,
      ]);
      await admin.end();
      for (const row of rows) await dropDatabase({ kind: 'postgres', url: withDatabaseName(SERVER, row.datname) });
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { rows, failures } = await runTenantsBench();
  printTable(`Receptoría — many receivers on one process. Machine: ${machineLine()}`, rows);
  if (failures > 0) process.exitCode = 1;
}
