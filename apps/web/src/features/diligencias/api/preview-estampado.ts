import type { PreviewEstampadoResponse } from '@receptoria/contracts';
import { api } from '../../../lib/api-client';
import { stampServiceOptions } from '../../../lib/stamp-service';

export interface PreviewEstampadoInput {
  tipo_estampado: number;
  encargo_id: number;
  datos: Record<string, string | number | boolean | null>;
}

/** POST /estampados/api/estampados/preview: the certificate's text with the typed values; stores nothing. */
export function previewEstampado(input: PreviewEstampadoInput): Promise<PreviewEstampadoResponse> {
  return api.post<PreviewEstampadoResponse>('/estampados/preview', input, stampServiceOptions());
}
