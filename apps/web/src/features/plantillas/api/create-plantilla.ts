import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { stampServiceOptions } from '../../../lib/stamp-service';
import type { Plantilla } from '@receptoria/contracts';

/** POST /estampados/api/plantillas/crear-nueva {nombre_plantilla (sent trimmed), tipo_estampado}. */
export async function createPlantilla({ nombre, tipoEstampado }: { nombre: string; tipoEstampado: number }): Promise<Plantilla | undefined> {
  const body = await api.post<{ success?: boolean; plantilla?: Plantilla }>(
    '/plantillas/crear-nueva',
    { nombre_plantilla: nombre.trim(), tipo_estampado: tipoEstampado },
    stampServiceOptions(),
  );
  if (body?.success === false) throw new Error('success false');
  return body?.plantilla;
}

/** After a creation both lists load again (spec 02 §7). */
export function useCreatePlantilla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlantilla,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plantillas'] }),
  });
}
