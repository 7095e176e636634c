import {
  formatDate,
  type RecibosPeriodoResponse,
  type RecibosPeriodoTotales,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { cargarExcel } from '../../lib/lazy';
import { listRecibosMany, SIN_CORTE } from './recibos.repository';

const CLP_FORMAT = '"$"#,##0';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const vacio = (): RecibosPeriodoTotales => ({ cantidad: 0, anulados: 0, subtotal: 0, rebaja: 0, total: 0, pagado: 0, saldo: 0 });

/** Receipts dated in the period, per firm and in total (void ones counted apart, their amounts left out). */
export async function recibosPeriodo(db: TenantDb, desde: string, hasta: string): Promise<RecibosPeriodoResponse> {
  const rows = await listRecibosMany(db, SIN_CORTE, sql`recibo.fecha_dia between ${desde}::date and ${hasta}::date`, sql`recibo.estudio_nombre, recibo.estudio_id, recibo.numero`);
  const porEstudio = new Map<number, RecibosPeriodoResponse['estudios'][number]>();
  const total = vacio();
  for (const row of rows) {
    let acc = porEstudio.get(row.estudio_id);
    if (!acc) {
      acc = { estudio_id: row.estudio_id, estudio_nombre: row.estudio_nombre, ...vacio() };
      porEstudio.set(row.estudio_id, acc);
    }
    for (const target of [acc, total]) {
      if (row.estado === 'anulado') {
        target.anulados += 1;
        continue;
      }
      target.cantidad += 1;
      target.subtotal += row.subtotal;
      target.rebaja += row.rebaja;
      target.total += row.total;
      target.pagado += row.pagado;
      target.saldo += row.saldo;
    }
  }
  return { desde, hasta, estudios: [...porEstudio.values()], total };
}

/** The period summary as a spreadsheet: one row per firm and a totals row. */
export async function buildRecibosPeriodoXlsx(data: RecibosPeriodoResponse, receptor: string): Promise<Buffer> {
  const workbook = new (await cargarExcel()).Workbook();
  workbook.creator = 'Receptoría';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Recibos');
  sheet.addRow([`Recibos del período ${formatDate(data.desde)} al ${formatDate(data.hasta)}`]).font = { bold: true, size: 13 };
  sheet.addRow([receptor]);
  sheet.addRow([]);
  const header = sheet.addRow(['Estudio Jurídico', 'Recibos', 'Anulados', 'Subtotal', 'Rebajas', 'Total', 'Pagado', 'Saldo']);
  header.font = { bold: true };
  const line = (nombre: string, t: RecibosPeriodoTotales) => sheet.addRow([nombre, t.cantidad, t.anulados, t.subtotal, t.rebaja, t.total, t.pagado, t.saldo]);
  for (const estudio of data.estudios) line(estudio.estudio_nombre, estudio);
  line('Total', data.total).font = { bold: true };
  for (const column of [4, 5, 6, 7, 8]) sheet.getColumn(column).numFmt = CLP_FORMAT;
  sheet.getColumn(1).width = 40;
  for (const column of [2, 3]) sheet.getColumn(column).width = 10;
  for (const column of [4, 5, 6, 7, 8]) sheet.getColumn(column).width = 16;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
