import {
  ESTADO_CUENTA_PRIMERAS_PAGINAS,
  type EstadoCuenta,
  type EstadoCuentaEnviado,
  type EstadoCuentaPaginas,
  formatCLP,
  formatDate,
  type Movimiento,
  pagosMessages as m,
  todayIso,
  correoMessages,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { buildEstadoCuentaPdf } from '../../documents/estado-cuenta-pdf';
import type { ReceptorIdentidad } from '../../documents/recibo-pdf';
import { AppError } from '../../lib/app-error';
import { preparedSql } from '../../lib/prepared';
import type { MailTransport } from '../../integrations/mail/mail-transport';
import type { AuditActor } from '../auditoria/audit-actor';
import { enviarCorreo } from '../correo-saliente/correo-saliente.service';
import { recordAudit } from '../auditoria/auditoria.service';
import { rowsOf } from '../recibos/recibos.repository';
import { buildEstadoCuentaXlsx } from './estado-cuenta-xlsx';

/** Every movement and open receipt: the documents (PDF, XLSX, the mailed statement) carry them all. */
const TODO: EstadoCuentaPaginas = { movimientos_page: 1, movimientos_page_size: 0, abiertos_page: 1, abiertos_page_size: 0 };

async function findEstudio(db: TenantDb, id: number) {
  const [row] = rowsOf<{ id: number; nombre: string; rut_estudio: string }>(await db.execute(sql`select id, nombre, rut_estudio from estudios where id = ${id}`));
  if (!row) throw new AppError('NOT_FOUND', m.estudioNoEncontrado);
  return row;
}

interface MovimientoRow {
  fecha: string;
  tipo: Movimiento['tipo'];
  recibo_id: number | null;
  pago_id: number | null;
  cargo: number;
  abono: number;
  saldo: number;
  numero: number | null;
  numero_boleta: string | null;
  motivo: string | null;
  medio: string | null;
  referencia: string | null;
}

interface EstadoCuentaRow {
  estudio_nombre: string;
  saldo: number;
  credito: number;
  d0_30: number;
  d31_60: number;
  d61_90: number;
  d90_mas: number;
  abiertos_total: number;
  movimientos_total: number;
  abiertos: EstadoCuenta['recibos_abiertos'] | null;
  movimientos: MovimientoRow[] | null;
}

/**
 * A firm's account as of a Santiago day in one statement, every sum grouped in SQL. "As of" is the
 * instant the next day starts in Santiago (`corte`): a change made before it counts (an instant
 * compared with a constant, not each row's day). Per receipt: the items not removed by then (those of
 * its creation always count), its discounts made by then, its payments dated by then and not reversed by
 * then (applications made later count from their day), the boleta's retention when the payer retains it,
 * void only when voided by then. The balance is what each receipt still owes (never below 0, void ones
 * nothing), aged by the days from its date; the credit, what payments not reversed have not applied.
 * Movements (charges first on a day, then what lowers them) carry the running balance of the whole
 * account; the page asked for is cut from the end (page 1: the most recent). A page size of 0 (null):
 * every row.
 */
function estadoCuentaStatement(db: TenantDb) {
  return preparedSql<EstadoCuentaRow>(
    db,
    'estado_cuenta',
    () => sql`
      with p as (
        select ${sql.placeholder('hasta')}::date as hasta,
               ((${sql.placeholder('hasta')}::date + 1)::timestamp at time zone 'America/Santiago') as corte
      ), hasta_el_final as (
        -- How many movements, counted from the last, reach the end of the page asked for (null: all).
        select ${sql.placeholder('movimientosOffset')}::int + ${sql.placeholder('movimientosLimit')}::int
      ), r as materialized (
        select r.id, r.numero, r.fecha, r.creado_en, coalesce(r.anulado_en < p.corte, false) as anulado, r.anulado_en
          from recibos r, p
         where r.estudio_id = ${sql.placeholder('estudio')} and r.fecha <= p.hasta
      ), pg as materialized (
        select x.id, x.fecha, x.monto, x.medio, x.referencia, x.creado_en, coalesce(x.reverso_en < p.corte, false) as reversado, x.reverso_en
          from pagos x, p
         where x.estudio_id = ${sql.placeholder('estudio')} and x.fecha <= p.hasta
      ), it as (
        select i.recibo_id, sum(i.valor) as subtotal
          from recibo_items i join r on r.id = i.recibo_id, p
         where (i.agregado_en = r.creado_en or i.agregado_en < p.corte) and (i.quitado_en is null or i.quitado_en >= p.corte)
         group by i.recibo_id
      ), rb as materialized (
        select x.id, x.recibo_id, r.numero, x.monto, x.motivo, x.creado_en
          from rebajas x join r on r.id = x.recibo_id, p
         where x.creado_en < p.corte
      ), ap as materialized (
        select a.recibo_id, a.pago_id, a.monto, pg.reversado
          from pago_aplicaciones a join pg on pg.id = a.pago_id, p
         where a.creado_en = pg.creado_en or a.creado_en < p.corte
      ), s as materialized (
        select f.*, (f.subtotal - f.rebaja)::bigint as total,
               (case when f.anulado then 0 else greatest(f.subtotal - f.rebaja - f.pagado - f.retenido, 0) end)::bigint as saldo
          from (
            select r.id, r.numero, r.fecha, r.anulado, r.anulado_en, p.hasta - r.fecha as dias,
                   coalesce(it.subtotal, 0)::bigint as subtotal,
                   coalesce(rbs.rebaja, 0)::bigint as rebaja,
                   coalesce(pa.pagado, 0)::bigint as pagado,
                   (case when b.retiene = 'pagador' and b.fecha <= p.hasta then b.retencion else 0 end)::bigint as retenido,
                   b.numero_boleta, b.fecha as boleta_fecha
              from r cross join p
              left join it on it.recibo_id = r.id
              left join (select recibo_id, sum(monto) as rebaja from rb group by recibo_id) rbs on rbs.recibo_id = r.id
              left join (select recibo_id, sum(monto) as pagado from ap where not reversado group by recibo_id) pa on pa.recibo_id = r.id
              left join boletas b on b.recibo_id = r.id
          ) f
      ), mov as (
        -- Each kind of movement cut to the page's rows counted from the end (its own order is the statement's
        -- within one kind), so the page is sorted out of a few rows of each kind, never out of all of them.
        (select fecha, 0 as orden, id as clave, 0 as sub, 'recibo' as tipo, id as recibo_id, null::int as pago_id,
                subtotal as cargo, 0::bigint as abono, numero, null::text as numero_boleta, null::text as motivo, null::text as medio, null::text as referencia
           from s order by 1 desc, 3 desc limit (table hasta_el_final))
        union all
        (select boleta_fecha, 4, id, 0, 'retencion', id, null, 0, retenido, numero, numero_boleta, null, null, null
           from s where retenido > 0 and boleta_fecha is not null order by 1 desc, 3 desc limit (table hasta_el_final))
        union all
        (select (anulado_en at time zone 'America/Santiago')::date, 3, id, 0, 'anulacion', id, null, 0, total - retenido, numero, null, null, null, null
           from s where anulado order by 1 desc, 3 desc limit (table hasta_el_final))
        union all
        (select (creado_en at time zone 'America/Santiago')::date, 2, recibo_id, id, 'rebaja', recibo_id, null, 0, monto, numero, null, motivo, null, null
           from rb order by 1 desc, 3 desc, 4 desc limit (table hasta_el_final))
        union all
        (select fecha, 5, id, 0, 'pago', null, id, 0, monto, null, null, null, medio, referencia
           from pg order by 1 desc, 3 desc limit (table hasta_el_final))
        union all
        (select (reverso_en at time zone 'America/Santiago')::date, 1, id, 0, 'reverso_pago', null, id, monto, 0, null, null, null, medio, referencia
           from pg where reversado order by 1 desc, 3 desc limit (table hasta_el_final))
      ), pagina as (
        -- The page counted from the end: a bounded sort of offset + limit rows, never of every movement.
        select * from mov order by fecha desc, orden desc, clave desc, sub desc limit (table hasta_el_final)
      ), corrido as (
        -- Running balance = the account's final balance less what the movements after each one moved.
        select pagina.*,
               coalesce(sum(cargo - abono) over (order by fecha desc, orden desc, clave desc, sub desc
                                                 rows between unbounded preceding and 1 preceding), 0) as despues,
               row_number() over (order by fecha desc, orden desc, clave desc, sub desc) as desde_el_final
          from pagina
      ), totales as (
        select coalesce(sum(saldo), 0)::bigint as saldo,
               coalesce(sum(saldo) filter (where dias <= 30), 0)::bigint as d0_30,
               coalesce(sum(saldo) filter (where dias > 30 and dias <= 60), 0)::bigint as d31_60,
               coalesce(sum(saldo) filter (where dias > 60 and dias <= 90), 0)::bigint as d61_90,
               coalesce(sum(saldo) filter (where dias > 90), 0)::bigint as d90_mas,
               (count(*) filter (where saldo > 0))::int as abiertos_total,
               -- Every movement's charge less its credit, summed without listing them.
               coalesce(sum(subtotal), 0)
                 - coalesce(sum(retenido) filter (where boleta_fecha is not null), 0)
                 - coalesce(sum(total - retenido) filter (where anulado), 0) as movido,
               (count(*) + count(*) filter (where retenido > 0 and boleta_fecha is not null) + count(*) filter (where anulado))::int as movimientos
          from s
      ), cuenta as (
        select t.*,
               t.movido - (select coalesce(sum(monto), 0) from rb) - (select coalesce(sum(monto), 0) from pg where not reversado) as saldo_final,
               (t.movimientos + (select count(*) from rb) + (select count(*) + count(*) filter (where reversado) from pg))::int as movimientos_total
          from totales t
      )
      select
        (select nombre from estudios where id = ${sql.placeholder('estudio')}) as estudio_nombre,
        c.saldo, c.d0_30, c.d31_60, c.d61_90, c.d90_mas, c.abiertos_total, c.movimientos_total,
        (select coalesce(sum(monto), 0) from pg where not reversado)::bigint
          - (select coalesce(sum(monto), 0) from ap where not reversado)::bigint as credito,
        (select json_agg(json_build_object('id', id, 'numero', numero, 'fecha', to_char(fecha, 'YYYY-MM-DD'), 'total', total, 'pagado', pagado,
                                           'retenido', retenido, 'saldo', saldo, 'dias', dias) order by fecha, numero)
           from (select * from s where saldo > 0 order by fecha, numero
                 limit ${sql.placeholder('abiertosLimit')}::int offset ${sql.placeholder('abiertosOffset')}::int) a) as abiertos,
        (select json_agg(json_build_object('fecha', to_char(fecha, 'YYYY-MM-DD'), 'tipo', tipo, 'recibo_id', recibo_id, 'pago_id', pago_id,
                                           'cargo', cargo, 'abono', abono, 'numero', numero, 'numero_boleta', numero_boleta,
                                           'motivo', motivo, 'medio', medio, 'referencia', referencia,
                                           'saldo', c.saldo_final - despues)
                         order by fecha, orden, clave, sub)
           from corrido
          where desde_el_final > ${sql.placeholder('movimientosOffset')}::int) as movimientos
      from cuenta c`,
  );
}

function descripcionOf(row: MovimientoRow): string {
  switch (row.tipo) {
    case 'recibo':
      return `Recibo N° ${row.numero}`;
    case 'retencion':
      return `Retención boleta N° ${row.numero_boleta} (recibo N° ${row.numero})`;
    case 'anulacion':
      return `Anulación recibo N° ${row.numero}`;
    case 'rebaja':
      return `Rebaja recibo N° ${row.numero}: ${row.motivo}`;
    default: {
      const medio = m.medios[row.medio as keyof typeof m.medios] ?? row.medio ?? '';
      const pago = `Pago ${medio.toLowerCase()}${row.referencia ? ` ${row.referencia}` : ''}`;
      return row.tipo === 'pago' ? pago : `${pago} deshecho`;
    }
  }
}

/**
 * A firm's account as of `hasta` (a Santiago day; today by default): what it owes (open receipts' balances),
 * its credit (payments not applied), the balance by age from each receipt's date, and its open receipts and
 * movements, a page of each (the first pages by default; see EstadoCuentaQuerySchema).
 */
export async function getEstadoCuenta(
  db: TenantDb,
  estudioId: number,
  hastaInput?: string,
  paginas: EstadoCuentaPaginas = ESTADO_CUENTA_PRIMERAS_PAGINAS,
): Promise<EstadoCuenta> {
  return (await estadoCuentaRecordado(db, estudioId, hastaInput, paginas)).estado;
}

/**
 * The same statement as the JSON text the API sends: written once when it is computed and remembered with
 * it, so a statement answered again (the screen reloading, several people looking at one firm) is not
 * serialized again either.
 */
export async function getEstadoCuentaJson(
  db: TenantDb,
  estudioId: number,
  hastaInput?: string,
  paginas: EstadoCuentaPaginas = ESTADO_CUENTA_PRIMERAS_PAGINAS,
): Promise<string> {
  const recordado = await estadoCuentaRecordado(db, estudioId, hastaInput, paginas);
  recordado.json ??= JSON.stringify(recordado.estado);
  return recordado.json;
}

interface Recordado {
  estado: EstadoCuenta;
  /** Its JSON text, once some answer has needed it. */
  json?: string;
}

async function estadoCuentaRecordado(db: TenantDb, estudioId: number, hastaInput: string | undefined, paginas: EstadoCuentaPaginas): Promise<Recordado> {
  const hasta = hastaInput ?? todayIso();
  // Pages (not the documents' every row) are remembered until anything a statement reads changes.
  if (paginas.movimientos_page_size === 0 || paginas.abiertos_page_size === 0) return { estado: await calcularEstadoCuenta(db, estudioId, hasta, paginas) };
  const key = `${estudioId}|${hasta}|${paginas.movimientos_page}|${paginas.movimientos_page_size}|${paginas.abiertos_page}|${paginas.abiertos_page_size}`;
  const cambios = await cambiosCobranza(db);
  const remembered = recordados.get(db, key, cambios);
  if (remembered) return remembered;
  const recordado: Recordado = { estado: await calcularEstadoCuenta(db, estudioId, hasta, paginas) };
  recordados.set(db, key, cambios, recordado);
  return recordado;
}

/** The sum of cobranza_cambios: it moves with every committed change to receipts, payments or firms (migration 0025). */
async function cambiosCobranza(db: TenantDb): Promise<string> {
  const statement = preparedSql<{ cambios: string }>(db, 'cobranza_cambios_suma', () => sql`select coalesce(sum(cambios), 0)::text as cambios from cobranza_cambios`);
  return (await statement.execute({})).rows[0]?.cambios ?? '0';
}

/**
 * Statements recently answered, per receiver: the same statement asked again (the screen reloading, several
 * people looking at one firm) is answered from here while the receiver's cobranza_cambios sum is the one it
 * was computed at (read before computing it, so what is remembered is never older than its sum). Entries live
 * 10 minutes; past RECORDADOS_MAX for all receivers together the least recently used goes first.
 */
const RECORDADOS_MS = 10 * 60_000;
const RECORDADOS_MAX = 200;
const recordados = (() => {
  const entries = new Map<string, { cambios: string; en: number; recordado: Recordado }>();
  const receptorDe = new WeakMap<TenantDb, number>();
  let receptores = 0;
  const keyOf = (db: TenantDb, key: string) => {
    let receptor = receptorDe.get(db);
    if (receptor === undefined) {
      receptores += 1;
      receptor = receptores;
      receptorDe.set(db, receptor);
    }
    return `${receptor}|${key}`;
  };
  return {
    get(db: TenantDb, key: string, cambios: string): Recordado | undefined {
      const full = keyOf(db, key);
      const entry = entries.get(full);
      if (!entry || entry.cambios !== cambios || Date.now() - entry.en > RECORDADOS_MS) return undefined;
      entries.delete(full);
      entries.set(full, entry);
      return entry.recordado;
    },
    set(db: TenantDb, key: string, cambios: string, recordado: Recordado) {
      const full = keyOf(db, key);
      entries.delete(full);
      entries.set(full, { cambios, en: Date.now(), recordado });
      while (entries.size > RECORDADOS_MAX) entries.delete(entries.keys().next().value as string);
    },
  };
})();

/** A statement computed (see estadoCuentaStatement). */
async function calcularEstadoCuenta(db: TenantDb, estudioId: number, hasta: string, paginas: EstadoCuentaPaginas): Promise<EstadoCuenta> {
  const limit = (size: number) => (size > 0 ? size : null);
  const { rows } = await estadoCuentaStatement(db).execute({
    estudio: estudioId,
    hasta,
    abiertosLimit: limit(paginas.abiertos_page_size),
    abiertosOffset: (paginas.abiertos_page - 1) * paginas.abiertos_page_size,
    movimientosLimit: limit(paginas.movimientos_page_size),
    movimientosOffset: (paginas.movimientos_page - 1) * paginas.movimientos_page_size,
  });
  const row = rows[0];
  if (!row || row.estudio_nombre === null) throw new AppError('NOT_FOUND', m.estudioNoEncontrado);
  return {
    estudio: { id: estudioId, nombre: row.estudio_nombre },
    hasta,
    saldo: Number(row.saldo),
    credito: Number(row.credito),
    antiguedad: { d0_30: Number(row.d0_30), d31_60: Number(row.d31_60), d61_90: Number(row.d61_90), d90_mas: Number(row.d90_mas) },
    recibos_abiertos: row.abiertos ?? [],
    movimientos: (row.movimientos ?? []).map((mov) => ({
      fecha: mov.fecha,
      tipo: mov.tipo,
      descripcion: descripcionOf(mov),
      recibo_id: mov.recibo_id,
      pago_id: mov.pago_id,
      cargo: mov.cargo,
      abono: mov.abono,
      saldo: mov.saldo,
    })),
    recibos_abiertos_total: row.abiertos_total,
    movimientos_total: row.movimientos_total,
  };
}

export async function getEstadoCuentaPdf(db: TenantDb, estudioId: number, hasta: string | undefined, receptor: ReceptorIdentidad) {
  const estado = await getEstadoCuenta(db, estudioId, hasta, TODO);
  const { rut_estudio } = await findEstudio(db, estudioId);
  return { filename: `estado-cuenta-${estudioId}-${estado.hasta}.pdf`, content: await buildEstadoCuentaPdf(estado, receptor, rut_estudio), estado };
}

export async function getEstadoCuentaXlsx(db: TenantDb, estudioId: number, hasta: string | undefined, receptor: string) {
  const estado = await getEstadoCuenta(db, estudioId, hasta, TODO);
  return { filename: `estado-cuenta-${estudioId}-${estado.hasta}.xlsx`, content: await buildEstadoCuentaXlsx(estado, receptor) };
}

async function correosCobranza(db: TenantDb, estudioId: number): Promise<string[]> {
  for (const tipo of ['cobranza', 'principal']) {
    const rows = rowsOf<{ email: string }>(
      await db.execute(sql`select email from estudio_emails where estudio_id = ${estudioId} and tipo = ${tipo} and activo order by id`),
    );
    if (rows.length > 0) return rows.map((r) => r.email);
  }
  return [];
}

/** Mails the statement as PDF to the firm's cobranza addresses (else its principal one); the send is audited. */
export async function enviarEstadoCuenta(
  mail: MailTransport,
  db: TenantDb,
  estudioId: number,
  hasta: string | undefined,
  receptor: ReceptorIdentidad,
  firma: string,
  actor: AuditActor,
): Promise<EstadoCuentaEnviado> {
  const { filename, content, estado } = await getEstadoCuentaPdf(db, estudioId, hasta, receptor);
  const destinatarios = await correosCobranza(db, estudioId);
  if (destinatarios.length === 0) throw new AppError('BAD_REQUEST', m.envioSinCorreos(estado.estudio.nombre));
  const fecha = formatDate(estado.hasta);
  const correo = await enviarCorreo(mail, db, {
    tipo: 'estado_cuenta',
    to: destinatarios,
    subject: m.asuntoEstadoCuenta(estado.estudio.nombre, fecha),
    text: `Estimados ${estado.estudio.nombre}:\n\n${m.cuerpoEstadoCuenta(estado.estudio.nombre, fecha, formatCLP(estado.saldo))}\n\nSaludos cordiales.${firma ? `\n\n${firma}` : ''}`,
    attachments: [{ filename, content, contentType: 'application/pdf' }],
    estudioId,
  });
  await recordAudit(db, actor, {
    entidad: 'estudio',
    entidadId: estudioId,
    accion: 'estado_cuenta_enviado',
    cambios: { estado_cuenta: { antes: null, despues: { hasta: estado.hasta, saldo: estado.saldo, destinatarios } } },
  });
  return { success: true, mensaje: correo.estado === 'sin_transporte' ? correoMessages.soloEnBandeja : m.estadoCuentaEnviado(destinatarios), destinatarios };
}
