import { FRECUENCIA_LABELS, type InformePreview } from '@receptoria/contracts';
import { cargarExcel } from '../../lib/lazy';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CLP_FORMAT = '"$"#,##0';
export const DATE_FORMAT = 'dd-mm-yyyy';

/** Columns of the report sheet: the preview rows (spec 01 §3 report preview). */
export const INFORME_COLUMNAS = [
  { header: 'N° Rol', key: 'numero_rol', width: 16 },
  { header: 'Estado', key: 'estado', width: 20 },
  { header: 'Parte demandante', key: 'parte_demandante', width: 30 },
  { header: 'Tribunal', key: 'tribunal', width: 32 },
  { header: 'Tipo de causa', key: 'tipo_causa_nombre', width: 20 },
  { header: 'Tipo de encargo', key: 'tipo_encargo_nombre', width: 22 },
  { header: 'Tipo de estampado', key: 'tipo_estampado', width: 24 },
  { header: 'RUT ejecutado', key: 'rut_ejecutado', width: 14 },
  { header: 'Fecha encargo', key: 'fecha_encargo', width: 14, date: true },
  { header: 'Fecha demanda', key: 'fecha_demanda', width: 14, date: true },
  { header: 'Fecha diligencia', key: 'fecha_diligencia', width: 15, date: true },
  { header: 'Fecha estampado', key: 'fecha_estampado', width: 15, date: true },
  { header: 'Valor asociado', key: 'valor_asociado', width: 16, money: true },
  // Where a requerimiento de pago exists: the due date of the term to oppose excepciones.
  { header: 'Vence excepciones', key: 'vence_excepciones', width: 16, date: true },
] as const;

const ESTADO_LABELS: Record<string, string> = { estampado: 'Estampado', listo_para_estampar: 'Listo para estampar' };

/** A calendar date as a UTC-midnight Date, so Excel shows that very day whatever the zone. */
const excelDate = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');

export const TITLE_ROWS = 5;
export const HEADER_ROW = TITLE_ROWS + 1;

/** The report spreadsheet: title block, header, one row per assignment, totals; frozen header and filter. */
export async function buildInformeXlsx(preview: InformePreview, receptor: string, generado: string): Promise<Buffer> {
  const workbook = new (await cargarExcel()).Workbook();
  workbook.creator = 'Receptoría';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Informe', {
    views: [{ state: 'frozen', ySplit: HEADER_ROW }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = INFORME_COLUMNAS.map((c) => ({ key: c.key, width: c.width }));
  const last = INFORME_COLUMNAS.length;

  const title = sheet.getRow(1);
  title.getCell(1).value = `Informe ${FRECUENCIA_LABELS[preview.periodo.frecuencia].toLowerCase()} de encargos estampados`;
  title.getCell(1).font = { bold: true, size: 14 };
  sheet.mergeCells(1, 1, 1, last);
  const lines = [
    ['Estudio jurídico', preview.estudio.nombre],
    ['Periodo', preview.periodo.descripcion],
    ['Receptor', receptor],
    ['Generado', ddmmyyyy(generado)],
  ] as const;
  lines.forEach(([label, value], index) => {
    const row = sheet.getRow(2 + index);
    row.getCell(1).value = label;
    row.getCell(1).font = { bold: true };
    row.getCell(2).value = value;
    sheet.mergeCells(2 + index, 2, 2 + index, 6);
  });

  const header = sheet.getRow(HEADER_ROW);
  INFORME_COLUMNAS.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.value = column.header;
    cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
    cell.alignment = { vertical: 'middle', wrapText: true };
  });

  preview.datos.forEach((fila, index) => {
    const row = sheet.getRow(HEADER_ROW + 1 + index);
    INFORME_COLUMNAS.forEach((column, col) => {
      const cell = row.getCell(col + 1);
      const raw = fila[column.key as keyof typeof fila];
      if ('date' in column) {
        cell.value = excelDate(raw as string | null);
        cell.numFmt = DATE_FORMAT;
      } else if ('money' in column) {
        cell.value = (raw as number | null) ?? null;
        cell.numFmt = CLP_FORMAT;
      } else if (column.key === 'estado') {
        cell.value = ESTADO_LABELS[raw as string] ?? String(raw);
      } else {
        cell.value = raw as string;
      }
    });
  });

  const totalsRow = sheet.getRow(HEADER_ROW + 1 + preview.datos.length);
  totalsRow.getCell(1).value = 'Total';
  totalsRow.getCell(2).value = `${preview.estadisticas.total_roles} ${preview.estadisticas.total_roles === 1 ? 'rol' : 'roles'}`;
  const valueCol = INFORME_COLUMNAS.findIndex((c) => 'money' in c) + 1;
  const colLetter = sheet.getColumn(valueCol).letter;
  const totalCell = totalsRow.getCell(valueCol);
  totalCell.value = preview.datos.length
    ? {
        formula: `SUM(${colLetter}${HEADER_ROW + 1}:${colLetter}${HEADER_ROW + preview.datos.length})`,
        result: preview.estadisticas.total_valor,
      }
    : 0;
  totalCell.numFmt = CLP_FORMAT;
  totalsRow.font = { bold: true };
  totalsRow.eachCell((cell) => {
    cell.border = { top: { style: 'thin' } };
  });

  sheet.autoFilter = {
    from: { row: HEADER_ROW, column: 1 },
    to: { row: HEADER_ROW + Math.max(preview.datos.length, 0), column: last },
  };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** informe_{period}_{firm}_{date}.xlsx with the firm name made file-safe. */
export function informeFileName(frecuencia: string, estudio: string, fecha: string): string {
  const slug =
    estudio
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60) || 'estudio';
  return `informe_${frecuencia}_${slug}_${fecha}.xlsx`;
}
