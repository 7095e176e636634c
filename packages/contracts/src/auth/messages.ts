export const authMessages = {
  usernameRequired: 'El usuario es requerido',
  usernameMin: 'El usuario debe tener al menos 3 caracteres',
  passwordRequired: 'La contraseña es requerida',
  passwordMin: 'La contraseña debe tener al menos 6 caracteres',
  invalidCredentials: 'Usuario o contraseña incorrectos',
  inactiveUser: 'La cuenta de usuario está desactivada. Contacte al administrador.',
  inactiveTenant: 'El receptor asociado a esta cuenta está desactivado. Contacte al administrador.',
  refreshRequired: 'El token de actualización es requerido',
  refreshInvalid: 'El token de actualización es inválido o expiró',
  tooManyAttempts: 'Demasiados intentos de inicio de sesión. Espere un minuto e intente nuevamente.',
  loggedOut: 'Sesión cerrada',
} as const;
