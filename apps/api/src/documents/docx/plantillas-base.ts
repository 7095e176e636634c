import { buildDocx, type Parrafo } from './ooxml';

/**
 * The built-in certificate wording, one per stamp type (the codes seeded by tenant migration 0008).
 * Written as a Chilean receptor judicial words a stamp: first person, 'CERTIFICO:', the address and
 * hour, the person through <<persona>> ("don Juan Pérez", or the name alone without a tratamiento),
 * agreement through <<notificado>>/<<requerido>>, the source through <<dichos_informante>> ("Por los
 * dichos de María Soto, conserje," or "Según lo constatado en el lugar,"), the notes in their own
 * sentence, 'DOY FE.', the place (the receiver's office) and date in words, the fee line and the
 * signature block. A receiver may replace any of them with their own DOCX from Gestión de Plantillas.
 */

interface PlantillaBase {
  /** Heading in capitals. */
  titulo: string;
  /** Body paragraphs after the case header; the first usually begins with 'CERTIFICO:'. */
  cuerpo: string[];
}

const DIA_Y_HORA = 'el día <<fecha_diligencia_palabras>>, siendo las <<hora_diligencia>> horas';

/** At an address that exists: the receiver went to it. */
const LUGAR_Y_HORA = `${DIA_Y_HORA}, me constituí en el domicilio ubicado en <<domicilio_demandado>>, comuna de <<domicilio_comuna>>`;

/** At an address that could not be found: the receiver went to the street to locate it. */
const CALLE_Y_HORA = `${DIA_Y_HORA}, me constituí en la calle indicada en autos, comuna de <<domicilio_comuna>>, a fin de ubicar el domicilio señalado, <<domicilio_demandado>>`;

/** "cédula nacional de identidad N° …" for a person, "RUT N° …" for a company. */
const PERSONA = '<<persona>>, <<identificacion_ejecutado>>';

const ANTECEDENTES = 'Antecedentes de la diligencia: <<apuntes_oracion>>';

/** The visits recorded at the address up to the diligence (issue 23): '' when there are none. */
const INTENTOS = '<<intentos_oracion>>';

function busquedaNegativa(lugar: string, motivo: string): PlantillaBase {
  return {
    titulo: 'BÚSQUEDA NEGATIVA',
    cuerpo: [
      `CERTIFICO: Que ${lugar}, con el objeto de buscar y notificar a ${PERSONA}, la demanda de autos y su proveído. ${motivo}`,
      ANTECEDENTES,
      `${INTENTOS}En consecuencia, la búsqueda resultó negativa. DOY FE.`,
    ],
  };
}

