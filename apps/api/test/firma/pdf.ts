import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A one-page certificate like the built-in ones (a rol and about 30 lines of text), made without LibreOffice. */
export async function certificadoPdfDePrueba(n: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  page.drawText(`ROL N° C-${1000 + n}-2026`, { x: 72, y: 760, size: 12, font });
  for (let i = 0; i < 30; i += 1) {
    page.drawText(`CERTIFICO: línea ${i + 1} del certificado de búsqueda positiva, ${randomBytes(8).toString('hex')}.`, { x: 72, y: 730 - i * 18, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

/** The CMS of a signed PDF: the /Contents between the two byte ranges, without the zero padding. */
export function cmsDelPdf(pdf: Buffer): Buffer {
  const rango = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.toString('latin1'));
  if (!rango) throw new Error('sin /ByteRange');
  const [inicio, largo, siguiente] = [Number(rango[1]), Number(rango[2]), Number(rango[3])];
  const der = Buffer.from(pdf.subarray(inicio + largo + 1, siguiente - 1).toString('latin1'), 'hex');
  // DER: a SEQUENCE whose length says where it ends.
  const n = der[1]!;
  const total = n < 0x80 ? 2 + n : 2 + (n & 0x7f) + der.subarray(2, 2 + (n & 0x7f)).reduce((acc, b) => acc * 256 + b, 0);
  return der.subarray(0, total);
}
