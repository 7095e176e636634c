import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  AutoridadesResponseSchema,
  AutoridadSchema,
  DocumentosFirmaResponseSchema,
  FirmaConfiguracionSchema,
  FirmarResponseSchema,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificadoPdfDePrueba } from './firma/pdf';
import { crearPki, type Emitido, type PkiPrueba, puertoLibre } from './firma/pki-revocacion';
import { createTestContext, type TestContext } from './helper';

const run = promisify(execFile);
const CLAVE = 'clave del certificado 2026';

let t: TestContext;
let pki: PkiPrueba;
let admin: string;
let secretaria: string;
let dir: string;
let puertoCerrado: number;
let rol = 7000;

beforeAll(async () => {
  t = await createTestContext({ revocacion: { permitirPrivadas: true, timeoutMs: 1500 } });
  admin = await t.login('admin');
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_firma', cargo: 'secretaria', permisos: ['estampa_1'] });
  secretaria = await t.login('secretaria_firma');
  pki = await crearPki();
  dir = await mkdtemp(path.join(os.tmpdir(), 'firma-revocacion-'));
  puertoCerrado = await puertoLibre();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await pki?.cerrar();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function multipart(archivo: Buffer, password: string) {
  const boundary = '----receptoria-revocacion-9c1d';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="firma.p12"\r\nContent-Type: application/x-pkcs12\r\n\r\n`),
    archivo,
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const subir = (emitido: Emitido, token = admin) => t.request(token, { method: 'POST', url: '/api/v1/firma/certificado/', ...multipart(emitido.p12, CLAVE) });

const firmar = (ids: string[], token = admin) => t.request(token, { method: 'POST', url: '/api/v1/firma/firmar/', payload: { documento_ids: ids, password: CLAVE } });

const configurar = (valor: string, token = admin) => t.request(token, { method: 'PUT', url: '/api/v1/firma/configuracion/', payload: { firma_sin_revocacion: valor } });

/** Certificates to sign, with their PDF (inserted as the stamp module leaves them). */
async function documentos(n: number): Promise<string[]> {
  const db = await t.tenantDbOf(t.mainTenantId);
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    rol += 1;
    const [row] = await db
      .insert(tenantSchema.estampados)
      .values({ numeroRol: `C-${rol}-2026`, titulo: `Certificado C-${rol}-2026`, archivoPdf: await certificadoPdfDePrueba(rol), creadoPor: 'admin' })
      .returning({ id: tenantSchema.estampados.id });
    ids.push(row!.id);
  }
  return ids;
}

async function firmasGuardadas(): Promise<number> {
  const db = await t.tenantDbOf(t.mainTenantId);
  const result = (await db.execute(sql`select count(*)::int as n from estampado_firmas`)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

async function listar() {
  const response = await t.request(admin, { method: 'GET', url: '/api/v1/firma/documentos/' });
  expect(response.statusCode, response.body).toBe(200);
  return DocumentosFirmaResponseSchema.parse(response.json()).results;
}

async function pdfsig(pdf: Buffer): Promise<string> {
  const file = path.join(dir, `firmado-${Date.now()}-${Math.random().toString(16).slice(2)}.pdf`);
  await writeFile(file, pdf);
  try {
    return (await run('pdfsig', [file])).stdout;
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

async function pdfFirmado(id: string): Promise<Buffer> {
  const response = await t.request(admin, { method: 'GET', url: `/api/v1/firma/documentos/${id}/pdf/` });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** The cached answers expire at their nextUpdate; a test that changes the CA's data makes them expire now. */
const olvidarRespuestas = () => t.app.firma.revocacion.olvidar();

describe('certificates unfit for signing are refused at upload, naming the reason', () => {
  it('refuses a keyUsage without digitalSignature and nonRepudiation (uso de clave)', async () => {
    const cert = await pki.emitir({ nombre: 'Cifrado Solamente', usos: 'keyEncipherment, dataEncipherment', crl: true }, CLAVE);
    const response = await subir(cert);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().detail).toContain('(uso de clave)');
    expect(response.json().detail).toContain('no repudio');
  });

  it('refuses a keyUsage with digitalSignature only: validators require non repudiation', async () => {
    const cert = await pki.emitir({ nombre: 'Solo Firma Digital', usos: 'digitalSignature', crl: true }, CLAVE);
    const response = await subir(cert);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().detail).toContain('(uso de clave)');
  });

  it('refuses an RSA key of 1024 bits (tamaño de clave)', async () => {
    const cert = await pki.emitir({ nombre: 'Clave Corta', clave: 'rsa:1024', crl: true }, CLAVE);
    const response = await subir(cert);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().detail).toBe('El certificado no sirve para firmar (tamaño de clave): su clave RSA tiene 1024 bits y se exigen al menos 2048');
  });

  it('stores nothing for a refused certificate', async () => {
    const response = await t.request(admin, { method: 'GET', url: '/api/v1/firma/certificado/' });
    expect(response.json().certificado).toBeNull();
  });
});

describe('EC keys sign with ECDSA', () => {
  for (const curva of ['P-256', 'P-384']) {
    it(`uploads an EC ${curva} PKCS#12 and signs: pdfsig reports the signature valid`, async () => {
      const cert = await pki.emitir({ nombre: `Firmante Elíptico ${curva}`, rut: '9876543-3', clave: `ec:${curva}`, crl: true }, CLAVE);
      const subida = await subir(cert);
      expect(subida.statusCode, subida.body).toBe(201);
      expect(subida.json()).toMatchObject({ nombre: `Firmante Elíptico ${curva}`, rut: '9.876.543-3' });
      const [id] = await documentos(1);
      const response = await firmar([id!]);
      const body = FirmarResponseSchema.parse(response.json());
      expect(body.results[0], response.body).toMatchObject({ id, ok: true, motivo: null });
      const report = await pdfsig(await pdfFirmado(id!));
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain(`Signer Certificate Common Name: Firmante Elíptico ${curva}`);
      expect(report).toContain('Signature Type: ETSI.CAdES.detached');
      const doc = (await listar()).find((d) => d.id === id);
      expect(doc?.revocacion).toEqual({ verificada: true, motivo: null });
    });
  }
});

