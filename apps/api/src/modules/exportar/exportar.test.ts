import { createHash } from 'node:crypto';
import { EXPORTAR_COLUMNAS } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { registerEstudio } from '../encargos/encargos.fixtures';
import { insertFirma } from '../firma/firma.repository';
import { fillReceiver } from '../respaldos/respaldos.fixtures';

const MANY = 10_000;
const MB = 1024 * 1024;

let t: TestContext;
let dbA: TenantDb;
let tenantB: number;
let base: string;
let tokens: { gestora: string; secretaria: string; ajeno: string; admin: string };
/** The certificate signed before the export, and its signed PDF. */
let firmado: { id: string; pdf: Buffer };

async function rows(db: TenantDb, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

/** The export over real HTTP, read as it streams, with the highest RSS seen while it arrived. */
async function download(token: string, query = ''): Promise<{ status: number; type: string; disposition: string; body: Buffer; peakRss: number }> {
  const response = await fetch(`${base}/api/v1/exportar/${query}`, { headers: { authorization: `Bearer ${token}` } });
  const chunks: Buffer[] = [];
  let peakRss = process.memoryUsage().rss;
  if (response.body) {
    for await (const chunk of response.body) {
      chunks.push(Buffer.from(chunk as Uint8Array));
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
  }
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    disposition: response.headers.get('content-disposition') ?? '',
    body: Buffer.concat(chunks),
    peakRss,
  };
}

async function sheetRows(zip: JSZip, file: string, sheet: string): Promise<unknown[][]> {
  const entry = zip.file(file);
  if (!entry) throw new Error(`${file} is not in the ZIP`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await entry.async('nodebuffer')) as unknown as ArrayBuffer);
  const worksheet = workbook.getWorksheet(sheet);
  if (!worksheet) throw new Error(`${file} has no sheet ${sheet}`);
  const values: unknown[][] = [];
  worksheet.eachRow({ includeEmpty: false }, (row) => values.push((row.values as unknown[]).slice(1)));
  return values;
}

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'gestora', permisos: ['gestiona_permisos'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria', permisos: ['estampa_1', 'imprime_recibos'] });
  const other = await t.createTenant({ nombre: 'Receptora Bravo Ajena' });
  tenantB = other.id;
  await t.createUser({ tenantId: other.id, username: 'ajeno', permisos: ['gestiona_permisos'] });
  tokens = {
    gestora: await t.login('gestora'),
    secretaria: await t.login('secretaria'),
    ajeno: await t.login('ajeno'),
    admin: await t.login('admin'),
  };
  const estudio = await registerEstudio(t, tokens.admin);
  await registerEstudio(t, tokens.ajeno, { nombre: 'Estudio Secreto Bravo' });
  dbA = await t.tenantDbOf(t.mainTenantId);
  // Twelve stamped assignments with diligences, a PDF and a DOCX each, and audit rows …
  await fillReceiver(dbA, estudio.id, 12);
  // … one of them signed: its signed version is kept beside the unsigned PDF …
  const [primero] = await dbA.select({ id: tenantSchema.estampados.id }).from(tenantSchema.estampados).limit(1);
  firmado = { id: primero!.id, pdf: Buffer.from('%PDF-1.7 certificado firmado '.repeat(40)) };
  await insertFirma(dbA, {
    estampadoId: firmado.id,
    archivoPdf: firmado.pdf,
    sha256: createHash('sha256').update(firmado.pdf).digest('hex'),
    codigoVerificacion: 'A'.repeat(26),
    firmanteNombre: 'José Ignacio Muñoz Ñancupil',
    firmanteRut: '9876543-3',
    emisor: 'Autoridad Certificadora de Prueba',
    certificadoSerie: '01',
    certificadoHuella: 'b'.repeat(64),
    firmadoPor: 'receptor',
  });
  // … and ten thousand more, each with an address.
  await dbA.execute(seedSql(estudio.id));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 300_000);

afterAll(() => t?.close());

