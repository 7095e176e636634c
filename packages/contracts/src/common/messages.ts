/**
 * The API's Spanish error messages (spec 01 §8). Plain text with no zod: the web app's first page imports
 * it on its own (`@receptoria/contracts/common/messages`).
 */
export const commonMessages = {
  forbidden: 'No tienes permisos para acceder a este recurso. Contacta al administrador.',
  unauthorized: 'Las credenciales de autenticación no se proveyeron o son inválidas.',
  notFound: 'No encontrado.',
  malformedJson: 'El cuerpo de la solicitud no es un JSON válido.',
  validation: 'Error de validación',
  internal: 'Error interno del servidor. Intenta nuevamente en unos minutos.',
  rateLimited: 'Demasiados intentos. Intente nuevamente en unos minutos.',
  moduleMissing: 'No tienes permisos para acceder a este módulo.',
  permissionMissing: 'No tienes los permisos necesarios para esta función.',
  unavailable: 'Servicio no disponible. Intente nuevamente en unos momentos.',
  receptorEnMantenimiento:
    'El receptor está en mantenimiento: se está restaurando su base de datos desde un respaldo. Intente nuevamente en unos minutos.',
  conflict: 'Ya existe un registro con esos datos.',
  invalidUrl: 'La dirección solicitada no es válida.',
  headersTooLarge: 'Los encabezados de la solicitud son demasiado grandes.',
  methodNotAllowed: 'Método no permitido.',
} as const;
