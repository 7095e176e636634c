import { buildDocx, type Parrafo } from './ooxml';

/**
 * The built-in certificate wording, one per stamp type (the codes seeded by tenant migration 0008).
 * Written as a Chilean receptor judicial words a stamp: first person, 'CERTIFICO:', the address and
 * hour, 'don'/'doña' through <<tratamiento>>, 'DOY FE.', place and date in words, the fee line and the
 * signature block. A receiver may replace any of them with their own DOCX from Gestión de Plantillas.
 */

interface PlantillaBase {
  /** Heading in capitals. */
  titulo: string;
  /** Body paragraphs after the case header; the first usually begins with 'CERTIFICO:'. */
  cuerpo: string[];
}

const LUGAR_Y_HORA =
  'el día <<fecha_diligencia_palabras>>, siendo las <<hora_diligencia>> horas, me constituí en el domicilio ubicado en <<domicilio_demandado>>, comuna de <<domicilio_comuna>>';

const PERSONA = '<<tratamiento>> <<ejecutados>>, cédula de identidad/RUT N° <<rut_ejecutado>>';

function busquedaNegativa(motivo: string): PlantillaBase {
  return {
    titulo: 'BÚSQUEDA NEGATIVA',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, con el objeto de buscar y notificar a ${PERSONA}, la demanda de autos y su proveído. ${motivo}`,
      'Antecedentes recogidos en terreno: <<apuntes_terreno>>.',
      'En consecuencia, la búsqueda resultó negativa. DOY FE.',
    ],
  };
}

export const PLANTILLAS_BASE: Record<string, PlantillaBase> = {
  busqueda_positiva: {
    titulo: 'BÚSQUEDA POSITIVA',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, con el objeto de notificar personalmente a ${PERSONA}, la demanda de autos y su proveído, no siendo habido en esa oportunidad.`,
      'Por los dichos de <<apuntes_terreno>>, pude establecer que la persona buscada tiene en dicho lugar su morada o el lugar donde habitualmente ejerce su industria, profesión o empleo, y que se encuentra en el lugar del juicio, para los efectos del artículo 44 del Código de Procedimiento Civil. DOY FE.',
    ],
  },
  busqueda_negativa: busquedaNegativa(
    'No fue habido, y consultados los moradores y vecinos del sector no fue posible establecer que tenga en dicho lugar su morada ni que se encuentre en el lugar del juicio.',
  ),
  busqueda_negativa_domicilio_incompleto: busquedaNegativa(
    'No me fue posible ubicar el inmueble, por cuanto el domicilio señalado en autos se encuentra incompleto: carece de la numeración, block o departamento que permita individualizarlo.',
  ),
  busqueda_negativa_numeracion_inexistente: busquedaNegativa(
    'Recorrida la calle indicada, constaté que la numeración señalada en autos no existe en ella.',
  ),
  busqueda_negativa_no_reside: busquedaNegativa(
    'Por los dichos de las personas consultadas en el lugar, pude establecer que la persona buscada no reside ni tiene su morada en dicho domicilio.',
  ),
  notificacion_personal: {
    titulo: 'NOTIFICACIÓN PERSONAL',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, y notifiqué personalmente a ${PERSONA}, la demanda de autos, su proveído y demás resoluciones pertinentes, entregándole copia íntegra de ellas.`,
      'Antecedentes de la diligencia: <<apuntes_terreno>>. DOY FE.',
    ],
  },
  notificacion_subsidiaria_art_44: {
    titulo: 'NOTIFICACIÓN ARTÍCULO 44 DEL CÓDIGO DE PROCEDIMIENTO CIVIL',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, y habiéndose establecido en búsquedas anteriores que dicho lugar es la morada de ${PERSONA}, y que se encuentra en el lugar del juicio, le notifiqué la demanda de autos y su proveído en conformidad al artículo 44 del Código de Procedimiento Civil.`,
      'Por los dichos de <<apuntes_terreno>>. Entregué las copias íntegras de las resoluciones a persona adulta del domicilio o, en su defecto, las fijé en la puerta, y di aviso al notificado por carta certificada dentro de plazo. DOY FE.',
    ],
  },
  notificacion_cedula: {
    titulo: 'NOTIFICACIÓN POR CÉDULA',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, domicilio de ${PERSONA}, y le notifiqué por cédula la resolución de autos, dejando en el domicilio copia íntegra de ella con los datos necesarios para su acertada inteligencia, conforme al artículo 48 del Código de Procedimiento Civil.`,
      'Antecedentes de la diligencia: <<apuntes_terreno>>. DOY FE.',
    ],
  },
  requerimiento_pago: {
    titulo: 'REQUERIMIENTO DE PAGO',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, y requerí de pago a ${PERSONA}, para que pagase en el acto a la parte demandante, <<parte_demandante>>, la suma de $<<cuantia>>, más intereses y costas.`,
      'Por los dichos de <<apuntes_terreno>>. No pagó en el acto, quedando notificado de que dispone del plazo legal para oponer excepciones. DOY FE.',
    ],
  },
  oposicion_embargo: {
    titulo: 'OPOSICIÓN AL EMBARGO',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, con el objeto de trabar embargo sobre bienes de propiedad de ${PERSONA}, por la suma de $<<cuantia>>.`,
      'La diligencia no pudo llevarse a cabo por la oposición de <<apuntes_terreno>>, de lo que dejo constancia para los fines que el tribunal estime pertinentes. DOY FE.',
    ],
  },
  embargo_bienes: {
    titulo: 'EMBARGO',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, y no habiendo pagado la parte ejecutada, ${PERSONA}, la suma de $<<cuantia>>, trabé embargo sobre los siguientes bienes de su propiedad: <<apuntes_terreno>>.`,
      'Los bienes embargados quedaron en poder de la parte ejecutada en calidad de depositaria provisional, bajo las responsabilidades legales, de lo que fue advertida. DOY FE.',
    ],
  },
  retiro_especies: {
    titulo: 'RETIRO DE ESPECIES',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, en cumplimiento de lo ordenado en autos, y procedí al retiro de las especies embargadas a ${PERSONA}.`,
      'Las especies retiradas y el estado en que se encuentran son los siguientes: <<apuntes_terreno>>. Fueron entregadas al depositario designado. DOY FE.',
    ],
  },
  lanzamiento: {
    titulo: 'LANZAMIENTO',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, en cumplimiento de lo ordenado en autos, y procedí al lanzamiento de ${PERSONA}, y de todos los ocupantes del inmueble, con auxilio de la fuerza pública si fue necesario.`,
      'Antecedentes de la diligencia: <<apuntes_terreno>>. El inmueble quedó desocupado y a disposición de la parte demandante. DOY FE.',
    ],
  },
  notificacion_sentencia: {
    titulo: 'NOTIFICACIÓN DE SENTENCIA',
    cuerpo: [
      `CERTIFICO: Que ${LUGAR_Y_HORA}, y notifiqué a ${PERSONA}, la sentencia definitiva dictada en autos, entregándole copia íntegra de ella.`,
      'Antecedentes de la diligencia: <<apuntes_terreno>>. DOY FE.',
    ],
  },
};

