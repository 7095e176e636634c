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
