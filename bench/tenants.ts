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

async function openConnections(prefix: string): Promise<number> {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_stat_activity where datname like $1 || '%'",
      [prefix],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

export async function runTenantsBench(): Promise<Row[]> {
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
  try {
    const adminToken = await login(PORT);
    const pid = api.child.pid as number;
    const rssStart = rssMb(pid);
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
    const requests: HttpRequest[] = tokens.map((token) => ({ method: 'GET', path: '/api/v1/encargos/lista/', token }));
    // Peak open connections sampled while the load runs.
    let peakConnections = 0;
    let peakRss = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peakConnections = Math.max(peakConnections, await openConnections(controlName));
        peakRss = Math.max(peakRss, rssMb(pid));
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();
    log(`list round-robin over ${TENANTS} receivers, ${DURATION} s at ${CONNECTIONS} connections…`);
    const measure = await loadApi(PORT, undefined, requests, CONNECTIONS, DURATION);
    sampling = false;
    await sampler;
    const sorted = [...provisioning].sort((a, b) => a - b);
    const mean = provisioning.reduce((a, b) => a + b, 0) / provisioning.length;
    return [
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
        value: `${peakConnections}`,
        target: 'bounded by pool max × pool size + control',
      },
    ];
  } finally {
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
  const rows = await runTenantsBench();
  printTable(`Receptoría — many receivers on one process. Machine: ${machineLine()}`, rows);
}
