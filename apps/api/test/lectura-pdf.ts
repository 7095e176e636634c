/**
 * Real PDFs for the reading tests and the accuracy corpus: a text PDF written with pdfkit (one string
 * per page, paragraphs separated by blank lines), and a "scanned" copy — each page rasterised with
 * poppler's pdftoppm, turned by a small angle, speckled with noise and wrapped back into a PDF as an
 * image, so it has no text layer at all.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

const run = promisify(execFile);

export interface PaginaTexto {
  /** Lines of the page; '' is a paragraph break. */
  lineas: string[];
}

/** A text PDF: Letter pages, Helvetica 11, each line wrapped to the margins. */
export async function pdfTexto(paginas: string[][], opciones: { fuente?: 'Helvetica' | 'Times-Roman' | 'Courier' } = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margins: { top: 60, bottom: 60, left: 70, right: 70 }, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  for (const lineas of paginas) {
    doc.addPage();
    doc.font(opciones.fuente ?? 'Helvetica').fontSize(11);
    for (const linea of lineas) {
      if (linea === '') doc.moveDown(0.8);
      else doc.text(linea, { align: 'left', lineGap: 2 });
    }
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A tiny deterministic generator (mulberry32) so the same seed gives the same noise. */
export function azar(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Gris {
  ancho: number;
  alto: number;
  pixeles: Uint8Array;
}

function leerPgm(buffer: Buffer): Gris {
  // P5\n<w> <h>\n255\n<data>
  let offset = 0;
  const tokens: string[] = [];
  while (tokens.length < 4) {
    while (/\s/.test(String.fromCharCode(buffer[offset] as number))) offset += 1;
    let token = '';
    while (!/\s/.test(String.fromCharCode(buffer[offset] as number))) token += String.fromCharCode(buffer[offset++] as number);
    tokens.push(token);
  }
  offset += 1;
  const [, ancho, alto] = tokens.map(Number) as [number, number, number, number];
  return { ancho, alto, pixeles: new Uint8Array(buffer.subarray(offset, offset + ancho * alto)) };
}

/** Turns the page by `grados` around its centre (nearest neighbour, white outside). */
function rotar(imagen: Gris, grados: number): Gris {
  const { ancho, alto, pixeles } = imagen;
  const salida = new Uint8Array(ancho * alto).fill(255);
  const rad = (grados * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const cx = ancho / 2;
  const cy = alto / 2;
  for (let y = 0; y < alto; y += 1) {
    const dy = y - cy;
    for (let x = 0; x < ancho; x += 1) {
      const dx = x - cx;
      const sx = Math.round(cos * dx + sin * dy + cx);
      const sy = Math.round(-sin * dx + cos * dy + cy);
      if (sx >= 0 && sy >= 0 && sx < ancho && sy < alto) salida[y * ancho + x] = pixeles[sy * ancho + sx] as number;
    }
  }
  return { ancho, alto, pixeles: salida };
}

/** Scanner noise: dark specks on the paper and a few lighter ink dots (sparse, so the PNG stays small). */
function ensuciar(imagen: Gris, nivel: number, random: () => number): void {
  const { pixeles } = imagen;
  const manchas = Math.floor(pixeles.length * nivel * 0.0015);
  for (let n = 0; n < manchas; n += 1) {
    const i = Math.floor(random() * pixeles.length);
    pixeles[i] = 30 + Math.floor(random() * 90);
    if (random() < 0.5 && i + 1 < pixeles.length) pixeles[i + 1] = pixeles[i] as number;
  }
  for (let i = 0; i < pixeles.length; i += 1) {
    if ((pixeles[i] as number) < 160 && random() < nivel * 0.06) pixeles[i] = 200;
  }
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buffer: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buffer) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(tipo: string, datos: Buffer): Buffer {
  const largo = Buffer.alloc(4);
  largo.writeUInt32BE(datos.length);
  const cuerpo = Buffer.concat([Buffer.from(tipo, 'ascii'), datos]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(cuerpo));
  return Buffer.concat([largo, cuerpo, crc]);
}

/** An 8-bit greyscale PNG. */
function png(imagen: Gris): Buffer {
  const { ancho, alto, pixeles } = imagen;
  const filas = Buffer.alloc((ancho + 1) * alto);
  for (let y = 0; y < alto; y += 1) {
    filas[y * (ancho + 1)] = 0;
    filas.set(pixeles.subarray(y * ancho, (y + 1) * ancho), y * (ancho + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(ancho, 0);
  ihdr.writeUInt32BE(alto, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(filas, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface OpcionesEscaneo {
  /** 200–300. */
  dpi: number;
  /** Degrees, e.g. -2 … 2. */
  giro: number;
  /** 0 (clean) … 1 (dirty). */
  ruido: number;
  semilla: number;
}

/** The same document as a scan: pages as noisy, slightly turned greyscale images, no text layer. */
export async function pdfEscaneado(pdf: Buffer, opciones: OpcionesEscaneo): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'escaneo-'));
  try {
    await writeFile(path.join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', String(opciones.dpi), '-gray', path.join(dir, 'in.pdf'), path.join(dir, 'p')]);
    const archivos = (await readdir(dir)).filter((name) => name.endsWith('.pgm')).sort();
    const random = azar(opciones.semilla);
    const doc = new PDFDocument({ size: 'LETTER', margin: 0, autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (data: Buffer) => chunks.push(data));
    const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
    for (const [index, archivo] of archivos.entries()) {
      const imagen = rotar(leerPgm(await readFile(path.join(dir, archivo))), opciones.giro * (index % 2 === 0 ? 1 : -0.7));
      ensuciar(imagen, opciones.ruido, random);
      doc.addPage();
      doc.image(png(imagen), 0, 0, { width: doc.page.width, height: doc.page.height });
    }
    doc.end();
    await done;
    return Buffer.concat(chunks);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
