import { type Recibo, recibosMessages } from '@receptoria/contracts';
import { recibosScreenMessages as m } from '../messages';

export interface AccionRecibo {
  disabled: boolean;
  /** Why it is disabled, in the API's words. */
  motivo?: string;
}

const abierta: AccionRecibo = { disabled: false };
const cerrada = (motivo: string): AccionRecibo => ({ disabled: true, motivo });

/**
 * What an open receipt still lets one do, by the API's rules: a discount until its boleta is issued, one
 * boleta, and its diligences changed while nothing is paid and no boleta was issued.
 */
export function accionesRecibo(recibo: Recibo, permisos: { rebajar: boolean; editar: boolean }) {
  const boleta = recibo.boleta;
  return {
    rebaja: !permisos.rebajar ? cerrada(m.sinPermiso) : boleta ? cerrada(recibosMessages.reciboConBoleta) : abierta,
    boleta: boleta ? cerrada(recibosMessages.boletaYaEmitida(boleta.numero_boleta)) : abierta,
    items: !permisos.editar
      ? cerrada(m.sinPermiso)
      : recibo.pagado > 0
        ? cerrada(recibosMessages.reciboConPagos)
        : boleta
          ? cerrada(recibosMessages.reciboConBoleta)
          : abierta,
  };
}

/** The reasons shown under the actions: each once, the missing permission left to the button's title. */
export function motivosCerrados(acciones: ReturnType<typeof accionesRecibo>): string[] {
  return [...new Set(Object.values(acciones).flatMap((a) => (a.motivo && a.motivo !== m.sinPermiso ? [a.motivo] : [])))];
}
