import {
  type Boleta,
  type BoletaCreateInput,
  calcularRetencion,
  formatCLP,
  type Recibo,
  type ReciboAnularInput,
  type ReciboConfiguracion,
  type ReciboConfiguracionInput,
  type ReciboCreateInput,
  type ReciboPatchInput,
  type ReciboRebajaInput,
  type RecibosListQuery,
  type RecibosListResponse,
  RECIBOS_PAGE_SIZE,
  recibosMessages as m,
  toSantiagoIso,
} from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { buildReciboPdf, type ReceptorIdentidad } from '../../documents/recibo-pdf';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import type { AuditActor } from '../auditoria/audit-actor';
import { recordAudit } from '../auditoria/auditoria.service';
import {
  type DiligenciaFacturable,
  emitirRecibo,
  findDiligencias,
  findEstudioYDiligencias,
  findRecibo,
  type ItemRow,
  listItems,
  listRecibosMany,
  lockRecibo,
  type ReciboRow,
  rowsOf,
  SIN_CORTE,
} from './recibos.repository';
import { encolarReciboEmitido } from '../webhooks/webhooks.eventos';

const { boletas, estudios, rebajas, reciboItems, recibos, recibosConfiguracion, retencionTasas } = tenantSchema;

const iso = (value: Date | string | null): string => (value === null ? '' : toSantiagoIso(new Date(value)));

function boletaOf(row: ReciboRow): Boleta | null {
  if (row.numero_boleta === null || row.retiene === null) return null;
  return {
    numero_boleta: row.numero_boleta,
    fecha: row.boleta_fecha ?? '',
    retiene: row.retiene,
    bruto: Number(row.bruto),
    tasa: Number(row.tasa),
    retencion: Number(row.retencion),
    liquido: Number(row.liquido),
  };
}

/** A receipt row as the list shows it. */
export function resumenOf(row: ReciboRow) {
  return {
    id: row.id,
    numero: row.numero,
    estudio: { id: row.estudio_id, nombre: row.estudio_nombre },
    fecha: row.fecha,
    observaciones: row.observaciones,
    subtotal: row.subtotal,
    rebaja: row.rebaja,
    total: row.total,
    pagado: row.pagado,
    retenido: row.retenido,
    saldo: row.saldo,
    estado: row.estado,
    boleta: boletaOf(row),
    anulacion: row.anulado_en === null ? null : { motivo: row.motivo_anulacion ?? '', usuario: row.anulado_por ?? '', fecha: iso(row.anulado_en) },
    creado_en: iso(row.creado_en),
    cantidad_diligencias: row.cantidad,
  };
}

function itemOf(item: ItemRow) {
  return { diligencia_id: item.diligencia_id, numero_rol: item.numero_rol, tipo: item.tipo, valor: item.valor, fecha_diligencia: item.fecha_diligencia };
}

/** A whole receipt: its items and its discounts. Another receiver's id is simply not found (404). */
export async function getRecibo(db: TenantDb, id: number): Promise<Recibo> {
  const row = await findRecibo(db, id);
  if (!row) throw new AppError('NOT_FOUND', m.reciboNoEncontrado);
  const [items, descuentos] = await Promise.all([
    listItems(db, id),
    db.select().from(rebajas).where(eq(rebajas.reciboId, id)).orderBy(rebajas.id),
  ]);
  const { cantidad_diligencias: _c, ...resumen } = resumenOf(row);
  return {
    ...resumen,
    items: items.map(itemOf),
    rebajas: descuentos.map((r) => ({ id: r.id, monto: Number(r.monto), motivo: r.motivo, usuario: r.creadoPor, creado_en: iso(r.creadoEn) })),
  };
}

