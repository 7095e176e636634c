import { LECTURA_NDJSON } from '@receptoria/contracts';
import { api } from '../../../lib/api-client';

/** POST /nuevo_encargo/leer_documentos/ — the answer as it streams (progress lines, then the proposal). */
export function leerDocumentos(body: FormData, signal: AbortSignal): Promise<Response> {
  return api.stream('/nuevo_encargo/leer_documentos/', body, { headers: { Accept: `${LECTURA_NDJSON}, application/json` }, signal });
}
