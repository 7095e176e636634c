import type { NotificarEstampadoResponse } from '@receptoria/contracts';
import { api } from '../../../lib/api-client';

export interface NotificarEstampadoInput {
  numero_rol: string;
  documento_id: string;
  url_documento: string;
}

/** POST /diligencias/notificar_estampado_generado/ once the document was opened (spec 02 §4). */
export function notificarEstampado(input: NotificarEstampadoInput): Promise<NotificarEstampadoResponse> {
  return api.post<NotificarEstampadoResponse>('/diligencias/notificar_estampado_generado/', input);
}
