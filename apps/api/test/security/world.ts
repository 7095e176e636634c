import { createHmac } from 'node:crypto';
import { PERMISSION_CODES } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { CatalogRoute } from '../../src/plugins/route-catalog';
import { estudioPayload, registerEstudio } from '../../src/modules/encargos/encargos.fixtures';
import { seedDiligencia, seedEncargo } from '../../src/modules/rutas/rutas.fixtures';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../helper';

/**
 * The world the security suite attacks: two receivers with data (A seeded with the demo, B with ids
 * from 1,000,000 up so its ids never exist in A), a platform admin, a user with every module in
 * each receiver and a staff user (secretaria) of A without any module.
 */

/**
 * Routes that answer without a session, each for a documented reason. Keyed by method and path as
 * registered; the suite fails for any other route that does not demand a valid access token.
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /health': 'liveness probe for load balancers',
  'POST /api/v1/auth/login/': 'signing in',
  'POST /api/v1/auth/refresh/': 'renews with the refresh token in the body',
  'POST /api/v1/auth/logout/': 'revokes the refresh token in the body',
  'POST /api/v1/portal/auth/activar/': 'law-firm portal: sets the password with the single-use invitation token in the body',
  'POST /api/v1/portal/auth/login/': 'law-firm portal: signing in',
  'POST /api/v1/portal/auth/refresh/': 'law-firm portal: renews with the refresh token in the body',
  'POST /api/v1/portal/auth/logout/': 'law-firm portal: revokes the refresh token in the body',
  'GET /api/v1/oauth2/callback/': 'Google OAuth redirect; authenticated by the signed state parameter',
  'GET /api/v1/oauth2/cerrar.js': 'static script of the OAuth callback page (no data)',
  'POST /api/v1/diligencias/notificar_estampado_generado/': 'callback of the stamp service; authenticated by its own shared key',
  'GET /estampados/api/estampados/documento/:id/archivo': 'download link (DOCX, PDF, signed PDF); authenticated by an HMAC over document, format and expiry in the query (10 minutes)',
  'GET /api/v1/calendario/ics/:token.ics': 'phone calendar feed; calendar apps send no bearer, authenticated by the long random token in the path',
  'GET /api/v1/visitas/fotos/:tenant/:id': 'photo of a field visit opened by <img> or a new tab; authenticated by an HMAC over receiver, photo and expiry in the query (10 minutes)',
  'GET /api/v1/verificar/:codigo':
    'public verification of a certificate by the code printed on it (no login; 60 look-ups a minute per address; only what the court file shows)',
  'POST /api/v1/firma/agente/emparejar/': 'the signing agent pairs with the single-use code from Mi perfil in the body (10 a minute per address); answers only a code in force',
  'GET /metrics': 'Prometheus scrape; never a session: authenticated by its own METRICS_TOKEN bearer (401 without it, and always 401 when no token is set)',
};

/** Routes outside the attack surface: generated documentation and static files. */
export function isAttackable(route: CatalogRoute): boolean {
  return route.method !== 'HEAD' && route.method !== 'OPTIONS' && !route.url.startsWith('/api/docs');
}

