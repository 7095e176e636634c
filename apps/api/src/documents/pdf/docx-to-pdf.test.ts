import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx } from '../docx/ooxml';
import { ConversionError, conversionMessages, createDocxToPdf, GotenbergConverter, LibreOfficeConverter } from './docx-to-pdf';

const run = promisify(execFile);
const SOFFICE = '/usr/bin/soffice';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docx-to-pdf-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const certificado = (rol: string) =>
  buildDocx([
    { texto: `ROL ${rol}`, negrita: true, alineacion: 'center' },
    { texto: 'Certifico que busqué al demandado don José Muñoz Pérez en su domicilio. DOY FE.', alineacion: 'both' },
  ]);

async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(dir, `t-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

async function pdfFonts(pdf: Buffer): Promise<string> {
  const file = path.join(dir, `f-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  return (await run('pdffonts', [file])).stdout;
}

/** A stand-in soffice (shell script) for what LibreOffice cannot be made to do on demand. */
async function script(name: string, body: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('LibreOffice', () => {
  it('converts a certificate to a PDF whose text reads back, in the metric-compatible Times face', async () => {
    const converter = new LibreOfficeConverter(SOFFICE);
    try {
      const pdf = await converter.convert(certificado('C-4321-2025'));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(pdf);
      expect(text).toContain('ROL C-4321-2025');
      expect(text).toContain('José Muñoz Pérez');
      // Times New Roman is laid out with Liberation Serif (same metrics), embedded in the file.
      expect(await pdfFonts(pdf)).toMatch(/LiberationSerif\S*\s+TrueType\S*\s+\S+\s+yes/);
    } finally {
      await converter.close();
    }
  });

  it('runs one conversion at a time, each with the isolated profile directory', async () => {
    // The stand-in notes an overlap when another instance is running, and the profile it was given.
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    await writeFile(path.join(dir, 'uno.pdf'), pdf);
    const soffice = await script(
      'cola.sh',
      `[ -e "${dir}/corriendo" ] && echo solapado >> "${dir}/cola.log"
touch "${dir}/corriendo"
for a in "$@"; do case "$a" in -env:UserInstallation=*) echo "$a" >> "${dir}/perfiles.log";; esac; done
sleep 0.3
outdir=""; prev=""
for a in "$@"; do [ "$prev" = "--outdir" ] && outdir="$a"; prev="$a"; done
cp "${dir}/uno.pdf" "$outdir/certificado.pdf"
rm -f "${dir}/corriendo"`,
    );
    const converter = new LibreOfficeConverter(soffice);
    try {
      const results = await Promise.all([1, 2, 3].map(() => converter.convert(Buffer.from('docx'))));
      expect(results.map((r) => r.toString())).toEqual([pdf.toString(), pdf.toString(), pdf.toString()]);
      await expect(readFile(path.join(dir, 'cola.log'), 'utf8')).rejects.toThrow();
      const perfiles = (await readFile(path.join(dir, 'perfiles.log'), 'utf8')).trim().split('\n');
      expect(perfiles).toHaveLength(3);
      expect(new Set(perfiles).size).toBe(1);
      expect(perfiles[0]).toMatch(new RegExp(`^-env:UserInstallation=file://${os.tmpdir()}/receptoria-soffice-perfil-`));
    } finally {
      await converter.close();
    }
  });

  it('stops a conversion past its time, kills its processes and says so in Spanish', async () => {
    // The stand-in starts a child and waits for ever, as a hung soffice.bin under its wrapper does.
    const soffice = await script('colgado.sh', `sleep 600 &\necho "$$ $!" > "${dir}/pids"\nwait`);
    const converter = new LibreOfficeConverter(soffice, 1_000);
    try {
      const error = await converter.convert(Buffer.from('docx')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConversionError);
      expect((error as Error).message).toBe('La conversión del certificado a PDF no terminó en 1 segundos y se detuvo.');
      const pids = (await readFile(path.join(dir, 'pids'), 'utf8')).trim().split(' ').map(Number);
      expect(pids).toHaveLength(2);
      await until(() => pids.every((pid) => !alive(pid)));
    } finally {
      await converter.close();
    }
  });

  it('says in Spanish that a conversion failed when LibreOffice writes no PDF', async () => {
    const converter = new LibreOfficeConverter(await script('falla.sh', 'exit 1'));
    try {
      await expect(converter.convert(Buffer.from('docx'))).rejects.toThrow(conversionMessages.fallo);
    } finally {
      await converter.close();
    }
  });
});

describe('Gotenberg', () => {
  let server: Server;
  let url: string;
  const received: { path: string; filename: string; bytes: number }[] = [];
  let answer: 'pdf' | 503 = 'pdf';
  const libreoffice = new LibreOfficeConverter(SOFFICE);

  beforeAll(async () => {
    // A stand-in that answers as Gotenberg 8 does: multipart field `files`, the PDF as the body.
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          if (req.method !== 'POST' || req.url !== '/forms/libreoffice/convert') {
            res.writeHead(404).end();
            return;
          }
          const form = await new Request('http://x', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
          const file = form.get('files');
          if (!(file instanceof File)) {
            res.writeHead(400, { 'content-type': 'text/plain' }).end('no form file found for extensions: [.docx]');
            return;
          }
          received.push({ path: req.url, filename: file.name, bytes: file.size });
          if (answer !== 'pdf') {
            res.writeHead(answer, { 'content-type': 'text/plain' }).end('Service Unavailable');
            return;
          }
          const pdf = await libreoffice.convert(Buffer.from(await file.arrayBuffer()));
          res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="certificado.pdf"' }).end(pdf);
        })().catch(() => res.writeHead(500).end());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await libreoffice.close();
  });

  it('is chosen when GOTENBERG_URL is set and converts through /forms/libreoffice/convert', async () => {
    const converter = await createDocxToPdf({ gotenbergUrl: url, soffice: SOFFICE });
    expect(converter?.kind).toBe('gotenberg');
    const docx = certificado('C-777-2025');
    const pdf = await converter!.convert(docx);
    expect(received.at(-1)).toEqual({ path: '/forms/libreoffice/convert', filename: 'certificado.docx', bytes: docx.length });
    expect(await pdfText(pdf)).toContain('ROL C-777-2025');
    await converter!.close();
  });

  it('reports an error answer or an absent service in Spanish', async () => {
    answer = 503;
    await expect(new GotenbergConverter(url).convert(certificado('C-1-2025'))).rejects.toThrow(
      'El servicio de conversión a PDF (Gotenberg) respondió con el error 503.',
    );
    answer = 'pdf';
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(new GotenbergConverter(`http://127.0.0.1:${port}`).convert(certificado('C-2-2025'))).rejects.toThrow(conversionMessages.sinRespuesta);
  });
});

describe('without a converter', () => {
  it('finds none when LibreOffice is not where it is said to be and no Gotenberg is set', async () => {
    expect(await createDocxToPdf({ soffice: path.join(dir, 'no-existe') })).toBeNull();
  });
});
