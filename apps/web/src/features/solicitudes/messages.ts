import { pendientesMessages } from './pendientes-messages';

export { pendientesMessages };

/** The receiver's inbox of requests sent from the law-firm portal (issue 27). */
export const solicitudesMessages = {
  ...pendientesMessages,
  subtitle: 'Encargos que los estudios envían desde el portal. Revise cada uno en Nuevo Encargo antes de aceptarlo.',
  estados: { pendiente: 'Pendientes', aceptada: 'Aceptadas', rechazada: 'Rechazadas' },
  estado: { pendiente: 'Pendiente', aceptada: 'Aceptada', rechazada: 'Rechazada' },
  empty: 'No hay solicitudes en este estado.',
  loadError: 'No se pudieron cargar las solicitudes.',
  revisar: 'Revisar',
  verEncargo: 'Ver encargo',
  enviadaPor: (nombre: string, fecha: string) => `Enviada por ${nombre} el ${fecha}`,
  archivos: 'Documentos',
  descargar: (nombre: string) => `Descargar ${nombre}`,
  downloadError: 'No se pudo descargar el documento.',
  revision: {
    title: (rol: string) => `Solicitud del portal · ${rol}`,
    hint: 'Revise los datos del estudio. Al registrar el encargo la solicitud queda aceptada y el estudio recibe un aviso.',
    notFound: 'La solicitud no existe o ya no está pendiente.',
    back: 'Volver a solicitudes',
  },
  rechazar: {
    open: 'Rechazar',
    motivo: 'Motivo del rechazo',
    motivoPlaceholder: 'Se informa al estudio por correo',
    confirm: 'Rechazar solicitud',
    cancel: 'Cancelar',
    done: 'Solicitud rechazada. El estudio recibirá el motivo por correo.',
    error: (detail: string) => `No se pudo rechazar: ${detail}`,
  },
  aceptada: 'Solicitud aceptada. El estudio recibirá un aviso por correo.',
  motivo: 'Motivo',
} as const;
