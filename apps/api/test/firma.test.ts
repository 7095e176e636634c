import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CertificadoFirmaResponseSchema,
  CertificadoUploadResponseSchema,
  codigoVerificacionDesdeBytes,
  DocumentoFirmaSchema,
  DocumentosFirmaResponseSchema,
  FirmarResponseSchema,
  formatearCodigoVerificacion,
  GenerarEstampadoResponseSchema,
  todayIso,
  VerificacionSchema,
} from '@receptoria/contracts';
import { controlSchema, tenantSchema } from '@receptoria/db';
import { eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CifradoCertificados } from '../src/modules/firma/cifrado';
import { instanteDeRespuesta, VERIFICAR_PISO_MS, verificarCodigo } from '../src/modules/firma/verificar.service';
import { RECEPTOR_A, resultadosBody, type ResultadosWorld, setupResultados, tipoId } from '../src/modules/diligencias/resultados.fixtures';
import { crearEncargo } from '../src/modules/encargos/encargos.fixtures';
import { type Ca, crearCa, emitir, p12Aes256, p12Legacy } from './firma/certificados';
import { subirCertificado } from './firma/fixtures';
import { cmsDelPdf } from './firma/pdf';
import { createTestContext, type TestContext } from './helper';

const run = promisify(execFile);

const FIRMANTE = 'José Ignacio Muñoz Ñancupil';
const FIRMANTE_2 = 'Óscar Peña Zúñiga';
const CLAVE = 'clave del token 2026';
const DIA = 24 * 3600_000;

let t: TestContext;
let w: ResultadosWorld;
let dir: string;
let ca: Ca;
let p12A: Buffer;
let p12A2: Buffer;
let p12B: Buffer;
let p12Vencido: Buffer;
let p12Futuro: Buffer;
let tokenA2: string;
let tokenA3: string;
let positiva: number;
let rolCounter = 2600;
/** Three certificates of receiver A with their PDF made by LibreOffice. */
const docs: { id: string; rol: string; encargoId: number }[] = [];

beforeAll(async () => {
  t = await createTestContext();
  w = await setupResultados(t);
  positiva = await tipoId(t, 'busqueda_positiva');
  await t.createUser({ tenantId: t.mainTenantId, username: 'receptor_a2', permisos: ['estampa_1'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'receptor_a3', permisos: ['estampa_1'] });
  tokenA2 = await t.login('receptor_a2');
  tokenA3 = await t.login('receptor_a3');
  dir = await mkdtemp(path.join(os.tmpdir(), 'firma-test-'));
  ca = crearCa();
  const vigente = { desde: new Date(Date.now() - 30 * DIA), hasta: new Date(Date.now() + 365 * DIA) };
  p12A = p12Legacy(ca, emitir(ca, { nombre: FIRMANTE, rut: '9876543-3', ...vigente }), CLAVE);
  p12A2 = await p12Aes256(ca, emitir(ca, { nombre: FIRMANTE_2, rut: '12345678-5', ...vigente }), CLAVE);
  p12B = p12Legacy(ca, emitir(ca, { nombre: 'Receptora de Talca', rut: '11111111-1', ...vigente }), CLAVE);
  p12Vencido = p12Legacy(ca, emitir(ca, { nombre: FIRMANTE, rut: '9876543-3', desde: new Date(Date.UTC(2020, 0, 10, 15)), hasta: new Date(Date.UTC(2021, 0, 10, 15)) }), CLAVE);
  p12Futuro = p12Legacy(ca, emitir(ca, { nombre: FIRMANTE, rut: '9876543-3', desde: new Date(Date.UTC(2040, 5, 1, 15)), hasta: new Date(Date.UTC(2042, 5, 1, 15)) }), CLAVE);

  for (let i = 0; i < 3; i += 1) {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: `C-${(rolCounter += 1)}-2025` });
    const saved = await t.request(w.tokenA, { method: 'POST', url: '/api/v1/diligencias/guardar_resultados/', payload: resultadosBody(encargo.numero_rol, positiva) });
    expect(saved.statusCode, saved.body).toBe(200);
    const generado = await t.request(w.tokenA, {
      method: 'POST',
      url: '/estampados/api/estampados/generar',
      payload: { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} },
    });
    expect(generado.statusCode, generado.body).toBe(201);
    docs.push({ id: GenerarEstampadoResponseSchema.parse(generado.json()).documento.id, rol: encargo.numero_rol, encargoId: encargo.id });
  }
  // The PDFs are made after the request by the conversion queue (LibreOffice, one at a time).
  await until(async () => (await listar(w.tokenA, 'pdf')).filter((d) => docs.some((x) => x.id === d.id)).length === docs.length);
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 250));
}

