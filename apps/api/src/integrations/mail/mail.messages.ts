/** Spanish texts of the mail transport. */
export const mailMessages = {
  sinTransporte:
    'No hay un servicio de correo configurado: conecte una cuenta Gmail al estudio o configure SMTP_URL en el servidor.',
  envioFallido: (motivo: string) => `No se pudo enviar el correo: ${motivo}`,
  sinDestinatarios: 'No hay destinatarios para el correo.',
} as const;
