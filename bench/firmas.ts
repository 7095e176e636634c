/**
 * Signed certificates (issue 26 §3): PAdES signatures per minute on this machine, as POST
 * /firma/firmar/ makes them — the user's PKCS#12 opened once per batch, then for each certificate
 * the visible block with its QR, the placeholder and the PKCS#7 signature (node-forge, SHA-256,
 * RSA 2048). Opening a PKCS#12 is timed apart for both encodings (its key derivation is the slow part).
 *
 *   pnpm --filter @receptoria/bench bench:firmas
 *
 * Settings (env): BENCH_FIRMAS (30 certificates).
 */
import { pathToFileURL } from 'node:url';
import { firmarPdf } from '../apps/api/src/modules/firma/firmar-pdf';
import { abrirP12 } from '../apps/api/src/modules/firma/p12';
import { nuevoCodigo } from '../apps/api/src/modules/firma/firma.service';
import { crearCa, emitir, p12Aes256, p12Legacy } from '../apps/api/test/firma/certificados';
import { certificadoPdfDePrueba } from '../apps/api/test/firma/pdf';
import { log, machineLine, printTable, type Row } from './support';

const COUNT = Number(process.env.BENCH_FIRMAS ?? 30);
const CLAVE = 'clave de prueba';

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
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = machineLine();
  printTable(`Signed certificate benchmark. Machine: ${at}`, await runFirmasBench());
}
