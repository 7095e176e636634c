import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A certificate authority made with the openssl CLI for revocation tests: its database (index.txt)
 * feeds both its CRL, served over HTTP on loopback, and a real OCSP responder (`openssl ocsp`, a child
 * process signing with a delegated responder certificate, id-kp-OCSPSigning).
 */

export interface OpcionesEmision {
  /** Subject common name (UTF-8). */
  nombre: string;
  rut?: string;
  /** keyUsage list as openssl writes it; default digitalSignature, nonRepudiation. */
  usos?: string;
  /** 'rsa:2048' (default), 'rsa:1024', 'ec:P-256', 'ec:P-384'. */
  clave?: string;
  crl?: boolean;
  ocsp?: boolean;
  /** An OCSP URL other than the CA's responder (e.g. a closed port). */
  ocspUrl?: string;
  /** The PKCS#12 without the CA's root (only the signer's certificate). */
  sinRaiz?: boolean;
}

export interface Emitido {
  nombre: string;
  certPem: string;
  p12: Buffer;
}

export interface PkiPrueba {
  dir: string;
  raizPem: string;
  crlUrl: string;
  ocspUrl: string;
  /** Requests the CRL server answered. */
  pedidosCrl: () => number;
  emitir(opciones: OpcionesEmision, password: string): Promise<Emitido>;
  /** Revokes in the CA database, regenerates the CRL and restarts the OCSP responder. */
  revocar(emitido: Emitido, razon?: string): Promise<void>;
  /** Adds `n` revoked serials of other holders to the CA database and regenerates the CRL (a national CA's CRL is large). */
  revocarEnLote(n: number): Promise<void>;
  cerrar(): Promise<void>;
}

export async function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const CONFIG = (dir: string) => `
[ ca ]
default_ca = CA_prueba

[ CA_prueba ]
dir = ${dir}
database = ${dir}/index.txt
new_certs_dir = ${dir}/nuevos
serial = ${dir}/serial
crlnumber = ${dir}/crlnumber
certificate = ${dir}/raiz.pem
private_key = ${dir}/raiz.key
default_md = sha256
default_days = 365
default_crl_days = 1
policy = politica
unique_subject = no
copy_extensions = none
utf8 = yes
string_mask = utf8only

[ politica ]
commonName = supplied
serialNumber = optional
countryName = optional

[ req ]
distinguished_name = dn
utf8 = yes
string_mask = utf8only
[ dn ]

[ v3_raiz ]
basicConstraints = critical, CA:true
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash

[ v3_ocsp ]
basicConstraints = CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = OCSPSigning
authorityKeyIdentifier = keyid
`;

