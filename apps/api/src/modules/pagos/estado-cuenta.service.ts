import {
  type Antiguedad,
  type EstadoCuenta,
  type EstadoCuentaEnviado,
  formatCLP,
  formatDate,
  type Movimiento,
  pagosMessages as m,
  todayIso,
  toSantiagoIso,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { buildEstadoCuentaPdf } from '../../documents/estado-cuenta-pdf';
import type { ReceptorIdentidad } from '../../documents/recibo-pdf';
import { AppError } from '../../lib/app-error';
import type { MailTransport } from '../../integrations/mail/mail-transport';
import type { AuditActor } from '../auditoria/audit-actor';
import { recordAudit } from '../auditoria/auditoria.service';
import { listRecibosMany, rowsOf } from '../recibos/recibos.repository';
import { buildEstadoCuentaXlsx } from './estado-cuenta-xlsx';

const dia = (column: string) => sql.raw(`(${column} at time zone 'America/Santiago')::date`);

function diasEntre(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);
}

function tramo(dias: number): keyof Antiguedad {
  if (dias <= 30) return 'd0_30';
  if (dias <= 60) return 'd31_60';
  if (dias <= 90) return 'd61_90';
  return 'd90_mas';
}

async function findEstudio(db: TenantDb, id: number) {
  const [row] = rowsOf<{ id: number; nombre: string; rut_estudio: string }>(await db.execute(sql`select id, nombre, rut_estudio from estudios where id = ${id}`));
  if (!row) throw new AppError('NOT_FOUND', m.estudioNoEncontrado);
  return row;
}

/** Movement kinds of one day in the order a statement lists them: charges first, then what lowers them. */
const ORDEN: Record<Movimiento['tipo'], number> = { recibo: 0, reverso_pago: 1, rebaja: 2, anulacion: 3, retencion: 4, pago: 5 };

/**
 * A firm's account as of `hasta` (a Santiago day; today by default): what it owes (open receipts' balances),
 * its credit (payments not applied), the balance by age from each receipt's date, and every movement.
 */
