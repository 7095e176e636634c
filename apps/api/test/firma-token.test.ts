import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { constants, createPrivateKey, sign } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { AgenteCodigoSchema, DocumentosFirmaResponseSchema, GenerarEstampadoResponseSchema, LoteSchema } from '@receptoria/contracts';
import { controlSchema, tenantLocation, tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultadosBody, type ResultadosWorld, setupResultados, tipoId } from '../src/modules/diligencias/resultados.fixtures';
import { crearEncargo } from '../src/modules/encargos/encargos.fixtures';
import { type Ca, crearCa, emitir } from './firma/certificados';
import { createTestContext, type TestContext } from './helper';

const run = promisify(execFile);
const DIA = 24 * 3600_000;
const FIRMANTE = 'Ramón Ñiquén Araneda';
/** Letters no hex dump, base64 of a PDF or UUID can make by chance. */
const PIN = 'Zorzal-pin-8841';
const ORIGEN = 'http://receptoria.prueba';
const SOFTHSM = '/usr/lib/softhsm/libsofthsm2.so';
const MAIN = path.resolve(__dirname, '../../firmador/src/main.ts');
const TSX = path.resolve(__dirname, '../node_modules/.bin/tsx');

let t: TestContext;
let w: ResultadosWorld;
let dir: string;
let ca: Ca;
/** The signer's key, kept in memory to sign as a token without the agent would (PKCS#1 v1.5 or PSS). */
let claveFirmante: ReturnType<typeof createPrivateKey>;
let certificadoFirmante: Buffer;
let base: string;
let proxy: Server;
let proxyUrl: string;
const logs: string[] = [];
/** Every byte the agent sent to the server (through a recording proxy). */
const trafico: Buffer[] = [];
const agentes: ChildProcessWithoutNullStreams[] = [];
const docs: string[] = [];
let entorno: NodeJS.ProcessEnv;

