import { PORTAL_PDF_MAX_BYTES, type SolicitudDatos, SolicitudDatosFormSchema } from '@receptoria/contracts';
// The request carries Nuevo Encargo's fields (spec 01 §3) without the firm: the same form values,
// defaults and resolver as that screen, over the portal's contract.
import {
  defaultEncargoValues,
  encargoResolver,
  type EncargoFieldName,
  type EncargoFormValues,
} from '../../../components/encargo-form/encargo-form-values';
import { portalTexts } from '../messages';

export type SolicitudFormValues = EncargoFormValues;

export function defaultSolicitudValues(): SolicitudFormValues {
  return defaultEncargoValues({ retiroToday: true });
}

export function solicitudResolver() {
  return encargoResolver(SolicitudDatosFormSchema);
}

export type SolicitudStep = 'causa' | 'partes' | 'domicilios' | 'documentos';
export const SOLICITUD_STEPS: readonly SolicitudStep[] = ['causa', 'partes', 'domicilios', 'documentos'];

/** The fields each step shows and checks before the next one. */
export const STEP_FIELDS: Record<SolicitudStep, readonly EncargoFieldName[]> = {
  causa: ['numero_rol', 'tribunal', 'parte_demandante', 'tipo_causa', 'tipo_encargo', 'cuantia', 'fecha_demanda', 'fecha_resolucion'],
  partes: ['partes', 'ejecutados', 'rut_ejecutado', 'rut_representante_legal', 'numero_operacion'],
  domicilios: ['domicilios'],
  documentos: ['observaciones_encargo', 'fecha_comparendo', 'fecha_prueba', 'fecha_encargo', 'fecha_retiro'],
};

/** The step that shows a field (for errors the server sends back). */
export function stepOf(field: string): SolicitudStep {
  const name = field.split('.')[0] as EncargoFieldName;
  return SOLICITUD_STEPS.find((step) => STEP_FIELDS[step].includes(name)) ?? 'documentos';
}

const PDF_MAGIC = '%PDF-';

/** Why a chosen file cannot go as a request's PDF (what the API checks: magic bytes, 10 MiB), or null. */
export async function pdfProblem(file: File | null): Promise<string | null> {
  const m = portalTexts.solicitud;
  if (!file) return m.pdfRequired;
  if (file.size > PORTAL_PDF_MAX_BYTES) return m.pdfTooLarge;
  const head = new Uint8Array(await file.slice(0, PDF_MAGIC.length).arrayBuffer());
  const text = String.fromCharCode(...head);
  return text === PDF_MAGIC ? null : m.pdfInvalid;
}

/** The multipart body of POST /api/v1/portal/solicitudes/: `datos` as JSON text and the two PDFs. */
export function solicitudBody(datos: SolicitudDatos, demanda: File, resolucion: File): FormData {
  const body = new FormData();
  body.append('datos', JSON.stringify(datos));
  body.append('demanda', demanda, demanda.name);
  body.append('resolucion', resolucion, resolucion.name);
  return body;
}
