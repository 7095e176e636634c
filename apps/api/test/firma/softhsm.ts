import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import type { Ca, Emitido } from './certificados';

const run = promisify(execFile);
export const SOFTHSM = '/usr/lib/softhsm/libsofthsm2.so';

const der = (c: forge.pki.Certificate) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), 'binary');

/**
 * A SoftHSM2 token of its own under `dir` (its softhsm2.conf, to pass as SOFTHSM2_CONF): the signer's key
 * (imported, then its file removed) and certificate with id 01, and the CA's certificate with id 02 when
 * given. Certificates are public objects, as on the providers' tokens.
 */
export async function tokenSoftHsm(dir: string, opciones: { etiqueta: string; pin: string; emitido: Emitido; ca?: Ca }): Promise<{ conf: string; certificado: Buffer; env: NodeJS.ProcessEnv }> {
  await mkdir(path.join(dir, 'tokens'), { recursive: true });
  const conf = path.join(dir, 'softhsm2.conf');
  await writeFile(conf, `directories.tokendir = ${path.join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`);
  const env = { ...process.env, SOFTHSM2_CONF: conf };
  await run('softhsm2-util', ['--init-token', '--free', '--label', opciones.etiqueta, '--pin', opciones.pin, '--so-pin', 'so-pin-1234'], { env });
  const clave = path.join(dir, 'clave.pem');
  await writeFile(clave, forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(opciones.emitido.key))), { mode: 0o600 });
  await run('softhsm2-util', ['--import', clave, '--token', opciones.etiqueta, '--label', 'firma', '--id', '01', '--pin', opciones.pin], { env });
  await rm(clave);
  const certificado = der(opciones.emitido.cert);
  const p11 = ['--module', SOFTHSM, '--token-label', opciones.etiqueta];
  await writeFile(path.join(dir, 'cert.der'), certificado);
  await run('pkcs11-tool', [...p11, '--write-object', path.join(dir, 'cert.der'), '--type', 'cert', '--id', '01', '--label', 'firma'], { env });
  if (opciones.ca) {
    await writeFile(path.join(dir, 'ca.der'), der(opciones.ca.cert));
    await run('pkcs11-tool', [...p11, '--write-object', path.join(dir, 'ca.der'), '--type', 'cert', '--id', '02', '--label', 'ca'], { env });
  }
  return { conf, certificado, env };
}
