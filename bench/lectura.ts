/**
 * Reading a demanda and a resolución (issue 41 §1): accuracy over the corpus the project writes
 * (bench/lectura/corpus.ts, expected values in bench/lectura/esperados.json), per field and per kind
 * (text PDFs, scanned PDFs read by OCR), counted as the contract says: over the expected fields plus
 * the fields that must stay empty; plus the fields proposed with confianza ≥ 0.9 that are wrong
 * (target: none). Then the time to read a 20-page scanned PDF through the process's OCR queue.
 *
 *   pnpm --filter @receptoria/bench bench:lectura
 *
 * Settings (env): BENCH_LECTURA_CASOS (44), BENCH_LECTURA_SOLO=texto|escaneado, BENCH_LECTURA_PAGINAS (20),
 * BENCH_LECTURA_DPI (the OCR's rasterising resolution, default the API's 200),
 * BENCH_LECTURA_DETALLE=1 prints every miss.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { LECTURA_CONFIANZA_ALTA, type LecturaDocumentosResponse } from '../packages/contracts/src/index';
import { pdfEscaneado, pdfTexto } from '../apps/api/test/lectura-pdf';
import { leerArchivos, type ArchivoLectura } from '../apps/api/src/modules/lectura/lectura.service';
import { crearMotorTesseract, OCR_DPI } from '../apps/api/src/modules/lectura/ocr';
import type { Catalogos, ItemLista } from '../apps/api/src/modules/lectura/reglas';
import { CAMPOS_PUNTUADOS, type Caso, type Esperado, generarCorpus, PARTES_ESTUDIO } from './lectura/corpus';
import { ESPERADOS, esperadosDe } from './lectura/generar-corpus';
import { log, printTable, repoRoot, type Row } from './support';

type Campo = (typeof CAMPOS_PUNTUADOS)[number];

/** The receiver's lists as the lookups migration seeds them. */
export function catalogosSembrados(): Catalogos {
  const sql = readFileSync(path.join(repoRoot, 'packages/db/migrations/tenant/0002_lookups.sql'), 'utf8');
  const lista = (tabla: string): ItemLista[] => {
    const bloque = new RegExp(`INSERT INTO ${tabla} \\(nombre, orden\\) VALUES([\\s\\S]*?)ON CONFLICT`).exec(sql)?.[1] ?? '';
    return [...bloque.matchAll(/\('((?:[^']|'')*)',\s*(\d+)\)/g)].map((m, i) => ({ id: i + 1, nombre: (m[1] as string).replace(/''/g, "'") }));
  };
  return {
    tribunales: lista('tribunales'),
    tiposCausa: lista('tipos_causa'),
    partes: PARTES_ESTUDIO.map((nombre, i) => ({ id: 1000 + i, nombre })),
    valorUf: () => null,
  };
}

const plegar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function valorLeido(campo: Campo, respuesta: LecturaDocumentosResponse, catalogos: Catalogos): string | undefined {
  const valor = respuesta.propuesta[campo];
  if (valor === undefined) return undefined;
  if (campo === 'tribunal') return catalogos.tribunales.find((t) => t.id === valor)?.nombre ?? `#${String(valor)}`;
  if (campo === 'tipo_causa') return catalogos.tiposCausa.find((t) => t.id === valor)?.nombre ?? `#${String(valor)}`;
  if (campo === 'parte_demandante') return catalogos.partes?.find((t) => t.id === valor)?.nombre ?? `#${String(valor)}`;
  if (campo === 'domicilios') return JSON.stringify(valor);
  return String(valor);
}

function clave(campo: Campo, valor: unknown): string | undefined {
  if (valor === undefined) return undefined;
  if (campo === 'domicilios') {
    const lista = (typeof valor === 'string' ? JSON.parse(valor) : valor) as { direccion: string; comuna: string; ciudad: string }[];
    return lista
      .map((d) => `${plegar(d.direccion)}|${plegar(d.comuna)}|${plegar(d.ciudad)}`)
      .sort()
      .join(' / ');
  }
  return plegar(String(valor));
}

