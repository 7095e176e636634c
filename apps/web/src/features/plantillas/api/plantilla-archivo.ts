import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, saveFile } from '../../../lib/api-client';
import { stampServiceOptions } from '../../../lib/stamp-service';

/** PUT /estampados/api/plantillas/{id}/archivo: a .docx that replaces the template's file. */
export async function uploadPlantillaArchivo({ id, file }: { id: number | string; file: File }): Promise<void> {
  const data = new FormData();
  data.append('archivo', file, file.name);
  await api.put<unknown>(`/plantillas/${encodeURIComponent(String(id))}/archivo`, data, stampServiceOptions());
}

export function useUploadPlantillaArchivo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPlantillaArchivo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plantillas', 'lista'] }),
  });
}

/** GET /estampados/api/plantillas/{id}/archivo: the template's .docx, offered as a download. */
export async function downloadPlantillaArchivo(id: number | string, fallbackName: string): Promise<void> {
  const { blob, filename } = await api.download(
    `/plantillas/${encodeURIComponent(String(id))}/archivo`,
    undefined,
    stampServiceOptions(),
  );
  saveFile(blob, filename ?? `${fallbackName}.docx`);
}
