import type { AlarmasProximas } from '@receptoria/contracts';
import { parseAlarmasProximas } from '@receptoria/contracts/alarmas/responses';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The bell refreshes every minute. */
export const ALARMAS_REFRESH_MS = 60_000;

export async function getAlarmasProximas(): Promise<AlarmasProximas> {
  return parseAlarmasProximas(await api.get<unknown>('/alarmas/proximas/'));
}

export function useAlarmasProximas() {
  return useQuery({
    queryKey: ['alarmas', 'proximas'],
    queryFn: getAlarmasProximas,
    refetchInterval: ALARMAS_REFRESH_MS,
    retry: false,
  });
}
