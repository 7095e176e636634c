import { api, saveFile } from '../../../lib/api-client';

/** GET /encargos/exportar/ with the list's filters → the XLSX, offered as a download. */
export async function exportEncargos(filters: { search?: string; estado?: string }): Promise<void> {
  const file = await api.download('/encargos/exportar/', undefined, {
    method: 'GET',
    params: {
      search: filters.search?.trim() || undefined,
      estado: filters.estado && filters.estado !== 'todos' ? filters.estado : undefined,
    },
  });
  saveFile(file.blob, file.filename ?? 'encargos.xlsx');
}
