import { formatCLP, type Recibo, recibosMessages as m } from '@receptoria/contracts';
import { documentDate, documentRut, longDate } from './format';
import { cellRow, contentWidth, createPdf, PAGE_MARGIN, receiverHeader, sectionTitle } from './pdf';
import { ensureSpace, receptorLineas, tabla, totales } from './tabla';

export interface ReceptorIdentidad {
  nombre: string;
  rut: string;
  titulo: string;
  direccion: string;
  comuna: string;
  telefono: string;
  email: string;
}

/** The printed receipt: the receiver's header, number, firm, items with rol and type, totals and boleta data. */
export async function buildReciboPdf(recibo: Recibo, receptor: ReceptorIdentidad, estudioRut: string): Promise<Buffer> {
  const { doc, done } = createPdf(`Recibo N° ${recibo.numero}`, receptor.nombre);
  const width = contentWidth(doc);
  let y = receiverHeader(doc, receptor.nombre, (receptor.titulo.trim() || 'Receptor Judicial').toUpperCase(), PAGE_MARGIN + 6);
  y = receptorLineas(doc, receptor, documentRut(receptor.rut), y - 6);
  doc.font('Helvetica-Bold').fontSize(15).text(`RECIBO N° ${recibo.numero}`, PAGE_MARGIN, y, { width, align: 'center' });
  y = doc.y + 2;
  if (recibo.estado === 'anulado') {
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#a61b1b').text('ANULADO', PAGE_MARGIN, y, { width, align: 'center' });
    doc.fillColor('#111111');
    y = doc.y + 2;
  }
  y += 8;
  y = cellRow(
    doc,
    [
      { label: 'Estudio jurídico', value: recibo.estudio.nombre, span: 0.5 },
      { label: 'RUT', value: documentRut(estudioRut), span: 0.2 },
      { label: 'Fecha', value: documentDate(recibo.fecha), span: 0.15 },
      { label: 'Estado', value: m.estados[recibo.estado], span: 0.15 },
    ],
    y,
  );
  y += 10;
  y = sectionTitle(doc, `Diligencias (${recibo.items.length})`, y);
  y = tabla(
    doc,
    [
      { label: 'N°', span: 0.06 },
      { label: 'Rol', span: 0.2 },
      { label: 'Tipo', span: 0.42 },
      { label: 'Fecha', span: 0.14 },
      { label: 'Valor', span: 0.18, align: 'right' },
    ],
    recibo.items.map((item, index) => [String(index + 1), item.numero_rol, item.tipo, documentDate(item.fecha_diligencia ?? ''), formatCLP(item.valor)]),
    'Sin diligencias',
    y,
  );
  const lines: [string, string, boolean?][] = [['Subtotal', formatCLP(recibo.subtotal)]];
  if (recibo.rebaja > 0) lines.push(['Rebaja', `- ${formatCLP(recibo.rebaja)}`]);
  lines.push(['Total', formatCLP(recibo.total), true]);
  if (recibo.pagado > 0) lines.push(['Pagado', formatCLP(recibo.pagado)]);
  if (recibo.retenido > 0) lines.push(['Retención (pagador)', formatCLP(recibo.retenido)]);
  if (recibo.estado !== 'anulado') lines.push(['Saldo', formatCLP(recibo.saldo), true]);
  y = totales(doc, lines, y + 4);
  if (recibo.boleta) {
    y = ensureSpace(doc, y + 6, 60);
    y = sectionTitle(doc, 'Boleta de honorarios', y);
    y = cellRow(
      doc,
      [
        { label: 'N° boleta', value: recibo.boleta.numero_boleta, span: 0.16 },
        { label: 'Fecha', value: documentDate(recibo.boleta.fecha), span: 0.14 },
        { label: 'Bruto', value: formatCLP(recibo.boleta.bruto), span: 0.16 },
        { label: `Retención ${recibo.boleta.tasa.toLocaleString('es-CL')} %`, value: formatCLP(recibo.boleta.retencion), span: 0.18 },
        { label: 'Líquido', value: formatCLP(recibo.boleta.liquido), span: 0.16 },
        { label: 'Retiene', value: recibo.boleta.retiene === 'pagador' ? 'El pagador' : 'El receptor', span: 0.2 },
      ],
      y,
    );
  }
  if (recibo.observaciones.trim()) {
    y = ensureSpace(doc, y + 8, 40);
    doc.font('Helvetica-Bold').fontSize(9).text('Observaciones', PAGE_MARGIN, y, { width });
    doc.font('Helvetica').fontSize(9).text(recibo.observaciones, PAGE_MARGIN, doc.y + 2, { width });
    y = doc.y + 6;
  }
  if (recibo.anulacion) {
    y = ensureSpace(doc, y + 8, 30);
    doc.font('Helvetica').fontSize(9).text(`Anulado el ${documentDate(recibo.anulacion.fecha)} por ${recibo.anulacion.usuario}: ${recibo.anulacion.motivo}`, PAGE_MARGIN, y, { width });
    y = doc.y + 6;
  }
  y = ensureSpace(doc, y + 16, 20);
  doc.font('Helvetica').fontSize(9).text(`${receptor.comuna.trim() || 'Santiago'}, ${longDate(recibo.fecha)}`, PAGE_MARGIN, y, { width, align: 'right' });
  doc.end();
  return done;
}