export const routeKey = (route: Pick<CatalogRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

export const FOREIGN_ID_BASE = 1_000_000;
export const MARKER_B = 'Estudio Secreto Bravo';

export interface World {
  t: TestContext;
  routes: CatalogRoute[];
  tenantA: number;
  tenantB: number;
  tokens: { admin: string; fullA: string; noneA: string; fullB: string };
  userIds: { fullA: number; noneA: number; fullB: number };
  /** Receiver databases, looked up on every use (a handle kept aside could be closed by eviction). */
  dbA(): Promise<TenantDb>;
  dbB(): Promise<TenantDb>;
  /** Ids that name rows of B (or B's user and receiver) and nothing in A. */
  idsOnlyInB: number[];
  /** Ids that name rows of A (or A's users) and nothing in B (B's own seeded reference rows left out). */
  idsOnlyInA: number[];
  close(): Promise<void>;
}

async function idColumns(db: TenantDb): Promise<string[]> {
  const result = (await db.execute(
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id' and data_type in ('integer', 'bigint', 'smallint') order by table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  return result.rows.map((row) => row.table_name);
}

/** Ids per table (integer `id` columns), at most the 200 highest of each. */
async function idsByTable(db: TenantDb): Promise<Map<string, number[]>> {
  const byTable = new Map<string, number[]>();
  for (const table of await idColumns(db)) {
    const result = (await db.execute(
      sql.raw(`select id::bigint as id from "${table.replaceAll('"', '""')}" order by id desc limit 200`),
    )) as unknown as { rows: Array<{ id: string | number }> };
    byTable.set(table, result.rows.map((row) => Number(row.id)));
  }
  return byTable;
}

/**
 * Ids of A's own data that B cannot hold: tables B already filled at migration time (reference rows
 * with the same ids in every receiver) are left out, and so is any id of a small table of B.
 */
async function idsOwnedByA(dbA: TenantDb, dbB: TenantDb): Promise<number[]> {
  const inA = await idsByTable(dbA);
  const inB = await idsByTable(dbB);
  const bSmall = new Set<number>();
  const bSeeded = new Set<string>();
  for (const [table, ids] of inB) {
    if (ids.some((id) => id < FOREIGN_ID_BASE)) bSeeded.add(table);
    if (ids.length < 50) for (const id of ids) bSmall.add(id);
  }
  const candidates = new Set<number>();
  for (const [table, ids] of inA) if (!bSeeded.has(table)) for (const id of ids) if (!bSmall.has(id)) candidates.add(id);
  return [...candidates].sort((x, y) => y - x).slice(0, 4);
}

async function bumpSequences(db: TenantDb, start: number) {
  const result = (await db.execute(sql`select sequencename from pg_sequences where schemaname = 'public'`)) as unknown as {
    rows: Array<{ sequencename: string }>;
  };
  for (const { sequencename } of result.rows) {
    await db.execute(sql.raw(`select setval('"${sequencename.replaceAll('"', '""')}"', ${start}, false)`));
  }
}

export async function buildWorld(): Promise<World> {
  const t = await createTestContext({
    seedDemo: true,
    loginRateMax: 1_000_000,
    // Indicators (UF, UTM) from a closed loopback port: the suite never reaches the internet.
    indicadores: { url: 'http://127.0.0.1:9/api', timeoutMs: 1000 },
  });
  const tenantA = t.mainTenantId;
  const control = t.app.controlDb as unknown as TenantDb;
  // User ids that no receiver database row shares (a collision would make a test prove nothing).
  await control.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), ${FOREIGN_ID_BASE / 2}, false)`);
  const fullA = await t.createUser({ tenantId: tenantA, username: 'seg_completo_a', permisos: [...PERMISSION_CODES] });
  // Staff (cargo secretaria) with no module: the receptor's cargo alone opens some settings, so it would hide them.
  const noneA = await t.createUser({ tenantId: tenantA, username: 'seg_sin_modulos', cargo: 'secretaria', permisos: [] });
  // B's receiver and user ids (control database) are far from anything A holds, too.
  await control.execute(sql`select setval(pg_get_serial_sequence('tenants', 'id'), ${3 * FOREIGN_ID_BASE}, false)`);
  await control.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), ${2 * FOREIGN_ID_BASE}, false)`);
  const tenantB = (await t.createTenant({ nombre: 'Receptora Bravo Seguridad' })).id;
  const dbA = await t.tenantDbOf(tenantA);
  const dbB = await t.tenantDbOf(tenantB);
  await bumpSequences(dbB, FOREIGN_ID_BASE);

  const fullB = await t.createUser({ tenantId: tenantB, username: 'seg_completo_b', permisos: [...PERMISSION_CODES] });
  const tokens = {
    admin: await t.login('admin', ADMIN_PASSWORD),
    fullA: await t.login('seg_completo_a'),
    noneA: await t.login('seg_sin_modulos'),
    fullB: await t.login('seg_completo_b'),
  };
  // Receiver B's data, every id from 1,000,000 up.
  await registerEstudio(t, tokens.fullB, {
    nombre: MARKER_B,
    emails: [{ email: 'bravo@secreto.cl' }],
    partes_demandantes: [{ nombre: 'Banco Secreto Bravo', tipo: 'banco' }],
  });
  await t.request(tokens.fullB, {
    method: 'POST',
    url: '/api/v1/apuntes-personales/guardar_texto/',
    payload: { texto: `${MARKER_B}: apunte privado` },
  });
  await registerEstudio(t, tokens.fullA, estudioPayload({ nombre: 'Estudio Alfa Seguridad' }));
  // Receipts and payments in both receivers (issue 25): a stamped diligence billed, a payment with credit left.
  for (const [db, token] of [[dbB, tokens.fullB], [dbA, tokens.fullA]] as const) {
    const estudios = (await db.execute(sql`select id from estudios order by id desc limit 1`)) as unknown as { rows: Array<{ id: number }> };
    const estudioId = estudios.rows[0]!.id;
    const { encargo } = await seedEncargo(db, { estudioId, numeroRol: 'C-4242-2026', estado: 'estampado', fechaEstampado: '2026-03-03' });
    const diligencia = await seedDiligencia(db, encargo.id, { fecha: '2026-03-02T10:00:00-03:00', valorFinal: 40_000 });
    const recibo = await t.request(token, { method: 'POST', url: '/api/v1/recibos/', payload: { estudio_id: estudioId, diligencia_ids: [diligencia.id], fecha: '2026-03-05' } });
    const reciboId = (recibo.json() as { recibo: { id: number } }).recibo.id;
    await t.request(token, {
      method: 'POST',
      url: '/api/v1/pagos/',
      payload: { estudio_id: estudioId, fecha: '2026-03-06', monto: 50_000, medio: 'transferencia', aplicaciones: [{ recibo_id: reciboId, monto: 10_000 }] },
    });
  }

  const idsOnlyInB = [FOREIGN_ID_BASE, FOREIGN_ID_BASE + 1, fullB.id, tenantB];
  const idsOnlyInA = [...(await idsOwnedByA(dbA, dbB)), fullA.id, noneA.id];

  const routes = t.app.routeCatalog.filter(isAttackable);
  return {
    idsOnlyInA,
    idsOnlyInB,
    t,
    routes,
    tenantA,
    tenantB,
    tokens,
    userIds: { fullA: fullA.id, noneA: noneA.id, fullB: fullB.id },
    dbA: () => t.tenantDbOf(tenantA),
    dbB: () => t.tenantDbOf(tenantB),
    close: () => t.close(),
  };
}

