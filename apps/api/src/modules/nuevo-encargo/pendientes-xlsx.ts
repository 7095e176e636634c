import {
  ENCARGO_EXPORT_COLUMNS,
  ENCARGO_EXPORT_MAX_ROWS,
  ENCARGO_PAGE_SIZE_MAX,
  type Encargo,
  type EncargoEstado,
  estadoLabel,
  todayIso,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { cargarExcel } from '../../lib/lazy';
import { listEncargoPage } from '../encargos/encargos.repository';

const CLP_FORMAT = '"$"#,##0';

export interface ExportFilter {
  search?: string;
  estado?: EncargoEstado;
  estudio?: number;
}

/** Every assignment of the filtered list, page by page, up to the export's limit. */
async function collect(db: TenantDb, filter: ExportFilter): Promise<Encargo[]> {
  const rows: Encargo[] = [];
  for (let page = 1; rows.length < ENCARGO_EXPORT_MAX_ROWS; page += 1) {
    const result = await listEncargoPage(db, { ...filter, search: filter.search || undefined, page, pageSize: ENCARGO_PAGE_SIZE_MAX });
    rows.push(...(result.results as Encargo[]));
    if (result.results.length < ENCARGO_PAGE_SIZE_MAX) break;
  }
  return rows.slice(0, ENCARGO_EXPORT_MAX_ROWS);
}

function excelDate(value: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/** Ver Pendientes as a spreadsheet: the same filters, the same columns, amounts as numbers in CLP. */
export async function buildPendientesXlsx(db: TenantDb, filter: ExportFilter): Promise<{ filename: string; content: Buffer }> {
  const rows = await collect(db, filter);
  const workbook = new (await cargarExcel()).Workbook();
  workbook.creator = 'Receptoría';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Encargos');
  sheet.addRow([...ENCARGO_EXPORT_COLUMNS]).font = { bold: true };
  for (const e of rows) {
    const cuantia = e.cuantia === null || e.cuantia === undefined ? null : Number(e.cuantia);
    sheet.addRow([
      e.numero_rol,
      e.tipo_causa_nombre ?? e.tipo_causa?.nombre ?? '',
      estadoLabel(e.estado),
      e.es_re_encargo ? 'Sí' : 'No',
      e.tipo_encargo_nombre ?? e.tipo_encargo?.nombre ?? '',
      e.ejecutados ?? '',
      e.estudio_nombre ?? e.estudio_juridico?.nombre ?? '',
      e.tribunal_nombre ?? e.tribunal?.nombre ?? '',
      excelDate(e.fecha_encargo),
      Number.isFinite(cuantia) ? cuantia : null,
    ]);
  }
  sheet.getColumn(9).numFmt = 'dd/mm/yyyy';
  sheet.getColumn(10).numFmt = CLP_FORMAT;
  sheet.columns.forEach((column, index) => {
    column.width = [16, 22, 20, 12, 24, 30, 32, 32, 14, 16][index] ?? 16;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  return { filename: `encargos_${todayIso()}.xlsx`, content };
}
