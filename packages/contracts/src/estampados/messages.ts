import { commonMessages } from '../common/errors';

/** Messages of the stamp service (spec 02 §8 'Stamp generation' and 'Stamp service error mapping'). */
export const estampadoMessages = {
  sinPlantilla: 'El tipo de estampado seleccionado no tiene plantilla configurada. Contacta al administrador.',
  faltanDatos: 'Faltan datos requeridos para generar el estampado. Verifica que todos los campos estén completos.',
  noEncontrado: 'El documento o plantilla no fue encontrado. Puede haber sido eliminado.',
  sinPermiso: commonMessages.forbidden,
  interno: 'Error interno del servidor. Intenta nuevamente en unos minutos.',
  desconocido: 'Error desconocido al procesar la solicitud.',
  respuestaInvalida: 'Respuesta inválida del servidor',
  error: (mensaje: string) => `Error: ${mensaje}`,
  generado: 'Estampado generado exitosamente',
  abrirDocumento: 'Abrir documento',
  documentoEliminado: 'Documento eliminado',
  tipoRequerido: 'Debes seleccionar un tipo de estampado',
  tipoInvalido: 'Tipo de estampado no válido',
  datosInvalidos: 'Los datos del estampado no son válidos',
  demasiadosDatos: 'Demasiados campos en los datos del estampado',
  firmaInvalida: 'El enlace del documento no es válido.',
  /** A download link that is not valid or expired (they last DOCUMENTO_ENLACE_SEGUNDOS). */
  enlaceVencido: 'El enlace del documento no es válido o venció. Ábralo nuevamente desde la aplicación.',
  googleNoDisponible: 'No se pudo generar el documento en Google Docs. Intente nuevamente en unos minutos.',
  plantillaInvalida: 'La plantilla no es un documento de Word válido o tiene marcadores mal escritos. Revísela en Gestión de Plantillas.',
  rolRequerido: 'Faltan datos requeridos para generar el estampado. Verifica que todos los campos estén completos.',
  /** Generation refused for markers without a value: names them (issue 30). */
  faltanMarcadores: (marcadores: readonly string[]) =>
    `Faltan datos para los marcadores: ${marcadores.map((x) => (x.startsWith('<<') ? x : `<<${x}>>`)).join(', ')}`,
  /** Warning of a generated certificate whose receiver identity is incomplete. */
  receptorIncompleto: (campos: readonly string[]) => `Faltan sus datos de receptor en el certificado: ${campos.join(', ')}`,
  /** Stamp dialog warning when the server has no DOCX → PDF converter (issue 26 §1). */
  sinConversorPdf:
    'Este servidor no tiene conversor a PDF (LibreOffice o Gotenberg): el certificado se genera solo en Word. Los PDF se harán solos cuando se instale uno.',
  documentosEncargo: 'Documentos generados',
  sinDocumentos: 'Aún no hay documentos generados para este encargo',
} as const;

/** Identity fields of the receiver a certificate may lack (receptor_incompleto), and how the warning names them. */
export const RECEPTOR_CAMPOS = ['nombre', 'rut', 'titulo', 'direccion', 'comuna'] as const;
export type ReceptorCampo = (typeof RECEPTOR_CAMPOS)[number];
export const RECEPTOR_CAMPO_LABELS: Record<ReceptorCampo, string> = {
  nombre: 'nombre',
  rut: 'RUT',
  titulo: 'título',
  direccion: 'dirección',
  comuna: 'comuna',
};

/** The stamp-service error text a client shows for an HTTP status and server message (spec 02 §8). */
export function mapStampError(status: number, message?: string | null): string {
  if (status === 403) return estampadoMessages.sinPermiso;
  if (status >= 500) return estampadoMessages.interno;
  const text = (message ?? '').toLowerCase();
  if (text.includes('plantilla configurada')) return estampadoMessages.sinPlantilla;
  if (message && text.startsWith('faltan datos para los marcadores')) return message;
  if (text.includes('faltan datos') || text.includes('marcador')) return estampadoMessages.faltanDatos;
  if (status === 404 || text.includes('no fue encontrado')) return estampadoMessages.noEncontrado;
  return message || estampadoMessages.desconocido;
}
