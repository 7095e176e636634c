import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { EXPORTAR_COLUMNAS, TIME_ZONE } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import type { Archiver } from 'archiver';
import { asc, count, eq, gt } from 'drizzle-orm';
import type { PgColumn, PgSelectBase, PgTable } from 'drizzle-orm/pg-core';
import { cargarArchiver, cargarExcel } from '../../lib/lazy';
import { findPdfsFirmados } from '../firma/firma.repository';

/**
 * A receiver's data as one ZIP: one XLSX per entity (each sheet one row of Spanish headers, then one row
 * per record) and every stored document in folders by rol. Everything is read in pages by id and written
 * as it is read: an XLSX is streamed into the ZIP entry while its rows are fetched, a document is added
 * and its bytes let go before the next page, and a page is fetched only when the client has taken what
 * came before (the ZIP's own backpressure), so memory stays the same for 100 or 100,000 assignments.
 */

const {
  encargos,
  domicilios,
  diligencias,
  visitas,
  estudios,
  estudioEmails,
  partesDemandantes,
  recibos,
  reciboItems,
  pagos,
  pagoAplicaciones,
  auditoria,
  estampados,
  plantillas,
  tribunales,
  tiposCausa,
  tiposEncargo,
  tiposEstampado,
} = tenantSchema;

/** Rows per query; documents (bytea) are read a few at a time. */
const PAGE = 1000;
const DOCUMENT_PAGE = 20;

type Cell = string | number | null;

const wallClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A timestamp as Santiago's wall clock, `YYYY-MM-DD HH:mm:ss`: readable in any spreadsheet, no styles needed. */
function instant(value: Date | null | undefined): Cell {
  return value ? wallClock.format(value) : null;
}
const yesNo = (value: boolean | null | undefined): Cell => (value === null || value === undefined ? null : value ? 'Sí' : 'No');

/** Keeps a folder or file name inside the ZIP: no separators, no dots at the start, nothing unprintable. */
export function safeName(value: string, fallback: string): string {
  const cleaned = value
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 100);
  return cleaned || fallback;
}

/** What every exported table has: a serial id its rows are paged by. */
type PagedTable = PgTable & { id: PgColumn };
/**
 * A select built with `$dynamic()`, so that the writer can add its paging to it. Its parts are left open
 * (drizzle's own `AnyPgSelect` does the same): `sheet()` is what checks a sheet's rows against its cells.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DynamicSelect = PgSelectBase<any, any, any, any, true, never, any, any>;

/**
 * A sheet: its Spanish headers, the query of its rows before paging (`r` the row of `table`, beside what
 * its joins add) and the cells of one row. `sheet()` checks the query and the cells against each other.
 */
interface SheetSpec {
  name: string;
  columns: readonly string[];
  table: PagedTable;
  rows(db: TenantDb): DynamicSelect;
  cells(row: unknown): Cell[];
  /** Left out of its workbook when the table has no rows. */
  optional?: boolean;
}

function sheet<R extends { r: { id: number } }>(spec: {
  name: string;
  columns: readonly string[];
  table: PagedTable;
  rows(db: TenantDb): DynamicSelect & PromiseLike<R[]>;
  cells(row: R): Cell[];
  optional?: boolean;
}): SheetSpec {
  return spec as SheetSpec;
}

interface WorkbookSpec {
  file: string;
  sheets: readonly SheetSpec[];
  /** Left out of the ZIP when its first sheet's table has no rows. */
  optional?: boolean;
}

/** Resolves when the archive has taken the entry appended last (entries are processed in order). */
function appended(archive: Archiver): Promise<void> {
  return new Promise((resolve, reject) => {
    const onEntry = () => {
      archive.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      archive.off('entry', onEntry);
      reject(error);
    };
    archive.once('entry', onEntry);
    archive.once('error', onError);
  });
}

export interface ExportCounts {
  [file: string]: number;
}

export class ExportWriter {
  readonly archive: Archiver;
  readonly counts: ExportCounts = {};
  private closed = false;

  /** A writer over a new ZIP. */
  static async open(db: TenantDb): Promise<ExportWriter> {
    const archiver = await cargarArchiver();
    return new ExportWriter(db, archiver('zip', { zlib: { level: 6 } }));
  }

  private constructor(
    private readonly db: TenantDb,
    archive: Archiver,
  ) {
    this.archive = archive;
    this.archive.on('close', () => {
      this.closed = true;
    });
  }

  /** Stops at the next page when the client went away. */
  abort() {
    this.closed = true;
    this.archive.abort();
  }

