import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ClienteCreateResponseSchema, computeRutDv } from '@receptoria/contracts';
import { quoteIdent, tenantDatabaseName, withDatabaseName } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';

let t: TestContext;
let adminToken: string;
let counter = 0;

function payload(nombre: string, username: string) {
  counter += 1;
  const body = 17_000_000 + counter * 7927;
  return {
    nombre,
    rut: `${body}-${computeRutDv(body)}`,
    username,
    password: 'clave-segura-123',
    usuario_email: 'receptora@receptora.cl',
    first_name: 'Ana',
    last_name: 'Torres',
  };
}

/** A database (or embedded data folder) the product did not create, holding someone else's data. */
async function createForeignDatabase(name: string): Promise<void> {
  const controlUrl = t.config.database.controlUrl;
  if (!controlUrl) {
    const dir = path.join(t.config.database.dataDir, 'tenants', name);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'ajeno.txt'), 'datos ajenos');
    return;
  }
  const admin = new pg.Client({ connectionString: withDatabaseName(controlUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${quoteIdent(name)}`);
  await admin.end();
  const foreign = new pg.Client({ connectionString: withDatabaseName(controlUrl, name) });
  await foreign.connect();
  await foreign.query("create table secreto (dato text); insert into secreto values ('datos ajenos')");
  await foreign.end();
}

async function foreignDataIntact(name: string): Promise<boolean> {
  const controlUrl = t.config.database.controlUrl;
  if (!controlUrl) {
    const file = path.join(t.config.database.dataDir, 'tenants', name, 'ajeno.txt');
    return existsSync(file) && (await readFile(file, 'utf8')) === 'datos ajenos';
  }
  const foreign = new pg.Client({ connectionString: withDatabaseName(controlUrl, name) });
  try {
    await foreign.connect();
    const { rows } = await foreign.query<{ dato: string }>('select dato from secreto');
    return rows.length === 1 && rows[0]!.dato === 'datos ajenos';
  } catch {
    return false;
  } finally {
    await foreign.end().catch(() => undefined);
  }
}

async function databaseExists(name: string): Promise<boolean> {
  if (!t.config.database.controlUrl) return existsSync(path.join(t.config.database.dataDir, 'tenants', name));
  const result = (await t.app.controlDb.execute(sql`select 1 from pg_database where datname = ${name}`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

beforeAll(async () => {
  t = await createTestContext();
  adminToken = await t.login('admin');
});
afterAll(() => t.close());

describe('onboarding never takes over a database it did not create', () => {
  it('leaves an existing database of the same name alone and creates the receiver in a new one', async () => {
    const nombre = 'Receptora Ajena Uno';
    const foreignName = tenantDatabaseName(t.config.database, nombre);
    await createForeignDatabase(foreignName);

    const response = await t.request(adminToken, {
      method: 'POST',
      url: '/api/v1/onboarding/clientes/crear/',
      payload: payload(nombre, 'toma_uno'),
    });
    expect(response.statusCode).toBe(201);
    const created = ClienteCreateResponseSchema.parse(response.json());
    expect(created.configuracion.database_name).not.toBe(foreignName);
    expect(created.configuracion.database_name).toBe(`${foreignName.slice(0, 58)}_2`);
    expect(await foreignDataIntact(foreignName)).toBe(true);

    // The new receiver's user sees its own (empty) database, not the foreign data.
    const token = await t.login('toma_uno');
    const apunte = await t.request(token, { method: 'GET', url: '/api/v1/apuntes-personales/texto/' });
    expect(apunte.statusCode).toBe(200);
  });

  it('on a failure after provisioning drops only the database it created, never the foreign one', async () => {
    const nombre = 'Receptora Ajena Dos';
    const foreignName = tenantDatabaseName(t.config.database, nombre);
    await createForeignDatabase(foreignName);
    await t.app.controlDb.execute(sql`
      create function toma_reject_user() returns trigger language plpgsql as $$
      begin
        if new.username = 'toma_falla' then raise exception 'usuario rechazado'; end if;
        return new;
      end $$`);
    await t.app.controlDb.execute(sql`
      create trigger toma_reject_user before insert on users for each row execute function toma_reject_user()`);
    try {
      const response = await t.request(adminToken, {
        method: 'POST',
        url: '/api/v1/onboarding/clientes/crear/',
        payload: payload(nombre, 'toma_falla'),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(await foreignDataIntact(foreignName)).toBe(true);
      expect(await databaseExists(`${foreignName.slice(0, 58)}_2`)).toBe(false);
    } finally {
      await t.app.controlDb.execute(sql`drop trigger toma_reject_user on users`);
      await t.app.controlDb.execute(sql`drop function toma_reject_user()`);
    }
  });
});
