import type { AgenteCodigo, AgenteEstado, Lote } from '@receptoria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Signing with the receiver's token through the signing agent on this PC (packages/contracts/src/firma/token.ts).

export const agenteKey = ['firma', 'agente'] as const;
/** The agent's port on 127.0.0.1 (the agent's FIRMADOR_PUERTO; this browser may keep another in localStorage 'firmador-puerto'). */
export const PUERTO_FIRMADOR = 17342;

export function puertoFirmador(): number {
  const guardado = Number(globalThis.localStorage?.getItem('firmador-puerto'));
  return Number.isInteger(guardado) && guardado > 0 && guardado < 65536 ? guardado : PUERTO_FIRMADOR;
}

export function useAgenteEstado() {
  return useQuery({ queryKey: agenteKey, queryFn: () => api.get<AgenteEstado>('/firma/agente/') });
}

export function useCrearCodigo() {
  return useMutation({ mutationFn: () => api.post<AgenteCodigo>('/firma/agente/codigo/', {}) });
}

export function useDesemparejar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => api.delete<AgenteEstado>('/firma/agente/'), onSuccess: () => queryClient.invalidateQueries({ queryKey: agenteKey }) });
}

export const crearLote = (documentoIds: string[]) => api.post<Lote>('/firma/lotes/', { documento_ids: documentoIds });
export const getLote = (id: string) => api.get<Lote>(`/firma/lotes/${id}/`);

/** The agent on this PC: it answers only Receptoría's origin; the PIN is asked there, never here. */
export async function pedirAlFirmador(loteId: string, puerto = puertoFirmador()): Promise<void> {
  let respuesta: Response;
  try {
    respuesta = await fetch(`http://127.0.0.1:${puerto}/lotes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lote_id: loteId }) });
  } catch {
    throw new Error('sin-firmador');
  }
  if (!respuesta.ok) {
    const cuerpo = (await respuesta.json().catch(() => null)) as { detail?: string } | null;
    throw new Error(cuerpo?.detail ?? 'sin-firmador');
  }
}