  /** One XLSX streamed into its ZIP entry, each sheet written page by page as its rows are read. */
  private async workbook({ file, sheets }: WorkbookSpec): Promise<void> {
    const excel = await cargarExcel();
    const entry = new PassThrough();
    const done = appended(this.archive);
    this.archive.append(entry, { name: file });
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: entry, useStyles: false, useSharedStrings: false });
    for (const sheet of sheets) {
      if (sheet.optional && !(await this.hasRows(sheet.table))) continue;
      const worksheet = workbook.addWorksheet(sheet.name);
      worksheet.addRow([...sheet.columns]).commit();
      let after = 0;
      let rows = 0;
      for (;;) {
        if (this.closed) throw new Error('exportación interrumpida');
        const page = (await sheet
          .rows(this.db)
          .where(gt(sheet.table.id, after))
          .orderBy(asc(sheet.table.id))
          .limit(PAGE)) as { r: { id: number } }[];
        for (const row of page) worksheet.addRow(sheet.cells(row)).commit();
        rows += page.length;
        if (page.length < PAGE) break;
        after = page[page.length - 1]!.r.id;
        // The entry is read only as fast as the client takes the ZIP: wait for it before the next page.
        if (entry.writableNeedDrain) await once(entry, 'drain');
      }
      worksheet.commit();
      this.counts[`${file}/${sheet.name}`] = rows;
    }
    await workbook.commit();
    await done;
  }

  private async file(name: string, content: Buffer | Readable): Promise<void> {
    const done = appended(this.archive);
    this.archive.append(content, { name });
    await done;
  }

  private async hasRows(table: PagedTable): Promise<boolean> {
    const [row] = await this.db.select({ n: count() }).from(table);
    return Number(row?.n ?? 0) > 0;
  }

  /** Writes every file into the archive and finalizes it. */
  async write(): Promise<void> {
    for (const workbook of WORKBOOKS) {
      if (workbook.optional && !(await this.hasRows(workbook.sheets[0]!.table))) continue;
      await this.workbook(workbook);
    }
    await this.documents();
    await this.templates();
    if (this.closed) throw new Error('exportación interrumpida');
    await this.archive.finalize();
  }

  /**
   * Every stored certificate, as `documentos/<rol>/<fecha>_<título>_<id>.pdf|.docx`, and its signed PDF
   * beside them as `…_<id>-firmado.pdf` when it was signed (the signed version is kept apart, issue 26).
   */
  private async documents(): Promise<void> {
    const used = new Set<string>();
    let after = '00000000-0000-0000-0000-000000000000';
    let written = 0;
    for (;;) {
      if (this.closed) throw new Error('exportación interrumpida');
      const page = await this.db
        .select({
          id: estampados.id,
          numeroRol: estampados.numeroRol,
          titulo: estampados.titulo,
          fechaCreacion: estampados.fechaCreacion,
          archivoPdf: estampados.archivoPdf,
          archivoDocx: estampados.archivoDocx,
        })
        .from(estampados)
        .where(gt(estampados.id, after))
        .orderBy(asc(estampados.id))
        .limit(DOCUMENT_PAGE);
      const signed = new Map((await findPdfsFirmados(this.db, page.map((doc) => doc.id))).map((row) => [row.id, row.pdf]));
      for (const doc of page) {
        const folder = `documentos/${safeName(doc.numeroRol, 'sin_rol')}`;
        const base = `${(instant(doc.fechaCreacion) as string).slice(0, 10)}_${safeName(doc.titulo, 'documento')}_${doc.id.slice(0, 8)}`;
        for (const [bytes, ending] of [
          [doc.archivoPdf, '.pdf'],
          [doc.archivoDocx, '.docx'],
          [signed.get(doc.id), '-firmado.pdf'],
        ] as const) {
          if (!bytes || bytes.length === 0) continue;
          let name = `${folder}/${base}${ending}`;
          for (let n = 2; used.has(name); n += 1) name = `${folder}/${base}_${n}${ending}`;
          used.add(name);
          await this.file(name, bytes);
          written += 1;
        }
      }
      if (page.length < DOCUMENT_PAGE) break;
      after = page[page.length - 1]!.id;
    }
    this.counts.documentos = written;
  }

  /** Uploaded certificate templates, as `plantillas/<nombre>.docx`. */
  private async templates(): Promise<void> {
    const rows = await this.db.select({ id: plantillas.id }).from(plantillas).orderBy(asc(plantillas.id));
    let written = 0;
    for (const { id } of rows) {
      const [row] = await this.db.select({ nombre: plantillas.nombre, archivo: plantillas.archivo }).from(plantillas).where(eq(plantillas.id, id));
      if (!row?.archivo || row.archivo.length === 0) continue;
      await this.file(`plantillas/${safeName(row.nombre, `plantilla_${id}`)}.docx`, row.archivo);
      written += 1;
    }
    this.counts.plantillas = written;
  }
}

