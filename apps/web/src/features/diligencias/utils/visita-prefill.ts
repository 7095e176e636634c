import { type ResultadoVisita, type TipoEstampado, type TipoVisita, type Visita, formatDateTime } from '@receptoria/contracts';
import type { ResultadosFormValues } from './resultados-form';

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

const RELACION_TEXTO: Record<string, string> = { el_mismo: 'el mismo' };

/** The results form as the latest visit fills it: date and hour, notes, informant and the stamp type. */
export function valoresDeVisita(visita: Visita, tipos: readonly TipoEstampado[]): Partial<ResultadosFormValues> {
  const codigo = codigoTipoEstampado(visita.tipo, visita.resultado);
  const tipo = codigo ? tipos.find((item) => item.codigo === codigo) : undefined;
  const relacion = visita.informante?.relacion;
  return {
    fecha_diligencia: formatDateTime(visita.fecha_hora, ''),
    apuntes_terreno: visita.apuntes,
    informante: visita.informante?.nombre ?? '',
    informante_relacion: relacion && relacion !== 'otro' ? (RELACION_TEXTO[relacion] ?? relacion) : '',
    ...(tipo ? { tipo_estampado: String(tipo.id) } : {}),
  };
}
