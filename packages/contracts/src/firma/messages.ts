/** Messages of electronic signing, the documents to sign and public verification (issue 26). */
export const firmaMessages = {
  // Signing certificate (PKCS#12)
  archivoRequerido: 'Debe adjuntar el certificado de firma (.p12 o .pfx)',
  archivoDemasiadoGrande: 'El certificado de firma no puede superar 100 KB',
  archivoInvalido: 'El archivo no es un certificado de firma PKCS#12 (.p12 o .pfx) válido',
  passwordRequerida: 'Debe ingresar la contraseña del certificado',
  passwordDemasiadoLarga: 'La contraseña del certificado es demasiado larga',
  passwordIncorrecta: 'La contraseña del certificado no es correcta',
  sinClavePrivada: 'El certificado no trae su clave privada: exporta el .p12 o .pfx con la clave',
  certificadoVencido: (desde: string, hasta: string) =>
    `El certificado de firma está vencido: es válido del ${desde} al ${hasta}`,
  certificadoNoVigenteAun: (desde: string, hasta: string) =>
    `El certificado de firma aún no es válido: es válido del ${desde} al ${hasta}`,
  sinCertificado: 'No tiene un certificado de firma cargado',
  certificadoIlegible: 'El certificado guardado no se pudo leer: vuelva a cargarlo',
  certificadoGuardado: 'Certificado de firma guardado',
  certificadoEliminado: 'Certificado de firma eliminado',
  // Signing
  documentosRequeridos: 'Debe seleccionar al menos un documento',
  demasiadosDocumentos: 'Puede firmar hasta 100 documentos a la vez',
  documentoInvalido: 'Documento no válido',
  documentoNoEncontrado: 'El documento no fue encontrado',
  documentoSinPdf: 'El documento aún no tiene PDF para firmar',
  documentoYaFirmado: 'El documento ya está firmado',
  documentoGoogle: 'El documento está en Google Docs: genere su PDF para firmarlo',
  pdfIlegible: 'El PDF del documento no se pudo leer para firmarlo',
  errorFirma: 'No se pudo firmar el documento. Intente nuevamente.',
  /** The configured TSA did not give the timestamp: nothing was signed. */
  selloNoDisponible: (motivo: string) => `No se pudo obtener el sello de tiempo (${motivo}). El documento no se firmó; intente nuevamente.`,
  /** The signing screen, when no TSA is configured. */
  sinSelloTiempo:
    'Sin sello de tiempo configurado: sus firmas quedan en nivel básico (PAdES B-B) y no se podrán validar como vigentes después de que venza su certificado.',
  razonFirma: 'Certificado de receptor judicial',
  firmadoPor: (nombre: string, rut: string, fechaHora: string) =>
    `Firmado electrónicamente por ${nombre} — RUT ${rut} — ${fechaHora}`,
  codigoEnDocumento: (codigo: string) => `Código de verificación: ${codigo}`,
  verificarEn: (url: string) => `Verifique este documento en ${url}`,
  // Listing, upload to the court, downloads
  estadoInvalido: 'Estado no válido',
  fechaSubidaRequerida: 'Debe indicar la fecha en que se subió al tribunal',
  fechaSubidaInvalida: 'Fecha de subida inválida',
  fechaSubidaFutura: 'La fecha de subida no puede ser posterior a hoy',
  fechaSubidaAnterior: 'La fecha de subida no puede ser anterior a la firma del documento',
  subidoSinFirma: 'Solo un documento firmado puede marcarse como subido al tribunal',
  yaSubido: 'El documento ya está marcado como subido al tribunal',
  firmadoNoSeElimina: 'Un certificado firmado no se puede eliminar: su PDF firmado se conserva como evidencia',
  marcadoSubido: 'Documento marcado como subido al tribunal',
  sinFirmados: 'Ninguno de los documentos seleccionados está firmado',
  filtroFechaInvalido: 'Fecha inválida',
  rangoInvalido: 'La fecha "desde" no puede ser posterior a "hasta"',
  estudioInvalido: 'Estudio no válido',
  enlaceInvalido: 'El enlace del documento no es válido o venció. Ábralo nuevamente desde la aplicación.',
  // Public verification
  codigoInvalido: 'El código de verificación no es válido',
  codigoNoEncontrado: 'No existe un documento con ese código de verificación',
  demasiadasConsultas: 'Demasiadas consultas. Espere un minuto e intente nuevamente.',
  coincide: 'El archivo es idéntico al documento firmado',
  noCoincide: 'El archivo NO es el documento firmado: su contenido es distinto',
} as const;

/** Labels of the document states (GET /firma/documentos/?estado=). */
export const DOCUMENTO_FIRMA_ESTADO_LABELS = {
  sin_pdf: 'Sin PDF',
  pdf: 'Por firmar',
  firmado: 'Firmado',
  subido: 'Subido al tribunal',
} as const;
