/**
 * The HTTP floor of a read (run as its own process, like the API): a bare Fastify server, the API's own
 * Fastify version, with one GET route at the API's path that replays the SQL the API sends for that
 * request (recorded by the bench) from a plain pg pool of the API's size, as named prepared statements,
 * and answers the last statement's rows as JSON. No token check, no receiver lookup or lease, no
 * validation, no response schema: the API's rate beside this one is the product's own overhead apart
 * from HTTP's.
 *
 * Env: FLOOR_PORT, FLOOR_DATABASE_URL, FLOOR_POOL_SIZE, FLOOR_ROUTE (the path, e.g.
 * /api/v1/encargos/buscar_por_rol/), FLOOR_KEY (the query parameter whose value picks the recording),
 * FLOOR_RECORDINGS (a JSON file: { [value]: [{ text, values }] }).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

interface Recorded {
  text: string;
  values: unknown[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
// The API's own Fastify (the bench package does not depend on it).
const requireFromApi = createRequire(path.join(here, '../apps/api/package.json'));
const Fastify = requireFromApi('fastify') as (options?: object) => {
  get(route: string, handler: (request: { query: Record<string, string> }, reply: { code(n: number): { send(b: unknown): unknown } }) => Promise<unknown>): void;
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
};

const recordings = JSON.parse(readFileSync(process.env.FLOOR_RECORDINGS as string, 'utf8')) as Record<string, Recorded[]>;
const key = process.env.FLOOR_KEY as string;
const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: Number(process.env.FLOOR_POOL_SIZE ?? 5) });
const names = new Map<string, string>();
const nameOf = (text: string) => {
  let name = names.get(text);
  if (!name) {
    name = `f${names.size}`;
    names.set(text, name);
  }
  return name;
};

const app = Fastify({ logger: false });
app.get(process.env.FLOOR_ROUTE as string, async (request, reply) => {
  const statements = recordings[request.query[key] ?? ''];
  if (!statements) return reply.code(404).send({ detail: 'sin grabación' });
  const client = await pool.connect();
  try {
    let rows: unknown[] = [];
    for (const q of statements) rows = (await client.query({ name: nameOf(q.text), text: q.text, values: q.values })).rows;
    return rows;
  } finally {
    client.release();
  }
});
app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.FLOOR_PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end()).then(() => process.exit(0));
});
