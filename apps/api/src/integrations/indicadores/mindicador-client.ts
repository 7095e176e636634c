import { type Indicadores, todayIso } from '@receptoria/contracts';
import { z } from 'zod';

/** The public Chilean indicators service; its root answers every indicator of the day. */
export const MINDICADOR_URL = 'https://mindicador.cl/api';
export const MINDICADOR_TIMEOUT_MS = 3000;
/** After a failure the source is left alone this long, so an outage does not slow every dashboard. */
export const MINDICADOR_RETRY_AFTER_FAILURE_MS = 60_000;

export type IndicadoresSourceFailure = 'timeout' | 'red' | 'http' | 'formato' | 'en_pausa';

export class IndicadoresSourceError extends Error {
  constructor(
    readonly reason: IndicadoresSourceFailure,
    message: string,
  ) {
    super(message);
    this.name = 'IndicadoresSourceError';
  }
}

/** Where the dashboard's UF, IPC and dollar come from. */
export interface IndicadoresSource {
  /** The current values; throws IndicadoresSourceError when the source fails. */
  obtener(): Promise<Indicadores>;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The day a value applies to: mindicador sends midnight in Chile as a UTC instant. */
function toFecha(value: string): string | null {
  if (ISO_DATE.test(value)) return value;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : todayIso(instant);
}

const MindicadorSerie = (valor: z.ZodNumber) => z.object({ valor, fecha: z.string() });

const MindicadorAnswerSchema = z.object({
  uf: MindicadorSerie(z.number().positive()),
  ipc: MindicadorSerie(z.number().min(-100).max(100)),
  dolar: MindicadorSerie(z.number().positive()),
});

/**
 * One GET to mindicador.cl with a time limit, its JSON body read; each failure told apart as an
 * IndicadoresSourceError (timeout, network, HTTP status, not JSON). Shared by the indicators and the UTM clients.
 */
export async function fetchMindicadorJson(url: string, timeoutMs: number): Promise<unknown> {
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new IndicadoresSourceError('http', `mindicador answered ${response.status}`);
    }
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new IndicadoresSourceError('formato', 'mindicador answered something that is not JSON');
    }
  } catch (error) {
    if (error instanceof IndicadoresSourceError) throw error;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new IndicadoresSourceError('timeout', `mindicador did not answer within ${timeoutMs} ms`);
    }
    throw new IndicadoresSourceError('red', `mindicador unreachable: ${(error as Error).message}`);
  }
}

export interface MindicadorClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  retryAfterFailureMs?: number;
  now?: () => number;
}

/**
 * Client of the mindicador API with a timeout; concurrent calls share one request, and after a
 * failure further calls fail at once until `retryAfterFailureMs` has passed.
 */
export function createMindicadorClient(options: MindicadorClientOptions = {}): IndicadoresSource {
  const baseUrl = options.baseUrl ?? MINDICADOR_URL;
  const timeoutMs = options.timeoutMs ?? MINDICADOR_TIMEOUT_MS;
  const retryAfterFailureMs = options.retryAfterFailureMs ?? MINDICADOR_RETRY_AFTER_FAILURE_MS;
  const now = options.now ?? Date.now;
  let inFlight: Promise<Indicadores> | null = null;
  let failedAt: number | null = null;

  async function request(): Promise<Indicadores> {
    const body = await fetchMindicadorJson(baseUrl, timeoutMs);
    const parsed = MindicadorAnswerSchema.safeParse(body);
    if (!parsed.success) {
      throw new IndicadoresSourceError('formato', 'mindicador answered without valid uf, ipc and dolar');
    }
    const { uf, ipc, dolar } = parsed.data;
    return {
      uf: { valor: uf.valor, fecha: toFecha(uf.fecha) },
      ipc: { valor: ipc.valor, fecha: toFecha(ipc.fecha) },
      dolar: { valor: dolar.valor, fecha: toFecha(dolar.fecha) },
    };
  }

  return {
    obtener() {
      if (inFlight) return inFlight;
      if (failedAt !== null && now() - failedAt < retryAfterFailureMs) {
        return Promise.reject(new IndicadoresSourceError('en_pausa', 'mindicador failed recently'));
      }
      inFlight = request()
        .then(
          (indicadores) => {
            failedAt = null;
            return indicadores;
          },
          (error: unknown) => {
            failedAt = now();
            throw error;
          },
        )
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
  };
}