export const PLANTILLAS_BASE: Record<string, PlantillaBase> = {
  busqueda_positiva: {
    titulo: 'BÚSQUEDA POSITIVA',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, con el objeto de notificar personalmente a ${PERSONA}, la demanda de autos y su proveído, sin encontrarle en esa oportunidad.`,
      '<<dichos_informante>> pude establecer que la persona buscada tiene en dicho lugar su morada o el lugar donde habitualmente ejerce su industria, profesión o empleo, y que se encuentra en el lugar del juicio, para los efectos del artículo 44 del Código de Procedimiento Civil.',
      `${ANTECEDENTES} DOY FE.`,
    ],
  },
  busqueda_negativa: busquedaNegativa(
    LUGAR_Y_HORA,
    '<<dichos_informante>> no fue posible establecer que la persona buscada tenga en dicho lugar su morada ni que se encuentre en el lugar del juicio, y no fue encontrada en esa oportunidad.',
  ),
  busqueda_negativa_domicilio_incompleto: busquedaNegativa(
    CALLE_Y_HORA,
    'No me fue posible ubicar el inmueble, por cuanto el domicilio señalado en autos se encuentra incompleto: carece de la numeración, block o departamento que permita individualizarlo.',
  ),
  busqueda_negativa_numeracion_inexistente: busquedaNegativa(
    CALLE_Y_HORA,
    'Recorrida la calle en toda su extensión, constaté que la numeración señalada en autos no existe en ella, por lo que no me fue posible ubicar el domicilio.',
  ),
  busqueda_negativa_no_reside: busquedaNegativa(
    LUGAR_Y_HORA,
    '<<dichos_informante>> pude establecer que la persona buscada no reside ni tiene su morada en dicho domicilio.',
  ),
  notificacion_personal: {
    titulo: 'NOTIFICACIÓN PERSONAL',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, y notifiqué personalmente a ${PERSONA}, la demanda de autos, su proveído y demás resoluciones pertinentes, entregándole copia íntegra de ellas, quien quedó <<notificado>> en el acto. <<firma_notificado>>`,
      `${ANTECEDENTES} DOY FE.`,
    ],
  },
  notificacion_subsidiaria_art_44: {
    titulo: 'NOTIFICACIÓN ARTÍCULO 44 DEL CÓDIGO DE PROCEDIMIENTO CIVIL',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, morada de ${PERSONA}, a fin de notificarle la demanda de autos y su proveído.`,
      'Habiéndola buscado en dicho domicilio en dos días distintos sin encontrarla — la primera vez el día <<busqueda_1_fecha>>, a las <<busqueda_1_hora>> horas, y la segunda el día <<busqueda_2_fecha>>, a las <<busqueda_2_hora>> horas —, establecí que dicho lugar es su morada, <<busqueda_1_informante>>, en la primera búsqueda, y <<busqueda_2_informante>>, en la segunda, y que se encuentra en el lugar del juicio.',
      'En consecuencia, le notifiqué la demanda de autos y su proveído en conformidad al artículo 44 del Código de Procedimiento Civil, <<entrega_copias>>. Se le dará aviso de esta notificación por carta certificada dentro de los dos días siguientes, conforme al artículo 46 del Código de Procedimiento Civil.',
      `${ANTECEDENTES} DOY FE.`,
    ],
  },
  notificacion_cedula: {
    titulo: 'NOTIFICACIÓN POR CÉDULA',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, domicilio de ${PERSONA}, y le notifiqué por cédula la resolución de autos, dejando en el domicilio copia íntegra de ella con los datos necesarios para su acertada inteligencia, conforme al artículo 48 del Código de Procedimiento Civil.`,
      `${ANTECEDENTES} DOY FE.`,
    ],
  },
  requerimiento_pago: {
    titulo: 'REQUERIMIENTO DE PAGO',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, y requerí de pago a ${PERSONA}, para que pagase en el acto a la parte demandante, <<parte_demandante>>, la suma de $<<cuantia>>, más intereses y costas.`,
      'No pagó en el acto, quedando <<requerido>> de pago y <<notificado>> de que dispone del plazo legal para oponer excepciones.',
      `${ANTECEDENTES} DOY FE.`,
    ],
  },
  oposicion_embargo: {
    titulo: 'OPOSICIÓN AL EMBARGO',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, con el objeto de trabar embargo sobre bienes de propiedad de ${PERSONA}, por la suma de $<<cuantia>>.`,
      'La diligencia no pudo llevarse a cabo por la oposición que encontré en el lugar, de lo que dejo constancia para los fines que el tribunal estime pertinentes.',
      `${ANTECEDENTES} DOY FE.`,
    ],
  },
  embargo_bienes: {
    titulo: 'EMBARGO',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, y no habiendo pagado la parte ejecutada, ${PERSONA}, la suma de $<<cuantia>>, trabé embargo sobre los bienes de su propiedad que se indican a continuación.`,
      'Bienes embargados: <<apuntes_oracion>>',
      'Los bienes embargados quedaron en poder de la parte ejecutada en calidad de depositaria provisional, bajo las responsabilidades legales, de lo que fue advertida. DOY FE.',
    ],
  },
  retiro_especies: {
    titulo: 'RETIRO DE ESPECIES',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, en cumplimiento de lo ordenado en autos, y procedí al retiro de las especies embargadas a ${PERSONA}.`,
      'Especies retiradas y su estado: <<apuntes_oracion>> Fueron entregadas al depositario designado. DOY FE.',
    ],
  },
  lanzamiento: {
    titulo: 'LANZAMIENTO',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, en cumplimiento de lo ordenado en autos, y procedí al lanzamiento de ${PERSONA}, y de todos los ocupantes del inmueble.`,
      `${ANTECEDENTES} El inmueble quedó desocupado y a disposición de la parte demandante. DOY FE.`,
    ],
  },
  certificado_carta_art46: {
    titulo: 'CERTIFICACIÓN DE ENVÍO DE CARTA CERTIFICADA (ARTÍCULO 46 DEL CÓDIGO DE PROCEDIMIENTO CIVIL)',
    cuerpo: [
      `CERTIFICO: Que con fecha <<carta_art46_fecha_envio>> remití, por carta certificada de Correos de Chile, número de seguimiento <<carta_art46_numero_seguimiento>>, aviso a ${PERSONA}, dirigido a su domicilio ubicado en <<domicilio_demandado>>, comuna de <<domicilio_comuna>>, de la notificación que le practiqué con fecha <<fecha_notificacion_art44>> conforme al artículo 44 del Código de Procedimiento Civil, dando así cumplimiento a lo dispuesto en el artículo 46 del mismo Código.`,
      'DOY FE.',
    ],
  },
  notificacion_sentencia: {
    titulo: 'NOTIFICACIÓN DE SENTENCIA',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, y notifiqué a ${PERSONA}, la sentencia definitiva dictada en autos, entregándole copia íntegra de ella, quien quedó <<notificado>> en el acto. <<firma_notificado>>`,
      `${ANTECEDENTES} DOY FE.`,
    ],
  },
};

