import { diligenciaMessages, estampadoMessages, mapStampError } from '@receptoria/contracts';
import { ApiError } from '../../../lib/api-client';

function serverMessage(error: ApiError): string | undefined {
  const body = error.body;
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (error.detail) return error.detail;
  const inner = (body as { error?: unknown; message?: unknown } | null) ?? null;
  if (typeof inner?.error === 'string' && inner.error) return inner.error;
  if (typeof inner?.message === 'string' && inner.message) return inner.message;
  return undefined;
}

/**
 * The stamp service's error, processed as spec 02 §8 maps it (no template, markers, 404, 403, 500); a
 * refusal for missing markers names them (issue 30), from its detail or its errors.marcadores.
 */
export function stampErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const marcadores = error.status < 500 ? error.errors?.marcadores : undefined;
    const detail = serverMessage(error);
    if (Array.isArray(marcadores) && marcadores.length > 0 && !detail?.includes('<<')) {
      return estampadoMessages.faltanMarcadores(marcadores.map(String));
    }
    if (error.status < 500 && error.status !== 403 && detail?.includes('<<')) return detail;
    return mapStampError(error.status, detail);
  }
  if (error instanceof Error && error.message) return error.message;
  return mapStampError(0, null);
}

/**
 * Save-results error (spec 02 §8): the answer as a string, or its error, detail, or a map of
 * field: messages; an answer without text says 'Error al guardar los resultados', no answer at all
 * asks to try again.
 */
export function saveResultsErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return diligenciaMessages.errorGuardarResultadosReintentar;
  const body = error.body;
  if (typeof body === 'string' && body.trim()) return body.trim();
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (typeof fields.error === 'string' && fields.error) return fields.error;
  if (error.detail) return error.detail;
  const details = (fields.details ?? fields.errors) as Record<string, unknown> | undefined;
  if (details && typeof details === 'object') {
    const parts = Object.entries(details).map(([field, messages]) => {
      const list = Array.isArray(messages) ? messages.map(String).join(', ') : String(messages);
      return `${field}: ${list}`;
    });
    if (parts.length) return parts.join('; ');
  }
  return diligenciaMessages.errorGuardarResultados;
}

/** Generation refused because the stored diligence has its date alone: the hour must be asked (issue 30). */
export function isHoraRequerida(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && Array.isArray(error.errors?.hora_diligencia);
}
