/** Spanish texts of payments and a firm's account statement (issue 25). */
export const pagosMessages = {
  estudioInvalido: 'Estudio jurídico inválido',
  estudioNoEncontrado: 'Estudio jurídico no encontrado.',
  medioInvalido: "Medio de pago inválido: use 'transferencia', 'cheque', 'efectivo' u 'otro'",
  referenciaLarga: 'La referencia admite hasta 100 caracteres',
  reciboInvalido: 'Recibo inválido',
  recibosRepetidos: 'Hay recibos repetidos en las aplicaciones',
  sinAplicaciones: 'Indique al menos una aplicación',
  aplicacionesExcedenPago: 'Las aplicaciones superan el monto disponible del pago',
  aplicacionExcedeSaldo: (numero: number, saldo: string) => `La aplicación supera el saldo del recibo N° ${numero} (${saldo})`,
  recibosNoAplicables: (ids: readonly number[]) =>
    `Los recibos ${ids.join(', ')} no existen, están anulados o no son del estudio del pago`,
  pagoNoEncontrado: 'Pago no encontrado.',
  pagoAnulado: 'El pago ya fue deshecho.',
  pagoSinCredito: 'El pago no tiene crédito disponible para aplicar',
  fechaPosteriorAPago: 'La fecha del pago no puede ser futura',
  envioSinCorreos: (estudio: string) => `El estudio ${estudio} no tiene correos de cobranza ni correo principal activos.`,
  estadoCuentaEnviado: (destinatarios: readonly string[]) => `Estado de cuenta enviado a ${destinatarios.join(', ')}`,
  asuntoEstadoCuenta: (estudio: string, hasta: string) => `Estado de cuenta ${estudio} al ${hasta}`,
  cuerpoEstadoCuenta: (estudio: string, hasta: string, saldo: string) =>
    `Adjuntamos el estado de cuenta del estudio ${estudio} al ${hasta}. Saldo pendiente: ${saldo}.`,
  medios: { transferencia: 'Transferencia', cheque: 'Cheque', efectivo: 'Efectivo', otro: 'Otro' },
  movimientos: {
    recibo: 'Recibo',
    rebaja: 'Rebaja',
    anulacion: 'Anulación de recibo',
    retencion: 'Retención de la boleta (pagada por el estudio al SII)',
    pago: 'Pago',
    reverso_pago: 'Pago deshecho',
  },
  antiguedad: { d0_30: '0 a 30 días', d31_60: '31 a 60 días', d61_90: '61 a 90 días', d90_mas: 'Más de 90 días' },
} as const;
