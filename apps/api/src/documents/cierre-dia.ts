import {
  type CierreDia,
  cierreDiaMessages as m,
  formatCLP,
  formatDate,
  formatDateTime,
  RESULTADO_VISITA_LABELS,
  type ResultadoVisita,
} from '@receptoria/contracts';
import { longDate } from './format';
import { contentWidth, createPdf, PAGE_MARGIN, type Pdf, receiverHeader, sectionTitle } from './pdf';

interface Column {
  label: string;
  /** Share of the page width. */
  span: number;
  align?: 'left' | 'right';
}

const ROW_HEIGHT = 15;

const encargos = (n: number) => (n === 1 ? '1 encargo' : `${n} encargos`);

/**
 * A simple table: a bold header row, then one line per row (cut with an ellipsis), new pages as needed;
 * without rows, the sentence that says so.
 */
function table(doc: Pdf, columns: Column[], rows: string[][], empty: string, startY: number): number {
  const width = contentWidth(doc);
  if (rows.length === 0) {
    doc.font('Helvetica').fontSize(9.5).text(empty, PAGE_MARGIN, startY, { width });
    return doc.y + 8;
  }
  const bottom = doc.page.height - PAGE_MARGIN - ROW_HEIGHT;
  const line = (cells: string[], y: number, bold: boolean) => {
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
  let y = startY;
  line(columns.map((c) => c.label.toUpperCase()), y, true);
  y += ROW_HEIGHT;
  for (const row of rows) {
    if (y > bottom) {
      doc.addPage();
      y = PAGE_MARGIN;
      line(columns.map((c) => c.label.toUpperCase()), y, true);
      y += ROW_HEIGHT;
    }
    line(row, y, false);
    y += ROW_HEIGHT;
  }
  return y + 6;
}

function ensureSpace(doc: Pdf, y: number, needed: number): number {
  if (y + needed <= doc.page.height - PAGE_MARGIN) return y;
  doc.addPage();
  return PAGE_MARGIN;
}

/** The day's closing as a printable sheet: certificates with fees and totals, the field visits, then the assignments without results. */
export async function buildCierreDiaPdf(cierre: CierreDia, receptor: string, now = new Date()): Promise<Buffer> {
  const { doc, done } = createPdf(`${m.titulo} ${formatDate(cierre.fecha)}`, receptor);
  const width = contentWidth(doc);
  let y = receiverHeader(doc, receptor, m.titulo.toUpperCase(), PAGE_MARGIN + 6);
  doc.font('Helvetica-Bold').fontSize(12).text(`${m.titulo}: ${longDate(cierre.fecha)}`, PAGE_MARGIN, y, { width, align: 'center' });
  y = doc.y + 12;

  y = sectionTitle(doc, `${m.certificados} (${cierre.certificados.length})`, y);
  y = table(
    doc,
    [
      { label: 'Hora', span: 0.08 },
      { label: 'Rol', span: 0.16 },
      { label: 'Tipo', span: 0.25 },
      { label: 'Estudio', span: 0.2 },
      { label: 'Derechos', span: 0.14, align: 'right' },
      { label: 'Cobranza', span: 0.17 },
    ],
    cierre.certificados.map((c) => [
      c.hora,
      c.numero_rol,
      c.tipo_estampado,
      c.estudio ?? '',
      c.valor === null ? m.sinResultadoRegistrado : formatCLP(c.valor),
      c.facturable ? m.facturable : m.noFacturable,
    ]),
    m.sinCertificados,
    y,
  );
  y = ensureSpace(doc, y, 60);
  doc.font('Helvetica-Bold').fontSize(10);
  doc.text(`${m.totalDerechos} (${encargos(cierre.encargos_certificados)}): ${formatCLP(cierre.total_derechos)}`, PAGE_MARGIN, y, { width });
  doc.text(`${m.facturable} (${encargos(cierre.encargos_facturables)}): ${formatCLP(cierre.total_facturable)}`, PAGE_MARGIN, doc.y + 2, { width });
  doc.font('Helvetica').fontSize(8).text(m.criterioFacturable, PAGE_MARGIN, doc.y + 3, { width });
  y = doc.y + 16;

  y = ensureSpace(doc, y, 60);
  y = sectionTitle(doc, `${m.visitas} (${cierre.visitas.length})`, y);
  y = table(
    doc,
    [
      { label: 'Hora', span: 0.06 },
      { label: 'Rol', span: 0.12 },
      { label: 'Domicilio', span: 0.24 },
      { label: 'Resultado', span: 0.21 },
      { label: m.conResultados, span: 0.12 },
      { label: m.conCertificado, span: 0.12 },
      { label: 'Cobranza', span: 0.13 },
    ],
    cierre.visitas.map((v) => [
      v.hora,
      v.numero_rol,
      v.domicilio ?? '',
      RESULTADO_VISITA_LABELS[v.resultado as ResultadoVisita] ?? v.resultado,
      v.con_resultados ? m.si : m.no,
      v.con_certificado ? m.si : m.no,
      v.facturable ? m.facturable : m.noFacturable,
    ]),
    m.sinVisitas,
    y,
  );
  if (cierre.visitas.length > 0) {
    y = ensureSpace(doc, y, 40);
    doc.font('Helvetica').fontSize(9);
    const resumen = [
      m.resumenVisitas(cierre.visitas.length, cierre.encargos_visitados),
      m.visitasNegativas(cierre.visitas_negativas),
      m.visitasSinResultados(cierre.visitas_sin_resultados),
      m.visitasSinCertificado(cierre.visitas_sin_certificado),
      m.visitasFacturables(cierre.visitas_facturables),
    ];
    doc.text(resumen.join(' · '), PAGE_MARGIN, y, { width });
    y = doc.y + 16;
  }

  y = ensureSpace(doc, y, 60);
  y = sectionTitle(doc, `${m.sinResultados} (${cierre.sin_resultados.length})`, y);
  doc.font('Helvetica').fontSize(8).text(cierre.criterio_sin_resultados, PAGE_MARGIN, y, { width });
  y = doc.y + 6;
  y = table(
    doc,
    [
      { label: 'Hora', span: 0.08 },
      { label: 'Rol', span: 0.16 },
      { label: 'Estudio', span: 0.2 },
      { label: 'Ejecutado', span: 0.24 },
      { label: 'Domicilio', span: 0.32 },
    ],
    cierre.sin_resultados.map((e) => [e.hora, e.numero_rol, e.estudio, e.ejecutados, e.direccion ?? '']),
    m.sinResultadosVacio,
    y,
  );
  const generated = formatDateTime(now);
  y = ensureSpace(doc, y + 10, 20);
  doc.font('Helvetica').fontSize(7.5).fillColor('#555555').text(`Generado el ${generated}`, PAGE_MARGIN, y, { width, align: 'right' });
  doc.end();
  return done;
}
