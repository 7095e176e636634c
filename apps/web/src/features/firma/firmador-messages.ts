/** Texts of signing with the token through the signing agent (Mi perfil and 'Por firmar'). */
export const firmadorMessages = {
  card: {
    title: 'Firmador (token criptográfico)',
    descripcion:
      'Para firmar con su token (firma electrónica avanzada), instale el firmador de Receptoría en este equipo y emparéjelo con su cuenta. La clave queda en el token y el PIN se ingresa solo en el firmador.',
    sinAgente: 'No hay un firmador emparejado.',
    agente: (equipo: string) => `Firmador emparejado en «${equipo}»`,
    visto: (cuando: string) => `Última conexión: ${cuando}`,
    nuncaVisto: 'Aún no se conecta',
    generar: 'Generar código de emparejamiento',
    codigo: 'Código de emparejamiento',
    vence: (hora: string) => `Vence a las ${hora}. Úselo una sola vez en el firmador:`,
    comando: (codigo: string, servidor: string) => `receptoria-firmador emparejar ${codigo} --servidor ${servidor}`,
    desemparejar: 'Desemparejar',
    desemparejado: 'Firmador desemparejado',
    error: 'No se pudo completar la acción. Intente nuevamente.',
  },
  porFirmar: {
    tipoP12: 'Certificado de software (P12)',
    tipoToken: 'Token criptográfico',
    firmarToken: (n: number) => (n === 1 ? 'Firmar 1 con token' : `Firmar ${n} con token`),
    maximo: 'Con el token se firman hasta 50 documentos por lote',
    sinFirmador: 'Su certificado está en un token: empareje el firmador en Mi perfil para firmar.',
  },
  modal: {
    title: 'Firmar con token',
    preparando: 'Preparando los documentos…',
    pin: 'Ingrese el PIN de su token en el firmador de este equipo (en su ventana, o en la página que el firmador indica). El PIN no pasa por Receptoría.',
    sinFirmador: `No se encontró el firmador en este equipo. Inícielo y vuelva a intentar.`,
    progreso: (hechos: number, total: number) => `Firmados ${hechos} de ${total}…`,
    resumen: (firmados: number, total: number) => (firmados === total ? `Se firmaron los ${total} documentos.` : `Se firmaron ${firmados} de ${total}; los demás siguen por firmar.`),
    ok: 'Firmado',
    cerrar: 'Cerrar',
    cancelar: 'Cancelar',
    error: 'No se pudo firmar con el token. Intente nuevamente.',
  },
} as const;