/** Wording of a template created from Gestión de Plantillas: the general certificate. */
export const PLANTILLA_GENERAL: PlantillaBase = {
  titulo: '<<tipo_estampado>>',
  cuerpo: [
    `CERTIFICO: Que ${LUGAR_Y_HORA}, en relación con ${PERSONA}.`,
    'Resultado de la diligencia: <<resultado_diligencia>>. Por los dichos de <<apuntes_terreno>>. DOY FE.',
  ],
};

function parrafos(base: PlantillaBase): Parrafo[] {
  return [
    { texto: '<<tribunal>>', negrita: true, alineacion: 'left', espacioDespues: 0 },
    { texto: 'ROL N° <<numero_rol>>', negrita: true, alineacion: 'left', espacioDespues: 0 },
    { texto: 'CARATULADO: <<partes>>', alineacion: 'left', espacioDespues: 14 },
    { texto: base.titulo, negrita: true, alineacion: 'center', espacioDespues: 14 },
    ...base.cuerpo.map((texto): Parrafo => ({ texto, alineacion: 'both' })),
    { texto: '<<domicilio_comuna>>, <<fecha_diligencia_palabras>>.', alineacion: 'left', espacioDespues: 14 },
    { texto: 'Drs. $<<valor_cobrado>>.-', negrita: true, alineacion: 'left', espacioDespues: 36 },
    { texto: '______________________________', alineacion: 'center', espacioDespues: 0 },
    { texto: '<<receptor_nombre>>', negrita: true, alineacion: 'center', espacioDespues: 0 },
    { texto: 'Receptor Judicial', alineacion: 'center', espacioDespues: 0 },
    { texto: 'RUT <<receptor_rut>>', alineacion: 'center', espacioDespues: 0 },
  ];
}

/** The DOCX of a built-in template ('' or an unknown code gives the general certificate). */
export function buildPlantillaBase(codigo: string): Buffer {
  const base = PLANTILLAS_BASE[codigo] ?? PLANTILLA_GENERAL;
  return buildDocx(parrafos(base), base.titulo);
}