describe.each([
  ['CRL', { crl: true }],
  ['OCSP', { ocsp: true }],
] as const)('a certificate revoked for keyCompromise (%s)', (variante, fuente) => {
  it('is refused at upload with the reason', async () => {
    const cert = await pki.emitir({ nombre: `Token Perdido ${variante}`, ...fuente }, CLAVE);
    await pki.revocar(cert, 'keyCompromise');
    olvidarRespuestas();
    const response = await subir(cert);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().detail).toMatch(/^El certificado está revocado \(clave comprometida\) desde el \d{2}-\d{2}-\d{4}: no se puede firmar con él$/);
  });

  it('uploads while valid, then each document of a batch is refused once it is revoked, nothing written', async () => {
    const cert = await pki.emitir({ nombre: `Receptor Cesado ${variante}`, ...fuente }, CLAVE);
    const subida = await subir(cert);
    expect(subida.statusCode, subida.body).toBe(201);
    const ids = await documentos(2);
    await pki.revocar(cert, 'keyCompromise');
    olvidarRespuestas();
    const antes = await firmasGuardadas();
    const response = await firmar(ids);
    expect(response.statusCode, response.body).toBe(200);
    const body = FirmarResponseSchema.parse(response.json());
    expect(body.firmados).toBe(0);
    expect(body.results.map((r) => r.id)).toEqual(ids);
    for (const r of body.results) {
      expect(r.ok).toBe(false);
      expect(r.motivo).toContain('El certificado está revocado (clave comprometida)');
      expect(r.error).toBe(r.motivo);
      expect(r.url_pdf_firmado).toBeNull();
    }
    expect(await firmasGuardadas()).toBe(antes);
    const estados = (await listar()).filter((d) => ids.includes(d.id));
    expect(estados.map((d) => d.estado)).toEqual(['pdf', 'pdf']);
  });

  it('a valid certificate is verified by this source and signs', async () => {
    const cert = await pki.emitir({ nombre: `Receptora Vigente ${variante}`, ...fuente }, CLAVE);
    expect((await subir(cert)).statusCode).toBe(201);
    const [id] = await documentos(1);
    const body = FirmarResponseSchema.parse((await firmar([id!])).json());
    expect(body.results[0]).toMatchObject({ ok: true, motivo: null });
    const db = await t.tenantDbOf(t.mainTenantId);
    const result = (await db.execute(sql`select revocacion_verificada, revocacion_fuente from estampado_firmas where estampado_id = ${id}`)) as unknown as {
      rows: Array<{ revocacion_verificada: boolean; revocacion_fuente: string }>;
    };
    expect(result.rows[0]).toEqual({ revocacion_verificada: true, revocacion_fuente: variante.toLowerCase() });
  });
});