const subir = (token: string, archivo: Buffer | null, password: string | null) => subirCertificado(t, token, archivo, password);

async function listar(token: string, estado?: string) {
  const response = await t.request(token, { method: 'GET', url: `/api/v1/firma/documentos/${estado ? `?estado=${estado}` : ''}` });
  expect(response.statusCode, response.body).toBe(200);
  return DocumentosFirmaResponseSchema.parse(response.json()).results;
}

const firmar = (token: string, ids: string[], password = CLAVE) =>
  t.request(token, { method: 'POST', url: '/api/v1/firma/firmar/', payload: { documento_ids: ids, password } });

async function tenantA() {
  return t.tenantDbOf(t.mainTenantId);
}

async function firmasGuardadas(): Promise<number> {
  const db = await tenantA();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tenantSchema.estampadoFirmas);
  return row?.n ?? 0;
}

async function archivo(nombre: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, nombre);
  await writeFile(file, bytes);
  return file;
}

async function pdfsig(file: string): Promise<string> {
  try {
    return (await run('pdfsig', [file])).stdout;
  } catch (error) {
    // pdfsig exits non-zero for an invalid signature; its report is still on stdout.
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

/** The signed attributes of a signed PDF's CMS, as openssl names them. */
async function atributosFirmados(pdf: Buffer): Promise<string[]> {
  const file = await archivo(`cms-${randomBytes(4).toString('hex')}.der`, cmsDelPdf(pdf));
  const { stdout } = await run('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', file]);
  const signed = stdout.slice(stdout.indexOf('signedAttrs:'), stdout.indexOf('signatureAlgorithm:', stdout.indexOf('signedAttrs:')));
  return [...signed.matchAll(/object: ([\w-]+) \(/g)].map((match) => match[1]!);
}

const pdftotext = async (file: string) => (await run('pdftotext', ['-layout', file, '-'])).stdout;

async function descargar(url: string): Promise<Buffer> {
  const response = await t.request(undefined, { method: 'GET', url });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}

describe('signing certificate upload', () => {
  it('reads a legacy 3DES PKCS#12: the name with its accents, the RUT, the issuer and the dates; GET gives the metadata only', async () => {
    const response = await subir(w.tokenA, p12A, CLAVE);
    expect(response.statusCode, response.body).toBe(201);
    const body = CertificadoUploadResponseSchema.parse(response.json());
    expect(body).toMatchObject({ nombre: FIRMANTE, rut: '9.876.543-3', emisor: 'Autoridad Certificadora de Prueba Ñuble' });
    expect(Object.keys(response.json()).sort()).toEqual(['emisor', 'nombre', 'rut', 'valido_desde', 'valido_hasta']);
    const leido = CertificadoFirmaResponseSchema.parse((await t.request(w.tokenA, { method: 'GET', url: '/api/v1/firma/certificado/' })).json());
    expect(leido.certificado).toMatchObject(body);
    expect(JSON.stringify(leido)).not.toContain(p12A.toString('base64').slice(0, 40));
  });

  it("reads OpenSSL 3's AES-256 PKCS#12 of another user of the same receiver; each user sees only their own", async () => {
    const response = await subir(tokenA2, p12A2, CLAVE);
    expect(response.statusCode, response.body).toBe(201);
    expect(CertificadoUploadResponseSchema.parse(response.json())).toMatchObject({ nombre: FIRMANTE_2, rut: '12.345.678-5' });
    const propio = CertificadoFirmaResponseSchema.parse((await t.request(w.tokenA, { method: 'GET', url: '/api/v1/firma/certificado/' })).json());
    expect(propio.certificado?.nombre).toBe(FIRMANTE);
    const ninguno = CertificadoFirmaResponseSchema.parse((await t.request(tokenA3, { method: 'GET', url: '/api/v1/firma/certificado/' })).json());
    expect(ninguno.certificado).toBeNull();
    const borrar = await t.request(tokenA3, { method: 'DELETE', url: '/api/v1/firma/certificado/' });
    expect(borrar.statusCode).toBe(404);
    expect(borrar.json().detail).toBe('No tiene un certificado de firma cargado');
  });

  it('refuses a wrong password, an expired or not yet valid certificate, a file that is not one and a missing field, storing nothing', async () => {
    const mala = await subir(tokenA3, p12A, 'otra clave');
    expect(mala.statusCode).toBe(400);
    expect(mala.json().detail).toBe('La contraseña del certificado no es correcta');
    const vencido = await subir(tokenA3, p12Vencido, CLAVE);
    expect(vencido.statusCode).toBe(400);
    expect(vencido.json().detail).toBe('El certificado de firma está vencido: es válido del 10/01/2020 al 10/01/2021');
    const futuro = await subir(tokenA3, p12Futuro, CLAVE);
    expect(futuro.statusCode).toBe(400);
    expect(futuro.json().detail).toBe('El certificado de firma aún no es válido: es válido del 01/06/2040 al 01/06/2042');
    const docx = await subir(tokenA3, Buffer.from('PK\u0003\u0004 no es un certificado'), CLAVE);
    expect(docx.statusCode).toBe(400);
    expect(docx.json().detail).toBe('El archivo no es un certificado de firma PKCS#12 (.p12 o .pfx) válido');
    const sinClave = await subir(tokenA3, p12A, null);
    expect(sinClave.json().detail).toBe('Debe ingresar la contraseña del certificado');
    const sinArchivo = await subir(tokenA3, null, CLAVE);
    expect(sinArchivo.statusCode).toBe(400);
    expect(sinArchivo.json().detail).toBe('Debe adjuntar el certificado de firma (.p12 o .pfx)');
    const grande = await subir(tokenA3, randomBytes(200 * 1024), CLAVE);
    expect(grande.statusCode).toBe(400);
    expect(grande.json().detail).toBe('El certificado de firma no puede superar 100 KB');
    const db = await tenantA();
    const rows = await db.select().from(tenantSchema.firmaCertificados);
    expect(rows.map((r) => r.nombre).sort()).toEqual([FIRMANTE, FIRMANTE_2].sort());
  });

  it('keeps the PKCS#12 encrypted: not in the row, readable only with the key', async () => {
    const db = await tenantA();
    const [row] = await db.select().from(tenantSchema.firmaCertificados).where(eq(tenantSchema.firmaCertificados.nombre, FIRMANTE));
    const guardado = row!.archivoCifrado!;
    expect(guardado).toMatch(/^v1:/);
    for (const forma of [p12A.toString('base64'), p12A.toString('base64url'), p12A.toString('hex'), p12A.toString('latin1')]) {
      expect(guardado).not.toContain(forma.slice(0, 32));
    }
    expect(() => new CifradoCertificados(`otra-clave-${'x'.repeat(32)}`).descifrar(guardado)).toThrow();
    expect(t.app.firma.cifrado.descifrar(guardado).equals(p12A)).toBe(true);
    const alterado = `${guardado.slice(0, -4)}${guardado.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(() => t.app.firma.cifrado.descifrar(alterado)).toThrow();
  });
});

describe('documents by state and signing', () => {
  it('lists the certificates with a PDF, oldest first; the PDF already prints the rol and the verification code', async () => {
    const pendientes = (await listar(w.tokenA, 'pdf')).filter((d) => docs.some((x) => x.id === d.id));
    expect(pendientes.map((d) => d.id)).toEqual(docs.map((d) => d.id));
    const primero = pendientes[0]!;
    expect(primero).toMatchObject({ estado: 'pdf', numero_rol: docs[0]!.rol, tipo: 'Búsqueda positiva', url_pdf_firmado: null, firmado: null, subido: null });
    expect(primero.estudio?.nombre).toBe(w.estudioA.nombre);
    expect(primero.codigo_verificacion).toMatch(/^([A-Z2-7]{4}-){6}[A-Z2-7]{2}$/);
    const texto = await pdftotext(await archivo('sin-firma.pdf', await descargar(primero.url_pdf!)));
    expect(texto).toContain(docs[0]!.rol);
    expect(texto).toContain(primero.codigo_verificacion);
    expect((await listar(w.tokenA, 'firmado')).some((d) => docs.some((x) => x.id === d.id))).toBe(false);
  });

  it('refuses a wrong password with nothing written', async () => {
    const antes = await firmasGuardadas();
    const response = await firmar(w.tokenA, [docs[0]!.id], 'no es la clave');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('La contraseña del certificado no es correcta');
    expect(await firmasGuardadas()).toBe(antes);
  });

  it('refuses a user without a certificate (another user of the receiver has one) with nothing written', async () => {
    const antes = await firmasGuardadas();
    const response = await firmar(tokenA3, [docs[0]!.id]);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('No tiene un certificado de firma cargado');
    expect(await firmasGuardadas()).toBe(antes);
  });

  it("does not sign another receiver's documents, nor show, download or mark them", async () => {
    expect((await subir(w.tokenB, p12B, CLAVE)).statusCode).toBe(201);
    const antes = await firmasGuardadas();
    const response = await firmar(w.tokenB, [docs[0]!.id, docs[1]!.id]);
    expect(response.statusCode).toBe(200);
    const body = FirmarResponseSchema.parse(response.json());
    expect(body.firmados).toBe(0);
    expect(body.results.map((r) => [r.ok, r.error])).toEqual([
      [false, 'El documento no fue encontrado'],
      [false, 'El documento no fue encontrado'],
    ]);
    expect(await firmasGuardadas()).toBe(antes);
    for (const url of [`/api/v1/firma/documentos/${docs[0]!.id}/`, `/api/v1/firma/documentos/${docs[0]!.id}/pdf/`]) {
      expect((await t.request(w.tokenB, { method: 'GET', url })).statusCode).toBe(404);
    }
    const marcar = await t.request(w.tokenB, { method: 'POST', url: `/api/v1/firma/documentos/${docs[0]!.id}/subido/`, payload: { fecha: todayIso() } });
    expect(marcar.statusCode).toBe(404);
    const zip = await t.request(w.tokenB, { method: 'POST', url: '/api/v1/firma/documentos/zip/', payload: { documento_ids: [docs[0]!.id] } });
    expect(zip.statusCode).toBe(400);
    expect((await listar(w.tokenB)).some((d) => docs.some((x) => x.id === d.id))).toBe(false);
  });

  it('signs two certificates in one request: pdfsig reports each valid with the signer, pdftotext finds the rol and the code', async () => {
    const response = await firmar(w.tokenA, [docs[0]!.id, docs[1]!.id]);
    expect(response.statusCode, response.body).toBe(200);
    const body = FirmarResponseSchema.parse(response.json());
    expect(body.firmados).toBe(2);
    for (const [i, result] of body.results.entries()) {
      expect(result).toMatchObject({ id: docs[i]!.id, ok: true, error: null });
      const signed = await descargar(result.url_pdf_firmado!);
      const file = await archivo(`firmado-${i}.pdf`, signed);
      const report = await pdfsig(file);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain(`Signer Certificate Common Name: ${FIRMANTE}`);
      expect(report).toContain('Signature Type: ETSI.CAdES.detached');
      // PAdES baseline: signing-certificate-v2 signed, no signing-time in the CMS (the time is the dictionary's /M).
      const atributos = await atributosFirmados(signed);
      expect(atributos).toEqual(['contentType', 'messageDigest', 'id-smime-aa-signingCertificateV2']);
      expect(report).toMatch(/Signing Time: \w{3} \d{2} \d{4}/);
      const text = await pdftotext(file);
      expect(text).toContain(docs[i]!.rol);
      expect(text).toContain(result.codigo_verificacion!);
      expect(text).toContain(`Firmado electrónicamente por ${FIRMANTE} — RUT 9.876.543-3`);
      expect(text).toContain(`/verificar/${result.codigo_verificacion}`);
    }
    const firmados = (await listar(w.tokenA, 'firmado')).filter((d) => docs.some((x) => x.id === d.id));
    expect(firmados.map((d) => d.id)).toEqual([docs[0]!.id, docs[1]!.id]);
    expect(firmados[0]).toMatchObject({ estado: 'firmado', firmado_por: FIRMANTE });
    // The unsigned PDF is kept beside the signed one.
    const sinFirma = await descargar(firmados[0]!.url_pdf!);
    expect((await pdfsig(await archivo('original.pdf', sinFirma))).includes('Signature is Valid')).toBe(false);
    const pdf = await t.request(w.tokenA, { method: 'GET', url: `/api/v1/firma/documentos/${docs[0]!.id}/pdf/` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(await descargar(body.results[0]!.url_pdf_firmado!))).toBe(true);
  });

  it('one byte changed makes pdfsig report the signature invalid', async () => {
    const [doc] = (await listar(w.tokenA, 'firmado')).filter((d) => d.id === docs[0]!.id);
    const signed = Buffer.from(await descargar(doc!.url_pdf_firmado!));
    const at = signed.indexOf('Firmado electr');
    const index = at > 0 ? at : 200;
    signed[index + 2] = signed[index + 2] === 0x41 ? 0x42 : 0x41;
    const report = await pdfsig(await archivo('alterado.pdf', signed));
    expect(report).not.toContain('Signature is Valid');
    expect(report).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it('signs with the signer certificate of the user who asks (AES-256 PKCS#12), and never twice', async () => {
    const again = FirmarResponseSchema.parse((await firmar(tokenA2, [docs[0]!.id, docs[2]!.id])).json());
    expect(again.results[0]).toMatchObject({ ok: false, error: 'El documento ya está firmado' });
    expect(again.results[1]).toMatchObject({ ok: true });
    const report = await pdfsig(await archivo('a2.pdf', await descargar(again.results[1]!.url_pdf_firmado!)));
    expect(report).toContain(`Signer Certificate Common Name: ${FIRMANTE_2}`);
    expect(report).toContain('Signature is Valid');
  });

  it('refuses a certificate that expired since it was uploaded, naming its dates, with nothing written', async () => {
    const db = await tenantA();
    const usuarioA3 = await t.app.controlDb.select().from(controlSchema.users).where(eq(controlSchema.users.username, 'receptor_a3'));
    await db.insert(tenantSchema.firmaCertificados).values({
      usuarioId: usuarioA3[0]!.id,
      archivoCifrado: t.app.firma.cifrado.cifrar(p12Vencido),
      nombre: FIRMANTE,
      rut: '9.876.543-3',
      emisor: ca.nombre,
      numeroSerie: '01',
      huellaSha256: '0'.repeat(64),
      validoDesde: new Date(Date.UTC(2020, 0, 10, 15)),
      validoHasta: new Date(Date.UTC(2030, 0, 10, 15)),
      cargadoPor: 'receptor_a3',
    });
    const antes = await firmasGuardadas();
    const response = await firmar(tokenA3, [docs[2]!.id]);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('El certificado de firma está vencido: es válido del 10/01/2020 al 10/01/2021');
    expect(await firmasGuardadas()).toBe(antes);
  });

  it('reports per document why one was not signed (no PDF yet, unknown)', async () => {
    const db = await tenantA();
    const [sinPdf] = await db
      .insert(tenantSchema.estampados)
      .values({ numeroRol: 'C-9999-2025', titulo: 'Sin PDF', motor: 'local', creadoPor: 'receptor_a' })
      .returning();
    expect((await listar(w.tokenA, 'sin_pdf')).map((d) => d.id)).toContain(sinPdf!.id);
    const desconocido = '00000000-0000-4000-8000-000000000000';
    const body = FirmarResponseSchema.parse((await firmar(w.tokenA, [sinPdf!.id, desconocido])).json());
    expect(body.results.map((r) => r.error)).toEqual(['El documento aún no tiene PDF para firmar', 'El documento no fue encontrado']);
    const invalido = await firmar(w.tokenA, ['nada']);
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().detail).toBe('Documento no válido');
  });

  it('a signed certificate cannot be deleted (its signed PDF is evidence)', async () => {
    const response = await t.request(w.tokenA, { method: 'DELETE', url: `/estampados/api/estampados/documento/${docs[1]!.id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Un certificado firmado no se puede eliminar: su PDF firmado se conserva como evidencia');
    const db = await tenantA();
    await expect(db.delete(tenantSchema.estampadoFirmas).where(eq(tenantSchema.estampadoFirmas.estampadoId, docs[1]!.id))).rejects.toThrow();
  });

  it('downloads the signed ones as a ZIP', async () => {
    const response = await t.request(w.tokenA, { method: 'POST', url: '/api/v1/firma/documentos/zip/', payload: { documento_ids: docs.map((d) => d.id) } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(response.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(3);
    expect(names.every((n) => n.endsWith('(firmado).pdf'))).toBe(true);
    const first = await zip.file(names[0]!)!.async('nodebuffer');
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('marks one uploaded to the court on a date, meeting its upload deadline', async () => {
    const url = `/api/v1/firma/documentos/${docs[0]!.id}/subido/`;
    const futuro = await t.request(w.tokenA, { method: 'POST', url, payload: { fecha: '2099-01-01' } });
    expect(futuro.statusCode).toBe(400);
    expect(futuro.json().detail).toBe('La fecha de subida no puede ser posterior a hoy');
    const antes = await t.request(w.tokenA, { method: 'POST', url, payload: { fecha: '2020-01-01' } });
    expect(antes.json().detail).toBe('La fecha de subida no puede ser anterior a la firma del documento');
    const sinFirma = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/firma/documentos/${(await listar(w.tokenA, 'sin_pdf'))[0]!.id}/subido/`, payload: { fecha: todayIso() } });
    expect(sinFirma.json().detail).toBe('Solo un documento firmado puede marcarse como subido al tribunal');
    const ok = await t.request(w.tokenA, { method: 'POST', url, payload: { fecha: todayIso() } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(DocumentoFirmaSchema.parse(ok.json())).toMatchObject({ estado: 'subido', subido: todayIso() });
    expect((await listar(w.tokenA, 'subido')).map((d) => d.id)).toEqual([docs[0]!.id]);
    const db = await tenantA();
    const plazos = await db.select().from(tenantSchema.plazos).where(eq(tenantSchema.plazos.origen, `estampado:${docs[0]!.id}`));
    expect(plazos.map((p) => [p.tipo, p.estado, p.cumplidoEn])).toEqual([['subida_estampado', 'cumplido', todayIso()]]);
    const otra = await t.request(w.tokenA, { method: 'POST', url, payload: { fecha: todayIso() } });
    expect(otra.json().detail).toBe('El documento ya está marcado como subido al tribunal');
  });

  it('download links expire after 10 minutes and name one file and format', async () => {
    const id = docs[0]!.id;
    const vencido = t.app.documentSigner.url(id, 'pdf_firmado', new Date(Date.now() - 11 * 60_000));
    const response = await t.request(undefined, { method: 'GET', url: vencido });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('El enlace del documento no es válido o venció. Ábralo nuevamente desde la aplicación.');
    const vigente = t.app.documentSigner.url(id, 'pdf', new Date(Date.now() - 9 * 60_000));
    expect((await t.request(undefined, { method: 'GET', url: vigente })).statusCode).toBe(200);
    const otroFormato = vigente.replace('formato=pdf', 'formato=pdf_firmado');
    expect((await t.request(undefined, { method: 'GET', url: otroFormato })).statusCode).toBe(404);
    const sinExp = vigente.replace(/exp=\d+&/, '');
    expect((await t.request(undefined, { method: 'GET', url: sinExp })).statusCode).toBe(404);
  });

  it('is closed to users without the estampar module', async () => {
    const response = await t.request(w.tokenSinPermiso, { method: 'GET', url: '/api/v1/firma/documentos/' });
    expect(response.statusCode).toBe(403);
  });
});

describe('public verification', () => {
  it('answers a real code, with or without hyphens in any case, with what the court file shows and the signed PDF’s SHA-256', async () => {
    const [doc] = (await listar(w.tokenA, 'subido')).filter((d) => d.id === docs[0]!.id);
    const signed = await descargar(doc!.url_pdf_firmado!);
    const codigo = doc!.codigo_verificacion!;
    for (const forma of [codigo, codigo.toLowerCase(), codigo.replaceAll('-', ''), codigo.replaceAll('-', '').toLowerCase()]) {
      const response = await t.request(undefined, { method: 'GET', url: `/api/v1/verificar/${forma}`, remoteAddress: '10.9.0.1' });
      expect(response.statusCode, response.body).toBe(200);
      expect(VerificacionSchema.parse(response.json())).toEqual({
        codigo,
        receptor: RECEPTOR_A.nombre,
        tribunal: expect.any(String),
        numero_rol: docs[0]!.rol,
        tipo: 'Búsqueda positiva',
        fecha: doc!.creado,
        firmante: FIRMANTE,
        firmado: doc!.firmado,
        sha256: createHash('sha256').update(signed).digest('hex'),
      });
    }
  });

  it('finds none of 1,000 random codes (404 in Spanish), and refuses text that is not a code with 400', async () => {
    // Each answer waits for the verification's floor, so they are asked 50 at a time (one address each 50).
    let found = 0;
    for (let lote = 0; lote < 20; lote += 1) {
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => {
          const codigo = formatearCodigoVerificacion(codigoVerificacionDesdeBytes(randomBytes(17)));
          return t.request(undefined, { method: 'GET', url: `/api/v1/verificar/${codigo}`, remoteAddress: `10.8.${lote}.1` });
        }),
      );
      for (const response of responses) {
        if (response.statusCode !== 404) found += 1;
        else expect(response.json().detail).toBe('No existe un documento con ese código de verificación');
      }
    }
    expect(found).toBe(0);
    const malo = await t.request(undefined, { method: 'GET', url: '/api/v1/verificar/ABCD-1234', remoteAddress: '10.7.0.1' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().detail).toBe('El código de verificación no es válido');
  });

  it('allows 60 look-ups a minute per address, then 429', async () => {
    const codigo = codigoVerificacionDesdeBytes(randomBytes(17));
    const consulta = () => t.request(undefined, { method: 'GET', url: `/api/v1/verificar/${codigo}`, remoteAddress: '10.6.0.1' });
    const codes = (await Promise.all(Array.from({ length: 60 }, consulta))).map((r) => r.statusCode);
    expect(codes.every((c) => c === 404)).toBe(true);
    expect((await consulta()).statusCode).toBe(429);
    const bloqueada = await t.request(undefined, { method: 'GET', url: `/api/v1/verificar/${codigo}`, remoteAddress: '10.6.0.1' });
    expect(bloqueada.statusCode).toBe(429);
    expect(bloqueada.json().detail).toBe('Demasiadas consultas. Espere un minuto e intente nuevamente.');
    const otra = await t.request(undefined, { method: 'GET', url: `/api/v1/verificar/${codigo}`, remoteAddress: '10.6.0.2' });
    expect(otra.statusCode).toBe(404);
  });

  it('answers a found code and an unknown one at the same instant: the first whole floor after the work began', async () => {
    const [doc] = (await listar(w.tokenA, 'subido')).filter((d) => d.id === docs[0]!.id);
    const esperas: number[] = [];
    // A clock that stands still: both lookups end within the first floor, whatever their real work took.
    const reloj = { ahora: () => 1_000, esperarHasta: async (instante: number) => void esperas.push(instante) };
    const verificacion = await verificarCodigo(t.app, doc!.codigo_verificacion!.replaceAll('-', ''), reloj);
    expect(verificacion.numero_rol).toBe(docs[0]!.rol);
    await expect(verificarCodigo(t.app, codigoVerificacionDesdeBytes(randomBytes(17)), reloj)).rejects.toMatchObject({ statusCode: 404 });
    expect(esperas).toEqual([1_000 + VERIFICAR_PISO_MS, 1_000 + VERIFICAR_PISO_MS]);
    // Work past the floor answers at the next whole floor, never at its own time.
    expect(instanteDeRespuesta(0, 1)).toBe(VERIFICAR_PISO_MS);
    expect(instanteDeRespuesta(0, VERIFICAR_PISO_MS)).toBe(VERIFICAR_PISO_MS);
    expect(instanteDeRespuesta(0, VERIFICAR_PISO_MS + 1)).toBe(2 * VERIFICAR_PISO_MS);
  });
});

describe("signing and uploading are the assignment's acts", () => {
  it('signing makes a listo_para_estampar assignment estampado (stamp date: the signature), once; the upload meets its deadline', async () => {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: `C-${(rolCounter += 1)}-2025` });
    expect((await t.request(w.tokenA, { method: 'POST', url: '/api/v1/diligencias/guardar_resultados/', payload: resultadosBody(encargo.numero_rol, positiva) })).statusCode).toBe(200);
    const generado = await t.request(w.tokenA, { method: 'POST', url: '/estampados/api/estampados/generar', payload: { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} } });
    const id = GenerarEstampadoResponseSchema.parse(generado.json()).documento.id;
    await until(async () => (await listar(w.tokenA, 'pdf')).some((d) => d.id === id));
    const db = await tenantA();
    const estado = async () => (await db.select().from(tenantSchema.encargos).where(eq(tenantSchema.encargos.id, encargo.id)))[0];
    const filas = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const estampados = async () =>
      (await filas<{ n: number }>(sql`select count(*)::int as n from auditoria where entidad = 'encargo' and entidad_id = ${encargo.id} and accion = 'estampado'`))[0];
    expect((await estado())?.estado).toBe('listo_para_estampar');

    expect(FirmarResponseSchema.parse((await firmar(w.tokenA, [id])).json()).firmados).toBe(1);
    expect(await estado()).toMatchObject({ estado: 'estampado', estadoEstampado: 'estampado', fechaEstampado: todayIso() });
    expect(await estampados()).toEqual({ n: 1 });

    const subido = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/firma/documentos/${id}/subido/`, payload: { fecha: todayIso() } });
    expect(subido.statusCode, subido.body).toBe(200);
    const plazos = await db.select().from(tenantSchema.plazos).where(eq(tenantSchema.plazos.encargoId, encargo.id));
    expect(plazos.map((p) => [p.tipo, p.estado, p.cumplidoEn])).toEqual([['subida_estampado', 'cumplido', todayIso()]]);
    expect(await estampados()).toEqual({ n: 1 });
    const actos = await filas<{ tipo: string }>(sql`select tipo from encargo_eventos where encargo_id = ${encargo.id} order by instante, id`);
    expect(actos.map((r) => r.tipo)).toEqual(['recibido', 'resultados', 'estampado_generado', 'estampado_firmado', 'estampado_subido']);
  });

  it('tenant migration 0034 stamps an assignment left listo_para_estampar after its certificate was signed, once, dated on the signature', async () => {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: `C-${(rolCounter += 1)}-2025` });
    expect((await t.request(w.tokenA, { method: 'POST', url: '/api/v1/diligencias/guardar_resultados/', payload: resultadosBody(encargo.numero_rol, positiva) })).statusCode).toBe(200);
    const generado = await t.request(w.tokenA, { method: 'POST', url: '/estampados/api/estampados/generar', payload: { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} } });
    const id = GenerarEstampadoResponseSchema.parse(generado.json()).documento.id;
    await until(async () => (await listar(w.tokenA, 'pdf')).some((d) => d.id === id));
    expect(FirmarResponseSchema.parse((await firmar(w.tokenA, [id])).json()).firmados).toBe(1);
    const db = await tenantA();
    // As a signature before the lifecycle left it: still listo_para_estampar, no stamp date.
    await db.execute(sql`update encargos set estado = 'listo_para_estampar', estado_estampado = '', fecha_estampado = null where id = ${encargo.id}`);
    const auditados = async () =>
      ((await db.execute(sql`select count(*)::int as n from auditoria where entidad = 'encargo' and entidad_id = ${encargo.id} and accion = 'estampado'`)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
    const antes = await auditados();
    const migracion = await readFile(path.join(import.meta.dirname, '../../../packages/db/migrations/tenant/0034_estampados_firmados_o_subidos.sql'), 'utf8');
    await db.execute(sql.raw(migracion));
    const fila = (await db.select().from(tenantSchema.encargos).where(eq(tenantSchema.encargos.id, encargo.id)))[0];
    expect(fila).toMatchObject({ estado: 'estampado', estadoEstampado: 'estampado', fechaEstampado: todayIso() });
    expect(await auditados()).toBe((antes ?? 0) + 1);
    await db.execute(sql.raw(migracion));
    expect(await auditados()).toBe((antes ?? 0) + 1);
  });
});
