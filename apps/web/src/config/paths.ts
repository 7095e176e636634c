/** Every route of the product (spec 01 §2, 02 §2), in one place. */
export const paths = {
  login: '/login',
  home: '/',
  nuevoEncargo: '/nuevo-encargo',
  /** Nuevo Encargo in bulk from a spreadsheet (issue 41 §2). */
  importarEncargos: '/nuevo-encargo/importar',
  verPendientes: '/ver-pendientes',
  reEncargos: '/re-encargos',
  administrarEstudios: '/administrar-estudios',
  registrarEstudio: '/registrar-estudio',
  configuracionesEstudio: '/configuraciones-estudio',
  cobranza: '/cobranza',
  informes: '/informes',
  diligencias: '/diligencias',
  generarEstampado: '/diligencias/generar-estampado',
  /** The second stamp-generation screen (spec 02 §2.1; its route is not shown there). */
  estampar: '/diligencias/estampar',
  rutas: '/rutas',
  plantillas: '/plantillas',
  resultadosDashboard: '/resultados-dashboard',
  estadisticas: '/estadisticas',
  permisos: '/permisos',
  onboarding: '/onboarding',
  carpetas: '/carpetas',
  /** Field mode, the phone the receiver carries (issue 23); the installed app opens here. */
  terreno: '/terreno',
  /** The receiver's identity on certificates and mails (issue 30 §2). */
  configuracionReceptor: '/configuracion/receptor',
  /** The legal calendar (issue 24): deadlines, holidays and alarms; its own holidays and settings. */
  calendario: '/calendario',
  calendarioFeriados: '/calendario/feriados',
  /** The signed-in user's profile: its data and its phone-calendar link. */
  perfil: '/mi-perfil',
  /** Certificates with a PDF waiting for the electronic signature (issue 26 §4, module estampar). */
  porFirmar: '/por-firmar',
  /** The public page a certificate's QR opens (issue 26 §5): no session. */
  verificar: '/verificar/:codigo',
  /** Requests the law firms send through the portal (issue 27): the inbox and one request in Nuevo Encargo. */
  solicitudes: '/solicitudes',
  solicitud: '/solicitudes/:id',
  /** The law-firm portal (issue 27): its own app, session and route tree under /portal. */
  portal: '/portal',
  portalLogin: '/portal/login',
  portalActivar: '/portal/activar/:token',
  portalEncargos: '/portal/encargos',
  portalEncargo: '/portal/encargos/:id',
  portalNuevaSolicitud: '/portal/nueva-solicitud',
  /** Many requests at once from a spreadsheet (issue 41 §2). */
  portalEnviarPlanilla: '/portal/enviar-planilla',
  portalDocumentos: '/portal/documentos',
  portalCuenta: '/portal/cuenta',
  portalPreferencias: '/portal/preferencias',
  /** Every mail the product sends for the receiver (issue 36 §1); `?cliente=<id>` another receiver's (admin). */
  correoSaliente: '/correo-saliente',
  /** Dashboard detail (spec 02 §2.4; its route is not shown there). */
  dashboardDetalle: '/dashboard/detalle/:clave',
} as const;

export const detallePath = (clave: string) => `/dashboard/detalle/${clave}`;

export const solicitudPath = (id: number | string) => `/solicitudes/${id}`;
export const correoSalienteClientePath = (clienteId: number) => `/correo-saliente?cliente=${clienteId}`;
export const portalEncargoPath = (id: number | string) => `/portal/encargos/${id}`;
