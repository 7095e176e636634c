import type { Encargo } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { buildStampPayload, type DiligenciaCertificado, type ReceptorData } from '../../modules/estampados/stamp-payload';
import { terrenoPayload, type VisitaDelCertificado } from '../../modules/visitas/certificado';
import { renderDocx, templateMarkers } from './docx-stamp';
import { docxText } from './ooxml';
import { buildPlantillaBase, PLANTILLAS_BASE } from './plantillas-base';

const encargo = {
  numero_rol: 'C-1234-2025',
  fecha_encargo: '2025-03-10',
  estudio_nombre: 'Larraín, Vial y Asociados',
  tribunal_nombre: '3° Juzgado Civil de Santiago',
  tipo_causa_nombre: 'Ejecutivo',
  tipo_encargo_nombre: 'Notificación',
  parte_demandante_nombre: 'Banco del Estado de Chile',
  ejecutados: 'Pedro Andrés Soto Muñoz',
  partes: 'Banco del Estado de Chile con Soto',
  rut_ejecutado: '12345678-5',
  rut_representante_legal: '',
  domicilios: [{ id: 1, direccion: 'Av. Irarrázaval 2401, depto 73', comuna: 'Ñuñoa', ciudad: 'Santiago', es_principal: true, activo: true }],
  fecha_retiro: null,
  fecha_resolucion: null,
  fecha_comparendo: null,
  fecha_prueba: null,
  fecha_demanda: null,
  cuantia: 2_450_000,
  numero_operacion: '',
  observaciones_encargo: '',
  observacion_retiro: '',
  motivo_no_realizable: '',
} as unknown as Encargo;

const RECEPTOR: ReceptorData = {
  nombre: 'María Angélica Fuentes Rojas',
  rut: '9876543-3',
  direccion: 'Huérfanos 1160, oficina 712',
  comuna: 'Santiago',
  titulo: 'Receptor Judicial de la Jurisdicción de la I. Corte de Apelaciones de Santiago',
  telefono: '+56 2 2345 6789',
  email: 'mfuentes@receptores.cl',
};
const SIN_DATOS: ReceptorData = { ...RECEPTOR, rut: '', comuna: '', titulo: '', direccion: '' };

function diligencia(over: Partial<DiligenciaCertificado> = {}): DiligenciaCertificado {
  return {
    tipoNombre: 'Búsqueda positiva',
    fechaDiligencia: new Date('2025-03-14T13:35:00Z'),
    horaInformada: true,
    apuntesTerreno: 'Se consultó en conserjería; el demandado vive en el departamento 73',
    tratamiento: '',
    valorFinal: 45_000,
    observaciones: '',
    informante: '',
    informanteRelacion: '',
    entregaCopias: { modo: 'puerta' },
    firmaNotificado: 'firmo',
    ...over,
  };
}

/** Visits at the address before the diligence (issue 23): two positive searches on different days, one corrected away. */
const VISITAS: VisitaDelCertificado[] = [
  { uuid: 'a', domicilioId: 1, domicilioDireccion: 'Av. Irarrázaval 2401, depto 73', domicilioComuna: 'Ñuñoa', corrigeA: null, resultado: 'domicilio_confirmado', fechaHora: new Date('2025-03-11T13:15:00Z'), informanteNombre: 'Rosa Tapia', informanteRelacion: 'conserje' },
  { uuid: 'b', domicilioId: 1, domicilioDireccion: 'Av. Irarrázaval 2401, depto 73', domicilioComuna: 'Ñuñoa', corrigeA: null, resultado: 'domicilio_confirmado', fechaHora: new Date('2025-03-12T21:40:00Z'), informanteNombre: null, informanteRelacion: null },
];
const CARTA = { fechaEnvio: '2025-03-15', numeroSeguimiento: 'RR123456789CL', fechaNotificacion: '2025-03-14' };

