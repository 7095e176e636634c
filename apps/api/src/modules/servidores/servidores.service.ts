import { type Servidor, type ServidorCreateValue, servidoresMessages as m } from '@receptoria/contracts';
import { type ControlDb, controlSchema, withDatabaseName } from '@receptoria/db';
import { asc, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import type { AuditActor } from '../auditoria/audit-actor';
import { recordControlAudit } from '../auditoria/auditoria.service';
import type { DirectorioServidores } from './directorio';

const { servidores, tenants } = controlSchema;

export type ServidorRow = typeof servidores.$inferSelect;

/** Receivers per server. */
async function receptoresPorServidor(db: ControlDb): Promise<Map<number, number>> {
  const rows = await db.select({ id: tenants.servidorId, n: count() }).from(tenants).groupBy(tenants.servidorId);
  return new Map(rows.map((row) => [row.id, row.n]));
}

export async function listServidores(db: ControlDb, directorio: DirectorioServidores): Promise<Servidor[]> {
  const [rows, counts] = await Promise.all([db.select().from(servidores).orderBy(asc(servidores.id)), receptoresPorServidor(db)]);
  await Promise.all(rows.map((row) => directorio.ensure(row.id)));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      nombre: row.nombre,
      capacidad: row.capacidad,
      receptores: counts.get(row.id) ?? 0,
      activo: row.activo,
      estado: await directorio.estado(row.id),
    })),
  );
}

/**
 * The server a new receiver goes to: the one named (it must exist, be active and have room), else the
 * active server with the most room left (capacity minus receivers), the oldest on a tie. Runs inside
 * the onboarding transaction with the servers locked, so two onboardings at once count each other.
 */
export async function elegirServidor(tx: ControlDb, servidorId?: number): Promise<ServidorRow> {
  const rows = await tx.select().from(servidores).orderBy(asc(servidores.id)).for('update');
  const counts = await receptoresPorServidor(tx);
  const libre = (row: ServidorRow) => row.capacidad - (counts.get(row.id) ?? 0);
  if (servidorId !== undefined) {
    const named = rows.find((row) => row.id === servidorId);
    const error = (detail: string) => new AppError('BAD_REQUEST', detail, { errors: { servidor_id: [detail] } });
    if (!named) throw error(m.servidorNoEncontrado);
    if (!named.activo) throw error(m.servidorInactivo);
    if (libre(named) <= 0) throw error(m.servidorLleno(named.nombre));
    return named;
  }
  let best: ServidorRow | undefined;
  for (const row of rows) {
    if (!row.activo || libre(row) <= 0) continue;
    if (!best || libre(row) > libre(best)) best = row;
  }
  if (!best) throw new AppError('CONFLICT', m.sinCapacidad);
  return best;
}

/** Why a server cannot hold receivers' databases (Spanish), or null when it can: it answers and its role may CREATEDB. */
async function revisarServidor(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: withDatabaseName(url, 'postgres'), connectionTimeoutMillis: 5_000, query_timeout: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    return m.sinConexion((error as Error).message || String(error));
  }
  try {
    const { rows } = await client.query<{ usuario: string; puede: boolean }>(
      'select current_user as usuario, (rolcreatedb or rolsuper) as puede from pg_roles where rolname = current_user',
    );
    const row = rows[0];
    if (!row?.puede) return m.sinCreatedb(row?.usuario ?? new URL(url).username);
    return null;
  } catch (error) {
    return m.sinConexion((error as Error).message || String(error));
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Adds a database server after checking it answers and its role may create databases; its URL is stored encrypted. */
export async function createServidor(
  db: ControlDb,
  directorio: DirectorioServidores,
  input: ServidorCreateValue,
  actor: AuditActor & { tenantId: number },
): Promise<Servidor> {
  if (!directorio.postgres) throw new AppError('BAD_REQUEST', m.soloPostgres);
  if (!directorio.crypto) throw new AppError('BAD_REQUEST', m.sinClave);
  let parsed: URL;
  try {
    parsed = new URL(input.url);
  } catch {
    throw new AppError('BAD_REQUEST', m.urlInvalida, { errors: { url: [m.urlInvalida] } });
  }
  const problem = await revisarServidor(parsed.toString());
  if (problem) throw new AppError('BAD_REQUEST', problem, { errors: { url: [problem] } });
  let row: ServidorRow;
  try {
    row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(servidores)
        .values({ nombre: input.nombre, urlCifrada: directorio.crypto!.encrypt(parsed.toString()), capacidad: input.capacidad, activo: input.activo })
        .returning();
      if (!created) throw new Error('server insert returned nothing');
      await recordControlAudit(tx, actor.tenantId, actor, {
        entidad: 'receptor',
        entidadId: actor.tenantId,
        accion: 'agregar_servidor',
        cambios: {
          servidor: {
            antes: null,
            despues: { id: created.id, nombre: created.nombre, servidor: `${parsed.hostname}:${parsed.port || '5432'}`, capacidad: created.capacidad, activo: created.activo },
          },
        },
      });
      return created;
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw new AppError('CONFLICT', m.nombreEnUso, { errors: { nombre: [m.nombreEnUso] } });
    throw error;
  }
  await directorio.refresh();
  return {
    id: row.id,
    nombre: row.nombre,
    capacidad: row.capacidad,
    receptores: 0,
    activo: row.activo,
    estado: await directorio.estado(row.id),
  };
}

export async function findServidor(db: ControlDb, id: number): Promise<ServidorRow | undefined> {
  const [row] = await db.select().from(servidores).where(eq(servidores.id, id));
  return row;
}
