import type { LecturaDocumento } from '@receptoria/contracts';

const DOCUMENTO: Record<LecturaDocumento, string> = { demanda: 'Demanda', resolucion: 'Resolución' };
const DE_DOCUMENTO: Record<LecturaDocumento, string> = { demanda: 'de la demanda', resolucion: 'de la resolución' };

/** Texts of 'Leer desde PDF' (Nuevo Encargo, the portal's Nueva solicitud and the office inbox). */
export const leerPdfMessages = {
  documento: DOCUMENTO,
  titulo: 'Leer desde PDF',
  ayuda:
    'Arrastre la demanda y la resolución en PDF (o elíjalas). Los campos se completan con lo leído, cada uno con su origen, para que usted los revise. Nada se guarda hasta que usted registre.',
  soltar: (documento: LecturaDocumento) => `Arrastre aquí el PDF ${DE_DOCUMENTO[documento]}`,
  elegir: 'Elegir PDF',
  quitar: (documento: LecturaDocumento) => `Quitar el PDF ${DE_DOCUMENTO[documento]}`,
  placeholder: 'Ningún archivo elegido',
  leer: 'Leer documentos',
  releer: 'Leer de nuevo',
  sinArchivos: 'Elija la demanda o la resolución para leerlas.',
  noEsPdf: (documento: LecturaDocumento) => `El archivo ${DE_DOCUMENTO[documento]} no es un PDF.`,
  muyGrande: (documento: LecturaDocumento) => `El archivo ${DE_DOCUMENTO[documento]} supera el máximo de 10 MB.`,
  leyendo: 'Leyendo los documentos…',
  enCola: (documento: LecturaDocumento) => `En espera del reconocimiento de texto ${DE_DOCUMENTO[documento]}…`,
  progreso: (documento: LecturaDocumento, pagina: number, paginas: number, ocr: boolean) =>
    `${ocr ? 'Reconociendo el texto' : 'Leyendo'} ${DE_DOCUMENTO[documento]}: página ${pagina} de ${paginas}`,
  resumen: (llenados: number, revisar: number) =>
    `Se completaron ${llenados} ${llenados === 1 ? 'campo' : 'campos'} con lo leído` +
    (revisar > 0 ? `; ${revisar} ${revisar === 1 ? 'requiere' : 'requieren'} su revisión (marcados en amarillo).` : '.'),
  nadaLeido: 'No se encontraron datos del encargo en los documentos. Complete el formulario a mano.',
  conservados: (campos: string[]) =>
    `No se reemplazó lo que usted ya había escrito en: ${campos.join(', ')}. El valor leído se ofrece en su origen.`,
  advertencias: 'Advertencias de la lectura',
  adjuntos: 'Estos PDF se adjuntarán al encargo al registrarlo.',
  adjuntosSolicitud: 'Estos PDF se enviarán con la solicitud (paso Documentos).',
  error: (detail: string) => `No se pudo leer los documentos: ${detail}`,
  errorConexion: 'Error de conexión al leer los documentos. Intente nuevamente.',
  // The source of one value.
  origen: (documento: LecturaDocumento, pagina: number) => `${DOCUMENTO[documento]} · pág. ${pagina}`,
  origenLargo: (documento: LecturaDocumento, pagina: number) => `Leído ${DE_DOCUMENTO[documento]}, página ${pagina}`,
  revisar: 'Revisar',
  modificado: 'Modificado',
  confianza: (porcentaje: number) => `Confianza de la lectura: ${porcentaje} %`,
  confianzaBaja: 'Confianza baja: compare con el documento antes de registrar.',
  ocr: 'Página escaneada, leída con reconocimiento de texto.',
  valorLeido: (valor: string) => `Valor leído: ${valor}`,
  confirmar: 'Confirmar valor',
  usarLeido: 'Usar valor leído',
  cerrar: 'Cerrar',
  pendientesTitulo: 'Valores por revisar',
  pendientesTexto: (campos: string[]) =>
    `Estos valores leídos tienen confianza baja y no los ha revisado: ${campos.join(', ')}. ¿Registrar de todas formas?`,
  pendientesVolver: 'Volver a revisar',
  pendientesSeguir: 'Registrar de todas formas',
  domicilioLeido: (n: number) => `Domicilio ${n}`,
  // The office inbox: the firm's values beside the ones read from its PDFs.
  comparar: 'Comparar con los PDF',
  comparando: 'Leyendo los PDF de la solicitud…',
  compararTitulo: 'Datos del estudio y datos leídos de sus PDF',
  columnaCampo: 'Campo',
  columnaEstudio: 'Enviado por el estudio',
  columnaLeido: 'Leído de los PDF',
  distinto: 'Distinto del PDF',
  igual: 'Coincide',
  sinLeer: 'No leído',
  diferencias: (n: number) => (n === 0 ? 'Los datos leídos coinciden con los del estudio.' : `${n} ${n === 1 ? 'dato difiere' : 'datos difieren'} de lo leído en los PDF.`),
} as const;