describe('an unreachable OCSP responder follows firma_sin_revocacion', () => {
  it('answers the default firmar_y_marcar; only the receiver changes it; bad values are refused in Spanish', async () => {
    const leido = await t.request(secretaria, { method: 'GET', url: '/api/v1/firma/configuracion/' });
    expect(leido.statusCode, leido.body).toBe(200);
    expect(FirmaConfiguracionSchema.parse(leido.json())).toEqual({ firma_sin_revocacion: 'firmar_y_marcar' });
    const prohibido = await configurar('rechazar', secretaria);
    expect(prohibido.statusCode).toBe(403);
    expect(prohibido.json().detail).toBe('Solo el receptor puede cambiar la configuración de firma');
    for (const malo of ['firmar', '', 'RECHAZAR']) {
      const response = await configurar(malo);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Valor no válido: use "firmar_y_marcar" o "rechazar"');
    }
    const extra = await t.request(admin, { method: 'PUT', url: '/api/v1/firma/configuracion/', payload: { firma_sin_revocacion: 'rechazar', otro: 1 } });
    expect(extra.statusCode).toBe(400);
    expect((await t.request(admin, { method: 'GET', url: '/api/v1/firma/configuracion/' })).json()).toEqual({ firma_sin_revocacion: 'firmar_y_marcar' });
  });

  it('firmar_y_marcar: uploads and signs, and the document says the revocation was not verified', async () => {
    const cert = await pki.emitir({ nombre: 'Receptor Sin Red', ocspUrl: `http://127.0.0.1:${puertoCerrado}/ocsp` }, CLAVE);
    expect((await subir(cert)).statusCode).toBe(201);
    const [id] = await documentos(1);
    const body = FirmarResponseSchema.parse((await firmar([id!])).json());
    expect(body.results[0]).toMatchObject({ ok: true });
    const doc = (await listar()).find((d) => d.id === id)!;
    expect(doc.estado).toBe('firmado');
    expect(doc.revocacion?.verificada).toBe(false);
    expect(doc.revocacion?.motivo).toContain(`OCSP http://127.0.0.1:${puertoCerrado}/ocsp: no se pudo conectar`);
    const detalle = await t.request(admin, { method: 'GET', url: `/api/v1/firma/documentos/${id}/` });
    expect(detalle.json().revocacion).toEqual(doc.revocacion);
    expect((await pdfsig(await pdfFirmado(id!)))).toContain('Signature Validation: Signature is Valid.');
  });

  it('rechazar: refuses the upload and each document to sign, naming why', async () => {
    const cert = await pki.emitir({ nombre: 'Receptora Sin Red', ocspUrl: `http://127.0.0.1:${puertoCerrado}/ocsp` }, CLAVE);
    expect((await subir(cert)).statusCode).toBe(201);
    const guardada = await configurar('rechazar');
    expect(guardada.statusCode, guardada.body).toBe(200);
    expect(guardada.json()).toEqual({ firma_sin_revocacion: 'rechazar' });
    try {
      const ids = await documentos(2);
      const antes = await firmasGuardadas();
      const body = FirmarResponseSchema.parse((await firmar(ids)).json());
      expect(body.firmados).toBe(0);
      for (const r of body.results) {
        expect(r.ok).toBe(false);
        expect(r.motivo).toMatch(/^No se pudo verificar si el certificado está revocado \(OCSP http:\/\/127\.0\.0\.1:\d+\/ocsp: no se pudo conectar\)/);
      }
      expect(await firmasGuardadas()).toBe(antes);
      const otra = await subir(await pki.emitir({ nombre: 'Otra Sin Red', ocspUrl: `http://127.0.0.1:${puertoCerrado}/ocsp` }, CLAVE));
      expect(otra.statusCode).toBe(400);
      expect(otra.json().detail).toContain('No se pudo verificar si el certificado está revocado');
    } finally {
      expect((await configurar('firmar_y_marcar')).statusCode).toBe(200);
    }
  });
});

