import {
  type AplicacionInput,
  formatCLP,
  type Pago,
  type PagoAplicarInput,
  type PagoCreateInput,
  type PagosListQuery,
  type PagosListResponse,
  PAGOS_PAGE_SIZE,
  pagosMessages as m,
  todayIso,
  toSantiagoIso,
} from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { AuditActor } from '../auditoria/audit-actor';
import { recordAudit } from '../auditoria/auditoria.service';
import { registrarPagos } from '../ciclo-vida/eventos.repository';
import { findRecibo, lockRecibo, rowsOf } from '../recibos/recibos.repository';

const { pagos, pagoAplicaciones } = tenantSchema;

const iso = (value: Date | string | null): string => (value === null ? '' : toSantiagoIso(new Date(value)));

interface PagoRow {
  id: number;
  estudio_id: number;
  estudio_nombre: string;
  fecha: string;
  monto: number;
  medio: Pago['medio'];
  referencia: string;
  creado_por: string;
  creado_en: Date | string;
  reverso_en: Date | string | null;
  reverso_por: string | null;
  count?: number;
}

interface AplicacionRow {
  id: number;
  pago_id: number;
  recibo_id: number;
  recibo_numero: number;
  monto: number;
  creado_en: Date | string;
}

async function selectPagos(db: TenantDb, where: SQL, limit?: number, offset = 0): Promise<PagoRow[]> {
  const page = limit === undefined ? sql`` : sql` limit ${limit} offset ${offset}`;
  const rows = rowsOf<PagoRow>(
    await db.execute(sql`
      select p.id, p.estudio_id, es.nombre as estudio_nombre, to_char(p.fecha, 'YYYY-MM-DD') as fecha, p.monto, p.medio, p.referencia,
             p.creado_por, p.creado_en, p.reverso_en, p.reverso_por, count(*) over ()::int as count
        from pagos p
        join estudios es on es.id = p.estudio_id
       where ${where}
       order by p.fecha desc, p.id desc${page}`),
  );
  return rows.map((row) => ({ ...row, monto: Number(row.monto) }));
}

async function aplicacionesDe(db: TenantDb, pagoIds: readonly number[]): Promise<AplicacionRow[]> {
  if (pagoIds.length === 0) return [];
  const rows = rowsOf<AplicacionRow>(
    await db.execute(sql`
      select a.id, a.pago_id, a.recibo_id, r.numero as recibo_numero, a.monto, a.creado_en
        from pago_aplicaciones a
        join recibos r on r.id = a.recibo_id
       where a.pago_id in (${sql.join(pagoIds.map((id) => sql`${id}`), sql`, `)})
       order by a.id`),
  );
  return rows.map((row) => ({ ...row, monto: Number(row.monto) }));
}

function pagoOf(row: PagoRow, aplicaciones: readonly AplicacionRow[]): Pago {
  const own = aplicaciones.filter((a) => a.pago_id === row.id);
  const aplicado = own.reduce((sum, a) => sum + a.monto, 0);
  return {
    id: row.id,
    estudio: { id: row.estudio_id, nombre: row.estudio_nombre },
    fecha: row.fecha,
    monto: row.monto,
    medio: row.medio,
    referencia: row.referencia,
    aplicaciones: own.map((a) => ({ id: a.id, recibo_id: a.recibo_id, recibo_numero: a.recibo_numero, monto: a.monto, creado_en: iso(a.creado_en) })),
    aplicado,
    credito: row.reverso_en === null ? row.monto - aplicado : 0,
    usuario: row.creado_por,
    creado_en: iso(row.creado_en),
    reverso: row.reverso_en === null ? null : { usuario: row.reverso_por ?? '', fecha: iso(row.reverso_en) },
  };
}

export async function getPago(db: TenantDb, id: number): Promise<Pago> {
  const [row] = await selectPagos(db, sql`p.id = ${id}`);
  if (!row) throw new AppError('NOT_FOUND', m.pagoNoEncontrado);
  return pagoOf(row, await aplicacionesDe(db, [id]));
}

export async function listPagos(db: TenantDb, query: PagosListQuery): Promise<PagosListResponse> {
  const conditions: SQL[] = [sql`true`];
  if (query.estudio) conditions.push(sql`p.estudio_id = ${query.estudio}`);
  if (query.desde) conditions.push(sql`p.fecha >= ${query.desde}::date`);
  if (query.hasta) conditions.push(sql`p.fecha <= ${query.hasta}::date`);
  const rows = await selectPagos(db, sql.join(conditions, sql` and `), PAGOS_PAGE_SIZE, (query.page - 1) * PAGOS_PAGE_SIZE);
  const aplicaciones = await aplicacionesDe(db, rows.map((r) => r.id));
  return { count: rows[0]?.count ?? 0, page: query.page, page_size: PAGOS_PAGE_SIZE, results: rows.map((row) => pagoOf(row, aplicaciones)) };
}

/**
 * Applies amounts to receipts of the payment's firm, each locked (in id order: no deadlock) and read again
 * in the transaction: never beyond a receipt's balance, never to a void or another firm's receipt.
 */
