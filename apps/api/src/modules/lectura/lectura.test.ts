import { type Estudio, LECTURA_NDJSON, LecturaDocumentosResponseSchema, LecturaEventoSchema } from '@receptoria/contracts';
import { controlSchema, tenantSchema } from '@receptoria/db';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfEscaneado, pdfTexto } from '../../../test/lectura-pdf';
import { multipart } from '../../../test/portal-kit';
import { createTestContext, type TestContext } from '../../../test/helper';
import { loadLookups, type Lookups, registerEstudio } from '../encargos/encargos.fixtures';
import { leerArchivos } from './lectura.service';
import { crearMotorTesseract } from './ocr';

/**
 * POST /nuevo_encargo/leer_documentos/ with real PDFs written here: a text demanda and resolución, the
 * same as scans (no text layer, read by Tesseract), and everything a client can send wrong.
 */

let t: TestContext;
let tokenA: string;
let tokenB: string;
let tenantB: number;
let estudio: Estudio;
let estudioB: Estudio;
let lookups: Lookups;

const URL = '/api/v1/nuevo_encargo/leer_documentos/';

const DEMANDA = [
  [
    'EN LO PRINCIPAL: Demanda ejecutiva y mandamiento de ejecución y embargo; OTROSÍ: Patrocinio y poder.',
    '',
    'S.J.L. EN LO CIVIL DE SANTIAGO',
    '',
    'JORGE ALBERTO MUÑOZ REYES, abogado, domiciliado en Huérfanos 1160, oficina 1203, comuna de Santiago, en representación de BANCO DE CHILE, RUT 97.004.000-5, a US. respetuosamente digo:',
    '',
    'Que vengo en deducir demanda ejecutiva en contra de don JUAN ANDRÉS PÉREZ SOTO, cédula nacional de identidad N° 12.345.678-5, empleado, domiciliado en Avenida Los Leones 1234, departamento 501, comuna de Providencia, y en contra de doña MARÍA JOSÉ NÚÑEZ ROJAS, en su calidad de aval, RUT 9.876.543-3, domiciliada en Pasaje Los Aromos 45, comuna de Ñuñoa, en virtud de los antecedentes que expongo:',
    '',
    'Mi representada es dueña del pagaré N° 00123456, suscrito con fecha 10 de enero de 2023, por la suma de $ 1.850.000.-, pagadero en 24 cuotas.',
  ],
  ['POR TANTO, ruego a US. ordenar el pago de la suma de $ 1.850.000.-, más intereses y costas.', '', 'Santiago, 3 de marzo de 2025.'],
];
const RESOLUCION = [
  [
    'PRIMER JUZGADO CIVIL DE SANTIAGO',
    'Rol N° C-1.234-2025',
    'Caratulado: BANCO DE CHILE con PÉREZ SOTO',
    '',
    'Santiago, doce de marzo de dos mil veinticinco.',
    '',
    'A lo principal: por interpuesta demanda ejecutiva; despáchese mandamiento de ejecución y embargo.',
  ],
];

let demandaPdf: Buffer;
let resolucionPdf: Buffer;
let demandaEscaneada: Buffer;
let resolucionEscaneada: Buffer;

