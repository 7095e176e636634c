import { z } from 'zod';

/** Assignment states (spec 01 §4), in workflow order. */
export const ENCARGO_ESTADOS = ['pendiente', 'preparado', 'listo_para_estampar', 'estampado'] as const;
export const EncargoEstadoSchema = z.enum(ENCARGO_ESTADOS);
export type EncargoEstado = z.infer<typeof EncargoEstadoSchema>;

export const ESTADO_LABELS: Record<EncargoEstado, string> = {
  pendiente: 'Pendiente',
  preparado: 'Preparado',
  listo_para_estampar: 'Listo para Estampar',
  estampado: 'Estampado',
};

/** Choices of the state filter on Ver Pendientes. */
export const ESTADO_FILTROS = ['todos', 'preparado', 'listo_para_estampar', 'estampado'] as const;

export function isEncargoEstado(value: unknown): value is EncargoEstado {
  return typeof value === 'string' && (ENCARGO_ESTADOS as readonly string[]).includes(value);
}

/** Label of a state; an unknown state keeps its raw name. */
export function estadoLabel(estado: string | null | undefined): string {
  if (!estado) return 'No especificado';
  return isEncargoEstado(estado) ? ESTADO_LABELS[estado] : estado;
}
