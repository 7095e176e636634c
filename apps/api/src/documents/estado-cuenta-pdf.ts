import { type EstadoCuenta, formatCLP, pagosMessages as m } from '@receptoria/contracts';
import { documentDate, documentRut } from './format';
import { cellRow, contentWidth, createPdf, PAGE_MARGIN, receiverHeader, sectionTitle } from './pdf';
import type { ReceptorIdentidad } from './recibo-pdf';
import { ensureSpace, receptorLineas, tabla } from './tabla';

/** A firm's account statement: balance, credit, ageing, open receipts and movements. */
export async function buildEstadoCuentaPdf(estado: EstadoCuenta, receptor: ReceptorIdentidad, estudioRut: string): Promise<Buffer> {
  const { doc, done } = createPdf(`Estado de cuenta ${estado.estudio.nombre}`, receptor.nombre);
  const width = contentWidth(doc);
  let y = receiverHeader(doc, receptor.nombre, (receptor.titulo.trim() || 'Receptor Judicial').toUpperCase(), PAGE_MARGIN + 6);
  y = receptorLineas(doc, receptor, documentRut(receptor.rut), y - 6);
  doc.font('Helvetica-Bold').fontSize(14).text(`ESTADO DE CUENTA AL ${documentDate(estado.hasta)}`, PAGE_MARGIN, y, { width, align: 'center' });
  y = doc.y + 10;
  y = cellRow(
    doc,
    [
      { label: 'Estudio jurídico', value: estado.estudio.nombre, span: 0.4 },
      { label: 'RUT', value: documentRut(estudioRut), span: 0.2 },
      { label: 'Saldo pendiente', value: formatCLP(estado.saldo), span: 0.2 },
      { label: 'Crédito a favor', value: formatCLP(estado.credito), span: 0.2 },
    ],
    y,
  );
  y += 6;
  y = cellRow(
    doc,
    [
      { label: m.antiguedad.d0_30, value: formatCLP(estado.antiguedad.d0_30), span: 0.25 },
      { label: m.antiguedad.d31_60, value: formatCLP(estado.antiguedad.d31_60), span: 0.25 },
      { label: m.antiguedad.d61_90, value: formatCLP(estado.antiguedad.d61_90), span: 0.25 },
      { label: m.antiguedad.d90_mas, value: formatCLP(estado.antiguedad.d90_mas), span: 0.25 },
    ],
    y,
  );
  y += 12;
  y = sectionTitle(doc, `Recibos pendientes (${estado.recibos_abiertos.length})`, y);
  y = tabla(
    doc,
    [
      { label: 'Recibo', span: 0.12 },
      { label: 'Fecha', span: 0.14 },
      { label: 'Días', span: 0.08, align: 'right' },
      { label: 'Total', span: 0.17, align: 'right' },
      { label: 'Pagado', span: 0.17, align: 'right' },
      { label: 'Retención', span: 0.15, align: 'right' },
      { label: 'Saldo', span: 0.17, align: 'right' },
    ],
    estado.recibos_abiertos.map((r) => [
      `N° ${r.numero}`,
      documentDate(r.fecha),
      String(r.dias),
      formatCLP(r.total),
      formatCLP(r.pagado),
      formatCLP(r.retenido),
      formatCLP(r.saldo),
    ]),
    'No hay recibos pendientes',
    y,
  );
  y = ensureSpace(doc, y + 6, 60);
  y = sectionTitle(doc, 'Movimientos', y);
  y = tabla(
    doc,
    [
      { label: 'Fecha', span: 0.13 },
      { label: 'Detalle', span: 0.42 },
      { label: 'Cargo', span: 0.15, align: 'right' },
      { label: 'Abono', span: 0.15, align: 'right' },
      { label: 'Saldo', span: 0.15, align: 'right' },
    ],
    estado.movimientos.map((mov) => [
      documentDate(mov.fecha),
      mov.descripcion,
      mov.cargo ? formatCLP(mov.cargo) : '',
      mov.abono ? formatCLP(mov.abono) : '',
      formatCLP(mov.saldo),
    ]),
    'Sin movimientos',
    y,
  );
  doc.end();
  return done;
}
