import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface Opcion {
  id: number;
  nombre: string;
}

/** Lists arrive as a plain array or as { results } (spec 01 §7); {value, label} rows are read too. */
function opciones(body: unknown): Opcion[] {
  const rows = Array.isArray(body) ? body : ((body as { results?: unknown } | null)?.results ?? []);
  if (!Array.isArray(rows)) return [];
  return rows
    .map((row: { id?: unknown; value?: unknown; nombre?: unknown; label?: unknown }) => ({
      id: Number(row.id ?? row.value),
      nombre: String(row.nombre ?? row.label ?? ''),
    }))
    .filter((row) => Number.isFinite(row.id));
}

function lookup(key: string, path: string) {
  return queryOptions({
    queryKey: ['diligencias', 'lookups', key],
    queryFn: async () => opciones(await api.get<unknown>(path)),
    staleTime: 10 * 60_000,
  });
}

/** Courts, case types and task types of the assignment form. */
export function useEncargoOpciones() {
  const tribunales = useQuery(lookup('tribunales', '/encargos/tribunales/'));
  const causas = useQuery(lookup('tipos-causa', '/encargos/causas/'));
  const tipos = useQuery(lookup('tipos-encargo', '/encargos/tipos/'));
  return {
    tribunales: tribunales.data ?? [],
    tiposCausa: causas.data ?? [],
    tiposEncargo: tipos.data ?? [],
    isError: tribunales.isError || causas.isError || tipos.isError,
  };
}
