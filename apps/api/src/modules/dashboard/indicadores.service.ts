import { type IndicadoresResponse, indicadoresPorDefecto } from '@receptoria/contracts';
import type { ControlDb } from '@receptoria/db';
import { IndicadoresSourceError, type IndicadoresSource } from '../../integrations/indicadores/mindicador-client';
import { readIndicadoresCache, writeIndicadoresCache } from './indicadores.repository';

/** A fetched answer serves every receiver for one hour. */
export const INDICADORES_CACHE_TTL_MS = 60 * 60 * 1000;

export interface IndicadoresDeps {
  controlDb: ControlDb;
  source: IndicadoresSource;
  now?: Date;
  log?: { warn: (details: object, message: string) => void };
}

/**
 * UF, IPC and dollar: the cached values while under an hour old, else fresh ones from the source.
 * When the source fails: the last cached values however old (`respaldo`), else the fixed defaults
 * (`defecto`), both with `success: false` (spec 01 §8).
 */
export async function getIndicadores({ controlDb, source, now = new Date(), log }: IndicadoresDeps): Promise<IndicadoresResponse> {
  const cached = await readIndicadoresCache(controlDb);
  if (cached && now.getTime() - cached.obtenidoEn.getTime() < INDICADORES_CACHE_TTL_MS) {
    return { success: true, fuente: 'cache', indicadores: cached.indicadores };
  }

  let indicadores;
  try {
    indicadores = await source.obtener();
  } catch (error) {
    // While the source rests after a failure (en_pausa) there is nothing new to report.
    if (!(error instanceof IndicadoresSourceError && error.reason === 'en_pausa')) {
      log?.warn({ err: error }, 'economic indicators source failed; answering the fallback');
    }
    return cached
      ? { success: false, fuente: 'respaldo', indicadores: cached.indicadores }
      : { success: false, fuente: 'defecto', indicadores: indicadoresPorDefecto() };
  }

  try {
    await writeIndicadoresCache(controlDb, indicadores, now);
  } catch (error) {
    log?.warn({ err: error }, 'economic indicators could not be cached');
  }
  return { success: true, fuente: 'mindicador', indicadores };
}