async function aplicar(tx: TenantDb, pago: { id: number; estudioId: number }, aplicaciones: readonly AplicacionInput[], actor: AuditActor) {
  const ordered = [...aplicaciones].sort((a, b) => a.recibo_id - b.recibo_id);
  for (const a of ordered) await lockRecibo(tx, a.recibo_id);
  const invalid: number[] = [];
  for (const a of ordered) {
    const recibo = await findRecibo(tx, a.recibo_id);
    if (!recibo || recibo.estudio_id !== pago.estudioId || recibo.estado === 'anulado') {
      invalid.push(a.recibo_id);
      continue;
    }
    if (a.monto > recibo.saldo) {
      const message = m.aplicacionExcedeSaldo(recibo.numero, formatCLP(recibo.saldo));
      throw new AppError('BAD_REQUEST', message, { errors: { aplicaciones: [message] } });
    }
  }
  if (invalid.length > 0) {
    const message = m.recibosNoAplicables(invalid);
    throw new AppError('BAD_REQUEST', message, { errors: { aplicaciones: [message] } });
  }
  if (ordered.length === 0) return;
  const aplicadas = await tx
    .insert(pagoAplicaciones)
    .values(ordered.map((a) => ({ pagoId: pago.id, reciboId: a.recibo_id, monto: a.monto, creadoPor: actor.username })))
    .returning({ id: pagoAplicaciones.id });
  await registrarPagos(
    tx,
    aplicadas.map((a) => a.id),
  );
}

function checkFecha(fecha: string) {
  if (fecha > todayIso()) throw new AppError('BAD_REQUEST', m.fechaPosteriorAPago, { errors: { fecha: [m.fechaPosteriorAPago] } });
}

async function requireEstudio(db: TenantDb, id: number) {
  const rows = rowsOf<{ id: number }>(await db.execute(sql`select id from estudios where id = ${id}`));
  if (rows.length === 0) throw new AppError('BAD_REQUEST', m.estudioNoEncontrado, { errors: { estudio_id: [m.estudioNoEncontrado] } });
}

/** Records a firm's payment and its applications; the unapplied rest is the firm's credit. */
export async function createPago(db: TenantDb, input: PagoCreateInput, actor: AuditActor): Promise<Pago> {
  checkFecha(input.fecha);
  await requireEstudio(db, input.estudio_id);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pagos)
      .values({ estudioId: input.estudio_id, fecha: input.fecha, monto: input.monto, medio: input.medio, referencia: input.referencia, creadoPorId: actor.userId, creadoPor: actor.username })
      .returning({ id: pagos.id });
    if (!row) throw new Error('pago insert returned nothing');
    // Applied with the payment, in its transaction: the same now() as the payment, so they count from its date.
    await aplicar(tx, { id: row.id, estudioId: input.estudio_id }, input.aplicaciones, actor);
    await recordAudit(tx, actor, {
      entidad: 'pago',
      entidadId: row.id,
      accion: 'crear',
      cambios: {
        estudio_id: { antes: null, despues: input.estudio_id },
        fecha: { antes: null, despues: input.fecha },
        monto: { antes: null, despues: input.monto },
        medio: { antes: null, despues: input.medio },
        referencia: { antes: null, despues: input.referencia },
        aplicaciones: { antes: null, despues: input.aplicaciones },
      },
    });
    return row.id;
  });
  return getPago(db, id);
}

/** Applies part of a payment's credit to receipts of its firm. */
export async function aplicarPago(db: TenantDb, id: number, input: PagoAplicarInput, actor: AuditActor): Promise<Pago> {
  await db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: number; estudio_id: number; monto: string | number; reverso_en: Date | null }>(
      await tx.execute(sql`select id, estudio_id, monto, reverso_en from pagos where id = ${id} for update`),
    );
    if (!row) throw new AppError('NOT_FOUND', m.pagoNoEncontrado);
    if (row.reverso_en !== null) throw new AppError('BAD_REQUEST', m.pagoAnulado);
    const [applied] = rowsOf<{ total: string | number }>(await tx.execute(sql`select coalesce(sum(monto), 0) as total from pago_aplicaciones where pago_id = ${id}`));
    const credito = Number(row.monto) - Number(applied?.total ?? 0);
    if (credito <= 0) throw new AppError('BAD_REQUEST', m.pagoSinCredito);
    if (input.aplicaciones.reduce((sum, a) => sum + a.monto, 0) > credito) {
      throw new AppError('BAD_REQUEST', m.aplicacionesExcedenPago, { errors: { aplicaciones: [m.aplicacionesExcedenPago] } });
    }
    await aplicar(tx, { id, estudioId: row.estudio_id }, input.aplicaciones, actor);
    await recordAudit(tx, actor, { entidad: 'pago', entidadId: id, accion: 'aplicar', cambios: { aplicaciones: { antes: null, despues: input.aplicaciones } } });
  });
  return getPago(db, id);
}

/**
 * Undoes a payment: it stays, marked as reversed (who and when), and it and its applications stop
 * counting; the receipts' balances come back. Audited.
 */
export async function reversarPago(db: TenantDb, id: number, actor: AuditActor): Promise<Pago> {
  await db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: number; monto: string | number; reverso_en: Date | null }>(
      await tx.execute(sql`select id, monto, reverso_en from pagos where id = ${id} for update`),
    );
    if (!row) throw new AppError('NOT_FOUND', m.pagoNoEncontrado);
    if (row.reverso_en !== null) throw new AppError('BAD_REQUEST', m.pagoAnulado);
    await tx.execute(sql`update pagos set reverso_en = now(), reverso_por = ${actor.username} where id = ${id}`);
    await recordAudit(tx, actor, {
      entidad: 'pago',
      entidadId: id,
      accion: 'reversar',
      cambios: { reverso: { antes: null, despues: { monto: Number(row.monto), usuario: actor.username } } },
    });
  });
  return getPago(db, id);
}
