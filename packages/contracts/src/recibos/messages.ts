/** Spanish texts of receipts (issue 25): the API's 400/404/409 details and the screens' words. */
export const recibosMessages = {
  estudioInvalido: 'Estudio jurídico inválido',
  estudioNoEncontrado: 'Estudio jurídico no encontrado.',
  fechaInvalida: 'Fecha inválida: use el formato AAAA-MM-DD',
  rangoInvertido: 'La fecha de inicio no puede ser posterior a la fecha de fin',
  diligenciaInvalida: 'Diligencia inválida',
  sinDiligencias: 'Debe seleccionar al menos una diligencia',
  demasiadasDiligencias: (max: number) => `Un recibo admite hasta ${max} diligencias`,
  diligenciasRepetidas: 'Hay diligencias repetidas en la lista',
  diligenciasNoFacturables: (ids: readonly number[]) =>
    ids.length === 1
      ? `La diligencia ${ids[0]} no existe, no está estampada o no es del estudio del recibo`
      : `Las diligencias ${ids.join(', ')} no existen, no están estampadas o no son del estudio del recibo`,
  diligenciaYaEnRecibo: (diligencia: number, numero: number) =>
    `La diligencia ${diligencia} ya está en el recibo N° ${numero}`,
  fechaAnteriorADiligencias: (fecha: string) =>
    `La fecha del recibo no puede ser anterior a la fecha de sus diligencias (${fecha})`,
  observacionesLargas: 'Las observaciones admiten hasta 1000 caracteres',
  reciboNoEncontrado: 'Recibo no encontrado.',
  reciboAnulado: 'El recibo está anulado.',
  reciboConPagos: 'El recibo tiene pagos aplicados: no se pueden cambiar sus diligencias.',
  reciboSinCambios: 'Indique diligencias para agregar o quitar',
  quitarNoEnRecibo: (ids: readonly number[]) => `Las diligencias ${ids.join(', ')} no están en el recibo`,
  reciboVacio: 'El recibo debe conservar al menos una diligencia',
  montoInvalido: 'Monto inválido: debe ser un número entero de pesos',
  montoPositivo: 'El monto debe ser mayor que cero',
  motivoRequerido: 'El motivo es requerido',
  rebajaBajoPagado: (pagado: string) => `La rebaja deja el total del recibo por debajo de lo pagado (${pagado})`,
  rebajaExcedeTotal: 'La rebaja no puede superar el total del recibo',
  anularConPagos: 'El recibo tiene pagos aplicados: deshaga los pagos antes de anularlo.',
  numeroInicialInvalido: 'El número inicial debe ser un entero entre 1 y 999.999.999',
  numeroInicialBajo: (ultimo: number) => `El número inicial debe ser mayor que el último recibo emitido (N° ${ultimo})`,
  estadoInvalido: 'Estado inválido',
  paginaInvalida: 'Página inválida',
  formatoInvalido: 'Formato inválido',
  numeroBoletaInvalido: 'El número de boleta es requerido (hasta 20 caracteres)',
  retieneInvalido: "Indique quién retiene: 'pagador' o 'receptor'",
  boletaYaEmitida: (numero: string) => `El recibo ya tiene la boleta N° ${numero}`,
  tasaNoDefinida: (anio: number) => `No hay tasa de retención definida para el año ${anio}`,
  estados: {
    emitido: 'Emitido',
    pagado_parcial: 'Pagado parcial',
    pagado: 'Pagado',
    anulado: 'Anulado',
  },
  retiene: { pagador: 'Retiene el pagador', receptor: 'Retiene el receptor' },
} as const;
