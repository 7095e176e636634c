import { todayIso } from '@receptoria/contracts';
import { documentDate, longDate } from './format';
import { cellRow, contentWidth, createPdf, PAGE_MARGIN, receiverHeader, sectionTitle, signature } from './pdf';

export interface MembreteData {
  nombreReceptor: string;
  numeroRol: string;
  tribunal: string;
  tipoCausa: string;
  partes: string;
  fechaEncargo: string;
  ejecutados: string;
  direccion: string;
  comuna: string;
}

/**
 * The letterhead a receiver puts on the court file of an assignment: the receiver's name, the case
 * (court, rol, caption, procedure) and the debtor with the address to serve.
 */
export async function buildMembretePdf(data: MembreteData, now = new Date()): Promise<Buffer> {
  const { doc, done } = createPdf(`Membrete ${data.numeroRol}`, data.nombreReceptor);
  const width = contentWidth(doc);

  let y = receiverHeader(doc, data.nombreReceptor, 'RECEPTOR JUDICIAL', PAGE_MARGIN + 6);

  doc.font('Helvetica-Bold').fontSize(13).text(data.tribunal || 'Tribunal', PAGE_MARGIN, y, { width, align: 'center' });
  y = doc.y + 2;
  doc.font('Helvetica-Bold').fontSize(22).text(`ROL ${data.numeroRol}`, PAGE_MARGIN, y, { width, align: 'center' });
  y = doc.y + 14;

  y = sectionTitle(doc, 'Antecedentes de la causa', y);
  y = cellRow(doc, [{ label: 'Tribunal', value: data.tribunal, span: 1 }], y);
  y = cellRow(
    doc,
    [
      { label: 'Rol', value: data.numeroRol, span: 0.3 },
      { label: 'Procedimiento', value: data.tipoCausa, span: 0.45 },
      { label: 'Fecha de encargo', value: documentDate(data.fechaEncargo), span: 0.25 },
    ],
    y,
  );
  y = cellRow(doc, [{ label: 'Carátula', value: data.partes, span: 1 }], y, { maxLines: 3 });
  y += 14;

  y = sectionTitle(doc, 'Demandado', y);
  y = cellRow(doc, [{ label: 'Nombre', value: data.ejecutados, span: 1 }], y, { maxLines: 3, valueSize: 12 });
  y = cellRow(
    doc,
    [
      { label: 'Domicilio', value: data.direccion, span: 0.68 },
      { label: 'Comuna', value: data.comuna, span: 0.32 },
    ],
    y,
    { valueSize: 12 },
  );

  const bottom = doc.page.height - PAGE_MARGIN;
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Santiago, ${longDate(todayIso(now))}`, PAGE_MARGIN, bottom - 110, { width, align: 'right' });
  signature(doc, `${data.nombreReceptor}\nReceptor Judicial`, PAGE_MARGIN + width - 220, bottom - 45, 220);

  doc.end();
  return done;
}
