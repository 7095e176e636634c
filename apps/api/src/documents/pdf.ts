import PDFDocument from 'pdfkit';

export type Pdf = InstanceType<typeof PDFDocument>;

export const PAGE_MARGIN = 42;
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#333333';

/** A Letter-size document and the promise of its bytes once `end()` is called. */
export function createPdf(title: string, author: string): { doc: Pdf; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE_MARGIN,
    info: { Title: title, Author: author, Creator: 'Receptoría' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fillColor(INK).strokeColor(RULE).lineWidth(0.8);
  return { doc, done };
}

export function contentWidth(doc: Pdf): number {
  return doc.page.width - PAGE_MARGIN * 2;
}

/** A bold section title with a rule under it; returns the y below it. */
export function sectionTitle(doc: Pdf, title: string, y: number): number {
  doc.font('Helvetica-Bold').fontSize(9.5).fillColor(INK).text(title.toUpperCase(), PAGE_MARGIN, y, {
    width: contentWidth(doc),
    characterSpacing: 0.6,
  });
  const below = y + 13;
  doc.moveTo(PAGE_MARGIN, below).lineTo(PAGE_MARGIN + contentWidth(doc), below).lineWidth(1).stroke();
  doc.lineWidth(0.8);
  return below + 5;
}

export interface Cell {
  label: string;
  value: string;
  /** Share of the row width (the cells of one row add up to 1). */
  span: number;
}

/**
 * A row of boxed cells: a small grey label on top and the value below, wrapped to the box and cut
 * with an ellipsis past `maxLines`. Returns the y below the row.
 */
export function cellRow(doc: Pdf, cells: Cell[], y: number, options: { maxLines?: number; valueSize?: number } = {}): number {
  const width = contentWidth(doc);
  const valueSize = options.valueSize ?? 10;
  const maxLines = options.maxLines ?? 2;
  const padding = 4;
  doc.font('Helvetica-Bold').fontSize(valueSize);
  const lineHeight = doc.currentLineHeight(true);
  let needed = 1;
  for (const cell of cells) {
    const innerWidth = width * cell.span - padding * 2;
    const lines = Math.round(doc.heightOfString(cell.value || ' ', { width: innerWidth }) / lineHeight);
    needed = Math.max(needed, Math.min(maxLines, lines));
  }
  const height = 11 + padding + needed * lineHeight + padding;
  let x = PAGE_MARGIN;
  for (const cell of cells) {
    const cellWidth = width * cell.span;
    doc.rect(x, y, cellWidth, height).stroke();
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(MUTED)
      .text(cell.label.toUpperCase(), x + padding, y + padding - 1, { width: cellWidth - padding * 2, lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(valueSize)
      .fillColor(INK)
      .text(cell.value || ' ', x + padding, y + 11 + padding - 1, {
        width: cellWidth - padding * 2,
        height: needed * lineHeight + 2,
        ellipsis: true,
      });
    x += cellWidth;
  }
  return y + height;
}

/** A label followed by a line to write on by hand; returns the y below it. */
export function writeLine(doc: Pdf, label: string, x: number, y: number, width: number): number {
  doc.font('Helvetica').fontSize(9).fillColor(INK).text(label, x, y, { lineBreak: false });
  const start = x + doc.widthOfString(label) + 4;
  doc
    .moveTo(start, y + 10)
    .lineTo(x + width, y + 10)
    .dash(1, { space: 2 })
    .stroke()
    .undash();
  return y + 20;
}

/** Empty full-width lines to write on. */
export function blankLines(doc: Pdf, count: number, y: number): number {
  let current = y;
  for (let i = 0; i < count; i += 1) {
    doc
      .moveTo(PAGE_MARGIN, current + 12)
      .lineTo(PAGE_MARGIN + contentWidth(doc), current + 12)
      .dash(1, { space: 2 })
      .stroke()
      .undash();
    current += 17;
  }
  return current + 2;
}

/** A check box with its caption. */
export function checkBox(doc: Pdf, caption: string, x: number, y: number): void {
  doc.rect(x, y, 9, 9).stroke();
  doc.font('Helvetica').fontSize(9).fillColor(INK).text(caption, x + 14, y + 0.5, { lineBreak: false });
}

/** The receiver's letterhead block: name, title and a double rule. Returns the y below it. */
export function receiverHeader(doc: Pdf, nombreReceptor: string, subtitle: string, y: number): number {
  const width = contentWidth(doc);
  doc.font('Helvetica-Bold').fontSize(17).fillColor(INK).text(nombreReceptor, PAGE_MARGIN, y, {
    width,
    align: 'center',
  });
  let current = doc.y + 2;
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(subtitle, PAGE_MARGIN, current, {
    width,
    align: 'center',
    characterSpacing: 0.8,
  });
  current = doc.y + 6;
  doc.moveTo(PAGE_MARGIN, current).lineTo(PAGE_MARGIN + width, current).lineWidth(1.6).stroke();
  doc
    .moveTo(PAGE_MARGIN, current + 3)
    .lineTo(PAGE_MARGIN + width, current + 3)
    .lineWidth(0.6)
    .stroke();
  doc.lineWidth(0.8).fillColor(INK);
  return current + 14;
}

/** A signature line with its caption centred below. */
export function signature(doc: Pdf, caption: string, x: number, y: number, width: number): void {
  doc.moveTo(x, y).lineTo(x + width, y).stroke();
  doc.font('Helvetica').fontSize(8.5).fillColor(INK).text(caption, x, y + 4, { width, align: 'center' });
}