// ---------------------------------------------------------------------------------------------
// The workbooks and their sheets

const ENCARGOS = sheet({
  name: 'Encargos',
  columns: EXPORTAR_COLUMNAS.encargos,
  table: encargos,
  rows: (db) =>
    db
      .select({
        r: encargos,
        estudio: estudios.nombre,
        parte: partesDemandantes.nombre,
        tribunal: tribunales.nombre,
        tipoEncargo: tiposEncargo.nombre,
        tipoCausa: tiposCausa.nombre,
      })
      .from(encargos)
      .innerJoin(estudios, eq(estudios.id, encargos.estudioId))
      .leftJoin(partesDemandantes, eq(partesDemandantes.id, encargos.parteDemandanteId))
      .leftJoin(tribunales, eq(tribunales.id, encargos.tribunalId))
      .leftJoin(tiposEncargo, eq(tiposEncargo.id, encargos.tipoEncargoId))
      .leftJoin(tiposCausa, eq(tiposCausa.id, encargos.tipoCausaId))
      .$dynamic(),
  cells: ({ r: e, estudio, parte, tribunal, tipoEncargo, tipoCausa }) => [
    e.id, e.numeroRol, e.estado, e.fechaEncargo, e.fechaRetiro, e.fechaDemanda, e.fechaResolucion,
    instant(e.fechaComparendo), instant(e.fechaPrueba), e.cuantia, e.numeroOperacion, e.rutEjecutado,
    e.rutRepresentanteLegal, e.ejecutados, e.partes, estudio, parte, tribunal, tipoEncargo, tipoCausa,
    e.observacionesEncargo, e.observacionEncargo, e.observacionRetiro, e.observacionReEncargo,
    yesNo(e.encargoNoRealizable), e.motivoNoRealizable, yesNo(e.esReEncargo), e.encargoOriginalId,
    e.motivoReEncargo, e.estadoEstampado, e.fechaEstampado, e.observacionEstampado, instant(e.fechaCreacion),
    instant(e.fechaModificacion),
  ],
});

const DOMICILIOS = sheet({
  name: 'Domicilios',
  columns: EXPORTAR_COLUMNAS.domicilios,
  table: domicilios,
  rows: (db) =>
    db.select({ r: domicilios, rol: encargos.numeroRol }).from(domicilios).innerJoin(encargos, eq(encargos.id, domicilios.encargoId)).$dynamic(),
  cells: ({ r: d, rol }) => [d.id, d.encargoId, rol, d.direccion, d.comuna, d.ciudad, yesNo(d.esPrincipal), yesNo(d.activo), d.orden],
});

const DILIGENCIAS = sheet({
  name: 'Diligencias',
  columns: EXPORTAR_COLUMNAS.diligencias,
  table: diligencias,
  rows: (db) =>
    db
      .select({ r: diligencias, rol: encargos.numeroRol, tipo: tiposEstampado.nombre })
      .from(diligencias)
      .innerJoin(encargos, eq(encargos.id, diligencias.encargoId))
      .innerJoin(tiposEstampado, eq(tiposEstampado.id, diligencias.tipoEstampadoId))
      .$dynamic(),
  cells: ({ r: d, rol, tipo }) => [
    d.id, d.encargoId, rol, tipo, instant(d.fechaDiligencia), yesNo(d.horaInformada), d.apuntesTerreno, d.tratamiento,
    d.valorCobrado, d.valorFinal, d.motivoCambioValor, d.observaciones, d.informante, d.informanteRelacion,
    d.domicilioDireccion, d.domicilioComuna, d.creadoPor, instant(d.fechaCreacion),
  ],
});

const VISITAS = sheet({
  name: 'Visitas',
  columns: EXPORTAR_COLUMNAS.visitas,
  table: visitas,
  optional: true,
  rows: (db) => db.select({ r: visitas, rol: encargos.numeroRol }).from(visitas).innerJoin(encargos, eq(encargos.id, visitas.encargoId)).$dynamic(),
  cells: ({ r: v, rol }) => [
    v.id, v.uuid, v.encargoId, rol, instant(v.fechaHora), v.tipo, v.resultado, v.informanteNombre, v.informanteRelacion,
    v.apuntes, v.domicilioDireccion, v.domicilioComuna, v.lat, v.lon, v.precisionM, v.origen, v.corrigeA, v.autorNombre,
    instant(v.registradaEn),
  ],
});

const ESTUDIOS = sheet({
  name: 'Estudios',
  columns: EXPORTAR_COLUMNAS.estudios,
  table: estudios,
  rows: (db) => db.select({ r: estudios }).from(estudios).$dynamic(),
  cells: ({ r: e }) => [
    e.id, e.nombre, e.rutEstudio, e.direccion, e.comuna, e.ciudad, e.telefono, e.fax, yesNo(e.activo),
    yesNo(e.enviarInformesDiarios), yesNo(e.enviarInformesMensuales), instant(e.fechaCreacion), instant(e.fechaModificacion),
  ],
});

