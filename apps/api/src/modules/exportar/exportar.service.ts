import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { EXPORTAR_COLUMNAS, TIME_ZONE } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import archiver, { type Archiver } from 'archiver';
import { asc, count, eq, gt } from 'drizzle-orm';
import ExcelJS from 'exceljs';

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

interface SheetSpec<R> {
  name: string;
  columns: readonly string[];
  /** The page of rows whose id is greater than `after`, in id order. */
  page(after: number, limit: number): PromiseLike<R[]>;
  id(row: R): number;
  cells(row: R): Cell[];
}

/** One sheet, its row type erased once its parts were checked together. */
function sheet<R>(spec: SheetSpec<R>): SheetSpec<unknown> {
  return spec as unknown as SheetSpec<unknown>;
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

  constructor(private readonly db: TenantDb) {
    this.archive = archiver('zip', { zlib: { level: 6 } });
    this.archive.on('close', () => {
      this.closed = true;
    });
  }

  /** Stops at the next page when the client went away. */
  abort() {
    this.closed = true;
    this.archive.abort();
  }

  private async workbook(file: string, sheets: SheetSpec<unknown>[]): Promise<void> {
    const entry = new PassThrough();
    const done = appended(this.archive);
    this.archive.append(entry, { name: file });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: entry, useStyles: false, useSharedStrings: false });
    for (const sheet of sheets) {
      const worksheet = workbook.addWorksheet(sheet.name);
      worksheet.addRow([...sheet.columns]).commit();
      let after = 0;
      let rows = 0;
      for (;;) {
        if (this.closed) throw new Error('exportación interrumpida');
        const page = await sheet.page(after, PAGE);
        for (const row of page) worksheet.addRow(sheet.cells(row)).commit();
        rows += page.length;
        if (page.length < PAGE) break;
        after = sheet.id(page[page.length - 1]!);
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

  private async hasRows(table: typeof recibos | typeof pagos | typeof visitas): Promise<boolean> {
    const [row] = await this.db.select({ n: count() }).from(table);
    return Number(row?.n ?? 0) > 0;
  }

  /** Writes every file into the archive and finalizes it. */
  async write(): Promise<void> {
    const db = this.db;
    await this.workbook('encargos.xlsx', [encargosSheet(db), domiciliosSheet(db)]);
    const withVisits = await this.hasRows(visitas);
    await this.workbook('diligencias.xlsx', (withVisits ? [diligenciasSheet(db), visitasSheet(db)] : [diligenciasSheet(db)]));
    await this.workbook('estudios.xlsx', [estudiosSheet(db), correosSheet(db), partesSheet(db)]);
    if (await this.hasRows(recibos)) await this.workbook('recibos.xlsx', [recibosSheet(db), reciboItemsSheet(db)]);
    if (await this.hasRows(pagos)) await this.workbook('pagos.xlsx', [pagosSheet(db), aplicacionesSheet(db)]);
    await this.workbook('auditoria.xlsx', [auditoriaSheet(db)]);
    await this.documents();
    await this.templates();
    if (this.closed) throw new Error('exportación interrumpida');
    await this.archive.finalize();
  }

  /** Every stored certificate, as `documentos/<rol>/<fecha>_<título>_<id>.pdf|.docx`. */
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
      for (const doc of page) {
        const folder = `documentos/${safeName(doc.numeroRol, 'sin_rol')}`;
        const base = `${(instant(doc.fechaCreacion) as string).slice(0, 10)}_${safeName(doc.titulo, 'documento')}_${doc.id.slice(0, 8)}`;
        for (const [bytes, extension] of [
          [doc.archivoPdf, 'pdf'],
          [doc.archivoDocx, 'docx'],
        ] as const) {
          if (!bytes || bytes.length === 0) continue;
          let name = `${folder}/${base}.${extension}`;
          for (let n = 2; used.has(name); n += 1) name = `${folder}/${base}_${n}.${extension}`;
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
// The sheets

function encargosSheet(db: TenantDb) {
  return sheet({
    name: 'Encargos',
    columns: EXPORTAR_COLUMNAS.encargos,
    page: (after: number, limit: number) =>
      db
        .select({
          e: encargos,
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
        .where(gt(encargos.id, after))
        .orderBy(asc(encargos.id))
        .limit(limit),
    id: (row: { e: { id: number } }) => row.e.id,
    cells: ({ e, estudio, parte, tribunal, tipoEncargo, tipoCausa }: {
      e: typeof encargos.$inferSelect;
      estudio: string;
      parte: string | null;
      tribunal: string | null;
      tipoEncargo: string | null;
      tipoCausa: string | null;
    }): Cell[] => [
      e.id, e.numeroRol, e.estado, e.fechaEncargo, e.fechaRetiro, e.fechaDemanda, e.fechaResolucion,
      instant(e.fechaComparendo), instant(e.fechaPrueba), e.cuantia, e.numeroOperacion, e.rutEjecutado,
      e.rutRepresentanteLegal, e.ejecutados, e.partes, estudio, parte, tribunal, tipoEncargo, tipoCausa,
      e.observacionesEncargo, e.observacionEncargo, e.observacionRetiro, e.observacionReEncargo,
      yesNo(e.encargoNoRealizable), e.motivoNoRealizable, yesNo(e.esReEncargo), e.encargoOriginalId,
      e.motivoReEncargo, e.estadoEstampado, e.fechaEstampado, e.observacionEstampado, instant(e.fechaCreacion),
      instant(e.fechaModificacion),
    ],
  });
}

function domiciliosSheet(db: TenantDb) {
  return sheet({
    name: 'Domicilios',
    columns: EXPORTAR_COLUMNAS.domicilios,
    page: (after: number, limit: number) =>
      db
        .select({ d: domicilios, rol: encargos.numeroRol })
        .from(domicilios)
        .innerJoin(encargos, eq(encargos.id, domicilios.encargoId))
        .where(gt(domicilios.id, after))
        .orderBy(asc(domicilios.id))
        .limit(limit),
    id: (row: { d: { id: number } }) => row.d.id,
    cells: ({ d, rol }: { d: typeof domicilios.$inferSelect; rol: string }): Cell[] => [
      d.id, d.encargoId, rol, d.direccion, d.comuna, d.ciudad, yesNo(d.esPrincipal), yesNo(d.activo), d.orden,
    ],
  });
}

function diligenciasSheet(db: TenantDb) {
  return sheet({
    name: 'Diligencias',
    columns: EXPORTAR_COLUMNAS.diligencias,
    page: (after: number, limit: number) =>
      db
        .select({ d: diligencias, rol: encargos.numeroRol, tipo: tiposEstampado.nombre })
        .from(diligencias)
        .innerJoin(encargos, eq(encargos.id, diligencias.encargoId))
        .innerJoin(tiposEstampado, eq(tiposEstampado.id, diligencias.tipoEstampadoId))
        .where(gt(diligencias.id, after))
        .orderBy(asc(diligencias.id))
        .limit(limit),
    id: (row: { d: { id: number } }) => row.d.id,
    cells: ({ d, rol, tipo }: { d: typeof diligencias.$inferSelect; rol: string; tipo: string }): Cell[] => [
      d.id, d.encargoId, rol, tipo, instant(d.fechaDiligencia), yesNo(d.horaInformada), d.apuntesTerreno, d.tratamiento,
      d.valorCobrado, d.valorFinal, d.motivoCambioValor, d.observaciones, d.informante, d.informanteRelacion,
      d.domicilioDireccion, d.domicilioComuna, d.creadoPor, instant(d.fechaCreacion),
    ],
  });
}

function visitasSheet(db: TenantDb) {
  return sheet({
    name: 'Visitas',
    columns: EXPORTAR_COLUMNAS.visitas,
    page: (after: number, limit: number) =>
      db
        .select({ v: visitas, rol: encargos.numeroRol })
        .from(visitas)
        .innerJoin(encargos, eq(encargos.id, visitas.encargoId))
        .where(gt(visitas.id, after))
        .orderBy(asc(visitas.id))
        .limit(limit),
    id: (row: { v: { id: number } }) => row.v.id,
    cells: ({ v, rol }: { v: typeof visitas.$inferSelect; rol: string }): Cell[] => [
      v.id, v.uuid, v.encargoId, rol, instant(v.fechaHora), v.tipo, v.resultado, v.informanteNombre, v.informanteRelacion,
      v.apuntes, v.domicilioDireccion, v.domicilioComuna, v.lat, v.lon, v.precisionM, v.origen, v.corrigeA, v.autorNombre,
      instant(v.registradaEn),
    ],
  });
}

function estudiosSheet(db: TenantDb) {
  return sheet({
    name: 'Estudios',
    columns: EXPORTAR_COLUMNAS.estudios,
    page: (after: number, limit: number) => db.select().from(estudios).where(gt(estudios.id, after)).orderBy(asc(estudios.id)).limit(limit),
    id: (row: { id: number }) => row.id,
    cells: (e: typeof estudios.$inferSelect): Cell[] => [
      e.id, e.nombre, e.rutEstudio, e.direccion, e.comuna, e.ciudad, e.telefono, e.fax, yesNo(e.activo),
      yesNo(e.enviarInformesDiarios), yesNo(e.enviarInformesMensuales), instant(e.fechaCreacion), instant(e.fechaModificacion),
    ],
  });
}

function correosSheet(db: TenantDb) {
  return sheet({
    name: 'Correos',
    columns: EXPORTAR_COLUMNAS.correos,
    page: (after: number, limit: number) =>
      db
        .select({ c: estudioEmails, estudio: estudios.nombre })
        .from(estudioEmails)
        .innerJoin(estudios, eq(estudios.id, estudioEmails.estudioId))
        .where(gt(estudioEmails.id, after))
        .orderBy(asc(estudioEmails.id))
        .limit(limit),
    id: (row: { c: { id: number } }) => row.c.id,
    cells: ({ c, estudio }: { c: typeof estudioEmails.$inferSelect; estudio: string }): Cell[] => [
      c.id, estudio, c.email, c.tipo, yesNo(c.activo), instant(c.fechaCreacion),
    ],
  });
}

function partesSheet(db: TenantDb) {
  return sheet({
    name: 'Partes demandantes',
    columns: EXPORTAR_COLUMNAS.partes,
    page: (after: number, limit: number) =>
      db
        .select({ p: partesDemandantes, estudio: estudios.nombre })
        .from(partesDemandantes)
        .innerJoin(estudios, eq(estudios.id, partesDemandantes.estudioId))
        .where(gt(partesDemandantes.id, after))
        .orderBy(asc(partesDemandantes.id))
        .limit(limit),
    id: (row: { p: { id: number } }) => row.p.id,
    cells: ({ p, estudio }: { p: typeof partesDemandantes.$inferSelect; estudio: string }): Cell[] => [
      p.id, estudio, p.nombre, p.tipo, yesNo(p.activo), instant(p.fechaCreacion),
    ],
  });
}

function recibosSheet(db: TenantDb) {
  return sheet({
    name: 'Recibos',
    columns: EXPORTAR_COLUMNAS.recibos,
    page: (after: number, limit: number) =>
      db
        .select({ r: recibos, estudio: estudios.nombre })
        .from(recibos)
        .innerJoin(estudios, eq(estudios.id, recibos.estudioId))
        .where(gt(recibos.id, after))
        .orderBy(asc(recibos.id))
        .limit(limit),
    id: (row: { r: { id: number } }) => row.r.id,
    cells: ({ r, estudio }: { r: typeof recibos.$inferSelect; estudio: string }): Cell[] => [
      r.id, r.numero, estudio, r.fecha, r.observaciones, r.creadoPor, instant(r.creadoEn), instant(r.anuladoEn), r.anuladoPor,
      r.motivoAnulacion,
    ],
  });
}

function reciboItemsSheet(db: TenantDb) {
  return sheet({
    name: 'Ítems',
    columns: EXPORTAR_COLUMNAS.reciboItems,
    page: (after: number, limit: number) =>
      db.select().from(reciboItems).where(gt(reciboItems.id, after)).orderBy(asc(reciboItems.id)).limit(limit),
    id: (row: { id: number }) => row.id,
    cells: (i: typeof reciboItems.$inferSelect): Cell[] => [
      i.id, i.reciboId, i.diligenciaId, i.numeroRol, i.tipo, i.valor, i.fechaDiligencia, yesNo(i.activo), instant(i.agregadoEn),
      instant(i.quitadoEn), i.quitadoPor,
    ],
  });
}

function pagosSheet(db: TenantDb) {
  return sheet({
    name: 'Pagos',
    columns: EXPORTAR_COLUMNAS.pagos,
    page: (after: number, limit: number) =>
      db
        .select({ p: pagos, estudio: estudios.nombre })
        .from(pagos)
        .innerJoin(estudios, eq(estudios.id, pagos.estudioId))
        .where(gt(pagos.id, after))
        .orderBy(asc(pagos.id))
        .limit(limit),
    id: (row: { p: { id: number } }) => row.p.id,
    cells: ({ p, estudio }: { p: typeof pagos.$inferSelect; estudio: string }): Cell[] => [
      p.id, estudio, p.fecha, p.monto, p.medio, p.referencia, p.creadoPor, instant(p.creadoEn), instant(p.reversoEn), p.reversoPor,
    ],
  });
}

function aplicacionesSheet(db: TenantDb) {
  return sheet({
    name: 'Aplicaciones',
    columns: EXPORTAR_COLUMNAS.aplicaciones,
    page: (after: number, limit: number) =>
      db.select().from(pagoAplicaciones).where(gt(pagoAplicaciones.id, after)).orderBy(asc(pagoAplicaciones.id)).limit(limit),
    id: (row: { id: number }) => row.id,
    cells: (a: typeof pagoAplicaciones.$inferSelect): Cell[] => [a.id, a.pagoId, a.reciboId, a.monto, a.creadoPor, instant(a.creadoEn)],
  });
}

function auditoriaSheet(db: TenantDb) {
  return sheet({
    name: 'Auditoría',
    columns: EXPORTAR_COLUMNAS.auditoria,
    page: (after: number, limit: number) =>
      db.select().from(auditoria).where(gt(auditoria.id, after)).orderBy(asc(auditoria.id)).limit(limit),
    id: (row: { id: number }) => row.id,
    cells: (a: typeof auditoria.$inferSelect): Cell[] => [
      a.id, instant(a.fecha), a.usuario, a.entidad, a.entidadId, a.accion, JSON.stringify(a.cambios), a.ip, a.userAgent,
    ],
  });
}
