/**
 * The world the receipts (recibos.ts) and portal (portal.ts) benches seed in a receiver's database: firms
 * at one address, the first stamp type and court, stamped assignments made in bulk and what each bench
 * hangs on them (diligences, certificates), over one plain pg client.
 */
import pg from 'pg';
import { log } from './support';

export interface EstudiosWorld {
  client: pg.Client;
  /** A firm at Huérfanos 1160, Santiago; its id. */
  estudio(nombre: string, rut: string): Promise<number>;
  /** The id of a catalogue's first row, or null when it is empty. */
  firstId(table: 'tipos_estampado' | 'tribunales'): Promise<number | null>;
  /**
   * `count` assignments of the firm stamped on 2026-01-05, rol `${prefix}${n}-2026`, at `tribunal`; `then`
   * reads them as the CTE `e` (id, numero_rol) and takes its own parameters from $5 on.
   */
  estampados(estudioId: number, count: number, prefix: string, tribunal: number | null, then: string, params: unknown[]): Promise<void>;
  /** Fresh statistics for the tables written in bulk. */
  analyze(tables: string[]): Promise<void>;
}

/** Seeds through `build` over one client, then logs `seeded ${what} in N s`. */
export async function seedEstudiosWorld<T>(tenantUrl: string, what: string, build: (world: EstudiosWorld) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: tenantUrl });
  await client.connect();
  try {
    const started = Date.now();
    const result = await build({
      client,
      estudio: async (nombre, rut) =>
        (
          await client.query<{ id: number }>(
            `insert into estudios (nombre, direccion, comuna, ciudad, telefono, rut_estudio) values ($1, 'Huérfanos 1160', 'Santiago', 'Santiago', '+56 2 2696 4410', $2) returning id`,
            [nombre, rut],
          )
        ).rows[0]!.id,
      firstId: async (table) => (await client.query<{ id: number }>(`select id from ${table} order by id limit 1`)).rows[0]?.id ?? null,
      estampados: async (estudioId, count, prefix, tribunal, then, params) => {
        await client.query(
          `with e as (
             insert into encargos (numero_rol, estado, fecha_encargo, fecha_estampado, estudio_id, tribunal_id, ejecutados, rut_ejecutado)
             select $1 || g || '-2026', 'estampado', date '2026-01-01', date '2026-01-05', $2, $4, 'Pedro Soto', '12345678-5'
               from generate_series(1, $3::int) g
             returning id, numero_rol)
           ${then}`,
          [prefix, estudioId, count, tribunal, ...params],
        );
      },
      analyze: async (tables) => {
        for (const table of tables) await client.query(`vacuum analyze ${table}`);
      },
    });
    log(`seeded ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  } finally {
    await client.end();
  }
}
