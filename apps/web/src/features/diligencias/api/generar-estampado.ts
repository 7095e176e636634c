import { type DocumentoRef, estampadoMessages } from '@receptoria/contracts';
import { api } from '../../../lib/api-client';
import { stampServiceOptions } from '../../../lib/stamp-service';

export interface GenerarEstampadoInput {
  tipo_estampado: number;
  encargo_id?: number;
  datos: Record<string, string | number | boolean | null>;
  titulo_documento: string;
  validar_marcadores: true;
}

/**
 * POST /estampados/api/estampados/generar. An answer without success or without its document is
 * 'Respuesta inválida del servidor' (spec 02 §8).
 */
export async function generarEstampado(input: GenerarEstampadoInput): Promise<DocumentoRef> {
  const body = await api.post<{ success?: boolean; documento?: Partial<DocumentoRef> } | undefined>(
    '/estampados/generar',
    input,
    stampServiceOptions(),
  );
  const documento = body?.documento;
  if (!body?.success || !documento?.id || !documento.url) throw new Error(estampadoMessages.respuestaInvalida);
  return documento as DocumentoRef;
}
