import { contentWidth, PAGE_MARGIN, type Pdf } from './pdf';

export interface Columna {
  label: string;
  /** Share of the page width. */
  span: number;
  align?: 'left' | 'right';
}

const ROW_HEIGHT = 15;

/** Moves to a new page when `needed` points do not fit below `y`. */
export function ensureSpace(doc: Pdf, y: number, needed: number): number {
  if (y + needed <= doc.page.height - PAGE_MARGIN) return y;
  doc.addPage();
  return PAGE_MARGIN;
}

/** A ruled table: a bold header row repeated on each page, one line per row (cut with an ellipsis). */
export function tabla(doc: Pdf, columns: readonly Columna[], rows: readonly string[][], empty: string, startY: number): number {
  const width = contentWidth(doc);
  if (rows.length === 0) {
    doc.font('Helvetica').fontSize(9.5).text(empty, PAGE_MARGIN, startY, { width });
    return doc.y + 8;
  }
  const bottom = doc.page.height - PAGE_MARGIN - ROW_HEIGHT;
  const line = (cells: readonly string[], y: number, bold: boolean) => {
    let x = PAGE_MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 8 : 8.5);
    columns.forEach((column, index) => {
      const w = width * column.span;
      doc.text(cells[index] ?? '', x + 2, y + 3, { width: w - 4, height: ROW_HEIGHT, ellipsis: true, lineBreak: false, align: column.align ?? 'left' });
      x += w;
    });
    doc.moveTo(PAGE_MARGIN, y + ROW_HEIGHT).lineTo(PAGE_MARGIN + width, y + ROW_HEIGHT).lineWidth(bold ? 0.8 : 0.3).stroke();
    doc.lineWidth(0.8);
  };
  const header = columns.map((c) => c.label.toUpperCase());
  let y = startY;
  line(header, y, true);
  y += ROW_HEIGHT;
  for (const row of rows) {
    if (y > bottom) {
      doc.addPage();
      y = PAGE_MARGIN;
      line(header, y, true);
      y += ROW_HEIGHT;
    }
    line(row, y, false);
    y += ROW_HEIGHT;
  }
  return y + 6;
}

/** Label and amount lines aligned right under a table (totals). */
export function totales(doc: Pdf, lines: readonly [string, string, boolean?][], y: number): number {
  const width = contentWidth(doc);
  let current = ensureSpace(doc, y, lines.length * 14 + 6);
  for (const [label, value, bold] of lines) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 10.5 : 9.5);
    doc.text(label, PAGE_MARGIN + width * 0.5, current, { width: width * 0.3, align: 'right', lineBreak: false });
    doc.text(value, PAGE_MARGIN + width * 0.8, current, { width: width * 0.2, align: 'right', lineBreak: false });
    current += 14;
  }
  return current + 4;
}

/** The receiver's identity lines (RUT, address, phone, e-mail) under the letterhead. */
export function receptorLineas(doc: Pdf, receptor: { rut: string; direccion: string; comuna: string; telefono: string; email: string }, rut: string, y: number): number {
  const parts = [
    rut ? `RUT ${rut}` : '',
    [receptor.direccion, receptor.comuna].filter((p) => p.trim()).join(', '),
    receptor.telefono ? `Tel. ${receptor.telefono}` : '',
    receptor.email,
  ].filter((p) => p.trim());
  if (parts.length === 0) return y;
  doc.font('Helvetica').fontSize(8.5).fillColor('#555555').text(parts.join(' · '), PAGE_MARGIN, y, { width: contentWidth(doc), align: 'center' });
  doc.fillColor('#111111');
  return doc.y + 10;
}
