import { diligenciaMessages } from '../diligencias/messages';

/** Messages of Gestión de Plantillas (spec 02 §2.9, §5, §8). */
export const plantillaMessages = {
  nombreRequerido: 'Por favor ingrese un nombre para la plantilla',
  nombreDemasiadoLargo: 'Máximo 100 caracteres',
  nombreInvalido: 'El nombre solo puede tener letras, números, espacios, guiones y guiones bajos',
  nombreDuplicado: 'Ya existe una plantilla con ese nombre',
  creada: '¡Plantilla creada exitosamente!',
  errorCrear: 'Error al crear la plantilla',
  errorCargar: 'Error al cargar datos de plantillas',
  sinPlantillas: 'No se encontraron plantillas',
  sinPlantillasAyuda: 'Cree su primera plantilla usando el formulario de arriba',
  googleNoDisponible: 'Documento de Google Docs no disponible para esta plantilla',
  noEncontrada: 'El documento o plantilla no fue encontrado. Puede haber sido eliminado.',
  archivoInvalido: 'El archivo debe ser un documento de Word (.docx) válido',
  archivoDemasiadoGrande: 'El archivo supera el tamaño máximo de 5 MB',
  archivoActualizado: 'Plantilla actualizada',
  marcadoresDesconocidos: (nombres: readonly string[]) => `Marcadores desconocidos: ${nombres.map((n) => `<<${n}>>`).join(', ')}`,
  /** The upload's refusal (422) while the request does not ask to keep the file anyway. */
  plantillaConDesconocidos: (nombres: readonly string[]) =>
    `La plantilla tiene marcadores desconocidos: ${nombres.map((n) => `<<${n}>>`).join(', ')}`,
  aceptarDesconocidosInvalido: 'aceptar_desconocidos debe ser 1 o 0',
  tipoRequerido: diligenciaMessages.tipoRequerido,
  tipoInvalido: diligenciaMessages.tipoInvalido,
  plantillaValida: 'La plantilla es válida',
  actualizar: 'Actualizar',
  creando: 'Creando...',
  abrir: 'Abrir',
} as const;

/** Stored template name: plantilla_{name}_receptoria (spec 02 §2.9, §9). */
export function storedPlantillaName(nombre: string): string {
  return `plantilla_${nombre.trim()}_receptoria`;
}

export const PLANTILLA_MAX_BYTES = 5 * 1024 * 1024;
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
