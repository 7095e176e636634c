/**
 * Scale-out harness: two API instances behind a small round-robin proxy, over two PostgreSQL servers.
 *
 *   pnpm --filter @receptoria/bench scale            (full: adds the throughput of two instances vs one)
 *   SCALE_SHORT=1 pnpm --filter @receptoria/bench scale   (short mode, the one CI runs)
 *
 * It starts two PRIVATE clusters (initdb + pg_ctl of the Debian PostgreSQL binaries, SCALE_PG_BIN or the newest installed,
 * in temporary folders on free ports, apps/api/test/private-cluster.ts; as root they run as the `postgres`
 * OS user) and the rest of scale-world.ts: server 1 holds the
 * control database and receivers, server 2 is added through POST /onboarding/servidores/. The shared
 * server on 5432 is never touched. Both API instances run the source through tsx (or apps/api/dist when
 * built) with the same JWT_SECRET and TOKEN_ENCRYPTION_KEY and pg-boss on.
 *
 * Checks (exit code 1 when one fails):
 *  - 30 wrong passwords for one account spread over both instances are refused as on one instance;
 *  - a logout on instance A refuses that token on instance B within 1 s;
 *  - a scheduled report (the daily tick queued twice, as both instances' schedules would) is mailed once;
 *  - before server 2 is stopped, both receivers 0 errors (an answer counts for the phase its request was
 *    both sent and answered in; one sent before the stop and answered after counts for neither);
 *  - server 2 stopped → its receiver's answers are 503 with Retry-After, server 1's receiver 0 errors;
 *  - server 2 back → its receiver is served again within SCALE_RECOVERY_S, same API processes;
 *  - a receiver moved from server 1 to server 2 under write load: 202, estado 'activo', and every
 *    acknowledged write (201) is in its new database (503s while copying are not acknowledged).
 * Rows: p95 of the healthy server's receiver before and while the other server is down; in full mode
 * also the throughput of one instance and of two behind the proxy (a ratio; both share the same cores).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type TenantDb } from '@receptoria/db';
import pg from 'pg';
import { call, estudio, measureInstances, type Outcome, outageRow, PASSWORD, runOutage, type ScaleWorld, sleep, startLoad, startScaleWorld } from './scale-world';
import { apiDir, log, machineLine, type Row } from './support';

const SHORT = process.env.SCALE_SHORT === '1' || process.argv.includes('--short');
const PHASE_S = Number(process.env.SCALE_PHASE_S ?? (SHORT ? 4 : 15));
const RECOVERY_S = Number(process.env.SCALE_RECOVERY_S ?? 30);
const WORKERS = Number(process.env.SCALE_WORKERS ?? (SHORT ? 2 : 4));
const THROUGHPUT_S = Number(process.env.SCALE_THROUGHPUT_S ?? 15);

const { startSmtpServer } = (await import(pathToFileURL(path.join(apiDir, 'test/smtp.ts')).href)) as {
  startSmtpServer(): Promise<{ url: string; received: Array<{ envelopeTo: string[] }>; waitFor(count: number, timeoutMs?: number): Promise<unknown>; close(): Promise<void> }>;
};
const { insertStamped } = (await import(pathToFileURL(path.join(apiDir, 'src/modules/informes/informes.fixtures.ts')).href)) as {
  insertStamped(db: TenantDb, input: { estudioId: number; fechaEstampado: string; fechaDiligencia: Date; valor: number }): Promise<number>;
};
/** pg-boss as the API has it, to queue the scheduler's tick the way each instance's schedule would. */
const { PgBoss } = createRequire(path.join(apiDir, 'package.json'))('pg-boss') as {
  PgBoss: new (options: object) => { start(): Promise<unknown>; send(name: string, data: object): Promise<unknown>; stop(options?: object): Promise<void> };
};

