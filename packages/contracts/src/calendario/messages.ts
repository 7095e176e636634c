/** Texts of the legal calendar (issue 24); the screen and the API say the same words. */
export const calendarioMessages = {
  fechaInvalida: 'Ingrese una fecha válida (AAAA-MM-DD) entre los años 2000 y 2100',
  anioInvalido: 'Ingrese un año válido entre 2000 y 2100',
  regionInvalida: 'Ingrese una región válida (ej: CL-RM)',
  diasInvalidos: 'La cantidad de días hábiles debe ser un número entero entre 1 y 365',
  diasSlaInvalidos: 'Los días para subir el estampado deben ser un número entero entre 0 y 30',
  nombreRequerido: 'El nombre del feriado es requerido',
  nombreDemasiadoLargo: 'El nombre del feriado admite hasta 150 caracteres',
  feriadoDuplicado: (fecha: string) => `Ya existe un feriado propio el ${fecha}`,
  feriadoNoEncontrado: 'Feriado propio no encontrado',
  tipoPropioInvalido: 'El tipo debe ser feriado (un día no hábil propio) o no_feriado (un feriado de la lista que se cuenta como hábil)',
  noEsFeriadoLegal: (fecha: string) =>
    `El ${fecha} no es un feriado nacional ni regional del calendario del receptor; solo un feriado de la lista puede marcarse como día hábil`,
  diaHabilAgregado: 'Día marcado como hábil: el feriado de la lista ya no se cuenta',
  fuenteNoFeriado: (nombre: string) => `Marcado como día hábil por el receptor (la lista de feriados indica: ${nombre})`,
  sinPermiso: 'Solo el receptor o quien administra los permisos puede cambiar el calendario.',
  feriadoAgregado: 'Feriado agregado',
  feriadoEliminado: 'Feriado eliminado',
  configuracionGuardada: 'Configuración del calendario guardada',
  motivoDomingo: 'Domingo',
  motivoSabado: 'Sábado (no hábil según la configuración)',
} as const;
