import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';

const run = promisify(execFile);

/**
 * Signing certificates made in the test: a CA ('Autoridad Certificadora de Prueba Ñuble') and users'
 * certificates it issues (UTF8String names with accents, the RUT in serialNumber), packed as PKCS#12
 * both in the legacy encoding (3DES, SHA-1 MAC) and in OpenSSL 3's default (AES-256-CBC, PBKDF2).
 */

export interface Persona {
  nombre: string;
  rut: string;
  desde: Date;
  hasta: Date;
}

/** A UTF8String attribute (forge encodes the text as UTF-8 when it writes the certificate). */
const utf8 = (value: string) => ({ value, valueTagClass: forge.asn1.Type.UTF8 as number });

let serial = 1;
function nuevoSerial(): string {
  serial += 1;
  return `0a${serial.toString(16).padStart(6, '0')}`;
}

function firmarCert(cert: forge.pki.Certificate, key: forge.pki.rsa.PrivateKey) {
  cert.sign(key, forge.md.sha256.create());
}

export interface Ca {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  nombre: string;
}

export function crearCa(nombre = 'Autoridad Certificadora de Prueba Ñuble'): Ca {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = nuevoSerial();
  cert.validity.notBefore = new Date(Date.UTC(2019, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2045, 0, 1));
  const attrs = [{ shortName: 'CN', ...utf8(nombre) }, { shortName: 'O', ...utf8('Pruebas Receptoría') }, { shortName: 'C', value: 'CL' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  firmarCert(cert, keys.privateKey);
  return { cert, key: keys.privateKey, nombre };
}

export interface Emitido {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
}

export function emitir(ca: Ca, persona: Persona): Emitido {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = nuevoSerial();
  cert.validity.notBefore = persona.desde;
  cert.validity.notAfter = persona.hasta;
  cert.setSubject([
    { shortName: 'CN', ...utf8(persona.nombre) },
    { type: '2.5.4.5', ...utf8(persona.rut) },
    { shortName: 'C', value: 'CL' },
  ]);
  cert.setIssuer(ca.cert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
  ]);
  firmarCert(cert, ca.key);
  return { cert, key: keys.privateKey };
}

/** Legacy PKCS#12: 3DES bags and a SHA-1 MAC (what older tokens and Windows export). */
export function p12Legacy(ca: Ca, emitido: Emitido, password: string): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(emitido.key, [emitido.cert, ca.cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** OpenSSL 3's default PKCS#12 (AES-256-CBC, PBKDF2 with HMAC-SHA256, SHA-256 MAC), made by the openssl CLI. */
export async function p12Aes256(ca: Ca, emitido: Emitido, password: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'firma-p12-'));
  try {
    await writeFile(path.join(dir, 'clave.pem'), forge.pki.privateKeyToPem(emitido.key));
    await writeFile(path.join(dir, 'cert.pem'), forge.pki.certificateToPem(emitido.cert));
    await writeFile(path.join(dir, 'ca.pem'), forge.pki.certificateToPem(ca.cert));
    await writeFile(path.join(dir, 'clave.txt'), password);
    const out = path.join(dir, 'firma.p12');
    await run('openssl', [
      'pkcs12', '-export', '-inkey', path.join(dir, 'clave.pem'), '-in', path.join(dir, 'cert.pem'), '-certfile', path.join(dir, 'ca.pem'),
      '-keypbe', 'AES-256-CBC', '-certpbe', 'AES-256-CBC', '-macalg', 'sha256', '-passout', `file:${path.join(dir, 'clave.txt')}`, '-out', out,
    ]);
    const { stdout, stderr } = await run('openssl', ['pkcs12', '-info', '-noout', '-in', out, '-passin', `file:${path.join(dir, 'clave.txt')}`]);
    if (!`${stdout}${stderr}`.includes('AES-256-CBC')) throw new Error('openssl did not write an AES-256 PKCS#12');
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
