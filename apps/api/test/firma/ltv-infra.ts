import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A small PKI on loopback for the timestamp and long-term validation tests, made with the openssl CLI:
 * a root CA, a signer certificate that expires in two days (OCSP in its AIA, a CRL distribution
 * point), a TSA certificate (timeStamping, CRL and OCSP too), and one HTTP server answering
 * - POST /tsa and /tsa2: RFC 3161 (`openssl ts -reply`; the second TSA's certificate lasts ten years),
 * - POST /ocsp: OCSP signed by the CA (`openssl ocsp` over the CA's index),
 * - GET /ca.crl: the CA's CRL (`openssl ca -gencrl`).
 */
export interface InfraLtv {
  dir: string;
  url: string;
  tsaUrl: string;
  /** The second TSA (its certificate valid ten years). */
  tsa2Url: string;
  raizPem: string;
  /** The signer's PKCS#12 (with the CA) and its password. */
  p12: Buffer;
  p12Clave: string;
  firmanteVence: Date;
  /** Requests answered, by path. */
  pedidos: Record<string, number>;
  /** Makes the TSA answer nothing for `ms` (a TSA that hangs). */
  colgarTsa(ms: number): void;
  cerrar(): Promise<void>;
}

const fechaOpenssl = (d: Date) => `${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

export async function iniciarInfraLtv(): Promise<InfraLtv> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'firma-ltv-'));
  const pedidos: Record<string, number> = {};
  let colgadaHasta = 0;
  const leerCuerpo = (req: http.IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const partes: Buffer[] = [];
      req.on('data', (c: Buffer) => partes.push(c));
      req.on('end', () => resolve(Buffer.concat(partes)));
      req.on('error', reject);
    });
  const conArchivo = async (cuerpo: Buffer, args: (entrada: string, salida: string) => string[], tipo: string, res: http.ServerResponse) => {
    const id = randomBytes(6).toString('hex');
    const entrada = path.join(dir, `pedido-${id}.der`);
    const salida = path.join(dir, `respuesta-${id}.der`);
    await writeFile(entrada, cuerpo);
    await run('openssl', args(entrada, salida), { cwd: dir });
    const respuesta = await readFile(salida);
    res.writeHead(200, { 'content-type': tipo, 'content-length': respuesta.length });
    res.end(respuesta);
    await rm(entrada, { force: true });
    await rm(salida, { force: true });
  };
  const server = http.createServer((req, res) => {
    const ruta = (req.url ?? '').split('?')[0]!;
    pedidos[ruta] = (pedidos[ruta] ?? 0) + 1;
    void (async () => {
      try {
        if (req.method === 'POST' && ruta === '/tsa') {
          const cuerpo = await leerCuerpo(req);
          if (Date.now() < colgadaHasta) return; // no answer: the client's timeout must cut it
          await conArchivo(cuerpo, (q, r) => ['ts', '-reply', '-config', path.join(dir, 'tsa.cnf'), '-queryfile', q, '-out', r], 'application/timestamp-reply', res);
        } else if (req.method === 'POST' && ruta === '/tsa2') {
          const cuerpo = await leerCuerpo(req);
          await conArchivo(cuerpo, (q, r) => ['ts', '-reply', '-config', path.join(dir, 'tsa2.cnf'), '-queryfile', q, '-out', r], 'application/timestamp-reply', res);
        } else if (req.method === 'POST' && ruta === '/ocsp') {
          const cuerpo = await leerCuerpo(req);
          await conArchivo(
            cuerpo,
            (q, r) => ['ocsp', '-index', path.join(dir, 'index.txt'), '-CA', path.join(dir, 'ca.pem'), '-rsigner', path.join(dir, 'ca.pem'), '-rkey', path.join(dir, 'ca.key'), '-reqin', q, '-respout', r, '-ndays', '7'],
            'application/ocsp-response',
            res,
          );
        } else if (req.method === 'GET' && ruta === '/ca.crl') {
          const crl = await readFile(path.join(dir, 'ca.crl'));
          res.writeHead(200, { 'content-type': 'application/pkix-crl', 'content-length': crl.length });
          res.end(crl);
        } else {
          res.writeHead(404).end();
        }
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  await mkdir(path.join(dir, 'nuevos'));
  await writeFile(path.join(dir, 'index.txt'), '');
  await writeFile(path.join(dir, 'serial'), '1000\n');
  await writeFile(path.join(dir, 'crlnumber'), '01\n');
  await writeFile(path.join(dir, 'tsaserial'), '01\n');
  const extensiones = `authorityInfoAccess = OCSP;URI:${url}/ocsp\ncrlDistributionPoints = URI:${url}/ca.crl\nsubjectKeyIdentifier = hash\nauthorityKeyIdentifier = keyid`;
  await writeFile(
    path.join(dir, 'ca.cnf'),
    `[ ca ]
default_ca = ca_prueba
[ ca_prueba ]
dir = ${dir}
database = $dir/index.txt
new_certs_dir = $dir/nuevos
serial = $dir/serial
crlnumber = $dir/crlnumber
certificate = $dir/ca.pem
private_key = $dir/ca.key
default_md = sha256
policy = cualquiera
unique_subject = no
default_crl_days = 30
[ cualquiera ]
commonName = supplied
serialNumber = optional
organizationName = optional
countryName = optional
[ firmante ]
basicConstraints = CA:FALSE
keyUsage = critical, digitalSignature, nonRepudiation
${extensiones}
[ tsa ]
basicConstraints = CA:FALSE
keyUsage = critical, digitalSignature, nonRepudiation
extendedKeyUsage = critical, timeStamping
${extensiones}
`,
  );
  await writeFile(
    path.join(dir, 'tsa.cnf'),
    `[ tsa ]
default_tsa = tsa_prueba
[ tsa_prueba ]
dir = ${dir}
serial = $dir/tsaserial
crypto_device = builtin
signer_cert = $dir/tsa.pem
certs = $dir/ca.pem
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = no
tsa_name = no
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`,
  );
  const o = (args: string[]) => run('openssl', args, { cwd: dir });
  await o(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '3650', '-utf8', '-subj', '/CN=CA de Prueba LTV Ñuble/O=Pruebas Receptoría/C=CL',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-addext', 'subjectKeyIdentifier=hash']);
  const emitir = async (nombre: string, subj: string, ext: string, desde: Date, hasta: Date) => {
    await o(['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${nombre}.key`, '-out', `${nombre}.csr`, '-utf8', '-subj', subj]);
    await o(['ca', '-batch', '-config', 'ca.cnf', '-extensions', ext, '-startdate', fechaOpenssl(desde), '-enddate', fechaOpenssl(hasta), '-notext', '-utf8', '-in', `${nombre}.csr`, '-out', `${nombre}.pem`]);
  };
  const ahora = Date.now();
  const firmanteVence = new Date(Math.floor((ahora + 2 * 86_400_000) / 1000) * 1000);
  await emitir('firmante', '/CN=María Pérez Soto/serialNumber=12345678-5/C=CL', 'firmante', new Date(ahora - 86_400_000), firmanteVence);
  await emitir('tsa', '/CN=Sellado de Tiempo de Prueba/O=Pruebas Receptoría/C=CL', 'tsa', new Date(ahora - 86_400_000), new Date(ahora + 5 * 365 * 86_400_000));
  // A second TSA whose certificate outlives the first one's (a TSA that renewed its certificate).
  await emitir('tsa2', '/CN=Sellado de Tiempo de Prueba 2/O=Pruebas Receptoría/C=CL', 'tsa', new Date(ahora - 86_400_000), new Date(ahora + 10 * 365 * 86_400_000));
  await writeFile(path.join(dir, 'tsa2.cnf'), (await readFile(path.join(dir, 'tsa.cnf'), 'utf8')).replace('/tsa.pem', '/tsa2.pem').replace('/tsa.key', '/tsa2.key'));
  await o(['ca', '-gencrl', '-config', 'ca.cnf', '-out', 'ca.crl.pem']);
  await o(['crl', '-in', 'ca.crl.pem', '-outform', 'DER', '-out', 'ca.crl']);
  const p12Clave = 'clave-ltv';
  await writeFile(path.join(dir, 'p12.txt'), p12Clave);
  await o(['pkcs12', '-export', '-inkey', 'firmante.key', '-in', 'firmante.pem', '-certfile', 'ca.pem', '-passout', 'file:p12.txt', '-out', 'firmante.p12']);
  if (!existsSync(path.join(dir, 'firmante.p12'))) throw new Error('openssl no creó el PKCS#12');
  return {
    dir,
    url,
    tsaUrl: `${url}/tsa`,
    tsa2Url: `${url}/tsa2`,
    raizPem: path.join(dir, 'ca.pem'),
    p12: await readFile(path.join(dir, 'firmante.p12')),
    p12Clave,
    firmanteVence,
    pedidos,
    colgarTsa(ms: number) {
      colgadaHasta = Date.now() + ms;
    },
    async cerrar() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface ValidacionPyhanko {
  campo: string;
  tipo: string | null;
  basica: { intacta: boolean; valida: boolean; confiable: boolean; modificacion?: string; cobertura?: string; sello?: boolean; resumen: string };
  ltv?: { intacta: boolean; valida: boolean; confiable: boolean; resumen?: string; error?: string };
  futura?: { estado: string; subindicacion: string; hora_firma?: string | null };
}

/** pyHanko's source tree (PYHANKO_SRC), when this machine has it (see docs/firma.md). */
export const PYHANKO_SRC = process.env.PYHANKO_SRC && existsSync(path.join(process.env.PYHANKO_SRC, 'pyhanko')) ? process.env.PYHANKO_SRC : null;

/** Runs validar_pyhanko.py (Debian's python3) on the PDF: one result per signature or document timestamp. */
export async function validarConPyhanko(pdf: Buffer, raizPem: string, futura: Date): Promise<ValidacionPyhanko[]> {
  if (!PYHANKO_SRC) throw new Error('PYHANKO_SRC no apunta al código de pyHanko');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pyhanko-'));
  try {
    await writeFile(path.join(dir, 'doc.pdf'), pdf);
    const script = path.join(path.dirname(new URL(import.meta.url).pathname), 'validar_pyhanko.py');
    const { stdout } = await run('/usr/bin/python3', [script, path.join(dir, 'doc.pdf'), raizPem, futura.toISOString()], {
      env: { ...process.env, PYHANKO_SRC, PYTHONWARNINGS: 'ignore' },
      maxBuffer: 10 * 1024 * 1024,
    });
    return stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as ValidacionPyhanko);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** pdfsig's verdict on each signature (its own integrity; the root is not in its store). */
export async function pdfsig(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pdfsig-'));
  try {
    await writeFile(path.join(dir, 'doc.pdf'), pdf);
    try {
      return (await run('pdfsig', [path.join(dir, 'doc.pdf')])).stdout;
    } catch (error) {
      // pdfsig exits non-zero for an invalid signature; its report is still on stdout.
      return String((error as { stdout?: string }).stdout ?? error);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