beforeAll(async () => {
  t = await createTestContext();
  tenantB = (await t.createTenant({ nombre: 'Receptor Judicial Rancagua' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_a' });
  await t.createUser({ tenantId: tenantB, username: 'secretaria_b' });
  tokenA = await t.login('secretaria_a');
  tokenB = await t.login('secretaria_b');
  estudio = await registerEstudio(t, tokenA, { nombre: 'Cobranzas Lectura Ltda.', partes_demandantes: [{ nombre: 'Banco de Chile' }, { nombre: 'Banco Estado' }] });
  estudioB = await registerEstudio(t, tokenB, { nombre: 'Estudio Rancagua', partes_demandantes: [{ nombre: 'Banco de Chile' }] });
  lookups = await loadLookups(t, tokenA);
  demandaPdf = await pdfTexto(DEMANDA);
  resolucionPdf = await pdfTexto(RESOLUCION);
  demandaEscaneada = await pdfEscaneado(demandaPdf, { dpi: 300, giro: 1.5, ruido: 0.5, semilla: 11 });
  resolucionEscaneada = await pdfEscaneado(resolucionPdf, { dpi: 250, giro: -1.2, ruido: 0.5, semilla: 12 });
});
afterAll(() => t.close());

const leer = (token: string | undefined, fields: Record<string, string>, files: Record<string, Buffer>, headers: Record<string, string> = {}) => {
  const body = multipart(fields, Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, { name: `${name}.pdf`, bytes }])));
  return t.request(token, { method: 'POST', url: URL, payload: body.payload, headers: { ...body.headers, ...headers } });
};