async function main() {
  const started = Date.now();
  let world: ScaleWorld | undefined;
  const smtp = await startSmtpServer();
  let failed = false;
  const rows: Row[] = [];
  const check = (ok: boolean, text: string) => {
    log(`${ok ? 'OK  ' : 'FAIL'} ${text}`);
    if (!ok) failed = true;
  };

  try {
    log(`Scale-out harness (${SHORT ? 'short' : 'full'} mode) — ${machineLine()}`);
    // Provisioning through the proxy: server 2, then receivers on both.
    world = await startScaleWorld({
      receptores: [
        ['uno', 'uno'],
        ['dos', 'dos'],
        ['mover', 'uno'],
        ['cuentas', 'uno'],
      ],
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'receptoria@scale.test' },
      onStep: log,
    });
    const { one, two, apis, proxy, admin, segundo, receptores, controlUrl } = world;
    const [a, b] = apis;
    const pids = apis.map((api) => api.child.pid);
    const uno = receptores.uno!;
    const dos = receptores.dos!;
    const mover = receptores.mover!;

    // 1. Login limits shared: 30 wrong passwords for one account, alternating instances, vs on one instance.
    const wrong = async (ports: number[], username: string) => {
      const answers: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        answers.push((await call(ports[i % ports.length]!, 'POST', '/api/v1/auth/login/', undefined, { username, password: `mala-${i}` })).status);
      }
      return answers;
    };
    const onOne = await wrong([a.port], 'scale_uno');
    const onTwo = await wrong([a.port, b.port], 'scale_cuentas');
    const passed = (answers: number[]) => answers.filter((status) => status !== 429).length;
    check(
      passed(onTwo) <= passed(onOne) && onTwo.every((s) => s === 401 || s === 429),
      `30 wrong passwords over both instances: ${passed(onTwo)} checked, ${30 - passed(onTwo)} refused with 429 (one instance: ${passed(onOne)} checked)`,
    );

    // 2. A logout on A refuses the token on B within 1 s.
    const session = await call(a.port, 'POST', '/api/v1/auth/login/', undefined, { username: 'scale_dos', password: PASSWORD });
    const { access, refresh } = JSON.parse(session.body) as { access: string; refresh: string };
    const before = await call(b.port, 'GET', '/api/v1/estudios/', access);
    const loggedOut = await call(a.port, 'POST', '/api/v1/auth/logout/', access, { refresh });
    const outAt = Date.now();
    let refusedAfter = Number.POSITIVE_INFINITY;
    while (Date.now() - outAt < 5_000) {
      if ((await call(b.port, 'GET', '/api/v1/estudios/', access)).status === 401) {
        refusedAfter = Date.now() - outAt;
        break;
      }
      await sleep(20);
    }
    check(before.status === 200 && loggedOut.status < 300 && refusedAfter <= 1_000, `logout on A (${loggedOut.status}) refuses the token on B after ${refusedAfter} ms (≤ 1000)`);

    // 3. Scheduled reports with two instances: the daily tick queued twice (as each instance's schedule
    // would), one firm with a stamped diligence and reports on: one mail.
    const firm = await call(proxy.port, 'POST', '/api/v1/estudios/registrar_estudio/', uno.token, {
      ...estudio('Estudio Informes'),
      emails: [{ email: 'informes@estudio.cl', tipo: 'informes' }],
    });
    const firmId = (JSON.parse(firm.body) as { id: number }).id;
    const configured = await call(proxy.port, 'POST', `/api/v1/estudios/${firmId}/guardar_configuracion_informes/`, uno.token, {
      informes_activos: true,
      diario: true,
      correo_raiz: 'raiz@receptoria.cl',
    });
    const controlDb = new pg.Client({ connectionString: controlUrl });
    await controlDb.connect();
    const unoDb = (await controlDb.query<{ database_name: string }>('select database_name from tenants where id = $1', [uno.id])).rows[0]!.database_name;
    const tenantHandle = await openDatabase({ kind: 'postgres', url: one.urlOf(unoDb) }, 'tenant', { poolSize: 1 });
    await insertStamped(tenantHandle.db, { estudioId: firmId, fechaEstampado: '2026-03-01', fechaDiligencia: new Date('2026-02-27T15:00:00Z'), valor: 10_000 });
    await tenantHandle.close();
    const boss = new PgBoss({ connectionString: controlUrl, supervise: false, schedule: false, max: 1 });
    await boss.start();
    for (let i = 0; i < 2; i += 1) await boss.send('informes-tick', { frecuencia: 'diario', fechaReferencia: '2026-03-02' });
    await boss.stop({ graceful: false });
    await smtp.waitFor(1, 60_000).catch(() => undefined);
    const reportsQueued = Date.now();
    const pending = async () =>
      Number(
        (
          await controlDb.query<{ n: string }>(
            "select count(*) as n from pgboss.job where name in ('informes-tick', 'informe-envio') and state not in ('completed', 'failed', 'cancelled')",
          )
        ).rows[0]!.n,
      );
    while ((await pending()) > 0 && Date.now() - reportsQueued < 60_000) await sleep(250);
    await controlDb.end();
    const reportMails = smtp.received.filter((mail) => mail.envelopeTo.includes('informes@estudio.cl'));
    check(firm.status === 201 && configured.status === 200 && reportMails.length === 1, `scheduled daily report, tick queued twice with two instances: ${reportMails.length} mail sent (1 expected)`);

    // 4. Server 2 stopped: its receiver 503 with Retry-After, server 1's receiver served as usual.
    const { outcomes, recoveredMs } = await runOutage(world, { uno, dos }, WORKERS, PHASE_S, RECOVERY_S);
    const histogram = (list: Outcome[]) => {
      const counts = new Map<string, number>();
      for (const o of list) counts.set(`${o.kind} ${o.status}`, (counts.get(`${o.kind} ${o.status}`) ?? 0) + 1);
      return [...counts].map(([key, n]) => `${key}: ${n}`).join(', ');
    };
    for (const receptor of ['uno', 'dos']) {
      // The phases, then the answers that came back in a later phase than their request was sent in.
      const spans = [...new Set(outcomes.filter((o) => o.receptor === receptor && o.phase.includes('→')).map((o) => o.phase))];
      for (const p of ['antes', 'parando', 'caida', 'arrancando', 'recuperacion', ...spans]) {
        const list = outcomes.filter((o) => o.receptor === receptor && o.phase === p);
        const odd = list.find((o) => o.status !== 200 && o.status !== 201 && o.status !== 503);
        log(`     ${receptor} ${p}: ${histogram(list)}${odd ? ` — e.g. ${odd.body.slice(0, 160)}` : ''}`);
      }
    }
    const of = (receptor: string, p: string) => outcomes.filter((o) => o.receptor === receptor && o.phase === p);
    const beforeStop = outcomes.filter((o) => o.phase === 'antes');
    const beforeErrors = beforeStop.filter((o) => o.status === 0 || o.status >= 400);
    check(
      beforeStop.length > 0 && beforeErrors.length === 0,
      `before server 2 was stopped: ${beforeStop.length} answers to both receivers, ${beforeErrors.length} errors${beforeErrors[0] ? ` — e.g. ${beforeErrors[0].receptor} ${beforeErrors[0].kind} ${beforeErrors[0].status} ${beforeErrors[0].body.slice(0, 160)}` : ''}`,
    );
    const dosDown = of('dos', 'caida');
    check(
      dosDown.length > 0 && dosDown.every((o) => o.status === 503 && o.retryAfter),
      `server 2 down: its receiver got ${dosDown.length} answers, ${dosDown.filter((o) => o.status === 503 && o.retryAfter).length} of them 503 with Retry-After`,
    );
    const unoErrors = outcomes.filter((o) => o.receptor === 'uno' && (o.status === 0 || o.status >= 400));
    check(unoErrors.length === 0, `server 1's receiver while server 2 was down: ${outcomes.filter((o) => o.receptor === 'uno').length} answers, ${unoErrors.length} errors`);
    check(
      recoveredMs <= RECOVERY_S * 1000 && apis.every((api, i) => api.child.exitCode === null && api.child.pid === pids[i]),
      `server 2 back: its receiver served again after ${recoveredMs} ms, same API processes`,
    );
    rows.push(outageRow(outcomes, WORKERS));

    // 5. A receiver moved from server 1 to 2 under write load: every acknowledged write is there after.
    const moveLoad = startLoad(proxy.port, [{ label: 'mover', token: mover.token }], WORKERS, () => 'mover');
    await sleep(1000);
    const moveStarted = Date.now();
    const accepted = await call(proxy.port, 'POST', `/api/v1/onboarding/clientes/${mover.id}/mover/`, admin, { servidor_id: segundo });
    let estado = { estado: 'copiando', detalle: accepted.body };
    while (accepted.status === 202 && estado.estado === 'copiando' && Date.now() - moveStarted < 120_000) {
      await sleep(250);
      estado = JSON.parse((await call(proxy.port, 'GET', `/api/v1/onboarding/clientes/${mover.id}/mover/`, admin)).body) as typeof estado;
    }
    const moveMs = Date.now() - moveStarted;
    await sleep(1500);
    await moveLoad.stop();
    const control = new pg.Client({ connectionString: controlUrl });
    await control.connect();
    const [tenant] = (await control.query<{ database_name: string; servidor_id: number }>('select database_name, servidor_id from tenants where id = $1', [mover.id])).rows;
    await control.end();
    // Where the receiver's database is now (server 2 when moved, still server 1 when the move failed).
    const now = new pg.Client({ connectionString: (tenant!.servidor_id === segundo ? two : one).urlOf(tenant!.database_name) });
    await now.connect();
    const stored = new Set((await now.query<{ nombre: string }>('select nombre from estudios')).rows.map((row) => row.nombre));
    await now.end();
    const acknowledged = moveLoad.outcomes.filter((o) => o.kind === 'write' && o.status === 201);
    const missing = acknowledged.filter((o) => !stored.has(o.nombre!));
    const refusedWrites = moveLoad.outcomes.filter((o) => o.kind === 'write' && o.status === 503);
    const otherErrors = moveLoad.outcomes.filter((o) => o.status !== 200 && o.status !== 201 && o.status !== 503);
    check(
      accepted.status === 202 && estado.estado === 'activo' && tenant!.servidor_id === segundo,
      `receiver moved to server 2 in ${moveMs} ms under load: ${estado.estado} — ${estado.detalle}`,
    );
    check(
      acknowledged.length > 0 && missing.length === 0 && otherErrors.length === 0,
      `writes during the move: ${acknowledged.length} acknowledged, all present after (${missing.length} missing); ${refusedWrites.length} answered 503 with Retry-After while copying; ${otherErrors.length} other errors`,
    );

    // 6. Throughput of one instance and of two behind the proxy (full mode).
    if (!SHORT) rows.push(...(await measureInstances(world, uno, THROUGHPUT_S)));
  } catch (error) {
    check(false, `harness error: ${(error as Error).stack ?? String(error)}`);
  } finally {
    await world?.close(process.env.SCALE_KEEP === '1');
    await smtp.close();
  }
  log('');
  log('| check or measure | value |');
  log('|---|---|');
  for (const row of rows) log(`| ${row.name} | ${row.value} |`);
  log(`| whole run | ${((Date.now() - started) / 1000).toFixed(0)} s |`);
  log(failed ? '\nScale-out harness: FAILED' : '\nScale-out harness: all checks passed');
  process.exit(failed ? 1 : 0);
}

await main();
