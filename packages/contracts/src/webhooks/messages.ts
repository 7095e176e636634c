export const webhooksMessages = {
  urlRequerida: 'Indique la URL que recibirá los eventos',
  urlInvalida: 'La URL no es válida',
  urlLarga: 'La URL no puede superar 2000 caracteres',
  urlNoHttps: 'La URL debe usar https',
  urlPrivada: 'La URL debe apuntar a una dirección pública',
  eventosRequeridos: 'Elija al menos un evento',
  eventoInvalido: 'Evento no válido',
  endpointNoEncontrado: 'Webhook no encontrado',
  endpointEliminado: 'Webhook eliminado',
  entregaNoEncontrada: 'Entrega no encontrada',
  reenvioProgramado: 'Se enviará nuevamente en unos instantes',
  pruebaProgramada: 'Evento de prueba programado',
} as const;
