import { carpetasMessages as shared } from '@receptoria/contracts';

/** UI texts of the folders screen (spec 02 §2.8, §5, §8). */
export const carpetasMessages = {
  title: 'Carpetas',
  subtitle: 'Acceso a las carpetas compartidas de su oficina.',
  loading: 'Cargando carpetas...',
  errorTitle: 'Error al cargar carpetas',
  errorScreen: shared.loadErrorScreen,
  errorToast: shared.loadError,
  retry: 'Reintentar',
  open: 'Abrir carpeta',
  noLink: 'Link no configurado',
  noLinkFor: shared.noLink,
  opening: shared.opening,
  openError: shared.openError,
  cards: {
    estampados: {
      title: 'Estampados',
      kind: 'estampados',
      text: 'Documentos estampados generados para las diligencias.',
    },
    cobranza: {
      title: 'Cobranza',
      kind: 'cobranza',
      text: 'Planillas en línea para el seguimiento de la cobranza.',
    },
  },
} as const;
