import { useQuery } from '@tanstack/react-query';
import { ImportarPanel } from '../../../components/importar/importar-panel';
import type { ImportarCliente } from '../../../components/importar/importar-api';
import { api, API_BASE } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-storage';

const BASE = '/nuevo_encargo/importar';

const cliente: ImportarCliente = {
  base: BASE,
  previewUrl: `${API_BASE}${BASE}/`,
  accessToken: () => sessionStore.getAccessToken(),
  post: (path, body) => api.post(path, body),
  get: (path) => api.get(path),
  download: (path) => api.download(path),
};

/** List answers come as a plain array or as `{ results: [...] }` (spec 01 §7). */
function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as T[]) : [];
}

/** 'Importar encargos' (issue 41 §2): Nuevo Encargo in bulk from a spreadsheet, for the office. */
export function ImportarEncargosScreen() {
  const estudios = useQuery({
    queryKey: ['estudios', 'list'],
    queryFn: async () => listOf<{ id: number; nombre: string; activo?: boolean }>(await api.get<unknown>('/estudios/')),
  });
  return <ImportarPanel lado="oficina" cliente={cliente} estudios={(estudios.data ?? []).filter((e) => e.activo !== false)} />;
}
