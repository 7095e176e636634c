import type { TerrenoHoyResponse } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NetworkError, api } from '../../../lib/api-client';
import { openFieldDb } from '../queue/field-db';

export interface HoyResult {
  hoy: TerrenoHoyResponse;
  /** When the shown copy was stored on the phone; null when it just came from the server. */
  guardadoEn: number | null;
}

/**
 * GET /terreno/hoy/: the user's stops for today. Each answer is kept on the phone (IndexedDB, per user):
 * without signal the last copy is shown instead, with its hour.
 */
export async function getHoy(userId: number): Promise<HoyResult> {
  try {
    const hoy = await api.get<TerrenoHoyResponse>('/terreno/hoy/');
    try {
      const db = await openFieldDb();
      await db.put('hoy', { userId, guardadoEn: Date.now(), datos: hoy });
    } catch (error) {
      console.warn('No se pudieron guardar las paradas en el teléfono', error);
    }
    return { hoy, guardadoEn: null };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const stored = await openFieldDb()
      .then((db) => db.get('hoy', userId))
      .catch(() => undefined);
    if (!stored) throw error;
    return { hoy: stored.datos as TerrenoHoyResponse, guardadoEn: stored.guardadoEn };
  }
}

export function hoyQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['terreno', 'hoy', userId],
    queryFn: () => getHoy(userId),
    // Offline the query still runs: it answers with the copy kept on the phone.
    networkMode: 'always',
    refetchOnReconnect: true,
    refetchOnWindowFocus: true,
  });
}

export function useHoy(userId: number) {
  return useQuery(hoyQueryOptions(userId));
}
