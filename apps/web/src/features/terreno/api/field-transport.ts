import type { VisitaListResponse } from '@receptoria/contracts';
import { ApiError, NetworkError, api } from '../../../lib/api-client';
import { terrenoMessages } from '../messages';
import type { VisitaBody } from '../queue/field-db';
import type { FieldTransport, SendOutcome } from '../queue/field-queue';

/** Reads an API failure as the queue needs it: refused for good, or to be tried again. */
export function outcomeOf(error: unknown): SendOutcome {
  if (error instanceof NetworkError) return { kind: 'retry', reason: 'network' };
  if (error instanceof ApiError) {
    // The access token could not be renewed: the visit waits for the user to sign in again.
    if (error.status === 401) return { kind: 'retry', reason: 'session' };
    if (error.status >= 500 || error.status === 429 || error.status === 408) return { kind: 'retry', reason: 'server' };
    return { kind: 'rejected', message: error.detail ?? terrenoMessages.rechazoSinDetalle(error.status) };
  }
  if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'retry', reason: 'network' };
  return { kind: 'retry', reason: 'server' };
}

async function attempt(call: () => Promise<unknown>): Promise<SendOutcome> {
  try {
    await call();
    return { kind: 'ok' };
  } catch (error) {
    return outcomeOf(error);
  }
}

/** The queue's way to the API, through the one fetch client (its token renewal included). */
export const fieldTransport: FieldTransport = {
  postVisita: (encargoId: number, body: VisitaBody) => attempt(() => api.post(`/encargos/${encargoId}/visitas/`, body)),

  postFoto(visitaUuid: string, foto: Blob, filename: string) {
    const form = new FormData();
    form.append('foto', foto, filename);
    return attempt(() => api.post(`/visitas/${visitaUuid}/fotos/`, form));
  },

  async countFotos(encargoId: number, visitaUuid: string) {
    try {
      const { visitas } = await api.get<VisitaListResponse>(`/encargos/${encargoId}/visitas/`);
      return visitas.find((visita) => visita.uuid === visitaUuid)?.fotos.length ?? 0;
    } catch {
      return null;
    }
  },
};
