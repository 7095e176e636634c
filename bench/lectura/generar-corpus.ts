/**
 * Writes the reading corpus: bench/lectura/esperados.json (each case's expected values, kind and style,
 * committed) and, with --pdf <dir>, the PDFs themselves (demanda and resolución of each case; the scanned
 * half as noisy, turned page images at 200–300 dpi with no text layer). The PDFs are not committed
 * (about 20 MB): the bench writes them again from the same seed.
 *
 *   pnpm --filter @receptoria/bench exec tsx lectura/generar-corpus.ts [--pdf /tmp/corpus]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pdfEscaneado, pdfTexto } from '../../apps/api/test/lectura-pdf';
import { generarCorpus } from './corpus';

const aqui = path.dirname(fileURLToPath(import.meta.url));
export const ESPERADOS = path.join(aqui, 'esperados.json');

export function esperadosDe(casos = generarCorpus()) {
  return casos.map((caso) => ({
    id: caso.id,
    tipo: caso.escaneado ? 'escaneado' : 'texto',
    estilo: caso.estilo,
    documentos: caso.resolucion ? ['demanda', 'resolucion'] : ['demanda'],
    ...(caso.escaneo ? { escaneo: caso.escaneo } : {}),
    esperado: caso.esperado,
  }));
}

async function main() {
  const casos = generarCorpus();
  await writeFile(ESPERADOS, `${JSON.stringify(esperadosDe(casos), null, 2)}\n`);
  console.log(`${casos.length} cases → ${ESPERADOS}`);
  const indice = process.argv.indexOf('--pdf');
  if (indice > 0) {
    const dir = process.argv[indice + 1] ?? '/tmp/corpus-lectura';
    await mkdir(dir, { recursive: true });
    for (const caso of casos) {
      const documentos: [string, string[][]][] = [['demanda', caso.demanda], ...(caso.resolucion ? [['resolucion', caso.resolucion] as [string, string[][]]] : [])];
      for (const [nombre, paginas] of documentos) {
        const texto = await pdfTexto(paginas);
        const pdf = caso.escaneo ? await pdfEscaneado(texto, { ...caso.escaneo, semilla: caso.escaneo.semilla + (nombre === 'resolucion' ? 500 : 0) }) : texto;
        await writeFile(path.join(dir, `${caso.id}-${nombre}.pdf`), pdf);
      }
    }
    console.log(`PDFs → ${dir}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
