/** Texts of the 'Mis datos de receptor' screen (issue 30 §2). */
export const receptorMessages = {
  title: 'Mis datos de receptor',
  subtitle:
    'Nombre, RUT, título y oficina con que se firman sus certificados y correos. Los cambios se usan desde el próximo certificado.',
  loading: 'Cargando datos del receptor...',
  errorTitle: 'No se pudieron cargar los datos del receptor',
  retry: 'Reintentar',
  faltan: 'Faltan datos para sus certificados',
  faltanTexto: (campos: string) => `Complete: ${campos}.`,
} as const;