/** Wording of a template created from Gestión de Plantillas: the general certificate. */
export const PLANTILLA_GENERAL: PlantillaBase = {
  titulo: '<<tipo_estampado>>',
  cuerpo: [
    `CERTIFICO: Que ${LUGAR_Y_HORA}, en relación con ${PERSONA}.`,
    'Resultado de la diligencia: <<resultado_diligencia>>.',
    `${ANTECEDENTES} DOY FE.`,
  ],
};

function parrafos(base: PlantillaBase): Parrafo[] {
  return [
    { texto: '<<tribunal>>', negrita: true, alineacion: 'left', espacioDespues: 0 },
    { texto: 'ROL N° <<numero_rol>>', negrita: true, alineacion: 'left', espacioDespues: 0 },
    { texto: 'CARATULADO: <<partes>>', alineacion: 'left', espacioDespues: 14 },
    { texto: base.titulo, negrita: true, alineacion: 'center', espacioDespues: 14 },
    ...base.cuerpo.map((texto): Parrafo => ({ texto, alineacion: 'both' })),
    { texto: '<<lugar_certificado>>, <<fecha_diligencia_palabras>>.', alineacion: 'left', espacioDespues: 14 },
    { texto: 'Drs. $<<valor_cobrado>>.-', negrita: true, alineacion: 'left', espacioDespues: 36 },
    { texto: '______________________________', alineacion: 'center', espacioDespues: 0 },
    { texto: '<<receptor_nombre>>', negrita: true, alineacion: 'center', espacioDespues: 0 },
    { texto: '<<receptor_titulo>>', alineacion: 'center', espacioDespues: 0 },
    { texto: '<<receptor_rut_linea>>', alineacion: 'center', espacioDespues: 0 },
  ];
}

/** The DOCX of a built-in template ('' or an unknown code gives the general certificate). */
export function buildPlantillaBase(codigo: string): Buffer {
  const base = PLANTILLAS_BASE[codigo] ?? PLANTILLA_GENERAL;
  return buildDocx(parrafos(base), base.titulo);
}
