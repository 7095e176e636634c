/** Texts of the shared form inputs. */
export const formMessages = {
  nothingFound: 'Sin resultados',
  comunasFrecuentes: 'Comunas frecuentes',
  comunasTodas: 'Todas las comunas de Chile',
  clearDate: 'Borrar fecha',
  openCalendar: 'Abrir calendario',
  maximoCaracteres: (max: number) => `Máximo ${max} caracteres`,
  unsavedTitle: 'Hay cambios sin guardar',
  unsavedText: 'Si sale ahora, se perderán los datos ingresados en el formulario.',
  unsavedLeave: 'Salir sin guardar',
  unsavedStay: 'Seguir editando',
} as const;
