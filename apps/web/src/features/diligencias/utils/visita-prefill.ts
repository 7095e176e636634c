import {
  type ResultadoVisita,
  type TipoEstampado,
  type TipoVisita,
  type Visita,
  RESULTADOS_ACTO,
  esResultadoNegativo,
  formatDateTime,
  generoInformante,
  relacionInformanteTexto,
} from '@receptoria/contracts';
import { type ResultadosFormValues, entregaAlFormulario } from './resultados-form';

/** The stamp type (its code) a visit's result certifies; none when the result alone does not say. */
export function codigoTipoEstampado(tipo: TipoVisita, resultado: ResultadoVisita): string | null {
  switch (resultado) {
    case 'domicilio_confirmado':
      return 'busqueda_positiva';
    case 'negativa_no_reside':
      return 'busqueda_negativa_no_reside';
    case 'negativa_domicilio_incompleto':
      return 'busqueda_negativa_domicilio_incompleto';
    case 'negativa_numeracion_inexistente':
      return 'busqueda_negativa_numeracion_inexistente';
    case 'negativa_desconocido':
    case 'negativa_inmueble_deshabitado':
      return 'busqueda_negativa';
    case 'notificado_personal':
      return 'notificacion_personal';
    case 'notificado_art44':
      return 'notificacion_subsidiaria_art_44';
    case 'notificado_cedula':
      return 'notificacion_cedula';
    case 'requerido_pago':
      return 'requerimiento_pago';
    case 'habido':
      return tipo === 'busqueda' ? 'busqueda_positiva' : tipo === 'notificacion' ? 'notificacion_personal' : tipo === 'requerimiento' ? 'requerimiento_pago' : null;
    case 'otro':
      return null;
  }
}

/** The latest visit that no later visit corrects (visits come oldest first). */
export function ultimaVisita(visitas: readonly Visita[]): Visita | null {
  for (let index = visitas.length - 1; index >= 0; index--) {
    const visita = visitas[index];
    if (visita && !visita.corregida_por) return visita;
  }
  return null;
}

/** A visit that records an act the office certifies: a notification, a requerimiento or a negative search. */
export const esActo = (resultado: ResultadoVisita) => (RESULTADOS_ACTO as readonly ResultadoVisita[]).includes(resultado) || esResultadoNegativo(resultado);

/** The visit the results come from: the latest standing act, else the latest standing visit. */
export function visitaDelActo(visitas: readonly Visita[]): Visita | null {
  const vigentes = visitas.filter((visita) => !visita.corregida_por);
  for (let index = vigentes.length - 1; index >= 0; index--) {
    const visita = vigentes[index];
    if (visita && esActo(visita.resultado)) return visita;
  }
  return ultimaVisita(visitas);
}

/**
 * The results form as a visit fills it, linked to it (visita_uuid: the diligence takes its exact instant
 * while the hour shown is kept): date and hour, notes, informant (the relation agreeing with the
 * informant), copies and the stamp type.
 */
export function valoresDeVisita(visita: Visita, tipos: readonly TipoEstampado[]): Partial<ResultadosFormValues> {
  const codigo = codigoTipoEstampado(visita.tipo, visita.resultado);
  const tipo = codigo ? tipos.find((item) => item.codigo === codigo) : undefined;
  const informante = visita.informante;
  return {
    visita_uuid: visita.uuid,
    fecha_diligencia: formatDateTime(visita.fecha_hora, ''),
    apuntes_terreno: visita.apuntes,
    informante: informante?.nombre ?? '',
    informante_relacion: informante ? relacionInformanteTexto(informante.relacion, generoInformante(informante.nombre, informante.genero ?? null)) : '',
    ...entregaAlFormulario(visita.entrega_copias),
    ...(tipo ? { tipo_estampado: String(tipo.id) } : {}),
  };
}
