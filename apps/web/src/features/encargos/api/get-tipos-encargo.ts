import type { TipoEncargo } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listOf } from './list-of';

export interface TipoEncargoOption {
  id: number;
  nombre: string;
}

/** Tipos de encargo arrive as {value, label} or {id, nombre} (spec 01 §3). */
export async function getTiposEncargo(): Promise<TipoEncargoOption[]> {
  const rows = listOf<Partial<TipoEncargo>>(await api.get<unknown>('/encargos/tipos/'));
  return rows
    .map((row) => ({ id: Number(row.id ?? row.value), nombre: String(row.nombre ?? row.label ?? '') }))
    .filter((row) => Number.isFinite(row.id));
}

export function tiposEncargoQueryOptions() {
  return queryOptions({ queryKey: ['encargos', 'tipos'], queryFn: getTiposEncargo, staleTime: 10 * 60_000 });
}

export function useTiposEncargo() {
  return useQuery(tiposEncargoQueryOptions());
}