export async function listRecibosPage(db: TenantDb, query: RecibosListQuery): Promise<RecibosListResponse> {
  const conditions: SQL[] = [sql`true`];
  if (query.estudio) conditions.push(sql`recibo.estudio_id = ${query.estudio}`);
  if (query.desde) conditions.push(sql`recibo.fecha_dia >= ${query.desde}::date`);
  if (query.hasta) conditions.push(sql`recibo.fecha_dia <= ${query.hasta}::date`);
  if (query.estado) conditions.push(sql`recibo.estado = ${query.estado}`);
  const rows = await listRecibosMany(
    db,
    SIN_CORTE,
    sql.join(conditions, sql` and `),
    sql`recibo.numero desc`,
    RECIBOS_PAGE_SIZE,
    (query.page - 1) * RECIBOS_PAGE_SIZE,
  );
  let count = rows[0]?.count ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [first] = await listRecibosMany(db, SIN_CORTE, sql.join(conditions, sql` and `), sql`recibo.numero desc`, 1, 0);
    count = first?.count ?? 0;
  }
  return { count, page: query.page, page_size: RECIBOS_PAGE_SIZE, results: rows.map(resumenOf) };
}

/**
 * The diligences a receipt may bill: stamped assignments of the receipt's firm, in no other receipt that is
 * not void (409 naming it). Returns them in the order asked.
 */
async function facturables(db: TenantDb, estudioId: number, ids: readonly number[]): Promise<DiligenciaFacturable[]> {
  return checkFacturables(estudioId, ids, await findDiligencias(db, ids));
}

/** The same checks on diligences already read. */
function checkFacturables(estudioId: number, ids: readonly number[], found: readonly DiligenciaFacturable[]): DiligenciaFacturable[] {
  const byId = new Map(found.map((d) => [d.id, d]));
  const invalid = ids.filter((id) => {
    const d = byId.get(id);
    return !d || d.estudio_id !== estudioId || d.estado !== 'estampado';
  });
  if (invalid.length > 0) {
    const message = m.diligenciasNoFacturables(invalid);
    throw new AppError('BAD_REQUEST', message, { errors: { diligencia_ids: [message] } });
  }
  const taken = ids.map((id) => byId.get(id)!).find((d) => d.recibo_numero !== null);
  if (taken) throw new AppError('CONFLICT', m.diligenciaYaEnRecibo(taken.id, taken.recibo_numero!));
  return ids.map((id) => byId.get(id)!);
}

function checkFecha(fecha: string, items: readonly { fecha_diligencia: string | null }[]) {
  const latest = items.reduce<string>((max, item) => (item.fecha_diligencia && item.fecha_diligencia > max ? item.fecha_diligencia : max), '');
  if (latest && fecha < latest) {
    const message = m.fechaAnteriorADiligencias(latest.split('-').reverse().join('-'));
    throw new AppError('BAD_REQUEST', message, { errors: { fecha: [message] } });
  }
}

/** A unique violation on the active-item index means another receipt took the diligence first: 409. */
async function conflictOnTaken<T>(db: TenantDb, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) === 'recibo_items_diligencia_activa_key') {
      throw new AppError('CONFLICT', m.diligenciasEnOtroRecibo);
    }
    throw error;
  }
}

/**
 * Issues a receipt. Everything is checked before the number is taken; the number, the receipt, its items,
 * the audit row and the billed assignments' 'facturado' acts are written by one statement (emitirRecibo),
 * and their `recibo.emitido` events, when the firm listens, in the same transaction: a failure gives the
 * number back (no gap) and leaves no act nor event, and an issued receipt always has them.
 */