async function until(condition: () => Promise<boolean>, what = 'condición'): Promise<void> {
  const limite = Date.now() + 120_000;
  while (!(await condition())) {
    if (Date.now() > limite) throw new Error(`esperando ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function puertoLibre(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

async function listar() {
  const response = await t.request(w.tokenA, { method: 'GET', url: '/api/v1/firma/documentos/' });
  return DocumentosFirmaResponseSchema.parse(response.json()).results;
}

/** The CMS in the PDF's last signature and the bytes its /ByteRange covers. */
function cmsDe(pdf: Buffer): { cms: Buffer; contenido: Buffer } {
  const texto = pdf.toString('latin1');
  const rangos = [...texto.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const [a, b, c, d] = rangos.at(-1)!.slice(1).map(Number) as [number, number, number, number];
  const hex = texto.slice(a + b + 1, c - 1);
  const cms = Buffer.from(hex, 'hex');
  // The DER's own length (the rest of /Contents is zero padding).
  const largo = cms[1]! & 0x80 ? 2 + (cms[1]! & 0x7f) + cms.subarray(2, 2 + (cms[1]! & 0x7f)).reduce((n, x) => n * 256 + x, 0) : 2 + cms[1]!;
  return { cms: cms.subarray(0, largo), contenido: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]) };
}

/** `openssl cms -verify` of the PDF's CMS against the test CA, and the SignerInfo's signature algorithm as openssl prints it. */
async function opensslCms(pdf: Buffer, nombre: string): Promise<{ verificado: string; algoritmo: string }> {
  const { cms, contenido } = cmsDe(pdf);
  const f = (n: string) => path.join(dir, `${nombre}.${n}`);
  await writeFile(f('cms'), cms);
  await writeFile(f('contenido'), contenido);
  await writeFile(f('ca.pem'), forge.pki.certificateToPem(ca.cert));
  const verificado = await run('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', f('cms'), '-content', f('contenido'), '-CAfile', f('ca.pem'), '-purpose', 'any', '-out', '/dev/null']);
  const impreso = (await run('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', f('cms')], { maxBuffer: 16 * 1024 * 1024 })).stdout;
  const algoritmo = /signatureAlgorithm:\s*\n\s*algorithm: ([^\n]+)[\s\S]*?(?=\n\s*signature:)/.exec(impreso)?.[0] ?? '';
  return { verificado: verificado.stderr, algoritmo };
}

async function pdfsig(file: string): Promise<string> {
  try {
    return (await run('pdfsig', [file])).stdout;
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

/** The agent as the receiver runs it: its own process, its own configuration file, the PIN on its stdin. */
function iniciarAgente(puerto: number, extra: NodeJS.ProcessEnv = {}): { proceso: ChildProcessWithoutNullStreams; salida: () => string } {
  const proceso = spawn(TSX, [MAIN], { env: { ...entorno, FIRMADOR_PUERTO: String(puerto), FIRMADOR_PIN: 'stdin', ...extra } });
  agentes.push(proceso);
  let salida = '';
  proceso.stdout.on('data', (d: Buffer) => (salida += d.toString()));
  proceso.stderr.on('data', (d: Buffer) => (salida += d.toString()));
  return { proceso, salida: () => salida };
}

async function alAgente(puerto: number, metodo: string, ruta: string, cuerpo?: unknown, headers: Record<string, string> = { origin: ORIGEN }) {
  const respuesta = await fetch(`http://127.0.0.1:${puerto}${ruta}`, { method: metodo, headers: { 'content-type': 'application/json', ...headers }, body: cuerpo ? JSON.stringify(cuerpo) : undefined });
  return { status: respuesta.status, headers: respuesta.headers, body: await respuesta.text() };
}

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  t = await createTestContext({ logger: { level: 'trace', stream } });
  w = await setupResultados(t);
  const positiva = await tipoId(t, 'busqueda_positiva');
  for (let i = 0; i < 7; i += 1) {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: `C-${3900 + i}-2025` });
    const saved = await t.request(w.tokenA, { method: 'POST', url: '/api/v1/diligencias/guardar_resultados/', payload: resultadosBody(encargo.numero_rol, positiva) });
    expect(saved.statusCode, saved.body).toBe(200);
    const generado = await t.request(w.tokenA, { method: 'POST', url: '/estampados/api/estampados/generar', payload: { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} } });
    expect(generado.statusCode, generado.body).toBe(201);
    docs.push(GenerarEstampadoResponseSchema.parse(generado.json()).documento.id);
  }
  await until(async () => (await listar()).filter((d) => docs.includes(d.id) && d.estado === 'pdf').length === docs.length, 'los PDF');

  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The agent talks to the server through this proxy, which keeps every byte it sends.
  proxy = createServer((req, res) => {
    const cuerpo: Buffer[] = [];
    req.on('data', (d: Buffer) => cuerpo.push(d));
    req.on('end', () => {
      trafico.push(Buffer.from(`${req.method} ${req.url}\n${JSON.stringify(req.headers)}\n`), Buffer.concat(cuerpo));
      const destino = new URL(req.url ?? '/', base);
      const reenvio = httpRequest(destino, { method: req.method, headers: { ...req.headers, host: destino.host } }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      reenvio.end(Buffer.concat(cuerpo));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  // The token: a SoftHSM2 slot of its own, the signer's key and certificate (issued by the test CA) and the CA's certificate.
  dir = await mkdtemp(path.join(os.tmpdir(), 'firma-token-'));
  await run('mkdir', ['-p', path.join(dir, 'tokens')]);
  await writeFile(path.join(dir, 'softhsm2.conf'), `directories.tokendir = ${path.join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`);
  entorno = { ...process.env, SOFTHSM2_CONF: path.join(dir, 'softhsm2.conf'), FIRMADOR_CONFIG: path.join(dir, 'firmador.json'), FIRMADOR_PKCS11: SOFTHSM, FIRMADOR_ORIGEN: ORIGEN, FIRMADOR_SERVIDOR: proxyUrl };
  await run('softhsm2-util', ['--init-token', '--free', '--label', 'Token Receptor', '--pin', PIN, '--so-pin', 'so-pin-1234'], { env: entorno });
  ca = crearCa();
  const emitido = emitir(ca, { nombre: FIRMANTE, rut: '9876543-3', desde: new Date(Date.now() - 30 * DIA), hasta: new Date(Date.now() + 365 * DIA) });
  const pkcs8 = forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(emitido.key)));
  await writeFile(path.join(dir, 'clave.pem'), pkcs8);
  claveFirmante = createPrivateKey(pkcs8);
  certificadoFirmante = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(emitido.cert)).getBytes(), 'binary');
  const der = (c: forge.pki.Certificate) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), 'binary');
  await writeFile(path.join(dir, 'cert.der'), der(emitido.cert));
  await writeFile(path.join(dir, 'ca.der'), der(ca.cert));
  await run('softhsm2-util', ['--import', path.join(dir, 'clave.pem'), '--token', 'Token Receptor', '--label', 'firma', '--id', '01', '--pin', PIN], { env: entorno });
  await run('rm', [path.join(dir, 'clave.pem')]);
  // Certificates are public objects on a token (readable without the PIN), as on the providers' tokens.
  const p11 = ['--module', SOFTHSM, '--token-label', 'Token Receptor'];
  await run('pkcs11-tool', [...p11, '--write-object', path.join(dir, 'cert.der'), '--type', 'cert', '--id', '01', '--label', 'firma'], { env: entorno });
  await run('pkcs11-tool', [...p11, '--write-object', path.join(dir, 'ca.der'), '--type', 'cert', '--id', '02', '--label', 'ca'], { env: entorno });
}, 300_000);

