import { documentDate, documentMoney, documentRut } from './format';
import {
  blankLines,
  cellRow,
  checkBox,
  contentWidth,
  createPdf,
  PAGE_MARGIN,
  sectionTitle,
  signature,
  writeLine,
} from './pdf';

export interface FichaTerrenoData {
  nombreReceptor: string;
  fechaActual: string;
  estudioJuridico: string;
  cuantia: number | string | null;
  tribunal: string;
  tipoCausa: string;
  numeroRol: string;
  rutEjecutado: string;
  partes: string;
  tipoEncargo: string;
  ejecutados: string;
  fechaDemanda: string;
  fechaResolucion: string;
  direccion: string;
  comuna: string;
}

const RESULTADOS = [
  'Búsqueda positiva',
  'Búsqueda negativa',
  'Notificación personal',
  'Notificación Art. 44',
  'Notificación por cédula',
  'Requerimiento de pago',
  'Embargo',
  'Oposición al embargo',
  'Domicilio no corresponde',
  'Se niega a recibir',
  'Demandado no conocido',
  'Otro:',
];

/**
 * The sheet a field agent takes to the address: every datum of the assignment, and boxes and
 * lines to write down the result of the visit by hand.
 */
export async function buildFichaTerrenoPdf(data: FichaTerrenoData): Promise<Buffer> {
  const { doc, done } = createPdf(`Ficha terreno ${data.numeroRol}`, data.nombreReceptor);
  const width = contentWidth(doc);
  const left = PAGE_MARGIN;

  // Header: title on the left, receiver and date on the right.
  doc.font('Helvetica-Bold').fontSize(18).text('FICHA DE TERRENO', left, PAGE_MARGIN, { width: width * 0.55 });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(data.nombreReceptor, left + width * 0.45, PAGE_MARGIN, { width: width * 0.55, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text('Receptor Judicial', left + width * 0.45, doc.y, { width: width * 0.55, align: 'right' })
    .text(`Fecha: ${documentDate(data.fechaActual)}`, left + width * 0.45, doc.y, { width: width * 0.55, align: 'right' });
  let y = Math.max(doc.y, PAGE_MARGIN + 30) + 6;
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(1.6).stroke().lineWidth(0.8);
  y += 8;

  y = sectionTitle(doc, 'Antecedentes del encargo', y);
  y = cellRow(
    doc,
    [
      { label: 'Rol', value: data.numeroRol, span: 0.25 },
      { label: 'Tribunal', value: data.tribunal, span: 0.45 },
      { label: 'Tipo de encargo', value: data.tipoEncargo, span: 0.3 },
    ],
    y,
  );
  y = cellRow(
    doc,
    [
      { label: 'Tipo de causa', value: data.tipoCausa, span: 0.35 },
      { label: 'Estudio jurídico', value: data.estudioJuridico, span: 0.4 },
      { label: 'Cuantía', value: documentMoney(data.cuantia), span: 0.25 },
    ],
    y,
  );
  y = cellRow(
    doc,
    [
      { label: 'Partes', value: data.partes, span: 0.6 },
      { label: 'Fecha de la demanda', value: documentDate(data.fechaDemanda), span: 0.2 },
      { label: 'Fecha de la resolución', value: documentDate(data.fechaResolucion), span: 0.2 },
    ],
    y,
  );
  y += 8;

  y = sectionTitle(doc, 'Demandado', y);
  y = cellRow(
    doc,
    [
      { label: 'Ejecutado(s)', value: data.ejecutados, span: 0.72 },
      { label: 'RUT', value: documentRut(data.rutEjecutado), span: 0.28 },
    ],
    y,
  );
  y = cellRow(
    doc,
    [
      { label: 'Domicilio', value: data.direccion, span: 0.72 },
      { label: 'Comuna', value: data.comuna, span: 0.28 },
    ],
    y,
  );
  y += 8;

  y = sectionTitle(doc, 'Resultado de la diligencia', y);
  writeLine(doc, 'Fecha:', left, y, width * 0.3);
  writeLine(doc, 'Hora:', left + width * 0.34, y, width * 0.2);
  y = writeLine(doc, 'Visita N°:', left + width * 0.6, y, width * 0.4);
  const columnWidth = width / 3;
  RESULTADOS.forEach((caption, index) => {
    const column = index % 3;
    const row = Math.floor(index / 3);
    checkBox(doc, caption, left + column * columnWidth, y + row * 16);
  });
  const otherX = left + 2 * columnWidth + 14 + doc.font('Helvetica').fontSize(9).widthOfString('Otro: ');
  const otherY = y + Math.floor((RESULTADOS.length - 1) / 3) * 16 + 10;
  doc.moveTo(otherX, otherY).lineTo(left + width, otherY).dash(1, { space: 2 }).stroke().undash();
  y += Math.ceil(RESULTADOS.length / 3) * 16 + 6;

  writeLine(doc, 'Persona con quien se entendió la diligencia:', left, y, width * 0.68);
  y = writeLine(doc, 'RUT:', left + width * 0.7, y, width * 0.3);
  writeLine(doc, 'Relación con el demandado:', left, y, width * 0.5);
  y = writeLine(doc, 'Teléfono de contacto:', left + width * 0.52, y, width * 0.48);
  y = writeLine(doc, 'Señas del domicilio / características del inmueble:', left, y, width);
  y = blankLines(doc, 1, y - 4);
  y = writeLine(doc, 'Bienes embargados:', left, y, width);
  y = blankLines(doc, 1, y - 4);
  y = writeLine(doc, 'Observaciones:', left, y, width);
  y = blankLines(doc, 2, y - 4);

  const signatureY = Math.max(y + 40, doc.page.height - PAGE_MARGIN - 30);
  signature(doc, 'Firma del receptor', left + 10, signatureY, width * 0.4);
  signature(doc, 'Firma y RUT de quien recibe', left + width * 0.55, signatureY, width * 0.4);

  doc.end();
  return done;
}
