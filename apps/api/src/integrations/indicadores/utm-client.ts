import { todayIso } from '@receptoria/contracts';
import { z } from 'zod';
import {
  fetchMindicadorJson,
  IndicadoresSourceError,
  MINDICADOR_RETRY_AFTER_FAILURE_MS,
  MINDICADOR_TIMEOUT_MS,
  MINDICADOR_URL,
} from './mindicador-client';

/** Where the fee schedule's UTM comes from. */
export interface UtmSource {
  /** The UTM of a month (YYYY-MM) in pesos; null when the source has not published it; throws IndicadoresSourceError when it fails. */
  utmDelMes(mes: string): Promise<number | null>;
}

const UtmAnswerSchema = z.object({
  serie: z.array(z.object({ fecha: z.string(), valor: z.number().positive() })),
});

export interface UtmClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  retryAfterFailureMs?: number;
  now?: () => number;
}

/**
 * Client of mindicador's `/utm/{dd-mm-yyyy}` (the series of the UTM on that day) with a timeout. Calls for
 * the same month share one request; after a failure further calls fail at once for a while.
 */
export function createUtmClient(options: UtmClientOptions = {}): UtmSource {
  const baseUrl = (options.baseUrl ?? MINDICADOR_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? MINDICADOR_TIMEOUT_MS;
  const retryAfterFailureMs = options.retryAfterFailureMs ?? MINDICADOR_RETRY_AFTER_FAILURE_MS;
  const now = options.now ?? Date.now;
  const inFlight = new Map<string, Promise<number | null>>();
  let failedAt: number | null = null;

  async function request(mes: string): Promise<number | null> {
    const [anio, mm] = mes.split('-');
    const body = await fetchMindicadorJson(`${baseUrl}/utm/01-${mm}-${anio}`, timeoutMs);
    const parsed = UtmAnswerSchema.safeParse(body);
    if (!parsed.success) throw new IndicadoresSourceError('formato', 'mindicador answered without a UTM series');
    // The series' dates are midnight in Chile as UTC instants: the month is the Santiago day's.
    const punto = parsed.data.serie.find((p) => {
      const instant = new Date(p.fecha);
      return !Number.isNaN(instant.getTime()) && todayIso(instant).slice(0, 7) === mes;
    });
    return punto ? Math.round(punto.valor) : null;
  }

  return {
    utmDelMes(mes) {
      const pending = inFlight.get(mes);
      if (pending) return pending;
      if (failedAt !== null && now() - failedAt < retryAfterFailureMs) {
        return Promise.reject(new IndicadoresSourceError('en_pausa', 'mindicador failed recently'));
      }
      const promise = request(mes)
        .then(
          (valor) => {
            failedAt = null;
            return valor;
          },
          (error: unknown) => {
            failedAt = now();
            throw error;
          },
        )
        .finally(() => inFlight.delete(mes));
      inFlight.set(mes, promise);
      return promise;
    },
  };
}
