/** Texts of the receiver's identity form (the 'Mis datos de receptor' screen and the client detail). */
export const receptorDatosMessages = {
  fields: {
    nombre: 'Nombre del receptor',
    rut: 'RUT',
    titulo: 'Título',
    direccion: 'Dirección de la oficina',
    comuna: 'Comuna de la oficina',
    telefono: 'Teléfono',
    email: 'Correo electrónico',
  },
  placeholders: {
    nombre: 'Ej: María Angélica Fuentes Rojas',
    rut: '12345678-9',
    titulo: 'Ej: Receptor Judicial de la Jurisdicción de la I. Corte de Apelaciones de Santiago',
    direccion: 'Ej: Huérfanos 1160, oficina 712',
    comuna: 'Ej: Santiago',
    telefono: '+56 2 2345 6789',
    email: 'oficina@receptor.cl',
  },
  hints: {
    nombre: 'Como firma los certificados',
    titulo: 'Aparece bajo la firma de los certificados',
    comuna: 'Lugar que encabeza los certificados',
  },
  formulario: 'Datos del receptor',
  guardar: 'Guardar datos',
  cancelar: 'Cancelar',
  errorGuardar: 'No se pudieron guardar los datos del receptor',
} as const;
