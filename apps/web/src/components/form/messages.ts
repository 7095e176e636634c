/** Texts of the shared form inputs. */
export const formMessages = {
  nothingFound: 'Sin resultados',
  clearDate: 'Borrar fecha',
} as const;
