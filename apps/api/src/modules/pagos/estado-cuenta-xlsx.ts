import { type EstadoCuenta, formatDate, pagosMessages as m } from '@receptoria/contracts';
import { cargarExcel } from '../../lib/lazy';

const CLP_FORMAT = '"$"#,##0';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The statement as a workbook: a summary sheet (balance, credit, ageing, open receipts) and the movements. */
export async function buildEstadoCuentaXlsx(estado: EstadoCuenta, receptor: string): Promise<Buffer> {
  const workbook = new (await cargarExcel()).Workbook();
  workbook.creator = 'Receptoría';
  workbook.created = new Date();
  const resumen = workbook.addWorksheet('Estado de cuenta');
  resumen.addRow([`Estado de cuenta al ${formatDate(estado.hasta)}`]).font = { bold: true, size: 13 };
  resumen.addRow(['Estudio Jurídico', estado.estudio.nombre]);
  resumen.addRow(['Receptor', receptor]);
  resumen.addRow([]);
  resumen.addRow(['Saldo pendiente', estado.saldo]);
  resumen.addRow(['Crédito a favor', estado.credito]);
  resumen.addRow([m.antiguedad.d0_30, estado.antiguedad.d0_30]);
  resumen.addRow([m.antiguedad.d31_60, estado.antiguedad.d31_60]);
  resumen.addRow([m.antiguedad.d61_90, estado.antiguedad.d61_90]);
  resumen.addRow([m.antiguedad.d90_mas, estado.antiguedad.d90_mas]);
  resumen.addRow([]);
  resumen.addRow(['Recibo', 'Fecha', 'Días', 'Total', 'Pagado', 'Retención', 'Saldo']).font = { bold: true };
  for (const r of estado.recibos_abiertos) resumen.addRow([r.numero, formatDate(r.fecha), r.dias, r.total, r.pagado, r.retenido, r.saldo]);
  resumen.getColumn(1).width = 24;
  resumen.getColumn(2).width = 36;
  for (const column of [2, 4, 5, 6, 7]) resumen.getColumn(column).numFmt = CLP_FORMAT;
  for (const column of [4, 5, 6, 7]) resumen.getColumn(column).width = 14;

  const movimientos = workbook.addWorksheet('Movimientos');
  movimientos.addRow(['Fecha', 'Tipo', 'Detalle', 'Cargo', 'Abono', 'Saldo']).font = { bold: true };
  for (const mov of estado.movimientos) {
    movimientos.addRow([formatDate(mov.fecha), m.movimientos[mov.tipo], mov.descripcion, mov.cargo || null, mov.abono || null, mov.saldo]);
  }
  movimientos.getColumn(1).width = 12;
  movimientos.getColumn(2).width = 22;
  movimientos.getColumn(3).width = 50;
  for (const column of [4, 5, 6]) {
    movimientos.getColumn(column).numFmt = CLP_FORMAT;
    movimientos.getColumn(column).width = 14;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
