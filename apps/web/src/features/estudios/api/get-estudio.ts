import type { Estudio } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const estudioKey = (id: number) => ['estudios', 'detail', id] as const;

export function getEstudio(id: number): Promise<Estudio> {
  return api.get<Estudio>(`/estudios/${id}/`);
}

export function estudioQueryOptions(id: number) {
  return queryOptions({ queryKey: estudioKey(id), queryFn: () => getEstudio(id) });
}

export function useEstudio(id: number | null) {
  return useQuery({ ...estudioQueryOptions(id ?? 0), enabled: id !== null });
}
