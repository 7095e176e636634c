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

/** A generated certificate and what the receiver should know about it. */
export interface EstampadoGenerado {
  documento: DocumentoRef;
  /** E.g. 'Faltan sus datos de receptor en el certificado: RUT'; [] when none. */
  advertencias: string[];
  /** Identity fields missing from the receiver's record ('rut', 'titulo', …). */
  receptor_incompleto: string[];
}

interface GenerarAnswer {
  success?: boolean;
  documento?: Partial<DocumentoRef>;
  advertencias?: unknown;
  receptor_incompleto?: unknown;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : []);

/**
 * POST /estampados/api/estampados/generar. An answer without success or without its document is
 * 'Respuesta inválida del servidor' (spec 02 §8).
 */
export async function generarEstampado(input: GenerarEstampadoInput): Promise<EstampadoGenerado> {
  const body = await api.post<GenerarAnswer | undefined>('/estampados/generar', input, stampServiceOptions());
  const documento = body?.documento;
  if (!body?.success || !documento?.id || !documento.url) throw new Error(estampadoMessages.respuestaInvalida);
  return {
    documento: documento as DocumentoRef,
    advertencias: strings(body.advertencias),
    receptor_incompleto: strings(body.receptor_incompleto),
  };
}
