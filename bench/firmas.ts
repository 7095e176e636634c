/**
 * Signed certificates (issue 26 §3): PAdES signatures per minute on this machine, as POST
 * /firma/firmar/ makes them — the user's PKCS#12 opened once per batch, then for each certificate
 * the visible block with its QR, the placeholder and the PAdES CMS (SHA-256, RSA 2048). Opening a
 * PKCS#12 is timed apart for both encodings (its key derivation is the slow part). The time B-T and
 * B-LT add per document (issue 39) against a local TSA and OCSP responder (runSellosBench).
 * Then the public GET /api/v1/verificar/{codigo} (issue 26 §5) over a started API, a found code against
 * unknown ones, one request at a time: p50/p95 of each as a client sees them (both wait for the floor)
 * and of the lookup's own work in this process (the same service, without the floor).
 *
 *   pnpm --filter @receptoria/bench bench:firmas
 *
 * Settings (env): BENCH_FIRMAS (30 certificates), BENCH_VERIFICAR (100 look-ups of each kind),
 * BENCH_PORT_FIRMAS (3929), BENCH_DATABASE_URL, BENCH_KEEP=1.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensamblarCms } from '../apps/api/src/modules/firma/cms-pades';
import { embeberCms, firmaCorresponde, prepararParaToken } from '../apps/api/src/modules/firma/firma-token.service';
import { Token } from '../apps/firmador/src/token';
import { controlLocation, openDatabase, TenantPools } from '@receptoria/db';
import pg from 'pg';
import { hashCodigo } from '../apps/api/src/modules/firma/firma.repository';
import { firmarPdf, firmarPdfPades } from '../apps/api/src/modules/firma/firmar-pdf';
import { agregarDss, agregarSelloDocumento, revocacionEnLinea } from '../apps/api/src/modules/firma/ltv';
import { abrirP12 } from '../apps/api/src/modules/firma/p12';
import { nuevoCodigo } from '../apps/api/src/modules/firma/firma.service';
import { VERIFICAR_PISO_MS, verificarCodigo } from '../apps/api/src/modules/firma/verificar.service';
import { crearCa, emitir, p12Aes256, p12Legacy } from '../apps/api/test/firma/certificados';
import { iniciarInfraLtv } from '../apps/api/test/firma/ltv-infra';
import { certificadoPdfDePrueba } from '../apps/api/test/firma/pdf';
import { SOFTHSM, tokenSoftHsm } from '../apps/api/test/firma/softhsm';
import { log, machineLine, percentile, printTable, type Row, withBenchApi } from './support';

const COUNT = Number(process.env.BENCH_FIRMAS ?? 30);
const VERIFICACIONES = Number(process.env.BENCH_VERIFICAR ?? 100);
const PORT = Number(process.env.BENCH_PORT_FIRMAS ?? 3929);
const CLAVE = 'clave de prueba';

const p50p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} / p95 ${percentile(sorted, 95).toFixed(1)} ms`;
};

/**
 * One found code (an unsigned certificate with its PDF, whose SHA-256 the lookup computes) against
 * fresh random ones, alternated. Over HTTP each request comes from its own address (TRUST_PROXY), so
 * the limit of 60 a minute per address does not answer them.
 */
