/** Configuraciones Estudio → 'Usuarios del portal' (issue 27). */
export const usuariosPortalMessages = {
  title: 'Usuarios del portal',
  description: 'Personas del estudio que siguen sus encargos, envían solicitudes y descargan certificados en el portal.',
  nombre: 'Nombre',
  email: 'Correo electrónico',
  estado: 'Estado',
  acciones: 'Acciones',
  invitar: 'Invitar',
  invitando: 'Invitando...',
  reenviar: 'Reenviar invitación',
  desactivar: 'Desactivar',
  activar: 'Activar',
  empty: 'Este estudio aún no tiene usuarios del portal.',
  loadError: 'No se pudieron cargar los usuarios del portal.',
  invitado: (email: string) => `Invitación enviada a ${email}`,
  reenviado: (email: string) => `Invitación reenviada a ${email}`,
  desactivado: (nombre: string) => `${nombre} ya no puede ingresar al portal`,
  activado: (nombre: string) => `${nombre} puede ingresar al portal`,
  error: (detail: string) => `No se pudo completar: ${detail}`,
  vence: (fecha: string) => `Enlace válido hasta ${fecha}`,
  /** The invitation's mail could not go out now: the link to send by other means (issue 36 §1). */
  enBandeja: {
    title: 'La invitación quedó en Correo saliente',
    text: (email: string) =>
      `No hay un servicio de correo configurado, así que el correo para ${email} quedó en Correo saliente sin enviarse. Copie el enlace de activación y envíeselo por otro medio (por ejemplo, WhatsApp): vale por 48 horas y una sola vez.`,
  },
  pendiente: {
    title: 'La invitación está en cola',
    text: (email: string) =>
      `El correo para ${email} espera su envío en Correo saliente. Si la persona no lo recibe, copie el enlace de activación y envíeselo por otro medio (por ejemplo, WhatsApp).`,
  },
  fallido: {
    title: 'No se pudo enviar la invitación',
    text: (email: string) =>
      `El servidor de correo no aceptó el correo para ${email}; quedó en Correo saliente con el motivo. Copie el enlace de activación y envíeselo por otro medio (por ejemplo, WhatsApp).`,
  },
  enlace: 'Enlace de activación',
  cerrarAviso: 'Cerrar aviso',
  estados: { invitado: 'Invitado', activo: 'Activo', desactivado: 'Desactivado' },
  confirmDesactivar: {
    title: 'Desactivar usuario del portal',
    text: (nombre: string) => `${nombre} no podrá ingresar al portal hasta que lo active otra vez. Sus sesiones abiertas se cierran.`,
    confirm: 'Desactivar',
  },
} as const;
