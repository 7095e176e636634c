import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearCa, emitir, p12Legacy } from '../../../test/firma/certificados';
import { cmsPades } from './cms-pades';
import { abrirP12, type P12Abierto } from './p12';

const run = promisify(execFile);
const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

const hijos = (node: Asn1) => node.value as Asn1[];
const oidDe = (node: Asn1) => asn1.derToOid(node.value as string);
const bytes = (node: Asn1) => Buffer.from(node.value as string, 'binary');

let dir: string;
let firmante: P12Abierto;
const contenido = Buffer.from('%PDF-1.7 rango firmado del certificado de búsqueda C-1234-2026');

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cms-pades-'));
  const ca = crearCa();
  const emitido = emitir(ca, { nombre: 'María José Muñoz Ñuñez', rut: '9876543-3', desde: new Date(Date.now() - 86_400_000), hasta: new Date(Date.now() + 86_400_000) });
  firmante = abrirP12(p12Legacy(ca, emitido, 'clave'), 'clave');
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('PAdES baseline CMS', () => {
  it('is a detached SignedData that openssl verifies over the content, with the chain embedded', async () => {
    const cms = cmsPades(contenido, firmante);
    await writeFile(path.join(dir, 'firma.der'), cms);
    await writeFile(path.join(dir, 'contenido.bin'), contenido);
    const args = ['cms', '-verify', '-inform', 'DER', '-in', path.join(dir, 'firma.der'), '-binary', '-noverify', '-out', '/dev/null'];
    const { stderr } = await run('openssl', [...args, '-content', path.join(dir, 'contenido.bin')]);
    expect(stderr).toContain('Verification successful');
    await writeFile(path.join(dir, 'otro.bin'), Buffer.concat([contenido, Buffer.from(' ')]));
    await expect(run('openssl', [...args, '-content', path.join(dir, 'otro.bin')])).rejects.toThrow();
    const signedData = hijos(hijos(hijos(asn1.fromDer(cms.toString('binary')))[1]!)[0]!);
    expect(hijos(signedData[3]!)).toHaveLength(firmante.cadena.length);
  });

  it('signs content-type, message-digest and signing-certificate-v2 (SHA-256 of the signer certificate, its issuer and serial), and no signing-time', () => {
    const cms = cmsPades(contenido, firmante);
    const signedData = hijos(hijos(hijos(asn1.fromDer(cms.toString('binary')))[1]!)[0]!);
    const signerInfo = hijos(hijos(signedData[4]!)[0]!);
    const atributos = new Map(hijos(signerInfo[3]!).map((a) => [oidDe(hijos(a)[0]!), hijos(hijos(a)[1]!)[0]!]));
    expect([...atributos.keys()].sort()).toEqual(['1.2.840.113549.1.9.16.2.47', '1.2.840.113549.1.9.3', '1.2.840.113549.1.9.4']);
    expect(bytes(atributos.get('1.2.840.113549.1.9.4')!)).toEqual(createHash('sha256').update(contenido).digest());
    const [certHash, issuerSerial] = hijos(hijos(hijos(atributos.get('1.2.840.113549.1.9.16.2.47')!)[0]!)[0]!);
    expect(bytes(certHash!)).toEqual(createHash('sha256').update(firmante.certificado).digest());
    // The issuer and serial are the certificate's own bytes, the same ones the signer identifier carries.
    const tbs = hijos(hijos(asn1.fromDer(firmante.certificado.toString('binary')))[0]!);
    const [nombres, serie] = hijos(issuerSerial!);
    const der = (node: Asn1) => asn1.toDer(node).getBytes();
    expect(der(hijos(hijos(nombres!)[0]!)[0]!)).toBe(der(tbs[3]!));
    expect(der(serie!)).toBe(der(tbs[1]!));
    expect(hijos(signerInfo[1]!).map(der)).toEqual([der(tbs[3]!), der(tbs[1]!)]);
    expect(Buffer.from(der(tbs[3]!), 'binary').toString('utf8')).toContain('Ñuble');
  });
});