afterAll(async () => {
  for (const agente of agentes) if (agente.exitCode === null) agente.kill('SIGTERM');
  proxy?.close();
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('signing with the receiver’s token through the agent (SoftHSM2)', () => {
  let puerto: number;
  let actual: ReturnType<typeof iniciarAgente>;

  it('pairs the agent with a code from Mi perfil and registers the token’s certificate (no key)', async () => {
    const codigo = await t.request(w.tokenA, { method: 'POST', url: '/api/v1/firma/agente/codigo/' });
    expect(codigo.statusCode, codigo.body).toBe(201);
    const { codigo: texto } = AgenteCodigoSchema.parse(codigo.json());
    expect(texto).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const { stdout, stderr } = await run(TSX, [MAIN, 'emparejar', texto, '--servidor', proxyUrl, '--equipo', 'PC oficina'], { env: entorno });
    void stderr;
    expect(stdout).toContain('Firmador emparejado con');
    expect(stdout, stdout + stderr).toContain(`Certificado registrado: ${FIRMANTE} (RUT 9.876.543-3)`);
    // Used once.
    const otra = await t.request(undefined, { method: 'POST', url: '/api/v1/firma/agente/emparejar/', payload: { codigo: texto, equipo: 'otro' } });
    expect(otra.statusCode).toBe(400);
    expect(otra.json().detail).toContain('código de emparejamiento');
    const estado = await t.request(w.tokenA, { method: 'GET', url: '/api/v1/firma/agente/' });
    expect(estado.json().agentes).toEqual([expect.objectContaining({ equipo: 'PC oficina' })]);
    const cert = await t.request(w.tokenA, { method: 'GET', url: '/api/v1/firma/certificado/' });
    expect(cert.json().certificado).toMatchObject({ nombre: FIRMANTE, tipo: 'token' });
    // The P12 path refuses a token certificate.
    const p12 = await t.request(w.tokenA, { method: 'POST', url: '/api/v1/firma/firmar/', payload: { documento_ids: [docs[0]], password: 'x' } });
    expect(p12.statusCode).toBe(400);
    expect(p12.json().detail).toContain('token');
  }, 120_000);

  it('answers only Receptoría’s origin, with the private-network preflight', async () => {
    puerto = await puertoLibre();
    const agente = iniciarAgente(puerto);
    actual = agente;
    await until(async () => agente.salida().includes('escuchando'), 'el agente');
    const preflight = await alAgente(puerto, 'OPTIONS', '/lotes', undefined, { origin: ORIGEN, 'access-control-request-method': 'POST', 'access-control-request-private-network': 'true' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGEN);
    expect(preflight.headers.get('access-control-allow-private-network')).toBe('true');
    const ajeno = await alAgente(puerto, 'OPTIONS', '/lotes', undefined, { origin: 'https://otro.example', 'access-control-request-private-network': 'true' });
    expect(ajeno.status).toBe(403);
    expect(ajeno.headers.get('access-control-allow-origin')).toBeNull();
    expect((await alAgente(puerto, 'GET', '/estado', undefined, { origin: 'https://otro.example' })).status).toBe(403);
    const estado = await alAgente(puerto, 'GET', '/estado');
    expect(JSON.parse(estado.body)).toMatchObject({ emparejado: true });
    // DNS rebinding: a foreign Host is refused.
    const rebinding = await new Promise<number>((resolve, reject) => {
      const pedido = httpRequest({ host: '127.0.0.1', port: puerto, path: '/estado', headers: { origin: ORIGEN, host: `atacante.example:${puerto}` } }, (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      });
      pedido.on('error', reject);
      pedido.end();
    });
    expect(rebinding).toBe(403);
  }, 120_000);

  it('signs three certificates in one batch with the PIN given to the agent locally (RSA-PSS, which SoftHSM2 offers); pdfsig and openssl cms validate each', async () => {
    const agente = actual;
    const lote = await t.request(w.tokenA, { method: 'POST', url: '/api/v1/firma/lotes/', payload: { documento_ids: docs.slice(0, 3) } });
    expect(lote.statusCode, lote.body).toBe(201);
    const preparado = LoteSchema.parse(lote.json());
    // The agent reported the token's mechanisms at registration: CKM_SHA256_RSA_PKCS_PSS is among SoftHSM2's.
    expect(preparado.algoritmo).toBe('rsa-pss');
    expect(preparado.documentos.map((d) => d.estado)).toEqual(['pendiente', 'pendiente', 'pendiente']);
    expect(preparado.documentos[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    const pedido = await alAgente(puerto, 'POST', '/lotes', { lote_id: preparado.id });
    expect(pedido.status, pedido.body).toBe(202);
    await until(async () => agente.salida().includes('PIN requerido'), 'el pedido de PIN');
    agente.proceso.stdin.write(`${PIN}\n`);
    await until(async () => {
      const r = await t.request(w.tokenA, { method: 'GET', url: `/api/v1/firma/lotes/${preparado.id}/` });
      return LoteSchema.parse(r.json()).firmados === 3;
    }, 'las tres firmas');
    const documentos = (await listar()).filter((d) => docs.slice(0, 3).includes(d.id));
    expect(documentos.map((d) => d.estado)).toEqual(['firmado', 'firmado', 'firmado']);
    for (const doc of documentos) {
      expect(doc.firmado_por).toBe(FIRMANTE);
      expect(doc.nivel).toBe('B-B');
      const pdf = await t.request(w.tokenA, { method: 'GET', url: `/api/v1/firma/documentos/${doc.id}/pdf/` });
      const file = path.join(dir, `${doc.id}.pdf`);
      await writeFile(file, pdf.rawPayload);
      const report = await pdfsig(file);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain(FIRMANTE);
      expect(report).toContain('ETSI.CAdES.detached');
      const cms = await opensslCms(pdf.rawPayload, doc.id);
      expect(cms.verificado).toContain('Verification successful');
      expect(cms.algoritmo).toContain('rsassaPss');
      expect(cms.algoritmo).toMatch(/sha256/);
      expect(cms.algoritmo).toMatch(/mgf1/i);
      // saltLength [2] INTEGER, printed in hex by openssl: 0x20 = 32.
      expect(cms.algoritmo).toMatch(/cont \[ 2 \][\s\S]*INTEGER\s*:20$/);
    }
    // The assignment moved as with the P12 path: its lifecycle has 'estampado firmado'.
    const db = await t.tenantDbOf(t.mainTenantId);
    const eventos = await db.select().from(tenantSchema.encargoEventos).where(eq(tenantSchema.encargoEventos.tipo, 'estampado_firmado'));
    expect(eventos.length).toBe(3);
  }, 180_000);

  it('a signature that is not the certificate’s is refused and nothing is stored', async () => {
    const lote = LoteSchema.parse((await t.request(w.tokenA, { method: 'POST', url: '/api/v1/firma/lotes/', payload: { documento_ids: [docs[3]] } })).json());
    const r = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/firma/lotes/${lote.id}/firmas/`, payload: { firmas: [{ id: docs[3], firma: Buffer.alloc(256, 7).toString('base64') }] } });
    expect(r.statusCode).toBe(200);
    expect(r.json().results[0]).toMatchObject({ ok: false, motivo: expect.stringContaining('no corresponde al certificado') });
    expect((await listar()).find((d) => d.id === docs[3])!.estado).toBe('pdf');
  });

  it('PKCS#1 v1.5 where the token does not offer PSS; a batch declaring PSS refuses a PKCS#1 v1.5 value', async () => {
    const registrar = (mecanismos: string[]) =>
      t.request(w.tokenA, { method: 'POST', url: '/api/v1/firma/certificados_token/', payload: { certificado: certificadoFirmante.toString('base64'), cadena: [], mecanismos } });
    const malo = await registrar(['x'.repeat(61)]);
    expect(malo.statusCode).toBe(400);
    expect(malo.json().detail).toMatch(/certificado/i);
    expect((await registrar(['CKM_RSA_PKCS', 'CKM_SHA256_RSA_PKCS'])).statusCode).toBe(201);
    const sinPss = LoteSchema.parse((await t.request(w.tokenA, { method: 'POST', url: '/api/v1/firma/lotes/', payload: { documento_ids: [docs[5]] } })).json());
    expect(sinPss.algoritmo).toBe('rsa');
    expect((await registrar(['CKM_RSA_PKCS', 'CKM_SHA256_RSA_PKCS', 'CKM_SHA256_RSA_PKCS_PSS'])).statusCode).toBe(201);
    const conPss = LoteSchema.parse((await t.request(w.tokenA, { method: 'POST', url: '/api/v1/firma/lotes/', payload: { documento_ids: [docs[6]] } })).json());
    expect(conPss.algoritmo).toBe('rsa-pss');
    // The batch keeps what it declared when prepared, whatever is registered later.
    expect(LoteSchema.parse((await t.request(w.tokenA, { method: 'GET', url: `/api/v1/firma/lotes/${sinPss.id}/` })).json()).algoritmo).toBe('rsa');
    const pkcs1 = (atributos: string) => sign('sha256', Buffer.from(atributos, 'base64'), claveFirmante).toString('base64');
    const pss = (atributos: string) => sign('sha256', Buffer.from(atributos, 'base64'), { key: claveFirmante, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }).toString('base64');
    const rechazo = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/firma/lotes/${conPss.id}/firmas/`, payload: { firmas: [{ id: docs[6], firma: pkcs1(conPss.documentos[0]!.atributos!) }] } });
    expect(rechazo.json().results[0]).toMatchObject({ ok: false, motivo: expect.stringContaining('no corresponde al certificado') });
    expect((await listar()).find((d) => d.id === docs[6])!.estado).toBe('pdf');
    const otroPss = LoteSchema.parse((await t.request(w.tokenA, { method: 'POST', url: '/api/v1/firma/lotes/', payload: { documento_ids: [docs[6]] } })).json());
    for (const [lote, firma, algoritmo] of [
      [sinPss, pkcs1, 'rsaEncryption'],
      [otroPss, pss, 'rsassaPss'],
    ] as const) {
      const leido = await t.request(w.tokenA, { method: 'GET', url: `/api/v1/firma/lotes/${lote.id}/` });
      const doc = LoteSchema.parse(leido.json()).documentos[0]!;
      const r = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/firma/lotes/${lote.id}/firmas/`, payload: { firmas: [{ id: doc.id, firma: firma(doc.atributos!) }] } });
      expect(r.json().results[0], r.body).toMatchObject({ ok: true });
      const pdf = await t.request(w.tokenA, { method: 'GET', url: `/api/v1/firma/documentos/${doc.id}/pdf/` });
      const file = path.join(dir, `${doc.id}-${algoritmo}.pdf`);
      await writeFile(file, pdf.rawPayload);
      expect(await pdfsig(file)).toContain('Signature Validation: Signature is Valid.');
      const cms = await opensslCms(pdf.rawPayload, `${doc.id}-${algoritmo}`);
      expect(cms.verificado).toContain('Verification successful');
      expect(cms.algoritmo).toContain(algoritmo);
    }
  }, 120_000);

  it('the token gone (its library unavailable): the documents stay por firmar with the reason in Spanish', async () => {
    for (const agente of agentes) if (agente.exitCode === null) agente.kill('SIGTERM');
    puerto = await puertoLibre();
    const agente = iniciarAgente(puerto, { FIRMADOR_PKCS11: path.join(dir, 'no-esta.so') });
    await until(async () => agente.salida().includes('escuchando'), 'el agente');
    const lote = LoteSchema.parse((await t.request(w.tokenA, { method: 'POST', url: '/api/v1/firma/lotes/', payload: { documento_ids: docs.slice(3, 5) } })).json());
    expect((await alAgente(puerto, 'POST', '/lotes', { lote_id: lote.id })).status).toBe(202);
    await until(async () => agente.salida().includes('PIN requerido'), 'el pedido de PIN');
    agente.proceso.stdin.write(`${PIN}\n`);
    await until(async () => {
      const r = LoteSchema.parse((await t.request(w.tokenA, { method: 'GET', url: `/api/v1/firma/lotes/${lote.id}/` })).json());
      return r.pendientes === 0;
    }, 'los rechazos');
    const r = LoteSchema.parse((await t.request(w.tokenA, { method: 'GET', url: `/api/v1/firma/lotes/${lote.id}/` })).json());
    for (const doc of r.documentos) {
      expect(doc.estado).toBe('fallido');
      expect(doc.motivo).toMatch(/^El token no firmó este documento \(no se pudo cargar la biblioteca PKCS#11 .*\): queda por firmar$/);
    }
    const estados = (await listar()).filter((d) => docs.slice(3, 5).includes(d.id)).map((d) => d.estado);
    expect(estados).toEqual(['pdf', 'pdf']);
  }, 120_000);

  it('the PIN is in no request to the server, no server log line and no database row', async () => {
    const pin = Buffer.from(PIN);
    expect(trafico.length).toBeGreaterThan(5);
    for (const bytes of trafico) expect(bytes.includes(pin)).toBe(false);
    expect(logs.length).toBeGreaterThan(10);
    expect(logs.filter((l) => l.includes(PIN))).toEqual([]);
    // A dump of the control database and the receiver's.
    const tenants = await t.app.controlDb.select().from(controlSchema.tenants);
    const urls = [t.config.database.controlUrl!, ...tenants.map((tenant) => (tenantLocation(t.config.database, tenant) as { url: string }).url)];
    for (const url of urls) {
      const { stdout } = await run('pg_dump', ['--data-only', url], { maxBuffer: 512 * 1024 * 1024 });
      expect(stdout.length).toBeGreaterThan(1000);
      expect(stdout.includes(PIN)).toBe(false);
    }
  }, 120_000);
});