export async function createRecibo(db: TenantDb, input: ReciboCreateInput, actor: AuditActor): Promise<Recibo> {
  const found = await findEstudioYDiligencias(db, input.estudio_id, input.diligencia_ids);
  const estudio = found.estudio;
  if (!estudio) throw new AppError('BAD_REQUEST', m.estudioNoEncontrado, { errors: { estudio_id: [m.estudioNoEncontrado] } });
  const items = checkFacturables(input.estudio_id, input.diligencia_ids, found.diligencias);
  checkFecha(input.fecha, items);
  const created = await conflictOnTaken(db, () =>
    db.transaction(async (tx) => {
      const emitido = await emitirRecibo(tx, {
        estudioId: input.estudio_id,
        fecha: input.fecha,
        observaciones: input.observaciones ?? '',
        items,
        actor,
        cambios: {
          estudio_id: { antes: null, despues: input.estudio_id },
          fecha: { antes: null, despues: input.fecha },
          diligencia_ids: { antes: null, despues: input.diligencia_ids },
          subtotal: { antes: null, despues: items.reduce((sum, d) => sum + d.valor, 0) },
        },
      });
      // The firm's systems hear of it (recibo.emitido) when it listens.
      if (emitido.suscrito) await encolarReciboEmitido(tx, emitido.id);
      return emitido;
    }),
  );
  // Answered from what was just written (nothing is paid, discounted or voided yet): no second read.
  const subtotal = items.reduce((sum, d) => sum + d.valor, 0);
  return {
    id: created.id,
    numero: created.numero,
    estudio: { id: estudio.id, nombre: estudio.nombre },
    fecha: input.fecha,
    observaciones: input.observaciones ?? '',
    items: items.map((d) => ({ diligencia_id: d.id, numero_rol: d.numero_rol, tipo: d.tipo, valor: d.valor, fecha_diligencia: d.fecha_diligencia })),
    subtotal,
    rebaja: 0,
    total: subtotal,
    pagado: 0,
    retenido: 0,
    saldo: subtotal,
    estado: subtotal > 0 ? 'emitido' : 'pagado',
    rebajas: [],
    boleta: null,
    anulacion: null,
    creado_en: iso(created.creado_en),
  };
}

/** Locks the receipt and reads it in the transaction; void → 400; nothing → 404. */
async function lockedRecibo(tx: TenantDb, id: number): Promise<ReciboRow> {
  await lockRecibo(tx, id);
  const row = await findRecibo(tx, id);
  if (!row) throw new AppError('NOT_FOUND', m.reciboNoEncontrado);
  if (row.estado === 'anulado') throw new AppError('BAD_REQUEST', m.reciboAnulado);
  return row;
}

/** Adds or removes diligences (edit_asocia_recibos) while nothing is paid and no boleta was issued. */
export async function patchRecibo(db: TenantDb, id: number, input: ReciboPatchInput, actor: AuditActor): Promise<Recibo> {
  await conflictOnTaken(db, () =>
    db.transaction(async (tx) => {
      const row = await lockedRecibo(tx, id);
      if (row.pagado > 0) throw new AppError('BAD_REQUEST', m.reciboConPagos);
      if (row.numero_boleta !== null) throw new AppError('BAD_REQUEST', m.reciboConBoleta);
      const current = await listItems(tx, id);
      const currentIds = new Set(current.map((item) => item.diligencia_id));
      const agregar = input.agregar.filter((d) => !currentIds.has(d));
      const missing = input.quitar.filter((d) => !currentIds.has(d));
      if (missing.length > 0) {
        const message = m.quitarNoEnRecibo(missing);
        throw new AppError('BAD_REQUEST', message, { errors: { quitar: [message] } });
      }
      const quitar = input.quitar.filter((d) => !input.agregar.includes(d));
      if (current.length + agregar.length - quitar.length < 1) throw new AppError('BAD_REQUEST', m.reciboVacio);
      const nuevos = await facturables(tx, row.estudio_id, agregar);
      checkFecha(row.fecha, nuevos);
      const removedValue = current.filter((item) => quitar.includes(item.diligencia_id)).reduce((sum, item) => sum + item.valor, 0);
      const addedValue = nuevos.reduce((sum, d) => sum + d.valor, 0);
      if (row.subtotal - removedValue + addedValue < row.rebaja) throw new AppError('BAD_REQUEST', m.rebajaExcedeTotal);
      if (quitar.length > 0) {
        await tx
          .update(reciboItems)
          .set({ activo: false, quitadoEn: sql`now()`, quitadoPor: actor.username })
          .where(and(eq(reciboItems.reciboId, id), eq(reciboItems.activo, true), inArray(reciboItems.diligenciaId, quitar)));
      }
      if (nuevos.length > 0) {
        await tx.insert(reciboItems).values(
          nuevos.map((d) => ({ reciboId: id, diligenciaId: d.id, numeroRol: d.numero_rol, tipo: d.tipo, valor: d.valor, fechaDiligencia: d.fecha_diligencia })),
        );
      }
      await recordAudit(tx, actor, {
        entidad: 'recibo',
        entidadId: id,
        accion: 'modificar',
        cambios: {
          diligencia_ids: { antes: [...currentIds], despues: [...current.map((i) => i.diligencia_id).filter((d) => !quitar.includes(d)), ...agregar] },
          subtotal: { antes: row.subtotal, despues: row.subtotal - removedValue + addedValue },
        },
      });
    }),
  );
  return getRecibo(db, id);
}