interface Cuenta {
  bien: number;
  total: number;
}

export interface ResultadoBenchLectura {
  rows: Row[];
  failures: number;
}

async function archivosDe(caso: Caso): Promise<ArchivoLectura[]> {
  const archivos: ArchivoLectura[] = [];
  const demanda = await pdfTexto(caso.demanda);
  archivos.push({ documento: 'demanda', contenido: caso.escaneo ? await pdfEscaneado(demanda, caso.escaneo) : demanda });
  if (caso.resolucion) {
    const resolucion = await pdfTexto(caso.resolucion);
    archivos.push({ documento: 'resolucion', contenido: caso.escaneo ? await pdfEscaneado(resolucion, { ...caso.escaneo, semilla: caso.escaneo.semilla + 500 }) : resolucion });
  }
  return archivos;
}

export async function runLecturaBench(): Promise<ResultadoBenchLectura> {
  const cantidad = Number(process.env.BENCH_LECTURA_CASOS ?? 44);
  const solo = process.env.BENCH_LECTURA_SOLO;
  const detalle = process.env.BENCH_LECTURA_DETALLE === '1';
  const dpi = process.env.BENCH_LECTURA_DPI ? Number(process.env.BENCH_LECTURA_DPI) : undefined;
  const motor = crearMotorTesseract(dpi ? { dpi } : {});
  const conOcr = await motor.disponible();
  const catalogos = catalogosSembrados();
  // The committed expected values are the reference: the generator must still write the same corpus.
  const comprometidos = JSON.parse(readFileSync(ESPERADOS, 'utf8')) as ReturnType<typeof esperadosDe>;
  if (JSON.stringify(comprometidos) !== JSON.stringify(esperadosDe())) {
    throw new Error('bench/lectura/esperados.json differs from the generator: run lectura/generar-corpus.ts and review the change');
  }
  const casos = generarCorpus(cantidad)
    .map((caso, i) => ({ ...caso, esperado: (comprometidos[i] as { esperado: Esperado }).esperado }))
    .filter((c) => !solo || (solo === 'texto' ? !c.escaneado : c.escaneado));
  const cuentas: Record<'texto' | 'escaneado', Record<string, Cuenta>> = { texto: {}, escaneado: {} };
  const errorAlta: Record<'texto' | 'escaneado', number> = { texto: 0, escaneado: 0 };
  const tiempos: Record<'texto' | 'escaneado', number[]> = { texto: [], escaneado: [] };
  const paginasOcr: number[] = [];
  for (const caso of casos) {
    if (caso.escaneado && !conOcr) continue;
    const tipo = caso.escaneado ? 'escaneado' : 'texto';
    const archivos = await archivosDe(caso);
    const inicio = performance.now();
    const respuesta = await leerArchivos(archivos, catalogos, { motor });
    tiempos[tipo].push(performance.now() - inicio);
    paginasOcr.push((respuesta.documentos.demanda?.paginas_ocr ?? 0) + (respuesta.documentos.resolucion?.paginas_ocr ?? 0));
    for (const campo of CAMPOS_PUNTUADOS) {
      const esperado = caso.esperado[campo as keyof Esperado];
      const leido = valorLeido(campo, respuesta, catalogos);
      const bien = clave(campo, esperado) === clave(campo, leido);
      const cuenta = (cuentas[tipo][campo] ??= { bien: 0, total: 0 });
      cuenta.total += 1;
      if (bien) cuenta.bien += 1;
      const confianza = respuesta.campos[campo]?.confianza ?? 0;
      if (!bien && leido !== undefined && confianza >= LECTURA_CONFIANZA_ALTA) errorAlta[tipo] += 1;
      if (!bien && detalle) {
        log(`${caso.id} (${tipo}; ${caso.estilo}) ${campo}: esperado ${JSON.stringify(esperado)} leído ${JSON.stringify(leido)} conf ${confianza}`);
      }
    }
  }
  const rows: Row[] = [];
  const group = 'reading documents';
  const porcentaje = (c: Cuenta | undefined) => (c && c.total > 0 ? `${((100 * c.bien) / c.total).toFixed(1)} % (${c.bien}/${c.total})` : '—');
  let failures = 0;
  for (const tipo of ['texto', 'escaneado'] as const) {
    const total = Object.values(cuentas[tipo]).reduce((acc, c) => ({ bien: acc.bien + c.bien, total: acc.total + c.total }), { bien: 0, total: 0 });
    if (total.total === 0) continue;
    const objetivo = tipo === 'texto' ? 97 : 90;
    const pct = (100 * total.bien) / total.total;
    if (pct < objetivo || errorAlta[tipo] > 0) failures += 1;
    const casosTipo = tiempos[tipo].length;
    rows.push({ group, name: `${tipo === 'texto' ? 'text PDFs' : 'scanned PDFs (OCR)'}: all fields (target ≥ ${objetivo} %)`, value: `${porcentaje(total)} over ${casosTipo} cases` });
    rows.push({ group, name: `${tipo === 'texto' ? 'text PDFs' : 'scanned PDFs (OCR)'}: wrong with confianza ≥ 0.9 (target 0)`, value: String(errorAlta[tipo]) });
    for (const campo of CAMPOS_PUNTUADOS) rows.push({ group, name: `  ${tipo === 'texto' ? 'text' : 'scanned'} · ${campo}`, value: porcentaje(cuentas[tipo][campo]) });
    const ordenados = [...tiempos[tipo]].sort((a, b) => a - b);
    rows.push({ group, name: `${tipo === 'texto' ? 'text PDFs' : 'scanned PDFs (OCR)'}: time per demanda + resolución (median)`, value: `${((ordenados[Math.floor(ordenados.length / 2)] ?? 0) / 1000).toFixed(2)} s` });
  }
  if (!conOcr) rows.push({ group, name: 'scanned PDFs', value: 'tesseract not installed: skipped' });

  // A 20-page scanned PDF, read alone through the queue.
  const paginas = Number(process.env.BENCH_LECTURA_PAGINAS ?? 20);
  if (conOcr && paginas > 0 && solo !== 'texto') {
    const caso = generarCorpus(2)[1] as Caso;
    const paginasTexto = Array.from({ length: paginas }, (_, i) => caso.demanda[i % caso.demanda.length] as string[]);
    const pdf = await pdfEscaneado(await pdfTexto(paginasTexto), { dpi: 300, giro: 1.5, ruido: 0.6, semilla: 7 });
    // The event loop's delay meanwhile: OCR runs in child processes, so the API's own thread stays free.
    const retardo = monitorEventLoopDelay({ resolution: 10 });
    retardo.enable();
    const inicio = performance.now();
    const respuesta = await leerArchivos([{ documento: 'demanda', contenido: pdf }], catalogos, { motor });
    const segundos = (performance.now() - inicio) / 1000;
    retardo.disable();
    if (segundos > 30 || respuesta.documentos.demanda?.paginas_ocr !== paginas) failures += 1;
    rows.push({
      group,
      name: `${paginas}-page scanned PDF (scanned at 300 dpi, ${(pdf.length / 1024 / 1024).toFixed(1)} MB; OCR at ${dpi ?? OCR_DPI} dpi), one OCR at a time (target ≤ 30 s)`,
      value: `${segundos.toFixed(1)} s (${((segundos * 1000) / paginas).toFixed(0)} ms/page); event loop delay meanwhile p99 ${(retardo.percentile(99) / 1e6).toFixed(1)} ms, max ${(retardo.max / 1e6).toFixed(1)} ms`,
    });
  }
  return { rows, failures };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { rows, failures } = await runLecturaBench();
  printTable('Reading documents', rows);
  if (failures > 0) process.exitCode = 1;
}
