import { type Estudio, IMPORTAR_COLUMNAS, ImportarConfirmarResponseSchema, ImportarPreviewSchema, TOTAL_COMUNAS } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { pdf } from '../../../test/portal-kit';
import { loadLookups, type Lookups, registerEstudio } from '../encargos/encargos.fixtures';
import { cp1252, csvTexto, type FilaPlanilla, filaValida, multipartDe, TITULOS, xlsxDe, zipDe } from './importar.fixtures';

/**
 * Importing assignments from spreadsheets on real PostgreSQL: the template, previews of real .xlsx and
 * .csv files (both encodings and separators), duplicates, the remembered mapping of unknown headers,
 * confirmation (once only) with PDFs attached, the outcome sheet, and every refusal in Spanish with
 * nothing stored.
 */

let t: TestContext;
let token: string;
let tokenB: string;
let tenantB: number;
let estudio: Estudio;
let lookups: Lookups;
let nombres: { tribunal: string; tipoCausa: string; tipoEncargo: string; parte: string };

beforeAll(async () => {
  t = await createTestContext();
  tenantB = (await t.createTenant({ nombre: 'Receptora Importaciones B' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'importa_a' });
  await t.createUser({ tenantId: tenantB, username: 'importa_b' });
  token = await t.login('importa_a');
  tokenB = await t.login('importa_b');
  estudio = await registerEstudio(t, token);
  await registerEstudio(t, tokenB, { nombre: 'Estudio de la Otra Receptora' });
  lookups = await loadLookups(t, token);
  nombres = {
    tribunal: lookups.tribunales[0]!.nombre,
    tipoCausa: lookups.causas[0]!.nombre,
    tipoEncargo: lookups.tipos[0]!.nombre,
    parte: estudio.partes_demandantes[0]!.nombre,
  };
});
afterAll(() => t.close());

const URL = '/api/v1/nuevo_encargo/importar/';

function subir(tk: string, archivo: { name: string; bytes: Buffer }, o: { estudio?: number; mapeo?: unknown; documentos?: Buffer } = {}) {
  const fields: Record<string, string> = {};
  if (o.estudio !== 0) fields.estudio = String(o.estudio ?? estudio.id);
  if (o.mapeo) fields.mapeo = JSON.stringify(o.mapeo);
  const files: Record<string, { name: string; bytes: Buffer }> = { archivo };
  if (o.documentos) files.documentos = { name: 'documentos.zip', bytes: o.documentos };
  return t.request(tk, { method: 'POST', url: URL, ...multipartDe(fields, files) });
}

async function almacenado(tenantId = t.mainTenantId) {
  const db = await t.tenantDbOf(tenantId);
  const n = async (table: string) =>
    Number(((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
  return {
    importaciones: await n('importaciones'),
    filas: await n('importacion_filas'),
    documentos: await n('importacion_documentos'),
    encargos: await n('encargos'),
    adjuntos: await n('encargo_adjuntos'),
  };
}

async function abrirXlsx(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

const fila = (rol: string, extra: FilaPlanilla = {}) => filaValida(rol, nombres, extra);

describe('GET /nuevo_encargo/importar/plantilla.xlsx', () => {
  it('gives the Spanish columns, the drop-down lists (courts, types, 346 comunas, the firm’s plaintiffs) and instructions', async () => {
    const response = await t.request(token, { method: 'GET', url: `${URL}plantilla.xlsx?estudio=${estudio.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const wb = await abrirXlsx(response.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Encargos', 'Instrucciones', 'Listas']);
    const hoja = wb.getWorksheet('Encargos')!;
    expect((hoja.getRow(1).values as unknown[]).slice(1)).toEqual(IMPORTAR_COLUMNAS.map((c) => c.titulo));
    expect(TITULOS).toContain('RUT del demandado');
    expect(TITULOS).toContain('Dirección 3');
    const listas = wb.getWorksheet('Listas')!;
    expect(listas.state).toBe('hidden');
    const columna = (titulo: string) => {
      const index = (listas.getRow(1).values as unknown[]).indexOf(titulo);
      return (listas.getColumn(index).values as unknown[]).slice(2).filter((v) => v !== undefined && v !== null);
    };
    expect(columna('Comunas')).toHaveLength(TOTAL_COMUNAS);
    expect(columna('Tribunales')).toContain(nombres.tribunal);
    expect(columna('Partes demandantes')).toEqual(estudio.partes_demandantes.map((p) => p.nombre).sort());
    // The list validations are in the sheet's XML, pointing at the hidden lists.
    const zip = await JSZip.loadAsync(response.rawPayload);
    const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    const tribunalCol = String.fromCharCode(65 + IMPORTAR_COLUMNAS.findIndex((c) => c.campo === 'tribunal'));
    expect(xml).toMatch(new RegExp(`<dataValidation[^>]*type="list"[^>]*sqref="${tribunalCol}2:${tribunalCol}2001"`));
    expect(xml).toContain('Listas!$D$2:$D$347');
    const instrucciones = wb.getWorksheet('Instrucciones')!;
    const texto = (instrucciones.getColumn(2).values as unknown[]).join(' ');
    expect(texto).toContain('C-1234-2025_demanda.pdf');
    expect(texto).toContain('vínculos a otros libros se rechaza');
  });
});

describe('POST /nuevo_encargo/importar/ (preview) and confirm', () => {
  let previewId = '';

  it('previews an .xlsx: per-row Spanish errors, duplicates of the database and of the file, the PDFs found', async () => {
    const existente = await t.request(token, {
      method: 'POST',
      url: '/api/v1/nuevo_encargo/crear/',
      payload: {
        fecha_encargo: '2025-03-10', estudio_juridico: estudio.id, tribunal: lookups.tribunales[0]!.id, numero_rol: 'C-900-2025',
        parte_demandante: estudio.partes_demandantes[0]!.id, partes: 'Banco con Ya Existe', tipo_encargo: lookups.tipos[0]!.id,
        tipo_causa: lookups.causas[0]!.id, fecha_retiro: '2025-03-11', fecha_demanda: '2025-01-20', fecha_resolucion: '2025-02-03',
        cuantia: 1000, rut_ejecutado: '12345678-5', ejecutados: 'Ya Existe', domicilios: [{ direccion: 'Calle 1', comuna: 'Ñuñoa', ciudad: 'Santiago' }],
        observaciones_encargo: 'Urgente',
      },
    });
    expect(existente.statusCode, existente.body).toBe(201);
    const antes = await almacenado();
    const futuro = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 15, 10, 30));
    const xlsx = await xlsxDe([
      fila('C-101-2025', { 'Fecha comparendo': futuro, 'Dirección 2': 'Los Jesuitas 881', 'Comuna 2': 'providencia', 'Ciudad 2': 'Santiago' }),
      fila('C-102-2025', { 'RUT del demandado': '12.345.678-9', 'Comuna 1': 'Gotham', Partes: '' }),
      fila('c-101-2025'),
      fila('C-900-2025'),
      fila('C-103-2025', { Tribunal: 'Juzgado Inexistente de Marte', Cuantía: 'mucho' }),
    ]);
    const documentos = await zipDe({
      'C-101-2025_demanda.pdf': await pdf('Demanda C-101-2025'),
      'carpeta/C-101-2025_resolucion.pdf': await pdf('Resolución C-101-2025'),
      'C-555-2025_demanda.pdf': await pdf('Sin fila'),
      'leeme.txt': 'hola',
    });
    const response = await subir(token, { name: 'encargos.xlsx', bytes: xlsx }, { documentos });
    expect(response.statusCode, response.body).toBe(201);
    const preview = ImportarPreviewSchema.parse(response.json());
    previewId = preview.id;
    expect(preview.resumen).toMatchObject({ total: 5, listas: 1, con_errores: 2, duplicados: 2, documentos: 4, creadas: 0, confirmada: false });
    const [f1, f2, f3, f4, f5] = preview.filas;
    expect(f1).toMatchObject({ n: 1, errores: {}, duplicado: null });
    expect(f1!.valores).toMatchObject({ numero_rol: 'C-101-2025', comuna_2: 'providencia' });
    expect(f1!.documentos.map((d) => d.campo).sort()).toEqual(['demanda', 'resolucion']);
    expect(f2!.errores).toEqual({
      rut_ejecutado: ['El RUT del demandado no es válido. Formato: 12345678-9'],
      comuna_1: ['La comuna "Gotham" no está en el listado de comunas de Chile'],
      partes: ['Las partes son requeridas'],
    });
    expect(f3).toMatchObject({ duplicado: 'archivo', motivo: 'Rol y tribunal repetidos en la planilla (ya en la fila 1)' });
    expect(f3!.documentos).toHaveLength(2);
    expect(f4).toMatchObject({ duplicado: 'base', errores: {} });
    expect(f5!.errores.tribunal).toEqual(['El tribunal "Juzgado Inexistente de Marte" no está en su lista de tribunales']);
    expect(f5!.errores.cuantia?.[0]).toMatch(/cuantía|monto|número/i);
    expect(preview.documentos_sin_fila.sort()).toEqual(['C-555-2025_demanda.pdf', 'leeme.txt']);
    const despues = await almacenado();
    expect(despues).toMatchObject({ importaciones: antes.importaciones + 1, filas: antes.filas + 5, documentos: antes.documentos + 2, encargos: antes.encargos });
  });

  it('confirms the valid rows as Nuevo Encargo does (preparado, PDFs, alarm, lifecycle event) and never twice', async () => {
    const antes = await almacenado();
    const response = await t.request(token, { method: 'POST', url: `${URL}${previewId}/confirmar/`, payload: {} });
    expect(response.statusCode, response.body).toBe(200);
    const body = ImportarConfirmarResponseSchema.parse(response.json());
    expect(body).toMatchObject({ creadas: 1, omitidas: 4, resumen: { creadas: 1, confirmada: true } });
    const db = await t.tenantDbOf(t.mainTenantId);
    const [creado] = await db.select().from(tenantSchema.encargos).where(eq(tenantSchema.encargos.numeroRol, 'C-101-2025'));
    expect(creado).toMatchObject({ estado: 'preparado', estudioId: estudio.id, cuantia: 1_850_000, rutEjecutado: '12345678-5', fechaDemanda: '2025-01-20' });
    const domicilios = await db.select().from(tenantSchema.domicilios).where(eq(tenantSchema.domicilios.encargoId, creado!.id));
    expect(domicilios.map((d) => [d.comuna, d.esPrincipal])).toEqual([['Ñuñoa', true], ['Providencia', false]]);
    const adjuntos = await db.select().from(tenantSchema.encargoAdjuntos).where(eq(tenantSchema.encargoAdjuntos.encargoId, creado!.id));
    expect(adjuntos.map((a) => a.origen).sort()).toEqual(['demanda', 'resolucion']);
    expect(Buffer.from(adjuntos[0]!.contenido).subarray(0, 5).toString()).toBe('%PDF-');
    const [alarmas] = await db.select({ n: count() }).from(tenantSchema.alarmas).where(eq(tenantSchema.alarmas.encargoId, creado!.id));
    expect(alarmas!.n).toBe(1);
    const [eventos] = await db.select({ n: count() }).from(tenantSchema.encargoEventos).where(eq(tenantSchema.encargoEventos.encargoId, creado!.id));
    expect(eventos!.n).toBeGreaterThanOrEqual(1);
    expect((await almacenado()).encargos).toBe(antes.encargos + 1);

    const again = await t.request(token, { method: 'POST', url: `${URL}${previewId}/confirmar/`, payload: {} });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ creadas: 0 });
    const chosen = await t.request(token, { method: 'POST', url: `${URL}${previewId}/confirmar/`, payload: { filas: [1, 2, 3] } });
    expect(chosen.json()).toMatchObject({ creadas: 0, omitidas: 3 });
    expect((await almacenado()).encargos).toBe(antes.encargos + 1);
  });

  it('gives the outcome sheet: each row with its assignment id or the reason', async () => {
    const response = await t.request(token, { method: 'GET', url: `${URL}${previewId}/resultado.xlsx` });
    expect(response.statusCode).toBe(200);
    const wb = await abrirXlsx(response.rawPayload);
    const hoja = wb.getWorksheet('Resultado')!;
    const filas = [2, 3, 4, 5, 6].map((r) => (hoja.getRow(r).values as unknown[]).slice(1));
    const db = await t.tenantDbOf(t.mainTenantId);
    const [creado] = await db.select({ id: tenantSchema.encargos.id }).from(tenantSchema.encargos).where(eq(tenantSchema.encargos.numeroRol, 'C-101-2025'));
    expect((hoja.getRow(1).values as unknown[]).slice(1)).toEqual(['Fila', 'Número de rol', 'Tribunal', 'Resultado', 'N° encargo', 'Motivo']);
    expect(filas[0]).toEqual([1, 'C-101-2025', nombres.tribunal, 'Creado', creado!.id, '']);
    expect(filas[1]![3]).toBe('No creado');
    expect(String(filas[1]![5])).toContain('rut_ejecutado: El RUT del demandado no es válido');
    expect(filas[2]!.slice(3)).toEqual(['No creado', undefined, 'Rol y tribunal repetidos en la planilla (ya en la fila 1)']);
    expect(filas[3]![5]).toBe('Ya existe un encargo con este rol y tribunal');
  });

  it('confirms only the rows chosen', async () => {
    const xlsx = await xlsxDe([fila('C-201-2025'), fila('C-202-2025'), fila('C-203-2025')]);
    const preview = ImportarPreviewSchema.parse((await subir(token, { name: 'tres.xlsx', bytes: xlsx })).json());
    const response = await t.request(token, { method: 'POST', url: `${URL}${preview.id}/confirmar/`, payload: { filas: [2] } });
    expect(response.json()).toMatchObject({ creadas: 1, omitidas: 0 });
    const leido = ImportarPreviewSchema.parse((await t.request(token, { method: 'GET', url: `${URL}${preview.id}/` })).json());
    expect(leido.filas.map((f) => f.encargo_id !== null)).toEqual([false, true, false]);
    const unknown = await t.request(token, { method: 'POST', url: `${URL}${preview.id}/confirmar/`, payload: { filas: [9] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('La fila 9 no existe en esta importación.');
  });
});

describe('CSV files', () => {
  it('reads UTF-8 with a BOM separated by commas', async () => {
    const texto = csvTexto([fila('C-301-2025', { Ejecutados: 'José Ñandú, “el Zorro”', Cuantía: '2.000.000' })], ',');
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(texto, 'utf8')]);
    const preview = ImportarPreviewSchema.parse((await subir(token, { name: 'utf8.csv', bytes })).json());
    expect(preview.filas[0]).toMatchObject({ errores: {}, valores: { ejecutados: 'José Ñandú, “el Zorro”', numero_rol: 'C-301-2025', cuantia: '2.000.000' } });
    expect(preview.columnas.desconocidas).toEqual([]);
  });

  it('reads Windows-1252 separated by semicolons, 0x80–0x9F as €, dashes and quotes', async () => {
    const texto = csvTexto([fila('C-302-2025', { Ejecutados: 'Peña – Muñoz “hijo”', 'Número de operación': '778812', Observaciones: 'Pagó €' })], ';');
    const bytes = cp1252(texto);
    expect(bytes.includes(0x96)).toBe(true);
    const preview = ImportarPreviewSchema.parse((await subir(token, { name: 'excel.csv', bytes })).json());
    expect(preview.filas[0]!.valores).toMatchObject({ ejecutados: 'Peña – Muñoz “hijo”', observaciones_encargo: 'Pagó €', comuna_1: 'Ñuñoa', numero_rol: 'C-302-2025' });
    expect(preview.filas[0]!.errores).toEqual({});
  });

  it('maps an unknown header to a field and remembers the mapping for the firm', async () => {
    const titulos = TITULOS.map((x) => (x === 'Número de rol' ? 'Rol causa' : x));
    const filaRol = { ...fila(''), 'Rol causa': 'C-401-2025' };
    const bytes = Buffer.from(csvTexto([filaRol], ';', titulos), 'utf8');
    const first = ImportarPreviewSchema.parse((await subir(token, { name: 'm.csv', bytes })).json());
    expect(first.columnas.desconocidas).toEqual(['Rol causa']);
    expect(first.filas[0]!.errores.numero_rol).toEqual(['El número de rol es requerido']);
    const mapped = ImportarPreviewSchema.parse((await subir(token, { name: 'm.csv', bytes }, { mapeo: { 'Rol causa': 'numero_rol' } })).json());
    expect(mapped.columnas.desconocidas).toEqual([]);
    expect(mapped.filas[0]).toMatchObject({ errores: {}, valores: { numero_rol: 'C-401-2025' } });
    const remembered = ImportarPreviewSchema.parse((await subir(token, { name: 'm.csv', bytes })).json());
    expect(remembered.columnas.reconocidas).toContainEqual({ encabezado: 'Rol causa', campo: 'numero_rol' });
    expect(remembered.filas[0]!.errores).toEqual({});
    const bad = await subir(token, { name: 'm.csv', bytes }, { mapeo: { 'Rol causa': 'contraseña' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/mapeo de columnas no es válido/);
  });
});

describe('refusals: Spanish, nothing stored', () => {
  async function refused(response: { statusCode: number; json(): unknown }, antes: Awaited<ReturnType<typeof almacenado>>, detail: RegExp) {
    expect(response.statusCode).toBe(400);
    expect((response.json() as { detail: string }).detail).toMatch(detail);
    expect(await almacenado()).toEqual(antes);
  }

  it('refuses a sheet of more than 20,000 rows before reading it whole, and a file over 20 MB', async () => {
    const antes = await almacenado();
    const linea = csvTexto([fila('C-1-2025')], ';').split('\r\n')[1]!;
    const bytes = Buffer.from([TITULOS.join(';'), ...Array.from({ length: 20_001 }, () => linea)].join('\n'));
    await refused(await subir(token, { name: 'grande.csv', bytes }), antes, /más de 20\.000 filas/);
    const enorme = Buffer.alloc(21 * 1024 * 1024, 0x41);
    await refused(await subir(token, { name: 'enorme.csv', bytes: enorme }), antes, /supera el máximo de 20 MB/);
  });

  it('refuses a ZIP bomb, a ZIP with paths outside its root and a “PDF” that is not one', async () => {
    const antes = await almacenado();
    const xlsx = await xlsxDe([fila('C-501-2025')]);
    const bomba = await zipDe({ 'C-501-2025_demanda.pdf': Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(9 * 1024 * 1024)]) });
    expect(bomba.length).toBeLessThan(9 * 1024 * 1024 / 100);
    await refused(await subir(token, { name: 'a.xlsx', bytes: xlsx }, { documentos: bomba }), antes, /comprimido más de 100 a 1/);
    const slip = await zipDe({ '../../etc/C-501-2025_demanda.pdf': await pdf('fuera') });
    await refused(await subir(token, { name: 'a.xlsx', bytes: xlsx }, { documentos: slip }), antes, /fuera de la carpeta del \.zip/);
    const falso = await zipDe({ 'C-501-2025_demanda.pdf': Buffer.from('MZ esto es un ejecutable, no un PDF') }, 'STORE');
    await refused(await subir(token, { name: 'a.xlsx', bytes: xlsx }, { documentos: falso }), antes, /no es un PDF válido/);
    await refused(await subir(token, { name: 'a.xlsx', bytes: xlsx }, { documentos: Buffer.from('no soy un zip') }), antes, /debe ser un \.zip/);
  });

  it('refuses an .xlsx with external links, never evaluating them', async () => {
    const antes = await almacenado();
    const zip = await JSZip.loadAsync(await xlsxDe([fila('C-601-2025')]));
    zip.file('xl/externalLinks/externalLink1.xml', '<externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><externalBook r:id="rId1" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/></externalLink>');
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    await refused(await subir(token, { name: 'vinculos.xlsx', bytes }), antes, /vínculos externos/);
  });

  it('reads the value a formula saved, never the formula', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Encargos');
    ws.addRow(TITULOS);
    const values = fila('C-701-2025');
    ws.addRow(TITULOS.map((x) => values[x] ?? null));
    ws.getCell(2, TITULOS.indexOf('Cuantía') + 1).value = { formula: 'WEBSERVICE("http://127.0.0.1:9/x")', result: 123456 };
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const preview = ImportarPreviewSchema.parse((await subir(token, { name: 'formula.xlsx', bytes })).json());
    expect(preview.filas[0]!.valores.cuantia).toBe('123456');
  });

  it('refuses a request without the sheet, without the firm, or with another receiver’s firm', async () => {
    const antes = await almacenado();
    const noMultipart = await t.request(token, { method: 'POST', url: URL, payload: {} });
    expect(noMultipart.statusCode).toBe(400);
    expect(noMultipart.json().detail).toMatch(/Adjunte la planilla/);
    const csv = Buffer.from(csvTexto([fila('C-801-2025')], ';'));
    await refused(await subir(token, { name: 'a.csv', bytes: csv }, { estudio: 0 }), antes, /Elija el estudio/);
    await refused(await subir(token, { name: 'a.csv', bytes: csv }, { estudio: 999_999 }), antes, /no existe o está inactivo/);
    await refused(await subir(token, { name: 'a.pdf', bytes: csv }), antes, /\.xlsx o \.csv/);
  });

  it('answers 404 to another receiver’s import id, changing nothing', async () => {
    const preview = ImportarPreviewSchema.parse((await subir(token, { name: 'a.csv', bytes: Buffer.from(csvTexto([fila('C-901-2025')], ';')) })).json());
    const antesA = await almacenado();
    const antesB = await almacenado(tenantB);
    for (const [method, url] of [
      ['GET', `${URL}${preview.id}/`],
      ['POST', `${URL}${preview.id}/confirmar/`],
      ['GET', `${URL}${preview.id}/resultado.xlsx`],
      ['GET', `/api/v1/portal/importar/${preview.id}/`],
    ] as const) {
      const response = await t.request(tokenB, { method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, url).toBe(url.includes('/portal/') ? 403 : 404);
      expect(response.json().detail).toMatch(/[áéíóúñ]|Importación no encontrada|sesión|credenciales/i);
    }
    expect(await almacenado()).toEqual(antesA);
    expect(await almacenado(tenantB)).toEqual(antesB);
  });
});