describe('reading text PDFs', () => {
  it('proposes Nuevo Encargo’s fields with their source, the ids of the receiver’s lists and the firm’s party', async () => {
    const response = await leer(tokenA, { estudio: String(estudio.id) }, { demanda: demandaPdf, resolucion: resolucionPdf });
    expect(response.statusCode, response.body).toBe(200);
    const body = LecturaDocumentosResponseSchema.parse(response.json());
    const tribunal = lookups.tribunales.find((x) => x.nombre === '1° Juzgado Civil de Santiago');
    const tipo = lookups.causas.find((x) => x.nombre === 'Juicio Ejecutivo');
    expect(body.propuesta).toEqual({
      numero_rol: 'C-1234-2025',
      tribunal: tribunal?.id,
      tipo_causa: tipo?.id,
      partes: 'BANCO DE CHILE con PÉREZ SOTO',
      parte_demandante: estudio.partes_demandantes.find((p) => p.nombre === 'Banco de Chile')?.id,
      ejecutados: 'JUAN ANDRÉS PÉREZ SOTO, MARÍA JOSÉ NÚÑEZ ROJAS',
      rut_ejecutado: '12345678-5',
      cuantia: 1_850_000,
      fecha_demanda: '2025-03-03',
      fecha_resolucion: '2025-03-12',
      numero_operacion: '00123456',
      domicilios: [
        { direccion: 'Avenida Los Leones 1234, departamento 501', comuna: 'Providencia', ciudad: 'Santiago' },
        { direccion: 'Pasaje Los Aromos 45', comuna: 'Ñuñoa', ciudad: 'Santiago' },
      ],
    });
    expect(body.advertencias).toEqual([]);
    expect(body.documentos).toEqual({ demanda: { paginas: 2, paginas_ocr: 0 }, resolucion: { paginas: 1, paginas_ocr: 0 } });
    expect(body.campos.fecha_demanda).toMatchObject({ documento: 'demanda', pagina: 2, ocr: false });
    expect(body.campos.fecha_demanda?.extracto).toContain('Santiago, 3 de marzo de 2025');
    expect(body.campos.tribunal).toMatchObject({ documento: 'resolucion', pagina: 1 });
    expect(body.campos.tribunal?.confianza).toBeGreaterThanOrEqual(0.9);
    expect(Object.keys(body.campos).sort()).toEqual(Object.keys(body.propuesta).sort());
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('reads the demanda alone: no court, rol, caratulado nor resolution date is proposed', async () => {
    const response = await leer(tokenA, {}, { demanda: demandaPdf });
    expect(response.statusCode, response.body).toBe(200);
    const { propuesta, campos } = LecturaDocumentosResponseSchema.parse(response.json());
    for (const campo of ['tribunal', 'numero_rol', 'partes', 'fecha_resolucion', 'parte_demandante'] as const) {
      expect(propuesta[campo], campo).toBeUndefined();
      expect(campos[campo], campo).toBeUndefined();
    }
    expect(propuesta.rut_ejecutado).toBe('12345678-5');
  });

  it('converts an amount in UF only with the UF value stored for the demanda’s date, else proposes UF with a warning', async () => {
    const demandaUf = (fecha: string) =>
      pdfTexto([['Demanda ejecutiva en contra de don PEDRO SOTO ROJAS, RUT 12.345.678-5, por la suma de UF 100,5 más intereses.', '', `Santiago, ${fecha}.`]]);
    await t.app.controlDb
      .insert(controlSchema.indicadoresCache)
      .values({ codigo: 'uf', valor: 38_000, fecha: '2025-03-03', obtenidoEn: new Date() })
      .onConflictDoUpdate({ target: controlSchema.indicadoresCache.codigo, set: { valor: 38_000, fecha: '2025-03-03' } });
    const convertida = LecturaDocumentosResponseSchema.parse((await leer(tokenA, {}, { demanda: await demandaUf('3 de marzo de 2025') })).json());
    expect(convertida.propuesta.cuantia).toBe(3_819_000);
    expect(convertida.propuesta.cuantia_uf).toBeUndefined();
    expect(convertida.campos.cuantia?.confianza).toBeLessThan(0.9);
    expect(convertida.advertencias).toEqual([]);
    const enUf = LecturaDocumentosResponseSchema.parse((await leer(tokenA, {}, { demanda: await demandaUf('4 de marzo de 2025') })).json());
    expect(enUf.propuesta.cuantia).toBeUndefined();
    expect(enUf.propuesta.cuantia_uf).toBe(100.5);
    expect(enUf.advertencias).toEqual([
      'La cuantía está expresada en UF (100,5) y no hay un valor de la UF registrado para el 04-03-2025: se propone en UF; convierta a pesos antes de guardar.',
    ]);
  });

  it('converts with the receiver’s UF history (valores_uf) for the demanda’s date, rounding half up, and warns for a date it lacks', async () => {
    const demandaUf = (fecha: string) =>
      pdfTexto([['Demanda ejecutiva en contra de don PEDRO SOTO ROJAS, RUT 12.345.678-5, por la suma de UF 120,5 más intereses.', '', `Santiago, ${fecha}.`]]);
    await t.app.controlDb.delete(controlSchema.indicadoresCache);
    await (await t.tenantDbOf(t.mainTenantId)).insert(tenantSchema.valoresUf).values({ fecha: '2024-07-15', valor: '38123.45', origen: 'manual' });
    const convertida = LecturaDocumentosResponseSchema.parse((await leer(tokenA, {}, { demanda: await demandaUf('15 de julio de 2024') })).json());
    expect(convertida.propuesta.fecha_demanda).toBe('2024-07-15');
    expect(convertida.propuesta.cuantia).toBe(4_593_876); // 120,5 × 38.123,45 = 4.593.875,725
    expect(convertida.propuesta.cuantia_uf).toBeUndefined();
    expect(convertida.advertencias).toEqual([]);
    const sinValor = LecturaDocumentosResponseSchema.parse((await leer(tokenA, {}, { demanda: await demandaUf('16 de julio de 2024') })).json());
    expect(sinValor.propuesta.cuantia).toBeUndefined();
    expect(sinValor.propuesta.cuantia_uf).toBe(120.5);
    expect(sinValor.advertencias).toEqual([
      'La cuantía está expresada en UF (120,5) y no hay un valor de la UF registrado para el 16-07-2024: se propone en UF; convierta a pesos antes de guardar.',
    ]);
  });

  it('stores nothing', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const contar = async () => {
      const [encargos] = await db.select({ n: count() }).from(tenantSchema.encargos);
      const [auditoria] = await db.select({ n: count() }).from(tenantSchema.auditoria);
      const [domicilios] = await db.select({ n: count() }).from(tenantSchema.domicilios);
      return [encargos?.n, auditoria?.n, domicilios?.n];
    };
    const antes = await contar();
    expect((await leer(tokenA, {}, { demanda: demandaPdf, resolucion: resolucionPdf })).statusCode).toBe(200);
    expect(await contar()).toEqual(antes);
  });
});

describe('reading scanned PDFs (Tesseract)', () => {
  it('reads the scans by OCR, with values no second check confirms below 0.9', async () => {
    const response = await leer(tokenA, { estudio: String(estudio.id) }, { demanda: demandaEscaneada, resolucion: resolucionEscaneada });
    expect(response.statusCode, response.body).toBe(200);
    const body = LecturaDocumentosResponseSchema.parse(response.json());
    expect(body.documentos).toEqual({ demanda: { paginas: 2, paginas_ocr: 2 }, resolucion: { paginas: 1, paginas_ocr: 1 } });
    expect(body.propuesta).toMatchObject({
      numero_rol: 'C-1234-2025',
      rut_ejecutado: '12345678-5',
      cuantia: 1_850_000,
      fecha_demanda: '2025-03-03',
      fecha_resolucion: '2025-03-12',
    });
    for (const campo of Object.values(body.campos)) expect(campo.ocr).toBe(true);
    // Read once, on one page: below 0.9. The RUT is confirmed by its check digit, the amount by its two pages.
    expect(body.campos.numero_rol?.confianza).toBeLessThan(0.9);
    expect(body.campos.fecha_resolucion?.confianza).toBeLessThan(0.9);
    expect(body.campos.ejecutados?.confianza).toBeLessThan(0.9);
    expect(body.campos.rut_ejecutado?.confianza).toBeGreaterThanOrEqual(0.9);
    expect(body.campos.cuantia?.confianza).toBeGreaterThanOrEqual(0.9);
  });

  it('streams the progress page by page, then the result, with Accept: application/x-ndjson', async () => {
    const response = await leer(tokenA, {}, { demanda: demandaEscaneada }, { accept: LECTURA_NDJSON });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(LECTURA_NDJSON);
    const eventos = response.body.trim().split('\n').map((line) => LecturaEventoSchema.parse(JSON.parse(line)));
    const ocr = eventos.filter((e) => e.tipo === 'progreso' && e.etapa === 'ocr');
    expect(ocr.map((e) => (e.tipo === 'progreso' ? e.pagina : 0))).toEqual([1, 2]);
    const avances = eventos.flatMap((e) => (e.tipo === 'progreso' ? [e.avance] : []));
    expect([...avances].sort((a, b) => a - b)).toEqual(avances);
    const ultimo = eventos.at(-1);
    expect(ultimo?.tipo).toBe('resultado');
    if (ultimo?.tipo === 'resultado') expect(ultimo.resultado.propuesta.rut_ejecutado).toBe('12345678-5');
  });

  it('queues a second scanned document while one is being read, and both are read', async () => {
    const [uno, dos] = await Promise.all([
      leer(tokenA, {}, { resolucion: resolucionEscaneada }, { accept: LECTURA_NDJSON }),
      leer(tokenA, {}, { resolucion: resolucionEscaneada }, { accept: LECTURA_NDJSON }),
    ]);
    const eventos = [uno, dos].map((r) => r.body.trim().split('\n').map((line) => LecturaEventoSchema.parse(JSON.parse(line))));
    const enCola = eventos.map((lista) => lista.some((e) => e.tipo === 'progreso' && e.etapa === 'en_cola'));
    expect(enCola.filter(Boolean)).toHaveLength(1);
    for (const lista of eventos) {
      const ultimo = lista.at(-1);
      expect(ultimo?.tipo).toBe('resultado');
      if (ultimo?.tipo === 'resultado') expect(ultimo.resultado.propuesta.numero_rol).toBe('C-1234-2025');
    }
  });

  it('without Tesseract says so in Spanish and reads the text layer', async () => {
    const sinOcr = crearMotorTesseract({ comando: '/nonexistent/tesseract' });
    const catalogos = { tribunales: lookups.tribunales, tiposCausa: lookups.causas };
    const resultado = await leerArchivos([{ documento: 'demanda', contenido: demandaEscaneada }, { documento: 'resolucion', contenido: resolucionPdf }], catalogos, { motor: sinOcr });
    expect(resultado.advertencias).toEqual(['El servidor no tiene el reconocimiento de texto (OCR) instalado: las páginas escaneadas no se leyeron; solo se leyó el texto del PDF.']);
    expect(resultado.propuesta.numero_rol).toBe('C-1234-2025');
    expect(resultado.propuesta.rut_ejecutado).toBeUndefined();
    expect(resultado.documentos.demanda).toEqual({ paginas: 2, paginas_ocr: 0 });
  });
});

describe('what a client can send wrong', () => {
  const spanish = (response: { statusCode: number; json: () => unknown }, status: number, pattern: RegExp) => {
    expect(response.statusCode).toBe(status);
    expect((response.json() as { detail: string }).detail).toMatch(pattern);
  };

  it('refuses a file that is not a PDF, an empty form, an unknown field and a second demanda', async () => {
    spanish(await leer(tokenA, {}, { demanda: Buffer.from('PK\u0003\u0004 not a pdf') }), 400, /no es un PDF/);
    spanish(await leer(tokenA, {}, { resolucion: Buffer.from('<html>%PDF-1.7</html>') }), 400, /resolución no es un PDF/);
    spanish(await leer(tokenA, { estudio: String(estudio.id) }, {}), 400, /Adjunte la demanda o la resolución/);
    spanish(await leer(tokenA, {}, { archivo: demandaPdf }), 400, /no corresponde a esta lectura/);
    spanish(await t.request(tokenA, { method: 'POST', url: URL, payload: { demanda: 'x' } }), 400, /Adjunte/);
    const boundary = '----lecturaDoble';
    const parte = (nombre: string) => Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="demanda"; filename="${nombre}"\r\nContent-Type: application/pdf\r\n\r\n`), demandaPdf, Buffer.from('\r\n')]);
    const cuerpo = Buffer.concat([parte('a.pdf'), parte('b.pdf'), Buffer.from(`--${boundary}--\r\n`)]);
    const doble = { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    spanish(await t.request(tokenA, { method: 'POST', url: URL, payload: cuerpo, headers: doble.headers }), 400, /un solo archivo/);
  });

  it('refuses a PDF over 10 MiB in Spanish', async () => {
    const grande = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
    spanish(await leer(tokenA, {}, { demanda: grande }), 400, /supera el máximo de 10 MB/);
  });

  it('refuses a damaged PDF in Spanish, without a 5xx', async () => {
    spanish(await leer(tokenA, {}, { demanda: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage') }), 400, /No se pudo leer el PDF de la demanda/);
  });

  it('keeps receivers apart: another receiver’s firm is unknown, a bad estudio is refused', async () => {
    // Each receiver has its own database: an id is looked up among the receiver's own firms only.
    const ajeno = Math.max(estudio.id, estudioB.id) + 1000;
    spanish(await leer(tokenA, { estudio: String(ajeno) }, { demanda: demandaPdf }), 400, /estudio jurídico indicado no existe/);
    spanish(await leer(tokenB, { estudio: String(ajeno) }, { demanda: demandaPdf }), 400, /estudio jurídico indicado no existe/);
    spanish(await leer(tokenA, { estudio: '0' }, { demanda: demandaPdf }), 400, /estudio/);
    spanish(await leer(tokenA, { estudio: 'abc' }, { demanda: demandaPdf }), 400, /estudio/);
    // The same PDFs read by receiver B propose B's own list ids and B's firm's party.
    const response = await leer(tokenB, { estudio: String(estudioB.id) }, { demanda: demandaPdf, resolucion: resolucionPdf });
    expect(response.statusCode).toBe(200);
    const { propuesta } = LecturaDocumentosResponseSchema.parse(response.json());
    expect(propuesta.parte_demandante).toBe(estudioB.partes_demandantes[0]?.id);
  });

  it('asks for a session', async () => {
    expect((await leer(undefined, {}, { demanda: demandaPdf })).statusCode).toBe(401);
  });
});
