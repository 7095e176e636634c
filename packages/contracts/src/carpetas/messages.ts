/** Texts of the folders screen (spec 02 §2.8, §5, §8). */
export const carpetasMessages = {
  loadError: 'Error al cargar las carpetas',
  loadErrorScreen: 'Error al cargar las carpetas. Verifica la configuración multi-tenant.',
  openError: 'Error al abrir el link',
  noLink: (kind: string) => `No hay link configurado para ${kind}`,
  opening: (kind: string) => `Abriendo carpeta de ${kind}`,
} as const;