function seedSql(estudioId: number) {
  return sql`with nuevos as (
      insert into encargos (numero_rol, estado, fecha_encargo, estudio_id, ejecutados, rut_ejecutado, cuantia)
      select 'C-' || (20000 + g) || '-2025', 'pendiente', date '2025-01-01' + (g % 300), ${estudioId},
             'Ejecutado Número ' || g, '', g * 1000
      from generate_series(1, ${MANY}) g
      returning id)
    insert into domicilios (encargo_id, direccion, comuna, ciudad, es_principal)
    select id, 'Calle Prueba ' || id, 'Santiago', 'Santiago', true from nuevos`;
}

describe('GET /exportar/', () => {
  it(`streams a ZIP of every record and document of the caller's receiver (${MANY.toLocaleString('en')} assignments) with memory bounded`, async () => {
    const before = process.memoryUsage().rss;
    const answer = await download(tokens.gestora);
    expect(answer.status, answer.body.toString('utf8', 0, 300)).toBe(200);
    expect(answer.type).toBe('application/zip');
    expect(answer.disposition).toMatch(/^attachment; filename="receptoria_.+_\d{4}-\d{2}-\d{2}\.zip"$/);
    // The process (API, test and the downloaded ZIP together) stays under 300 MB while streaming.
    expect(answer.peakRss / MB, `before ${(before / MB).toFixed(0)} MB`).toBeLessThan(300);
    console.info(`export: ${answer.body.length} bytes, process RSS ${(before / MB).toFixed(0)} MB before, peak ${(answer.peakRss / MB).toFixed(0)} MB while streaming`);

    const zip = await JSZip.loadAsync(answer.body);
    const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir);
    expect(names).toEqual(expect.arrayContaining(['encargos.xlsx', 'diligencias.xlsx', 'estudios.xlsx', 'auditoria.xlsx']));
    // No receipts or payments yet: their files are left out.
    expect(names).not.toContain('recibos.xlsx');
    expect(names).not.toContain('pagos.xlsx');

    const encargos = await sheetRows(zip, 'encargos.xlsx', 'Encargos');
    expect(encargos[0]).toEqual([...EXPORTAR_COLUMNAS.encargos]);
    expect(encargos.length - 1).toBe(await rows(dbA, tenantSchema.encargos));
    expect(encargos.length - 1).toBeGreaterThanOrEqual(MANY + 12);
    const one = encargos.find((row) => row[1] === 'C-29999-2025')!;
    expect(one[13]).toBe('Ejecutado Número 9999');
    expect(one[9]).toBe(9_999_000);
    expect(one[15]).toBe('Estudio Jurídico Larraín y Asociados');

    const domicilios = await sheetRows(zip, 'encargos.xlsx', 'Domicilios');
    expect(domicilios[0]).toEqual([...EXPORTAR_COLUMNAS.domicilios]);
    expect(domicilios.length - 1).toBe(await rows(dbA, tenantSchema.domicilios));

    const diligencias = await sheetRows(zip, 'diligencias.xlsx', 'Diligencias');
    expect(diligencias[0]).toEqual([...EXPORTAR_COLUMNAS.diligencias]);
    expect(diligencias.length - 1).toBe(await rows(dbA, tenantSchema.diligencias));
    expect(diligencias.length - 1).toBeGreaterThanOrEqual(12);

    const estudios = await sheetRows(zip, 'estudios.xlsx', 'Estudios');
    expect(estudios[0]).toEqual([...EXPORTAR_COLUMNAS.estudios]);
    expect(estudios.slice(1).map((row) => row[1])).toEqual(['Estudio Jurídico Larraín y Asociados']);
    const correos = await sheetRows(zip, 'estudios.xlsx', 'Correos');
    expect(correos[0]).toEqual([...EXPORTAR_COLUMNAS.correos]);
    expect(correos.length - 1).toBe(await rows(dbA, tenantSchema.estudioEmails));
    expect(correos.length - 1).toBeGreaterThan(0);

    // The audit sheet carries every row up to the export's own.
    const auditoria = await sheetRows(zip, 'auditoria.xlsx', 'Auditoría');
    expect(auditoria[0]).toEqual([...EXPORTAR_COLUMNAS.auditoria]);
    expect(auditoria.length - 1).toBe(await rows(dbA, tenantSchema.auditoria));
    expect(auditoria.some((row) => row[5] === 'exportar' && row[2] === 'gestora')).toBe(true);

    // Every stored document, byte for byte, in a folder named after its rol.
    const stored = await dbA.select().from(tenantSchema.estampados);
    expect(stored.length).toBe(12);
    for (const doc of stored) {
      const folder = `documentos/${doc.numeroRol}/`;
      const pdf = names.find((name) => name.startsWith(folder) && name.endsWith(`${doc.id.slice(0, 8)}.pdf`));
      const docx = names.find((name) => name.startsWith(folder) && name.endsWith(`${doc.id.slice(0, 8)}.docx`));
      expect(pdf, folder).toBeDefined();
      expect(docx, folder).toBeDefined();
      expect(Buffer.compare(await zip.file(pdf!)!.async('nodebuffer'), doc.archivoPdf!)).toBe(0);
      expect(Buffer.compare(await zip.file(docx!)!.async('nodebuffer'), doc.archivoDocx!)).toBe(0);
      const signed = names.filter((name) => name.startsWith(folder) && name.endsWith(`${doc.id.slice(0, 8)}-firmado.pdf`));
      expect(signed.length, folder).toBe(doc.id === firmado.id ? 1 : 0);
    }
    // The signed certificate's signed PDF, byte for byte, named after the unsigned one.
    const signedPdf = names.find((name) => name.endsWith(`${firmado.id.slice(0, 8)}-firmado.pdf`))!;
    expect(Buffer.compare(await zip.file(signedPdf)!.async('nodebuffer'), firmado.pdf)).toBe(0);
    expect(names).toContain(signedPdf.replace(/-firmado\.pdf$/, '.pdf'));
    // Nothing of the other receiver.
    for (const name of names.filter((n) => n.endsWith('.xlsx'))) {
      expect((await zip.file(name)!.async('nodebuffer')).includes('Estudio Secreto Bravo'), name).toBe(false);
    }
  }, 300_000);

  it('is audited in the receiver that was exported, with who asked and from where', async () => {
    const audit = await dbA
      .select()
      .from(tenantSchema.auditoria)
      .where(and(eq(tenantSchema.auditoria.entidad, 'exportacion'), eq(tenantSchema.auditoria.usuario, 'gestora')));
    expect(audit.length).toBeGreaterThanOrEqual(1);
    expect(audit[0]!.accion).toBe('exportar');
    expect(audit[0]!.entidadId).toBe(t.mainTenantId);
    expect(audit[0]!.ip).not.toBe('');
  });

  it('lets the platform admin export any receiver by ?receptor=, and nobody else', async () => {
    const adminB = await download(tokens.admin, `?receptor=${tenantB}`);
    expect(adminB.status).toBe(200);
    const zip = await JSZip.loadAsync(adminB.body);
    const estudios = await sheetRows(zip, 'estudios.xlsx', 'Estudios');
    expect(estudios.slice(1).map((row) => row[1])).toEqual(['Estudio Secreto Bravo']);
    const encargos = await sheetRows(zip, 'encargos.xlsx', 'Encargos');
    expect(encargos).toEqual([[...EXPORTAR_COLUMNAS.encargos]]);
    const dbB = await t.tenantDbOf(tenantB);
    const [auditB] = await dbB.select().from(tenantSchema.auditoria).where(eq(tenantSchema.auditoria.entidad, 'exportacion'));
    expect(auditB?.usuario).toBe('admin');

    // Another receiver's user naming A: 404, as if A did not exist; A's data never leaves.
    const foreign = await t.request(tokens.ajeno, { method: 'GET', url: `/api/v1/exportar/?receptor=${t.mainTenantId}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Receptor no encontrado.' });
    const unknown = await t.request(tokens.admin, { method: 'GET', url: '/api/v1/exportar/?receptor=999999' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses users without Usuarios y Permisos, sessions that are missing and receptor values that are not ids', async () => {
    const secretaria = await t.request(tokens.secretaria, { method: 'GET', url: '/api/v1/exportar/' });
    expect(secretaria.statusCode).toBe(403);
    expect(typeof secretaria.json().detail).toBe('string');
    const anonymous = await t.request(undefined, { method: 'GET', url: '/api/v1/exportar/' });
    expect(anonymous.statusCode).toBe(401);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await t.request(tokens.admin, { method: 'GET', url: `/api/v1/exportar/?receptor=${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().detail, bad).toMatch(/[áéíóúñ]|Receptor|inválid/);
    }
  });
});