/** A discount (rebaja_recibos): a new row; the total never falls below what is paid (or retained). */
export async function rebajarRecibo(db: TenantDb, id: number, input: ReciboRebajaInput, actor: AuditActor): Promise<Recibo> {
  await db.transaction(async (tx) => {
    const row = await lockedRecibo(tx, id);
    if (row.numero_boleta !== null) throw new AppError('BAD_REQUEST', m.reciboConBoleta);
    if (input.monto > row.total) throw new AppError('BAD_REQUEST', m.rebajaExcedeTotal, { errors: { monto: [m.rebajaExcedeTotal] } });
    if (row.total - input.monto < row.pagado + row.retenido) {
      const message = m.rebajaBajoPagado(formatCLP(row.pagado + row.retenido));
      throw new AppError('BAD_REQUEST', message, { errors: { monto: [message] } });
    }
    const [rebaja] = await tx
      .insert(rebajas)
      .values({ reciboId: id, monto: input.monto, motivo: input.motivo, creadoPor: actor.username })
      .returning({ id: rebajas.id });
    await recordAudit(tx, actor, {
      entidad: 'recibo',
      entidadId: id,
      accion: 'rebaja',
      cambios: { rebaja: { antes: row.rebaja, despues: row.rebaja + input.monto }, motivo: { antes: null, despues: input.motivo }, rebaja_id: { antes: null, despues: rebaja?.id ?? null } },
    });
  });
  return getRecibo(db, id);
}

/** Voids a receipt: it keeps its number and items as evidence, and its diligences may be billed again. */
export async function anularRecibo(db: TenantDb, id: number, input: ReciboAnularInput, actor: AuditActor): Promise<Recibo> {
  await db.transaction(async (tx) => {
    const row = await lockedRecibo(tx, id);
    if (row.pagado > 0) throw new AppError('BAD_REQUEST', m.anularConPagos);
    await tx.update(recibos).set({ anuladoEn: sql`now()`, anuladoPor: actor.username, motivoAnulacion: input.motivo }).where(eq(recibos.id, id));
    // Deactivated without a removal mark: the void receipt still lists them.
    await tx.update(reciboItems).set({ activo: false }).where(and(eq(reciboItems.reciboId, id), eq(reciboItems.activo, true)));
    await recordAudit(tx, actor, {
      entidad: 'recibo',
      entidadId: id,
      accion: 'anular',
      cambios: { estado: { antes: row.estado, despues: 'anulado' }, motivo: { antes: null, despues: input.motivo } },
    });
  });
  return getRecibo(db, id);
}

export async function getConfiguracion(db: TenantDb): Promise<ReciboConfiguracion> {
  const [config] = await db.select().from(recibosConfiguracion).where(eq(recibosConfiguracion.id, 1));
  const [ultimo] = rowsOf<{ numero: number | null }>(await db.execute(sql`select max(numero) as numero from recibos`));
  return {
    numero_inicial: config?.numeroInicial ?? 1,
    siguiente_numero: config?.siguienteNumero ?? 1,
    ultimo_numero: ultimo?.numero === null || ultimo?.numero === undefined ? null : Number(ultimo.numero),
  };
}

