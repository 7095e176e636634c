/**
 * Revocation checks of signing certificates (issue 39 §2), as upload and each signing batch make them:
 * an OCSP question to a real responder (`openssl ocsp` on loopback), a CRL read of a large CA's list
 * (fetched, signature verified, parsed), and the same check answered from the cache (until nextUpdate).
 * Each network one is timed uncached; p50/p95 over the runs.
 *
 *   pnpm --filter @receptoria/bench bench:revocacion   (step `revocation checks` of pnpm bench)
 *
 * Settings (env): BENCH_REVOCACION (20 checks of each kind), BENCH_CRL_ENTRADAS (20000 revoked serials).
 */
import { X509Certificate } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { VerificadorRevocacion } from '../apps/api/src/modules/firma/revocacion';
import { leerCertificado } from '../apps/api/src/modules/firma/x509';
import { crearPki } from '../apps/api/test/firma/pki-revocacion';
import { log, machineLine, percentile, printTable, type Row } from './support';

const VECES = Number(process.env.BENCH_REVOCACION ?? 20);
const ENTRADAS = Number(process.env.BENCH_CRL_ENTRADAS ?? 20_000);

const p50p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const cifras = percentile(sorted, 95) < 1 ? 3 : 1;
  return `p50 ${percentile(sorted, 50).toFixed(cifras)} / p95 ${percentile(sorted, 95).toFixed(cifras)} ms`;
};

async function medir(veces: number, fn: () => Promise<unknown>): Promise<number[]> {
  const tiempos: number[] = [];
  for (let i = 0; i < veces; i += 1) {
    const inicio = performance.now();
    await fn();
    tiempos.push(performance.now() - inicio);
  }
  return tiempos;
}

export async function runRevocacionBench(): Promise<Row[]> {
  const pki = await crearPki();
  try {
    const leer = (pem: string) => leerCertificado(Buffer.from(new X509Certificate(pem).raw));
    const ocsp = leer((await pki.emitir({ nombre: 'Bench OCSP', ocsp: true }, 'x')).certPem);
    const crl = leer((await pki.emitir({ nombre: 'Bench CRL', crl: true }, 'x')).certPem);
    await pki.revocarEnLote(ENTRADAS);
    const raiz = leer(pki.raizPem);
    const verificador = new VerificadorRevocacion({ permitirPrivadas: true, timeoutMs: 10_000 });
    const comprobar = async (cert: typeof ocsp) => {
      const estado = await verificador.consultar(cert, raiz);
      if (estado.estado !== 'vigente') throw new Error(`expected vigente, got ${JSON.stringify(estado)}`);
    };
    const sinCache = (cert: typeof ocsp) => async () => {
      verificador.olvidar();
      await comprobar(cert);
    };
    const tOcsp = await medir(VECES, sinCache(ocsp));
    const tCrl = await medir(Math.max(3, Math.floor(VECES / 4)), sinCache(crl));
    await comprobar(crl);
    const tCache = await medir(VECES * 50, () => comprobar(crl));
    return [
      { group: 'revocación', name: 'OCSP (openssl ocsp on loopback), uncached', value: p50p95(tOcsp), target: '< 100 ms + the CA’s network' },
      { group: 'revocación', name: `CRL of ${ENTRADAS.toLocaleString('es-CL')} entries, uncached`, value: p50p95(tCrl), target: '< 1 s' },
      { group: 'revocación', name: 'answer kept until nextUpdate (cache)', value: p50p95(tCache), target: '< 1 ms' },
    ];
  } finally {
    await pki.cerrar();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runRevocacionBench();
  printTable(`Revocation checks — ${machineLine()}`, rows);
  log('');
}
