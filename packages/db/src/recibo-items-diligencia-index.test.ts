import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseLocation, dropDatabase, ensureDatabase, migrateDatabase, withDatabaseName } from './connect';

const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Tenant 0027: receipt items are indexed by diligence whatever their state, so the check PostgreSQL
 * makes when a diligence is deleted (no item may point at it, annulled ones included) is one probe.
 */
describe('recibo_items by diligence (tenant 0027)', () => {
  const location: DatabaseLocation = { kind: 'postgres', url: withDatabaseName(SERVER, `receptoria_items_${randomBytes(3).toString('hex')}`) };
  let client: pg.Client;

  beforeAll(async () => {
    await ensureDatabase(location);
    await migrateDatabase(location, 'tenant');
    client = new pg.Client({ connectionString: location.url });
    await client.connect();
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await dropDatabase(location);
  });

  it('indexes every item by diligencia_id, beside the partial unique index of the active ones', async () => {
    const { rows } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'recibo_items' and indexdef like '%(diligencia_id)%' order by indexname`,
    );
    expect(rows.map((r) => r.indexname)).toEqual(['recibo_items_diligencia_activa_key', 'recibo_items_diligencia_idx']);
    const full = rows.find((r) => r.indexname === 'recibo_items_diligencia_idx')!;
    expect(full.indexdef).not.toContain('WHERE');
    expect(full.indexdef).not.toContain('UNIQUE');
  });

  it('still refuses to delete a diligence an annulled item points at, and deletes one no item points at', async () => {
    await client.query(`insert into estudios (nombre, direccion, comuna, ciudad, telefono, rut_estudio) values ('Estudio Índice', 'x', 'Santiago', 'Santiago', '1', '76000001-1')`);
    const { rows: dil } = await client.query<{ id: number }>(`
      with e as (
        insert into encargos (numero_rol, estado, fecha_encargo, estudio_id, ejecutados, rut_ejecutado)
        select 'C-' || g || '-2026', 'estampado', date '2026-01-01', (select max(id) from estudios), 'Pedro Soto', '12345678-5' from generate_series(1, 2) g
        returning id)
      insert into diligencias (encargo_id, tipo_estampado_id, fecha_diligencia, apuntes_terreno, valor_final)
      select id, (select min(id) from tipos_estampado), timestamptz '2026-01-04 10:00-03', 'Se notificó', 20000 from e
      returning id`);
    const [facturada, libre] = dil.map((r) => r.id);
    const { rows: recibo } = await client.query<{ id: number }>(`insert into recibos (numero, estudio_id, fecha, creado_por) values (1, (select max(id) from estudios), date '2026-01-10', 'prueba') returning id`);
    await client.query(
      `insert into recibo_items (recibo_id, diligencia_id, numero_rol, tipo, valor, fecha_diligencia, activo, quitado_en, quitado_por)
       values ($1, $2, 'C-1-2026', 'Búsqueda positiva', 20000, date '2026-01-04', false, now(), 'prueba')`,
      [recibo[0]!.id, facturada],
    );
    await expect(client.query('delete from diligencias where id = $1', [facturada])).rejects.toMatchObject({ code: '23503' });
    const deleted = await client.query('delete from diligencias where id = $1', [libre]);
    expect(deleted.rowCount).toBe(1);
  });
});
