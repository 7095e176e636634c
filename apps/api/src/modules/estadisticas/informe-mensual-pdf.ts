import { type EstadisticasMensuales, formatCLP } from '@receptoria/contracts';
import { cellRow, contentWidth, createPdf, PAGE_MARGIN, type Pdf, receiverHeader, sectionTitle } from '../../documents/pdf';

const SEMAFORO_TEXT = { verde: 'Verde', amarillo: 'Amarillo', rojo: 'Rojo' } as const;
const ALERTA_TEXT = { critica: 'Crítica', advertencia: 'Advertencia', info: 'Información' } as const;
const MESES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

export function mesTexto(mes: string): string {
  const [y, m] = mes.split('-').map(Number);
  return `${MESES[m! - 1]} ${y}`;
}

const pct = (value: number | null) => (value === null ? 'Sin datos del mes anterior' : `${value > 0 ? '+' : ''}${value.toLocaleString('es-CL')}%`);

/** Keeps room for `height` points, else starts a new page; returns the y to draw at. */
function room(doc: Pdf, y: number, height: number): number {
  if (y + height <= doc.page.height - PAGE_MARGIN) return y;
  doc.addPage();
  return PAGE_MARGIN;
}

function table(doc: Pdf, headers: string[], widths: number[], rows: string[][], y: number): number {
  const width = contentWidth(doc);
  let current = y;
  const draw = (cells: string[], bold: boolean) => {
    current = room(doc, current, 16);
    let x = PAGE_MARGIN;
    cells.forEach((cell, index) => {
      const w = width * widths[index]!;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5).text(cell, x + 2, current + 3, { width: w - 4, lineBreak: false, ellipsis: true });
      x += w;
    });
    current += 15;
    doc.moveTo(PAGE_MARGIN, current).lineTo(PAGE_MARGIN + width, current).lineWidth(0.3).stroke().lineWidth(0.8);
  };
  draw(headers, true);
  for (const row of rows) draw(row, false);
  return current + 8;
}

/** The monthly statistics report as a PDF (the button of spec 02 §2.5). */
export async function buildInformeMensualPdf(data: EstadisticasMensuales, receptor: string): Promise<Buffer> {
  const titulo = `Informe mensual ${mesTexto(data.mes)}`;
  const { doc, done } = createPdf(titulo, receptor);
  let y = receiverHeader(doc, receptor, `ESTADÍSTICAS E INFORMES — ${mesTexto(data.mes).toUpperCase()}`, PAGE_MARGIN);

  y = sectionTitle(doc, 'Resumen del mes', y);
  y = cellRow(doc, [
    { label: 'Encargos', value: String(data.resumen.total_encargos), span: 0.2 },
    { label: 'Ingresos', value: formatCLP(data.resumen.valor_total), span: 0.25 },
    { label: 'Promedio por encargo', value: formatCLP(data.resumen.promedio_por_encargo), span: 0.25 },
    { label: 'Días activos', value: String(data.resumen.dias_activos), span: 0.15 },
    { label: 'Estudios', value: String(data.resumen.estudios_activos), span: 0.15 },
  ], y) + 6;
  y = cellRow(doc, [
    { label: 'Encargos vs mes anterior', value: pct(data.comparativa.encargos_porcentaje), span: 0.5 },
    { label: 'Ingresos vs mes anterior', value: pct(data.comparativa.ingresos_porcentaje), span: 0.5 },
  ], y) + 12;

  y = room(doc, y, 60);
  y = sectionTitle(doc, 'Rentabilidad por estudio', y);
  y = table(
    doc,
    ['Estudio', 'Encargos', 'Valor total', 'Promedio', 'Semáforo'],
    [0.4, 0.12, 0.18, 0.18, 0.12],
    data.rentabilidad_estudios.map((e) => [e.nombre, String(e.encargos), formatCLP(e.valor_total), formatCLP(e.promedio_por_encargo), SEMAFORO_TEXT[e.semaforo]]),
    y,
  );

  y = room(doc, y, 60);
  y = sectionTitle(doc, 'Top estudios', y);
  const filas = Math.max(data.top_estudios.por_volumen.length, data.top_estudios.por_valor.length);
  y = table(
    doc,
    ['Por volumen', 'Encargos', 'Por valor', 'Valor'],
    [0.35, 0.15, 0.35, 0.15],
    Array.from({ length: filas }, (_, i) => {
      const v = data.top_estudios.por_volumen[i];
      const p = data.top_estudios.por_valor[i];
      return [v?.nombre ?? '', v ? String(v.cantidad) : '', p?.nombre ?? '', p ? formatCLP(p.valor) : ''];
    }),
    y,
  );

  y = room(doc, y, 60);
  y = sectionTitle(doc, 'Alertas', y);
  y = table(doc, ['Tipo', 'Mensaje'], [0.18, 0.82], data.alertas.map((a) => [ALERTA_TEXT[a.tipo], a.mensaje]), y);

  y = room(doc, y, 60);
  y = sectionTitle(doc, 'Análisis predictivo', y);
  cellRow(doc, [
    { label: 'Día de mayor actividad', value: data.analisis_predictivo.dia_mayor_actividad ?? 'Sin datos', span: 0.3 },
    { label: 'Promedio por día activo', value: data.analisis_predictivo.promedio_dia_activo.toLocaleString('es-CL'), span: 0.25 },
    { label: 'Estudios recomendados', value: data.analisis_predictivo.estudios_recomendados.slice(0, 2).join(', ') || 'Sin datos', span: 0.45 },
  ], y);
  doc.end();
  return done;
}
