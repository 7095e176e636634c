/** Correo saliente: every mail the product sent or keeps for the receiver (issue 36 §1). */
export const correoSalienteMessages = {
  title: 'Correo saliente',
  description:
    'Todos los correos que el sistema envía por usted: invitaciones al portal, avisos, informes, cobranza, recordatorios y estados de cuenta. Sin un servicio de correo configurado quedan aquí, sin enviarse, para que pueda copiarlos.',
  descriptionCliente: (receptor: string) => `Correos del receptor ${receptor}.`,
  sinTransporteAviso:
    'Hay correos sin enviar porque no hay un servicio de correo configurado (SMTP_URL en el servidor o una cuenta Gmail conectada al estudio). Copie lo necesario desde el detalle de cada correo.',
  estado: 'Estado',
  todos: 'Todos',
  asunto: 'Asunto',
  para: 'Para',
  creado: 'Creado',
  enviado: 'Enviado',
  adjuntos: 'Adjuntos',
  motivo: 'Motivo',
  sinAdjuntos: 'Sin adjuntos',
  ver: 'Ver',
  empty: 'No hay correos.',
  loading: 'Cargando correos...',
  loadError: 'No se pudieron cargar los correos.',
  retry: 'Reintentar',
  detalle: 'Detalle del correo',
  enlace: 'Enlace de activación',
  pagina: (page: number, pages: number, total: number) => `Página ${page} de ${pages} · ${total} ${total === 1 ? 'correo' : 'correos'}`,
  anteriores: 'Anteriores',
  siguientes: 'Siguientes',
  bytes: (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`),
} as const;
