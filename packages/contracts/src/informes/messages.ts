/** Texts of the automatic reports, the Gmail connection and the delivery log (spec 01 §2, §5, §8). */
export const informeMessages = {
  frecuenciaInvalida: 'La frecuencia debe ser diario, semanal o mensual',
  formatoInvalido: 'El formato del informe debe ser excel',
  correoRaizFormato: 'Formato de email inválido',
  correoDestinoFormato: 'Formato de email inválido',
  fechaReferenciaInvalida: 'La fecha de referencia debe tener el formato AAAA-MM-DD',
  booleano: 'Debe ser verdadero o falso',
  configuracionGuardada: 'Configuración de informes guardada exitosamente',
  correoRaizRequerido:
    'Debe configurar el correo raíz en la configuración de informes antes de enviar el informe por correo.',
  sinDestinatarios: 'El estudio no tiene correos de tipo informes o principal ni correo raíz configurado.',
  /** Spec 01 §8: preview 404. */
  sinEncargos: (periodo: string) => `No se encontraron encargos estampados para ${periodo}`,
  errorPrevisualizacion: (periodo: string) => `Error al cargar la previsualización ${periodo}`,
  errorExcel: (periodo: string) => `Error al generar Excel ${periodo}`,
  errorEnvio: (periodo: string) => `Error al enviar Excel ${periodo}`,
  errorGuardar: 'Error al guardar la configuración de informes',
  informeEnviado: (destinos: string) => `Informe enviado a ${destinos}`,
  // Gmail connection (spec 01 §8)
  errorIniciarGmail: 'Error iniciando autorización Gmail',
  errorConectarGmail: 'Error conectando con Gmail',
  errorDesconectarGmail: 'Error desconectando Gmail',
  gmailCancelado: 'Conexión Gmail cancelada',
  tiempoAgotado: 'Tiempo de espera agotado. Intenta nuevamente.',
  /** What every user reads when the server has no Google OAuth client. */
  oauthNoConfigurado: 'La conexión con Gmail no está configurada en este servidor; consulte al administrador.',
  /** The same, for the platform admin only: the settings that enable it. */
  oauthNoConfiguradoAdmin:
    'La conexión con Gmail no está configurada en este servidor: defina GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET en la configuración del servidor y reinícielo.',
  oauthEstadoInvalido: 'La autorización de Gmail no es válida o ya fue usada. Intente conectar nuevamente.',
  oauthCodigoFaltante: 'Google no entregó un código de autorización.',
  oauthDenegado: 'La autorización de Gmail fue rechazada.',
  gmailConectado: (email: string) => `Cuenta Gmail ${email} conectada. Ya puede cerrar esta ventana.`,
  gmailDesconectado: 'Cuenta Gmail desconectada',
  gmailNoConectado: 'El estudio no tiene una cuenta Gmail conectada',
  botonConectar: 'Conectar Gmail',
  botonDesconectar: 'Desconectar Gmail',
  conectadoComo: (email: string, fecha: string) => `Conectado como ${email} desde ${fecha}`,
  sinConexionSmtp: 'Sin cuenta conectada: los informes se envían por el servidor de correo del sistema.',
  sinConexionNiSmtp: 'Sin cuenta conectada y sin servidor de correo del sistema: conecte Gmail para enviar informes.',
} as const;

/** Period wording of the spec's messages: 'el día anterior', 'la semana anterior', 'el mes anterior'. */
export const PERIODO_TEXTO = {
  diario: 'el día anterior',
  semanal: 'la semana anterior',
  mensual: 'el mes anterior',
} as const;

/** Suffix of the per-period error messages ('Error al generar Excel diario'). */
export const PERIODO_ADJETIVO = {
  diario: 'diario',
  semanal: 'semanal',
  mensual: 'mensual',
} as const;

export const FRECUENCIA_LABELS = {
  diario: 'Diario',
  semanal: 'Semanal',
  mensual: 'Mensual',
} as const;

export const ENVIO_ESTADO_LABELS = {
  enviando: 'Enviando',
  enviado: 'Enviado',
  sin_datos: 'Sin datos',
  fallido: 'Fallido',
} as const;

export const ENVIO_ORIGEN_LABELS = {
  programado: 'Programado',
  manual: 'Manual',
} as const;
