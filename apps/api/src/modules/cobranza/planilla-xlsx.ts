import { COBRANZA_COLUMNAS, type CobranzaColumnaId, type CobranzaEncargo } from '@receptoria/contracts';
import type { CellValue } from 'exceljs';
import { cargarExcel } from '../../lib/lazy';

/** Whole pesos with Chilean grouping: the cell keeps the number, the format shows $1.234.567. */
export const CLP_FORMAT = '"$"#,##0';
const DATE_FORMAT = 'dd-mm-yyyy';
const DATE_COLUMNS = new Set<CobranzaColumnaId>(['fecha_diligencia', 'fecha_demanda', 'fecha_estampado', 'fecha_encargo', 'vence_excepciones']);

export interface PlanillaEncabezado {
  estudio: string;
  periodo: string;
  receptor: string;
  generada: string;
}

function cellValue(row: CobranzaEncargo, column: CobranzaColumnaId): CellValue {
  const value = row[column];
  if (value === null || value === undefined || value === '') return null;
  if (DATE_COLUMNS.has(column) && typeof value === 'string') {
    const [y, m, d] = value.split('-').map(Number);
    return new Date(Date.UTC(y!, m! - 1, d!));
  }
  return value as CellValue;
}

/**
 * The collection sheet: exactly the chosen columns (already in the spec's order) with their
 * Spanish names as the header row, one row per assignment and a totals row. The title block
 * (firm, period, receiver) goes above the header only when asked for.
 */
export async function buildPlanillaXlsx(
  rows: readonly CobranzaEncargo[],
  columns: readonly CobranzaColumnaId[],
  total: number,
  encabezado: PlanillaEncabezado | null,
): Promise<Buffer> {
  const workbook = new (await cargarExcel()).Workbook();
  workbook.creator = 'Receptoría';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Cobranza');
  const names = columns.map((id) => COBRANZA_COLUMNAS.find((c) => c.id === id)!.nombre);

  if (encabezado) {
    sheet.addRow(['Planilla de Cobranza']).font = { bold: true, size: 14 };
    sheet.addRow([`Estudio Jurídico: ${encabezado.estudio}`]);
    sheet.addRow([`Período: ${encabezado.periodo}`]);
    sheet.addRow([`Receptor: ${encabezado.receptor}`]);
    sheet.addRow([`Generada: ${encabezado.generada}`]);
    sheet.addRow([]);
  }

  const header = sheet.addRow(names);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
    cell.alignment = { vertical: 'middle' };
  });
  const firstDataRow = header.number + 1;

  for (const row of rows) sheet.addRow(columns.map((column) => cellValue(row, column)));

  const valorIndex = columns.indexOf('valor_asociado');
  const totals: CellValue[] = columns.map(() => null);
  totals[0] = 'Total';
  if (valorIndex >= 0) {
    const letter = sheet.getColumn(valorIndex + 1).letter;
    const lastDataRow = firstDataRow + rows.length - 1;
    totals[valorIndex] = rows.length > 0 ? { formula: `SUM(${letter}${firstDataRow}:${letter}${lastDataRow})`, result: total } : total;
  }
  const totalsRow = sheet.addRow(totals);
  totalsRow.font = { bold: true };
  totalsRow.eachCell((cell) => {
    cell.border = { top: { style: 'thin' } };
  });

  columns.forEach((id, index) => {
    const column = sheet.getColumn(index + 1);
    column.width = Math.max(12, Math.min(45, names[index]!.length + 4));
    if (id === 'valor_asociado') column.numFmt = CLP_FORMAT;
    if (DATE_COLUMNS.has(id)) column.numFmt = DATE_FORMAT;
  });
  sheet.views = [{ state: 'frozen', ySplit: header.number }];

  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer as ArrayBuffer);
}
