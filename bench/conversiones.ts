/**
 * Certificate PDFs (issue 26 §1): DOCX → PDF conversions per minute with LibreOffice, one at a time as
 * the API runs them (the process's queue, its own profile directory), over the built-in 'Búsqueda
 * positiva' certificate filled with a rol. The first conversion also creates the profile; it is shown apart.
 *
 *   pnpm --filter @receptoria/bench bench:conversiones
 *
 * Settings (env): BENCH_CONVERSIONES (12 certificates), SOFFICE_PATH (else the usual places).
 */
import { pathToFileURL } from 'node:url';
import { renderDocx } from '../apps/api/src/documents/docx/docx-stamp';
import { buildPlantillaBase } from '../apps/api/src/documents/docx/plantillas-base';
import { findSoffice, LibreOfficeConverter } from '../apps/api/src/documents/pdf/docx-to-pdf';
import { log, machineLine, printTable, type Row } from './support';

const COUNT = Number(process.env.BENCH_CONVERSIONES ?? 12);

export async function runConversionesBench(): Promise<Row[]> {
  const soffice = await findSoffice(process.env.SOFFICE_PATH);
  if (!soffice) return [{ group: 'certificate PDFs', name: 'LibreOffice', value: 'not installed: skipped' }];
  const plantilla = buildPlantillaBase('busqueda_positiva');
  const certificado = (n: number) => renderDocx(plantilla, { numero_rol: `C-${1000 + n}-2026`, ejecutados: 'José Muñoz Pérez' }).docx;
  const converter = new LibreOfficeConverter(soffice);
  try {
    let started = performance.now();
    await converter.convert(certificado(0));
    const first = performance.now() - started;
    log(`first conversion (new profile): ${(first / 1000).toFixed(1)} s`);
    // All queued at once, as a burst of generations would: the queue runs them one after another.
    started = performance.now();
    const pdfs = await Promise.all(Array.from({ length: COUNT }, (_, i) => converter.convert(certificado(i + 1))));
    const elapsed = performance.now() - started;
    const perMinute = (COUNT / elapsed) * 60_000;
    const kb = pdfs.reduce((sum, pdf) => sum + pdf.length, 0) / COUNT / 1024;
    log(`${COUNT} conversions in ${(elapsed / 1000).toFixed(1)} s`);
    return [
      {
        group: 'certificate PDFs',
        name: `LibreOffice, one at a time, ${COUNT} certificates queued`,
        value: `${perMinute.toFixed(1)} conversions/min (${(elapsed / COUNT / 1000).toFixed(2)} s each, ${kb.toFixed(0)} KB PDF); first with a new profile ${(first / 1000).toFixed(1)} s`,
      },
    ];
  } finally {
    await converter.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = machineLine();
  printTable(`Certificate PDF benchmark. Machine: ${at}`, await runConversionesBench());
}
