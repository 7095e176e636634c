import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { stampServiceOptions } from '../../../lib/stamp-service';
import type { MarcadorInfo as Marcador } from '@receptoria/contracts';

/** GET /estampados/api/plantillas/marcadores-referencia → {success, marcadores}. */
export async function getMarcadoresReferencia(): Promise<Marcador[]> {
  const body = await api.get<{ success?: boolean; marcadores?: Marcador[] }>(
    '/plantillas/marcadores-referencia',
    stampServiceOptions(),
  );
  return Array.isArray(body?.marcadores) ? body.marcadores : [];
}

export function marcadoresReferenciaQueryOptions() {
  return queryOptions({
    queryKey: ['plantillas', 'marcadores-referencia'],
    queryFn: getMarcadoresReferencia,
    retry: 1,
    refetchOnWindowFocus: false,
  });
}

export function useMarcadoresReferencia() {
  return useQuery(marcadoresReferenciaQueryOptions());
}
