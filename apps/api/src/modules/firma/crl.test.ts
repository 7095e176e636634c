import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearPki, type PkiPrueba } from '../../../test/firma/pki-revocacion';
import { CrlIlegibleError, leerCrl, sujetoDer } from './crl';

const run = promisify(execFile);
let pki: PkiPrueba;

beforeAll(async () => {
  pki = await crearPki();
}, 60_000);
afterAll(() => pki?.cerrar());

describe('the one-pass CRL reader', () => {
  it('reads what pkijs reads: issuer, dates, signature, every serial with its reason', async () => {
    const uno = await pki.emitir({ nombre: 'Revocado Uno', crl: true }, 'x');
    const dos = await pki.emitir({ nombre: 'Revocado Dos', crl: true }, 'x');
    await pki.revocar(uno, 'keyCompromise');
    await pki.revocar(dos, 'superseded');
    await pki.revocarEnLote(300);
    const der = await readFile(path.join(pki.dir, 'ca.crl'));
    const leida = leerCrl(der);
    const referencia = pkijs.CertificateRevocationList.fromBER(der);
    expect(leida.emisorDer.equals(sujetoDer(new X509Certificate(pki.raizPem).raw))).toBe(true);
    expect(leida.thisUpdate.getTime()).toBe(referencia.thisUpdate.value.getTime());
    expect(leida.nextUpdate?.getTime()).toBe(referencia.nextUpdate?.value.getTime());
    expect(Buffer.from(leida.tbs).equals(Buffer.from(referencia.tbsView))).toBe(true);
    expect(Buffer.from(leida.firma).equals(Buffer.from(referencia.signatureValue.valueBlock.valueHexView))).toBe(true);
    expect(leida.algoritmoFirma).toBe(referencia.signatureAlgorithm.algorithmId);
    expect(leida.revocados.size).toBe(302);
    for (const entrada of referencia.revokedCertificates ?? []) {
      const serie = Buffer.from(entrada.userCertificate.valueBlock.valueHexView).toString('hex');
      expect(leida.revocados.get(serie)?.fecha.getTime()).toBe(entrada.revocationDate.value.getTime());
    }
    const serieDe = (pem: string) => new X509Certificate(pem).serialNumber.toLowerCase();
    expect(leida.revocados.get(serieDe(uno.certPem))?.razon).toBe(1);
    expect(leida.revocados.get(serieDe(dos.certPem))?.razon).toBe(4);
    const { stdout } = await run('openssl', ['crl', '-inform', 'DER', '-in', path.join(pki.dir, 'ca.crl'), '-noout', '-text']);
    expect(stdout.match(/Serial Number:/g)?.length).toBe(302);
  });

  it('throws on truncated or foreign bytes, never reading past them', () => {
    for (const malo of [Buffer.alloc(0), Buffer.from([0x30, 0x84, 0xff, 0xff, 0xff, 0xff]), Buffer.from('no es una CRL'), Buffer.from([0x30, 0x03, 0x02, 0x01])]) {
      expect(() => leerCrl(malo)).toThrow(CrlIlegibleError);
    }
  });
});