async function runVerificarBench(pdf: Buffer): Promise<Row[]> {
  return withBenchApi('firmas', PORT, { SEED_DEMO: '0', TRUST_PROXY: 'true' }, async ({ controlUrl, tenantUrl }) => {
    const codigo = nuevoCodigo();
    const tenant = new pg.Client({ connectionString: tenantUrl });
    await tenant.connect();
    await tenant.query(`insert into estampados (numero_rol, titulo, codigo_verificacion, archivo_pdf) values ('C-1234-2026', 'Búsqueda positiva C-1234-2026', $1, $2)`, [codigo, pdf]);
    await tenant.end();
    const control = new pg.Client({ connectionString: controlUrl });
    await control.connect();
    await control.query('insert into verificacion_codigos (codigo_hash, tenant_id) select $1, id from tenants order by id limit 1', [hashCodigo(codigo)]);
    await control.end();

    const http = { found: [] as number[], unknown: [] as number[] };
    const statuses = new Map<string, number>();
    for (let i = 0; i < 2 * VERIFICACIONES; i += 1) {
      const found = i % 2 === 0;
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${PORT}/api/v1/verificar/${found ? codigo : nuevoCodigo()}`, {
        headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      });
      await response.arrayBuffer();
      (found ? http.found : http.unknown).push(performance.now() - started);
      const key = `${found ? 'found' : 'unknown'} ${response.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    log(`verification statuses: ${[...statuses.entries()].map(([k, v]) => `${v}× ${k}`).join(', ')}`);

    // The lookup's own work, through the same service in this process with a clock that never waits.
    const handle = await openDatabase(controlLocation({ controlUrl, dataDir: '' }), 'control');
    const deps = { controlDb: handle.db, tenantPools: new TenantPools({ max: 4, idleMs: 60_000 }), databaseConfig: { controlUrl, dataDir: '' } };
    const sinPiso = { ahora: () => performance.now(), esperarHasta: async () => undefined };
    const work = { found: [] as number[], unknown: [] as number[] };
    try {
      await verificarCodigo(deps, codigo, sinPiso); // warm-up: the receiver's pool opens
      for (let i = 0; i < 2 * VERIFICACIONES; i += 1) {
        const found = i % 2 === 0;
        const started = performance.now();
        await verificarCodigo(deps, found ? codigo : nuevoCodigo(), sinPiso).catch(() => undefined);
        (found ? work.found : work.unknown).push(performance.now() - started);
      }
    } finally {
      await deps.tenantPools.closeAll();
      await handle.close();
    }
    const name = (what: string) => `verification ${what}, ${VERIFICACIONES} found / ${VERIFICACIONES} unknown alternated (PDF ${(pdf.length / 1024).toFixed(0)} KB)`;
    return [
      {
        group: 'signed certificates',
        name: name(`GET /api/v1/verificar/{codigo} over HTTP (floor ${VERIFICAR_PISO_MS} ms)`),
        value: `found ${p50p95(http.found)}; unknown ${p50p95(http.unknown)}`,
      },
      { group: 'signed certificates', name: name('lookup work alone, no floor'), value: `found ${p50p95(work.found)}; unknown ${p50p95(work.unknown)}` },
    ];
  });
}

/**
 * What timestamps and validation data add per document (issue 39 §3), against the local TSA
 * (`openssl ts -reply` behind a loopback HTTP server, one openssl process per request) and OCSP
 * responder (`openssl ocsp`) / CRL: B-B alone, B-T (the signature's timestamp), the DSS step (the
 * signer's and the TSA's OCSP answers and CRLs fetched and appended) and the document timestamp.
 */
async function runSellosBench(pdfs: Buffer[]): Promise<Row[]> {
  const infra = await iniciarInfraLtv();
  try {
    const p12 = abrirP12(infra.p12, infra.p12Clave);
    const tsa = { url: infra.tsaUrl, timeoutMs: 10_000 };
    const revocacion = revocacionEnLinea(async (p) => {
      const res = await fetch(p.url, { method: p.metodo, body: p.cuerpo, headers: p.tipo ? { 'content-type': p.tipo } : {} });
      return Buffer.from(await res.arrayBuffer());
    });
    const firma = () => ({ nombre: 'María Pérez Soto', rut: '12.345.678-5', codigo: nuevoCodigo(), urlVerificacion: 'https://receptoria.example/verificar/X', ubicacion: 'Chillán', fecha: new Date() });
    const n = Math.max(3, Math.min(COUNT, 10));
    await firmarPdfPades(pdfs[n]!, p12, firma(), { tsa, revocacion }); // warm-up
    const tiempos = { bb: [] as number[], bt: [] as number[], dss: [] as number[], lta: [] as number[] };
    for (let i = 0; i < n; i += 1) {
      let t0 = performance.now();
      await firmarPdfPades(pdfs[i]!, p12, firma());
      tiempos.bb.push(performance.now() - t0);
      t0 = performance.now();
      const bt = await firmarPdfPades(pdfs[i]!, p12, firma(), { tsa });
      tiempos.bt.push(performance.now() - t0);
      t0 = performance.now();
      const datos = [await revocacion(p12.certificado, p12.cadena)];
      const conDss = await agregarDss(bt.pdf, { certificados: datos.flatMap((d) => d.certificados), ocsp: datos.flatMap((d) => d.ocsp), crl: datos.flatMap((d) => d.crl) });
      tiempos.dss.push(performance.now() - t0);
      t0 = performance.now();
      await agregarSelloDocumento(conDss, tsa);
      tiempos.lta.push(performance.now() - t0);
    }
    const med = (v: number[]) => percentile([...v].sort((a, b) => a - b), 50);
    const bb = med(tiempos.bb);
    const bt = med(tiempos.bt);
    const dss = med(tiempos.dss);
    const lta = med(tiempos.lta);
    log(`timestamps: B-B ${bb.toFixed(0)} ms, B-T ${bt.toFixed(0)} ms, DSS ${dss.toFixed(0)} ms, document timestamp ${lta.toFixed(0)} ms (median of ${n})`);
    const name = (what: string) => `${what}, per document, local TSA (openssl ts) and OCSP (openssl ocsp) on loopback, median of ${n}`;
    return [
      { group: 'signed certificates', name: name('B-T: added time of the signature timestamp over B-B'), value: `+${(bt - bb).toFixed(0)} ms (B-B ${bb.toFixed(0)} ms, B-T ${bt.toFixed(0)} ms)` },
      { group: 'signed certificates', name: name("B-LT: added time of the DSS (the signer's OCSP answer and CRL fetched, incremental update) over B-B"), value: `+${(bt - bb + dss).toFixed(0)} ms (DSS step ${dss.toFixed(0)} ms)` },
      { group: 'signed certificates', name: name('B-LTA: the document timestamp on top'), value: `+${lta.toFixed(0)} ms (B-LTA in all ${(bt + dss + lta).toFixed(0)} ms)` },
    ];
  } finally {
    await infra.cerrar();
  }
}

/**
 * Signing through the agent with the receiver's token (issue 39 §1), SoftHSM2 as the token: per document the
 * server's preparation (visible block, signature room, byte range, signed attributes), the token's
 * signature (the agent's PKCS#11 code, CKM_SHA256_RSA_PKCS, one PIN entry for the batch), the server's
 * check of the signature against the certificate and the CMS embedded. HTTP and the database left out.
 */
export async function runTokenBench(pdfs: Buffer[], ca: ReturnType<typeof crearCa>): Promise<Row[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-token-'));
  const pin = 'bench-pin-1234';
  try {
    const emitido = emitir(ca, { nombre: 'Ramón Ñiquén Araneda', rut: '9876543-3', desde: new Date(Date.now() - 86_400_000), hasta: new Date(Date.now() + 365 * 86_400_000) });
    const { conf, certificado: cert } = await tokenSoftHsm(dir, { etiqueta: 'Bench', pin, emitido });
    process.env.SOFTHSM2_CONF = conf;
    const token = new Token(SOFTHSM);
    const firma = () => ({ nombre: 'Ramón Ñiquén Araneda', rut: '9.876.543-3', codigo: nuevoCodigo(), urlVerificacion: 'https://receptoria.example/verificar/X', ubicacion: 'Santiago', fecha: new Date() });
    const sesion = token.sesionFirma(cert, pin);
    const uno = async (pdf: Buffer) => {
      const preparado = await prepararParaToken(pdf, cert, firma(), false);
      const valor = sesion.firmar(preparado.atributos);
      if (!firmaCorresponde(cert, preparado.atributos, valor)) throw new Error('firma no válida');
      return embeberCms(preparado.pdf, ensamblarCms({ certificado: cert, cadena: [cert] }, preparado.atributos, valor));
    };
    await uno(pdfs[COUNT]!); // warm-up
    const tokenMs: number[] = [];
    const started = performance.now();
    for (let i = 0; i < COUNT; i += 1) {
      const t0 = performance.now();
      sesion.firmar(Buffer.from(`medida ${i}`));
      tokenMs.push(performance.now() - t0);
      await uno(pdfs[i]!);
    }
    const elapsed = performance.now() - started - tokenMs.reduce((a, b) => a + b, 0);
    sesion.terminar();
    token.cerrar();
    const porToken = percentile([...tokenMs].sort((a, b) => a - b), 50);
    log(`token: ${COUNT} documents in ${(elapsed / 1000).toFixed(1)} s`);
    return [
      {
        group: 'signed certificates',
        name: `through the agent with the token (SoftHSM2, RSA 2048, CKM_SHA256_RSA_PKCS): preparation, the token's signature, its check and the CMS embedded, ${COUNT} certificates, one PIN entry`,
        value: `${((COUNT / elapsed) * 60_000).toFixed(0)} signatures/min (${(elapsed / COUNT).toFixed(0)} ms each; the token's own signature p50 ${porToken.toFixed(1)} ms)`,
      },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runFirmasBench(): Promise<Row[]> {
  const ca = crearCa();
  const persona = { nombre: 'José Ignacio Muñoz Ñancupil', rut: '9876543-3', desde: new Date(Date.now() - 86_400_000), hasta: new Date(Date.now() + 365 * 86_400_000) };
  const emitido = emitir(ca, persona);
  const legacy = p12Legacy(ca, emitido, CLAVE);
  const aes = await p12Aes256(ca, emitido, CLAVE);
  let started = performance.now();
  abrirP12(legacy, CLAVE);
  const abrirLegacy = performance.now() - started;
  started = performance.now();
  const p12 = abrirP12(aes, CLAVE);
  const abrirAes = performance.now() - started;
  const pdfs = await Promise.all(Array.from({ length: COUNT + 1 }, (_, i) => certificadoPdfDePrueba(i)));
  const firma = () => ({ nombre: persona.nombre, rut: '9.876.543-3', codigo: nuevoCodigo(), urlVerificacion: 'https://receptoria.example/verificar/X', ubicacion: 'Santiago', fecha: new Date() });
  await firmarPdf(pdfs[COUNT]!, p12, firma()); // warm-up (fonts, QR encoder)
  started = performance.now();
  let bytes = 0;
  for (let i = 0; i < COUNT; i += 1) bytes += (await firmarPdf(pdfs[i]!, p12, firma())).length;
  const elapsed = performance.now() - started;
  log(`${COUNT} signatures in ${(elapsed / 1000).toFixed(1)} s`);
  return [
    {
      group: 'signed certificates',
      name: `PAdES signature with visible block and QR, one at a time, ${COUNT} certificates`,
      value: `${((COUNT / elapsed) * 60_000).toFixed(0)} signatures/min (${(elapsed / COUNT).toFixed(0)} ms each, ${(bytes / COUNT / 1024).toFixed(0)} KB signed PDF)`,
    },
    {
      group: 'signed certificates',
      name: 'opening the PKCS#12 (once per batch)',
      value: `legacy 3DES ${abrirLegacy.toFixed(0)} ms; OpenSSL 3 AES-256 ${abrirAes.toFixed(0)} ms`,
    },
    ...(await runTokenBench(pdfs, ca)),
    ...(await runSellosBench(pdfs)),
    ...(await runVerificarBench(pdfs[0]!)),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = machineLine();
  printTable(`Signed certificate benchmark. Machine: ${at}`, await runFirmasBench());
}