const CORREOS = sheet({
  name: 'Correos',
  columns: EXPORTAR_COLUMNAS.correos,
  table: estudioEmails,
  rows: (db) =>
    db.select({ r: estudioEmails, estudio: estudios.nombre }).from(estudioEmails).innerJoin(estudios, eq(estudios.id, estudioEmails.estudioId)).$dynamic(),
  cells: ({ r: c, estudio }) => [c.id, estudio, c.email, c.tipo, yesNo(c.activo), instant(c.fechaCreacion)],
});

const PARTES = sheet({
  name: 'Partes demandantes',
  columns: EXPORTAR_COLUMNAS.partes,
  table: partesDemandantes,
  rows: (db) =>
    db
      .select({ r: partesDemandantes, estudio: estudios.nombre })
      .from(partesDemandantes)
      .innerJoin(estudios, eq(estudios.id, partesDemandantes.estudioId))
      .$dynamic(),
  cells: ({ r: p, estudio }) => [p.id, estudio, p.nombre, p.tipo, yesNo(p.activo), instant(p.fechaCreacion)],
});

const RECIBOS = sheet({
  name: 'Recibos',
  columns: EXPORTAR_COLUMNAS.recibos,
  table: recibos,
  rows: (db) => db.select({ r: recibos, estudio: estudios.nombre }).from(recibos).innerJoin(estudios, eq(estudios.id, recibos.estudioId)).$dynamic(),
  cells: ({ r, estudio }) => [
    r.id, r.numero, estudio, r.fecha, r.observaciones, r.creadoPor, instant(r.creadoEn), instant(r.anuladoEn), r.anuladoPor,
    r.motivoAnulacion,
  ],
});

const RECIBO_ITEMS = sheet({
  name: 'Ítems',
  columns: EXPORTAR_COLUMNAS.reciboItems,
  table: reciboItems,
  rows: (db) => db.select({ r: reciboItems }).from(reciboItems).$dynamic(),
  cells: ({ r: i }) => [
    i.id, i.reciboId, i.diligenciaId, i.numeroRol, i.tipo, i.valor, i.fechaDiligencia, yesNo(i.activo), instant(i.agregadoEn),
    instant(i.quitadoEn), i.quitadoPor,
  ],
});

const PAGOS = sheet({
  name: 'Pagos',
  columns: EXPORTAR_COLUMNAS.pagos,
  table: pagos,
  rows: (db) => db.select({ r: pagos, estudio: estudios.nombre }).from(pagos).innerJoin(estudios, eq(estudios.id, pagos.estudioId)).$dynamic(),
  cells: ({ r: p, estudio }) => [
    p.id, estudio, p.fecha, p.monto, p.medio, p.referencia, p.creadoPor, instant(p.creadoEn), instant(p.reversoEn), p.reversoPor,
  ],
});

const APLICACIONES = sheet({
  name: 'Aplicaciones',
  columns: EXPORTAR_COLUMNAS.aplicaciones,
  table: pagoAplicaciones,
  rows: (db) => db.select({ r: pagoAplicaciones }).from(pagoAplicaciones).$dynamic(),
  cells: ({ r: a }) => [a.id, a.pagoId, a.reciboId, a.monto, a.creadoPor, instant(a.creadoEn)],
});

const AUDITORIA = sheet({
  name: 'Auditoría',
  columns: EXPORTAR_COLUMNAS.auditoria,
  table: auditoria,
  rows: (db) => db.select({ r: auditoria }).from(auditoria).$dynamic(),
  cells: ({ r: a }) => [a.id, instant(a.fecha), a.usuario, a.entidad, a.entidadId, a.accion, JSON.stringify(a.cambios), a.ip, a.userAgent],
});

/** The ZIP's workbooks in order: receipts and payments only when there are some, visits only when recorded. */
const WORKBOOKS: readonly WorkbookSpec[] = [
  { file: 'encargos.xlsx', sheets: [ENCARGOS, DOMICILIOS] },
  { file: 'diligencias.xlsx', sheets: [DILIGENCIAS, VISITAS] },
  { file: 'estudios.xlsx', sheets: [ESTUDIOS, CORREOS, PARTES] },
  { file: 'recibos.xlsx', sheets: [RECIBOS, RECIBO_ITEMS], optional: true },
  { file: 'pagos.xlsx', sheets: [PAGOS, APLICACIONES], optional: true },
  { file: 'auditoria.xlsx', sheets: [AUDITORIA] },
];
