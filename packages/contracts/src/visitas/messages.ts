import { FOTOS_MAX_POR_VISITA, INFORMANTE_NOMBRE_MAX, NUMERO_SEGUIMIENTO_MAX, VISITA_APUNTES_MAX } from './enums';

/** Texts of field work (issue 23); the phone, the office screens and the API say the same words. */
export const visitaMessages = {
  /** CPC art. 44 as reformed by Ley 21.394: word for word from the contract. */
  art44Requisitos: 'Para notificar conforme al artículo 44 se requieren dos búsquedas positivas, en días distintos, en este domicilio.',
  uuidInvalido: 'El identificador de la visita debe ser un UUID válido',
  visitaConflicto: 'Ya existe una visita con este identificador y otro contenido; las visitas no se modifican: registre una corrección',
  visitaRegistrada: 'Visita registrada',
  visitaNoEncontrada: 'Visita no encontrada',
  encargoNoEncontrado: 'Encargo no encontrado',
  domicilioInvalido: 'Domicilio no válido',
  domicilioRequerido: 'Indique el domicilio visitado',
  domicilioAjeno: 'El domicilio no pertenece a este encargo',
  fechaHoraRequerida: 'Indique la fecha y hora de la visita',
  fechaHoraInvalida: 'La fecha y hora de la visita no es válida (use fecha y hora ISO con zona horaria)',
  fechaHoraFutura: 'La fecha y hora de la visita no puede ser posterior a este momento',
  fechaHoraAntigua: 'La fecha de la visita debe ser posterior al año 2000',
  fechaAnteriorAlEncargo: (fechaEncargo: string) =>
    `La fecha de la visita no puede ser anterior a la fecha del encargo (${fechaEncargo}). Revise la fecha y hora de la visita.`,
  tipoInvalido: 'El tipo de visita debe ser búsqueda, notificación, requerimiento, embargo u otra',
  resultadoInvalido: 'Seleccione un resultado de la visita válido',
  relacionInvalida: 'La relación del informante debe ser conserje, vecino, familiar, empleado, el mismo u otro',
  informanteNombreRequerido: 'Indique el nombre del informante',
  generoInvalido: 'El género del informante debe ser femenino o masculino',
  visitaAjena: 'La visita indicada no pertenece a este encargo',
  informanteNombreLargo: `El nombre del informante admite hasta ${INFORMANTE_NOMBRE_MAX} caracteres`,
  apuntesLargos: `Los apuntes de la visita admiten hasta ${VISITA_APUNTES_MAX} caracteres`,
  latitudInvalida: 'La latitud debe estar entre -90 y 90',
  longitudInvalida: 'La longitud debe estar entre -180 y 180',
  precisionInvalida: 'La precisión de la ubicación debe ser un número de metros entre 0 y 100.000',
  origenInvalido: 'El origen de la visita debe ser terreno u oficina',
  corrigeAInvalida: 'La visita corregida debe indicarse por su UUID',
  corrigeANoEncontrada: 'La visita que se corrige no existe en este encargo',
  corrigeASiMisma: 'Una visita no puede corregirse a sí misma',
  fotoRequerida: 'Adjunte una imagen en el campo foto',
  fotoTipoInvalido: 'La foto debe ser una imagen JPEG, PNG o WebP',
  fotoDemasiadoGrande: 'La foto no puede superar 5 MB',
  fotoLimite: `Una visita admite como máximo ${FOTOS_MAX_POR_VISITA} fotos`,
  fotoSoloUna: 'Envíe una sola foto por solicitud',
  fotoRegistrada: 'Foto agregada a la visita',
  fotoEnlaceInvalido: 'Enlace de foto inválido o vencido',
  fechaEnvioRequerida: 'Indique la fecha de envío de la carta certificada (AAAA-MM-DD)',
  fechaEnvioInvalida: 'La fecha de envío de la carta no es válida (AAAA-MM-DD)',
  fechaEnvioFutura: 'La fecha de envío de la carta no puede ser posterior a hoy',
  fechaEnvioAnterior: 'La carta no puede haberse enviado antes de la notificación del artículo 44',
  numeroSeguimientoRequerido: 'Indique el número de seguimiento de Correos de Chile',
  numeroSeguimientoLargo: `El número de seguimiento admite hasta ${NUMERO_SEGUIMIENTO_MAX} caracteres`,
  numeroSeguimientoInvalido: 'El número de seguimiento solo admite letras, números, espacios y guiones',
  sinNotificacionArt44: 'Este encargo no tiene una notificación conforme al artículo 44 que requiera la carta del artículo 46',
  cartaYaRegistrada: 'La carta certificada del artículo 46 de esta notificación ya está registrada',
  cartaRegistrada: 'Carta certificada art. 46 registrada',
  sinCartaArt46: 'Registre primero el envío de la carta certificada del artículo 46 (fecha y número de seguimiento)',
  sinConexion: 'Sin conexión: la visita quedó guardada en este teléfono y se enviará al volver la señal',
  geolocalizacionDenegada: 'Sin permiso de ubicación: la visita se guarda sin coordenadas',
} as const;

/** The phone's counter: "1 visita por enviar", "3 visitas por enviar". */
export function visitasPorEnviarTexto(n: number): string {
  return n === 1 ? '1 visita por enviar' : `${n} visitas por enviar`;
}
