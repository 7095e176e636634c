import type { GuardarFechaEstampadoValue } from '@receptoria/contracts';
import { api } from '../../../lib/api-client';

/** POST /encargos/{id}/guardar_fecha_estampado/ {fecha_estampado, observaciones}. */
export function guardarFechaEstampado(id: number, input: GuardarFechaEstampadoValue): Promise<unknown> {
  return api.post<unknown>(`/encargos/${id}/guardar_fecha_estampado/`, input);
}
