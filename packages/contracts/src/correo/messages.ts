/** Spanish texts of Correo saliente, the receiver's outbox (issue 36 §1). */
export const correoMessages = {
  titulo: 'Correo saliente',
  estadoInvalido: 'Estado de correo inválido',
  fechaInvalida: 'Fecha inválida (use AAAA-MM-DD)',
  rangoInvertido: 'La fecha "hasta" debe ser igual o posterior a "desde"',
  paginaInvalida: 'Página inválida',
  noEncontrado: 'Correo no encontrado',
  /** What an action answers when the mail could only be queued. */
  soloEnBandeja:
    'No hay un servicio de correo configurado: el correo quedó en Correo saliente (Accesos directos → Correo saliente), desde donde puede copiarlo.',
} as const;

export const CORREO_ESTADO_LABELS = {
  pendiente: 'Pendiente',
  enviado: 'Enviado',
  fallido: 'Fallido',
  sin_transporte: 'Sin servicio de correo',
} as const;