/** Sets where numbering starts: only past every number already issued (numbers are never reused). */
export async function saveConfiguracion(db: TenantDb, input: ReciboConfiguracionInput, actor: AuditActor): Promise<ReciboConfiguracion> {
  await db.transaction(async (tx) => {
    const [config] = rowsOf<{ numero_inicial: number; siguiente_numero: number }>(
      await tx.execute(sql`select numero_inicial, siguiente_numero from recibos_configuracion where id = 1 for update`),
    );
    const [ultimo] = rowsOf<{ numero: number | null }>(await tx.execute(sql`select max(numero) as numero from recibos`));
    const last = ultimo?.numero === null || ultimo?.numero === undefined ? null : Number(ultimo.numero);
    if (last !== null && input.numero_inicial <= last) {
      const message = m.numeroInicialBajo(last);
      throw new AppError('BAD_REQUEST', message, { errors: { numero_inicial: [message] } });
    }
    await tx
      .insert(recibosConfiguracion)
      .values({ id: 1, numeroInicial: input.numero_inicial, siguienteNumero: input.numero_inicial })
      .onConflictDoUpdate({ target: recibosConfiguracion.id, set: { numeroInicial: input.numero_inicial, siguienteNumero: input.numero_inicial } });
    await recordAudit(tx, actor, {
      entidad: 'recibo_configuracion',
      entidadId: 1,
      accion: 'modificar',
      cambios: { numero_inicial: { antes: config?.numero_inicial ?? null, despues: input.numero_inicial } },
    });
  });
  return getConfiguracion(db);
}

/** The boleta's rate of a year; a year without a rate → 400. */
async function tasaDelAnio(db: TenantDb, anio: number): Promise<number> {
  const [row] = await db.select({ tasa: retencionTasas.tasa }).from(retencionTasas).where(eq(retencionTasas.anio, anio));
  if (!row) throw new AppError('BAD_REQUEST', m.tasaNoDefinida(anio));
  return Number(row.tasa);
}

/** Records the boleta de honorarios of a receipt at its year's retention rate (rounded to the peso). */
export async function emitirBoleta(db: TenantDb, id: number, input: BoletaCreateInput, actor: AuditActor): Promise<Boleta> {
  return db.transaction(async (tx) => {
    const row = await lockedRecibo(tx, id);
    if (row.numero_boleta !== null) throw new AppError('CONFLICT', m.boletaYaEmitida(row.numero_boleta));
    const tasa = await tasaDelAnio(tx, Number(input.fecha.slice(0, 4)));
    const montos = calcularRetencion(row.total, tasa);
    if (input.retiene === 'pagador' && row.pagado + montos.retencion > row.total) {
      throw new AppError('BAD_REQUEST', m.retencionExcedeSaldo);
    }
    await tx.insert(boletas).values({
      reciboId: id,
      numeroBoleta: input.numero_boleta,
      fecha: input.fecha,
      retiene: input.retiene,
      bruto: montos.bruto,
      tasa: montos.tasa,
      retencion: montos.retencion,
      liquido: montos.liquido,
      creadoPor: actor.username,
    });
    await recordAudit(tx, actor, {
      entidad: 'recibo',
      entidadId: id,
      accion: 'boleta',
      cambios: {
        numero_boleta: { antes: null, despues: input.numero_boleta },
        fecha: { antes: null, despues: input.fecha },
        retiene: { antes: null, despues: input.retiene },
        retencion: { antes: null, despues: montos.retencion },
      },
    });
    return { numero_boleta: input.numero_boleta, fecha: input.fecha, retiene: input.retiene, ...montos };
  });
}

/** The printed receipt with the receiver's header from its own record. */
export async function getReciboPdf(db: TenantDb, id: number, receptor: ReceptorIdentidad): Promise<{ filename: string; content: Buffer }> {
  const recibo = await getRecibo(db, id);
  const [estudio] = await db.select({ rut: estudios.rutEstudio }).from(estudios).where(eq(estudios.id, recibo.estudio.id));
  return { filename: `recibo-${recibo.numero}.pdf`, content: await buildReciboPdf(recibo, receptor, estudio?.rut ?? '') };
}