describe('revocation answers are kept for their validity', () => {
  it('a second upload within the CRL nextUpdate reads no CRL', async () => {
    const cert = await pki.emitir({ nombre: 'Receptor Cache', crl: true }, CLAVE);
    olvidarRespuestas();
    const antes = pki.pedidosCrl();
    expect((await subir(cert)).statusCode).toBe(201);
    expect(pki.pedidosCrl()).toBe(antes + 1);
    expect((await subir(cert)).statusCode).toBe(201);
    const otro = await pki.emitir({ nombre: 'Receptora Cache', crl: true }, CLAVE);
    expect((await subir(otro)).statusCode).toBe(201);
    expect(pki.pedidosCrl()).toBe(antes + 1);
  });
});

describe('CA certificates the platform admin adds build the chain', () => {
  it('a PKCS#12 without its root cannot be checked until the admin adds the root; then a revoked one is refused', async () => {
    const cert = await pki.emitir({ nombre: 'Receptor Sin Raíz', crl: true, sinRaiz: true }, CLAVE);
    await pki.revocar(cert, 'keyCompromise');
    olvidarRespuestas();
    // No issuer known: unknown status, signed and marked by default.
    expect((await subir(cert)).statusCode).toBe(201);
    const agregada = await t.request(admin, { method: 'POST', url: '/api/v1/firma/autoridades/', payload: { certificado: pki.raizPem } });
    expect(agregada.statusCode, agregada.body).toBe(201);
    const autoridad = AutoridadSchema.parse(agregada.json());
    expect(autoridad.nombre).toBe('Autoridad Certificadora Revocación de Prueba');
    expect(autoridad.huella_sha256).toBe(new X509Certificate(pki.raizPem).fingerprint256.replaceAll(':', '').toLowerCase());
    const response = await subir(cert);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().detail).toContain('El certificado está revocado (clave comprometida)');
  });

  it('accepts DER in base64, refuses a duplicate, a non-CA certificate and text that is no certificate, in Spanish', async () => {
    const der = new X509Certificate(pki.raizPem).raw.toString('base64');
    const duplicada = await t.request(admin, { method: 'POST', url: '/api/v1/firma/autoridades/', payload: { certificado: der } });
    expect(duplicada.statusCode).toBe(400);
    expect(duplicada.json().detail).toBe('Esa autoridad certificadora ya está agregada');
    const hoja = await pki.emitir({ nombre: 'No Soy Autoridad', crl: true }, CLAVE);
    const noCa = await t.request(admin, { method: 'POST', url: '/api/v1/firma/autoridades/', payload: { certificado: hoja.certPem } });
    expect(noCa.statusCode).toBe(400);
    expect(noCa.json().detail).toBe('El certificado no es de una autoridad certificadora (basicConstraints cA)');
    for (const malo of ['hola', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', Buffer.from('no es DER').toString('base64')]) {
      const response = await t.request(admin, { method: 'POST', url: '/api/v1/firma/autoridades/', payload: { certificado: malo } });
      expect(response.statusCode, malo).toBe(400);
      expect(response.json().detail).toBe('El texto no es un certificado X.509 en PEM o DER (base64)');
    }
    const lista = AutoridadesResponseSchema.parse((await t.request(admin, { method: 'GET', url: '/api/v1/firma/autoridades/' })).json());
    expect(lista.results.map((a) => a.nombre)).toEqual(['Autoridad Certificadora Revocación de Prueba']);
  });

  it('is the platform admin’s alone', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/firma/autoridades/' },
      { method: 'POST' as const, url: '/api/v1/firma/autoridades/', payload: { certificado: pki.raizPem } },
    ]) {
      const response = await t.request(secretaria, request);
      expect(response.statusCode).toBe(403);
    }
  });
});