function render(codigo: string, d: DiligenciaCertificado, receptor = RECEPTOR) {
  const datos = {
    ...buildStampPayload({ encargo, diligencia: d, tipoNombre: 'Búsqueda positiva', honorario: 35_000, receptor }),
    ...terrenoPayload(encargo, d, VISITAS, CARTA),
  };
  const docx = buildPlantillaBase(codigo);
  const out = renderDocx(docx, datos);
  return { text: docxText(out.docx), faltantes: out.faltantes, markers: templateMarkers(docx) };
}

const CODIGOS = [...Object.keys(PLANTILLAS_BASE), ''];
const TRATAMIENTOS = ['', 'don', 'doña'];
const INFORMANTES = [
  { informante: '', informanteRelacion: '' },
  { informante: 'María Soto', informanteRelacion: 'conserje' },
  { informante: '', informanteRelacion: 'vecino' },
  { informante: 'Luis Pérez', informanteRelacion: '' },
];

describe('built-in certificate templates read correctly for any input', () => {
  it('every template, with and without tratamiento and informant, full or empty receiver data: no gaps, no stray punctuation', () => {
    for (const codigo of CODIGOS) {
      for (const tratamiento of TRATAMIENTOS) {
        for (const [i, informante] of INFORMANTES.entries()) {
          // Receiver data and the notes' final period alternate (every template sees each case).
          for (const receptor of [i % 2 === 0 ? RECEPTOR : SIN_DATOS]) {
            for (const apuntes of [i < 2 ? 'Nadie respondió' : 'Nadie respondió.']) {
              const { text, faltantes } = render(codigo, diligencia({ tratamiento, apuntesTerreno: apuntes, ...informante }), receptor);
              const where = `${codigo || 'general'} / '${tratamiento}' / ${JSON.stringify(informante)} / rut '${receptor.rut}'`;
              expect(faltantes, where).toEqual([]);
              expect(text, where).not.toMatch(/<<|>>/);
              expect(text, where).not.toMatch(/ {2}/);
              expect(text, where).not.toMatch(/ de ,| ,|,,|\.\.|,\.| \./);
              expect(text, where).not.toContain('Por los dichos de ,');
              expect(text, where).not.toMatch(/^ | $/m);
              expect(text, where).toContain('DOY FE.');
              expect(text, where).toContain('Pedro Andrés Soto Muñoz, cédula nacional de identidad N° 12.345.678-5');
              if (tratamiento) expect(text, where).toContain(`${tratamiento} Pedro Andrés Soto Muñoz`);
              else expect(text, where).not.toMatch(/\b(don|doña) Pedro/);
            }
          }
        }
      }
    }
  });

  it('agrees notificado/requerido with the tratamiento (doña → feminine; don and none → masculine)', () => {
    for (const codigo of ['notificacion_personal', 'notificacion_sentencia', 'requerimiento_pago']) {
      const ella = render(codigo, diligencia({ tratamiento: 'doña' })).text;
      expect(ella).toContain('notificada');
      expect(ella).not.toMatch(/\bnotificado\b/);
      const el = render(codigo, diligencia({ tratamiento: 'don' })).text;
      expect(el).toContain('notificado');
      expect(el).not.toMatch(/\bnotificada\b/);
      expect(render(codigo, diligencia({ tratamiento: '' })).text).toContain('notificado');
    }
    const requerida = render('requerimiento_pago', diligencia({ tratamiento: 'doña' })).text;
    expect(requerida).toContain('quedando requerida de pago y notificada de que dispone del plazo legal');
    expect(render('requerimiento_pago', diligencia({ tratamiento: '' })).text).toContain('quedando requerido de pago y notificado');
  });

  it('names the informant where there is one, and states the source without one', () => {
    const con = render('busqueda_positiva', diligencia({ informante: 'María Soto', informanteRelacion: 'conserje' })).text;
    expect(con).toContain('Por los dichos de María Soto, conserje, pude establecer que la persona buscada tiene en dicho lugar su morada');
    const sin = render('busqueda_positiva', diligencia()).text;
    expect(sin).toContain('Según lo constatado en el lugar, pude establecer que la persona buscada');
    expect(sin).not.toContain('Por los dichos');
    const relacion = render('busqueda_negativa_no_reside', diligencia({ informanteRelacion: 'vecino' })).text;
    expect(relacion).toContain('Por los dichos de quien se identificó como vecino, pude establecer que la persona buscada no reside');
    // The notes go in their own sentence, never after "Por los dichos de".
    expect(con).toContain('Antecedentes de la diligencia: Se consultó en conserjería; el demandado vive en el departamento 73. DOY FE.');
  });

  it('words the negative searches of an address that could not be found as a receiver would', () => {
    for (const codigo of ['busqueda_negativa_numeracion_inexistente', 'busqueda_negativa_domicilio_incompleto']) {
      const { text } = render(codigo, diligencia());
      expect(text).not.toContain('me constituí en el domicilio ubicado en');
      expect(text).toContain(
        'me constituí en la calle indicada en autos, comuna de Ñuñoa, a fin de ubicar el domicilio señalado, Av. Irarrázaval 2401, depto 73',
      );
    }
    expect(render('busqueda_negativa_numeracion_inexistente', diligencia()).text).toContain('la numeración señalada en autos no existe');
  });

  it('does not claim the article 46 letter was already sent', () => {
    const { text } = render('notificacion_subsidiaria_art_44', diligencia({ tratamiento: 'doña' }));
    expect(text).not.toMatch(/di aviso/);
    expect(text).toContain('Se le dará aviso de esta notificación por carta certificada dentro de los dos días siguientes, conforme al artículo 46');
  });

  it('the art. 44 certificate cites both searches (date, hour, source); the negative ones cite the attempts', () => {
    const { text } = render('notificacion_subsidiaria_art_44', diligencia());
    expect(text).toContain(
      'la primera vez el día 11-03-2025, a las 10:15 horas, y la segunda el día 12-03-2025, a las 18:40 horas —, establecí que dicho lugar es su morada, por los dichos de Rosa Tapia, conserje, en la primera búsqueda, y según lo constatado en el lugar, en la segunda, y que se encuentra',
    );
    expect(text).toContain('en conformidad al artículo 44 del Código de Procedimiento Civil, fijando las copias íntegras de las resoluciones en la puerta del domicilio. Se le dará aviso');
    expect(text).not.toContain('en su defecto');
    const negativa = render('busqueda_negativa_no_reside', diligencia()).text;
    expect(negativa).toContain(
      'Me constituí en este domicilio el 11-03-2025 a las 10:15 horas (domicilio confirmado, por los dichos de Rosa Tapia, conserje) y el 12-03-2025 a las 18:40 horas (domicilio confirmado, según lo constatado en el lugar). En consecuencia, la búsqueda resultó negativa. DOY FE.',
    );
    const carta = render('certificado_carta_art46', diligencia()).text;
    expect(carta).toContain('con fecha 15-03-2025 remití, por carta certificada de Correos de Chile, número de seguimiento RR123456789CL');
    expect(carta).toContain('de la notificación que le practiqué con fecha 14-03-2025 conforme al artículo 44');
  });

  it('says what was done with the copies, as recorded, and whether the person notified signed (art. 43)', () => {
    const art44 = (entregaCopias: DiligenciaCertificado['entregaCopias']) => render('notificacion_subsidiaria_art_44', diligencia({ entregaCopias })).text;
    expect(art44({ modo: 'persona_adulta', nombre: 'Rosa Muñoz', relacion: 'hija' })).toContain(
      'entregando las copias íntegras de las resoluciones a Rosa Muñoz, hija, persona adulta del domicilio. Se le dará aviso',
    );
    expect(art44({ modo: 'persona_adulta' })).toContain('entregando las copias íntegras de las resoluciones a una persona adulta del domicilio. Se');
    expect(art44({ modo: 'conserje', nombre: 'Juan Pérez' })).toContain('dejando las copias íntegras de las resoluciones en poder del conserje del edificio, Juan Pérez. Se');
    expect(art44({ modo: 'conserje' })).toContain('en poder del conserje del edificio. Se');
    expect(art44({ modo: 'otro', detalle: 'en el buzón del domicilio, por no haber nadie' })).toContain(
      'dejando las copias íntegras de las resoluciones en el buzón del domicilio, por no haber nadie. Se',
    );
    const sinEntrega = render('notificacion_subsidiaria_art_44', diligencia({ entregaCopias: null }));
    expect(sinEntrega.faltantes).toContain('entrega_copias');
    expect(render('notificacion_personal', diligencia({ firmaNotificado: 'no_sabe', tratamiento: 'doña' })).text).toContain(
      'quien quedó notificada en el acto. No supo o no pudo firmar la diligencia.',
    );
    expect(render('notificacion_sentencia', diligencia({ firmaNotificado: null })).faltantes).toContain('firma_notificado');
  });

  it('identifies a person by the cédula nacional de identidad and a company by its RUT', () => {
    const empresa = { ...encargo, ejecutados: 'Inversiones del Sur Ltda.', rut_ejecutado: '76123456-0' } as Encargo;
    const datos = buildStampPayload({ encargo: empresa, diligencia: diligencia(), tipoNombre: 'Notificación personal', honorario: 35_000, receptor: RECEPTOR });
    expect(datos.identificacion_ejecutado).toBe('RUT N° 76.123.456-0');
    const conRepresentante = { ...encargo, ejecutados: 'Ferretería Soto', rut_ejecutado: '12345678-5', rut_representante_legal: '9876543-3' } as Encargo;
    expect(buildStampPayload({ encargo: conRepresentante, diligencia: diligencia(), tipoNombre: 'x', honorario: 1, receptor: RECEPTOR }).identificacion_ejecutado).toBe(
      'RUT N° 12.345.678-5',
    );
    expect(render('notificacion_personal', diligencia()).text).toContain('Pedro Andrés Soto Muñoz, cédula nacional de identidad N° 12.345.678-5, la demanda');
  });

  it("dates the certificate at the receiver's office, else where the diligence was; signs with their title and RUT", () => {
    const lines = render('notificacion_personal', diligencia()).text.split('\n');
    expect(lines).toContain('Santiago, catorce de marzo de dos mil veinticinco.');
    expect(lines).toContain('Drs. $45.000.-');
    expect(lines.slice(-3)).toEqual([RECEPTOR.nombre, RECEPTOR.titulo, 'RUT 9.876.543-3']);

    const sinDatos = render('notificacion_personal', diligencia(), SIN_DATOS).text.split('\n');
    expect(sinDatos).toContain('Ñuñoa, catorce de marzo de dos mil veinticinco.');
    expect(sinDatos.slice(-3)).toEqual([RECEPTOR.nombre, 'Receptor Judicial', '']);
    expect(sinDatos.join('\n')).not.toContain('RUT \n');
  });

  it('leaves the hour missing (not 09:00) when only the date was given', () => {
    const { faltantes, text } = render('busqueda_positiva', diligencia({ horaInformada: false }));
    expect(faltantes).toEqual(['hora_diligencia']);
    expect(text).not.toContain('09:00');
  });

  it('uses only markers of the reference list', async () => {
    const { MARCADOR_NOMBRES } = await import('@receptoria/contracts');
    for (const codigo of CODIGOS) {
      const { markers } = render(codigo, diligencia());
      expect(markers.filter((x) => !MARCADOR_NOMBRES.includes(x)), codigo).toEqual([]);
    }
  });
});