/** One fingerprint of every row of every table of a database (optionally leaving some tables out). */
const checksumQueries = new WeakMap<object, string>();

export async function checksum(db: TenantDb, exclude: RegExp = /^$/): Promise<string> {
  // The list of tables does not change during a run: the query is built once per database handle.
  let query = checksumQueries.get(db);
  if (!query) {
    const result = (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    const tables = result.rows.map((row) => row.table_name).filter((name) => !exclude.test(name));
    if (tables.length === 0) return '';
    const parts = tables.map((name) => {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      return `select '${name.replaceAll("'", "''")}' as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${quoted} x`;
    });
    query = `select string_agg(n || ':' || h, ',' order by n) as s from (${parts.join(' union all ')}) q`;
    checksumQueries.set(db, query);
  }
  const hashed = (await db.execute(sql.raw(query))) as unknown as { rows: Array<{ s: string }> };
  return hashed.rows[0]?.s ?? '';
}

/**
 * Control tables that a refused request may still touch by design (sessions rotate on refresh/logout;
 * a failed login is counted in intentos_login).
 */
export const CONTROL_VOLATILE = /^(refresh_tokens|app_settings|indicadores_cache|intentos_login)$|^pgboss|job/;

export async function fingerprint(world: World): Promise<{ a: string; b: string; control: string }> {
  return {
    a: await checksum(await world.dbA()),
    b: await checksum(await world.dbB()),
    control: await checksum(world.t.app.controlDb as unknown as TenantDb, CONTROL_VOLATILE),
  };
}

/** Replaces `:name` path parameters with values (URL-encoded). */
export function fillPath(url: string, value: (name: string) => string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(value(name))).replace(/\*$/, 'x');
}

export function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Access tokens a client could forge or replay, built from a genuine one. */
export function badTokens(genuine: string, secret: string): Record<string, string | undefined> {
  const claims = JSON.parse(Buffer.from(genuine.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  const sign = (payload: object, key = secret) => {
    const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
    return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
  };
  const { exp: _exp, ...noExp } = claims;
  return {
    'sin token': undefined,
    'firma falsa': sign(claims, 'clave-de-otro-servidor-0123456789'),
    expirado: sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }),
    'alg none': `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`,
    'sin exp': sign(noExp),
    basura: 'esto.no.es-un-jwt',
  };
}

export async function send(world: World, token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse> {
  return world.t.request(token, options);
}