export async function crearPki(): Promise<PkiPrueba> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'firma-pki-'));
  const f = (n: string) => path.join(dir, n);
  await run('mkdir', ['-p', f('nuevos')]);
  await writeFile(f('index.txt'), '');
  await writeFile(f('serial'), '1000\n');
  await writeFile(f('crlnumber'), '01\n');
  await writeFile(f('openssl.cnf'), CONFIG(dir));
  const cnf = ['-config', f('openssl.cnf')];
  await run('openssl', ['req', ...cnf, '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('raiz.key'), '-out', f('raiz.pem'), '-days', '3650', '-subj', '/CN=Autoridad Certificadora Revocación de Prueba/O=Pruebas Receptoría/C=CL', '-extensions', 'v3_raiz', '-utf8']);
  // The responder's delegated certificate.
  await run('openssl', ['req', ...cnf, '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ocsp.key'), '-out', f('ocsp.csr'), '-subj', '/CN=OCSP de Prueba']);
  await run('openssl', ['ca', ...cnf, '-batch', '-notext', '-in', f('ocsp.csr'), '-out', f('ocsp.pem'), '-extensions', 'v3_ocsp']);

  // CRL over HTTP.
  let pedidosCrl = 0;
  const servidorCrl = http.createServer((req, res) => {
    if (req.url === '/ca.crl') {
      pedidosCrl += 1;
      void readFile(f('ca.crl')).then(
        (bytes) => res.writeHead(200, { 'content-type': 'application/pkix-crl' }).end(bytes),
        () => res.writeHead(404).end(),
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => servidorCrl.listen(0, '127.0.0.1', resolve));
  const crlUrl = `http://127.0.0.1:${(servidorCrl.address() as net.AddressInfo).port}/ca.crl`;
  const generarCrl = async () => {
    await run('openssl', ['ca', ...cnf, '-gencrl', '-out', f('ca-crl.pem')]);
    await run('openssl', ['crl', '-in', f('ca-crl.pem'), '-outform', 'DER', '-out', f('ca.crl')]);
  };
  await generarCrl();

  // OCSP responder.
  const ocspPort = await puertoLibre();
  const ocspUrl = `http://127.0.0.1:${ocspPort}/`;
  let responder: ChildProcess | null = null;
  const iniciarOcsp = async () => {
    const p = spawn('openssl', ['ocsp', '-index', f('index.txt'), '-port', String(ocspPort), '-rsigner', f('ocsp.pem'), '-rkey', f('ocsp.key'), '-CA', f('raiz.pem'), '-nmin', '10', '-ignore_err'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    responder = p;
    // Ready once it says so: a probing connection that sends nothing would stall the single-threaded responder.
    await new Promise<void>((resolve, reject) => {
      let salida = '';
      const reloj = setTimeout(() => reject(new Error(`openssl ocsp did not start: ${salida}`)), 10_000);
      const leer = (chunk: Buffer) => {
        salida += chunk.toString();
        if (/ACCEPT|waiting for OCSP client/.test(salida)) {
          clearTimeout(reloj);
          resolve();
        }
      };
      p.stdout!.on('data', leer);
      p.stderr!.on('data', leer);
      p.once('exit', () => reject(new Error(`openssl ocsp exited: ${salida}`)));
    });
  };
  const detenerOcsp = async () => {
    const p = responder;
    responder = null;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGTERM');
    });
  };
  await iniciarOcsp();

  let n = 0;
  return {
    dir,
    raizPem: await readFile(f('raiz.pem'), 'utf8'),
    crlUrl,
    ocspUrl,
    pedidosCrl: () => pedidosCrl,
    async emitir(o, password) {
      n += 1;
      const base = f(`firmante-${n}`);
      const [tipo, parametro] = (o.clave ?? 'rsa:2048').split(':');
      const ext = [
        'basicConstraints = CA:false',
        `keyUsage = critical, ${o.usos ?? 'digitalSignature, nonRepudiation'}`,
        'authorityKeyIdentifier = keyid',
        ...(o.crl ? [`crlDistributionPoints = URI:${crlUrl}`] : []),
        ...(o.ocsp || o.ocspUrl ? [`authorityInfoAccess = OCSP;URI:${o.ocspUrl ?? ocspUrl}`] : []),
      ];
      await writeFile(`${base}.ext`, `[ v3 ]\n${ext.join('\n')}\n`);
      if (tipo === 'ec') await run('openssl', ['genpkey', '-algorithm', 'EC', '-pkeyopt', `ec_paramgen_curve:${parametro}`, '-out', `${base}.key`]);
      else await run('openssl', ['genpkey', '-algorithm', 'RSA', '-pkeyopt', `rsa_keygen_bits:${parametro}`, '-out', `${base}.key`]);
      const subj = `/CN=${o.nombre}${o.rut ? `/serialNumber=${o.rut}` : ''}/C=CL`;
      await run('openssl', ['req', ...cnf, '-new', '-key', `${base}.key`, '-out', `${base}.csr`, '-subj', subj, '-utf8']);
      await run('openssl', ['ca', ...cnf, '-batch', '-notext', '-in', `${base}.csr`, '-out', `${base}.pem`, '-extfile', `${base}.ext`, '-extensions', 'v3', '-utf8']);
      await writeFile(`${base}.pass`, password);
      await run('openssl', ['pkcs12', '-export', '-inkey', `${base}.key`, '-in', `${base}.pem`, ...(o.sinRaiz ? [] : ['-certfile', f('raiz.pem')]), '-passout', `file:${base}.pass`, '-out', `${base}.p12`]);
      // openssl ocsp reads its index at start (a reload of a changed index does not answer): restarted.
      await detenerOcsp();
      await iniciarOcsp();
      return { nombre: o.nombre, certPem: await readFile(`${base}.pem`, 'utf8'), p12: await readFile(`${base}.p12`) };
    },
    async revocar(emitido, razon = 'keyCompromise') {
      const pem = f(`revocar-${Date.now()}.pem`);
      await writeFile(pem, emitido.certPem);
      await run('openssl', ['ca', ...cnf, '-revoke', pem, '-crl_reason', razon]);
      await generarCrl();
      await detenerOcsp();
      await iniciarOcsp();
    },
    async revocarEnLote(cantidad) {
      const ahora = new Date();
      const fecha = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
      const vence = fecha(new Date(ahora.getTime() + 365 * 24 * 3600_000));
      const revocado = fecha(new Date(ahora.getTime() - 3600_000));
      const lineas: string[] = [];
      for (let i = 0; i < cantidad; i += 1) lineas.push(`R\t${vence}\t${revocado},keyCompromise\t${(0x100000 + i).toString(16).toUpperCase()}\tunknown\t/CN=Titular ${i}`);
      const actual = await readFile(f('index.txt'), 'utf8');
      await writeFile(f('index.txt'), `${actual}${lineas.join('\n')}\n`);
      await generarCrl();
      await detenerOcsp();
      await iniciarOcsp();
    },
    async cerrar() {
      await detenerOcsp();
      await new Promise<void>((resolve) => servidorCrl.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