export async function getEstadoCuenta(db: TenantDb, estudioId: number, hastaInput?: string): Promise<EstadoCuenta> {
  const estudio = await findEstudio(db, estudioId);
  const hasta = hastaInput ?? todayIso();
  const recibos = await listRecibosMany(db, hasta, sql`recibo.estudio_id = ${estudioId}`, sql`recibo.fecha_dia, recibo.numero`);

  const antiguedad: Antiguedad = { d0_30: 0, d31_60: 0, d61_90: 0, d90_mas: 0 };
  const abiertos: EstadoCuenta['recibos_abiertos'] = [];
  for (const r of recibos) {
    if (r.estado === 'anulado' || r.saldo <= 0) continue;
    const dias = diasEntre(r.fecha, hasta);
    antiguedad[tramo(dias)] += r.saldo;
    abiertos.push({ id: r.id, numero: r.numero, fecha: r.fecha, total: r.total, pagado: r.pagado, saldo: r.saldo, dias });
  }

  const movs: Omit<Movimiento, 'saldo'>[] = [];
  for (const r of recibos) {
    movs.push({ fecha: r.fecha, tipo: 'recibo', descripcion: `Recibo N° ${r.numero}`, recibo_id: r.id, pago_id: null, cargo: r.subtotal, abono: 0 });
    if (r.retenido > 0 && r.boleta_fecha) {
      movs.push({ fecha: r.boleta_fecha, tipo: 'retencion', descripcion: `Retención boleta N° ${r.numero_boleta} (recibo N° ${r.numero})`, recibo_id: r.id, pago_id: null, cargo: 0, abono: r.retenido });
    }
    if (r.anulado_en !== null) {
      const fecha = toSantiagoIso(new Date(r.anulado_en)).slice(0, 10);
      movs.push({ fecha, tipo: 'anulacion', descripcion: `Anulación recibo N° ${r.numero}`, recibo_id: r.id, pago_id: null, cargo: 0, abono: r.total - r.retenido });
    }
  }
  const rebajas = rowsOf<{ recibo_id: number; numero: number; fecha: string; monto: string; motivo: string }>(
    await db.execute(sql`
      select x.recibo_id, r.numero, to_char(${dia('x.creado_en')}, 'YYYY-MM-DD') as fecha, x.monto, x.motivo
        from rebajas x join recibos r on r.id = x.recibo_id
       where r.estudio_id = ${estudioId} and r.fecha <= ${hasta}::date and ${dia('x.creado_en')} <= ${hasta}::date`),
  );
  for (const x of rebajas) {
    movs.push({ fecha: x.fecha, tipo: 'rebaja', descripcion: `Rebaja recibo N° ${x.numero}: ${x.motivo}`, recibo_id: x.recibo_id, pago_id: null, cargo: 0, abono: Number(x.monto) });
  }
  const pagos = rowsOf<{ id: number; fecha: string; monto: string; medio: string; referencia: string; reverso: string | null; aplicado: string }>(
    await db.execute(sql`
      select p.id, to_char(p.fecha, 'YYYY-MM-DD') as fecha, p.monto, p.medio, p.referencia,
             case when ${dia('p.reverso_en')} <= ${hasta}::date then to_char(${dia('p.reverso_en')}, 'YYYY-MM-DD') end as reverso,
             (select coalesce(sum(a.monto), 0) from pago_aplicaciones a
               where a.pago_id = p.id and (a.creado_en = p.creado_en or ${dia('a.creado_en')} <= ${hasta}::date)) as aplicado
        from pagos p
       where p.estudio_id = ${estudioId} and p.fecha <= ${hasta}::date`),
  );
  let credito = 0;
  for (const p of pagos) {
    const medio = m.medios[p.medio as keyof typeof m.medios] ?? p.medio;
    const descripcion = `Pago ${medio.toLowerCase()}${p.referencia ? ` ${p.referencia}` : ''}`;
    movs.push({ fecha: p.fecha, tipo: 'pago', descripcion, recibo_id: null, pago_id: p.id, cargo: 0, abono: Number(p.monto) });
    if (p.reverso) movs.push({ fecha: p.reverso, tipo: 'reverso_pago', descripcion: `${descripcion} deshecho`, recibo_id: null, pago_id: p.id, cargo: Number(p.monto), abono: 0 });
    else credito += Number(p.monto) - Number(p.aplicado);
  }
  movs.sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : 0) || ORDEN[a.tipo] - ORDEN[b.tipo] || (a.recibo_id ?? a.pago_id ?? 0) - (b.recibo_id ?? b.pago_id ?? 0));
  let saldo = 0;
  const movimientos = movs.map((mov) => {
    saldo += mov.cargo - mov.abono;
    return { ...mov, saldo };
  });

  return {
    estudio: { id: estudio.id, nombre: estudio.nombre },
    hasta,
    saldo: abiertos.reduce((sum, r) => sum + r.saldo, 0),
    credito,
    antiguedad,
    recibos_abiertos: abiertos,
    movimientos,
  };
}

export async function getEstadoCuentaPdf(db: TenantDb, estudioId: number, hasta: string | undefined, receptor: ReceptorIdentidad) {
  const estado = await getEstadoCuenta(db, estudioId, hasta);
  const { rut_estudio } = await findEstudio(db, estudioId);
  return { filename: `estado-cuenta-${estudioId}-${estado.hasta}.pdf`, content: await buildEstadoCuentaPdf(estado, receptor, rut_estudio), estado };
}

export async function getEstadoCuentaXlsx(db: TenantDb, estudioId: number, hasta: string | undefined, receptor: string) {
  const estado = await getEstadoCuenta(db, estudioId, hasta);
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
  await mail.send({
    to: destinatarios,
    subject: m.asuntoEstadoCuenta(estado.estudio.nombre, fecha),
    text: `Estimados ${estado.estudio.nombre}:\n\n${m.cuerpoEstadoCuenta(estado.estudio.nombre, fecha, formatCLP(estado.saldo))}\n\nSaludos cordiales.${firma ? `\n\n${firma}` : ''}`,
    attachments: [{ filename, content, contentType: 'application/pdf' }],
    estudioId,
    db,
  });
  await recordAudit(db, actor, {
    entidad: 'estudio',
    entidadId: estudioId,
    accion: 'estado_cuenta_enviado',
    cambios: { estado_cuenta: { antes: null, despues: { hasta: estado.hasta, saldo: estado.saldo, destinatarios } } },
  });
  return { success: true, mensaje: m.estadoCuentaEnviado(destinatarios), destinatarios };
}
