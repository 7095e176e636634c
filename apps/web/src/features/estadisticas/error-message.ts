import { ApiError, NetworkError } from '../../lib/api-client';
import { estadisticasScreenMessages as m } from './messages';

/** The error panel's message by answer status (spec 02 §8). */
export function statisticsErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return m.error401;
    if (error.status === 403) return m.error403;
    if (error.status === 404) return m.error404;
    if (error.status >= 500) return m.error5xx;
    return m.errorConexion;
  }
  if (error instanceof NetworkError) return m.errorConexion;
  return m.errorInesperado;
}
