/** Texts of the receiver's identity (issue 30 §2); the screen and the API say the same words. */
export const receptorMessages = {
  nombreRequerido: 'El nombre del receptor es requerido',
  rutRequerido: 'El RUT del receptor es requerido',
  rutInvalido: 'El RUT no es válido (formato 12345678-9)',
  rutYaRegistrado: (rut: string) => `Ya existe otro receptor registrado con el RUT ${rut}`,
  telefonoFormato: 'Ingrese un teléfono válido (ej: +56 2 2345 6789)',
  emailFormato: 'Ingrese un correo electrónico válido',
  textoDemasiadoLargo: (max: number) => `Máximo ${max} caracteres`,
  sinPermiso: 'Solo el receptor o quien administra los permisos puede ver y cambiar los datos del receptor.',
  guardado: 'Datos del receptor guardados',
} as const;
