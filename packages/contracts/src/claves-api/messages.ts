export const clavesApiMessages = {
  nombreRequerido: 'Indique un nombre para la clave',
  nombreLargo: 'El nombre no puede superar 100 caracteres',
  alcancesRequeridos: 'Elija al menos un alcance para la clave',
  alcanceInvalido: 'Alcance no válido',
  expiraInvalida: 'La fecha de expiración no es válida (AAAA-MM-DD)',
  expiraPasada: 'La fecha de expiración no puede ser anterior a hoy',
  claveRevocada: 'Clave API revocada',
  claveNoEncontrada: 'Clave API no encontrada',
  fueraDeAlcance: 'Esta clave API no tiene el alcance necesario para esta función',
  soloPortalConClave: 'Una clave API solo da acceso a la API del portal de estudios',
} as const;
