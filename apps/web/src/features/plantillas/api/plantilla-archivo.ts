import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, saveFile } from '../../../lib/api-client';
import { stampServiceOptions } from '../../../lib/stamp-service';

export interface UploadPlantillaInput {
  id: number | string;
  file: File;
  /** Keep the file although it uses unknown markers (the user chose 'Guardar de todos modos'). */
  aceptarDesconocidos?: boolean;
}

/**
 * PUT /estampados/api/plantillas/{id}/archivo: a .docx that replaces the template's file. Returns the
 * unknown markers kept (advertencias) when the file was stored anyway.
 */
export async function uploadPlantillaArchivo({ id, file, aceptarDesconocidos }: UploadPlantillaInput): Promise<string[]> {
  const data = new FormData();
  data.append('archivo', file, file.name);
  const body = await api.put<{ advertencias?: unknown }>(
    `/plantillas/${encodeURIComponent(String(id))}/archivo`,
    data,
    stampServiceOptions({ params: aceptarDesconocidos ? { aceptar_desconocidos: 1 } : undefined }),
  );
  return Array.isArray(body?.advertencias) ? body.advertencias.map(String) : [];
}

/** The unknown markers of a 422 answer (nothing was stored), or null for any other failure. */
export function unknownMarkersOf(error: unknown): { detail: string; marcadores: string[] } | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const marcadores = (error.body as { marcadores_desconocidos?: unknown } | null)?.marcadores_desconocidos;
  if (!Array.isArray(marcadores)) return null;
  return { detail: error.detail ?? '', marcadores: marcadores.map(String) };
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
