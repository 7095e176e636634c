import { formatCLP, honorariosMessages, type Sugerido, type TipoEstampado } from '@receptoria/contracts';
import { diligenciasMessages } from '../messages';

/**
 * The fee results carry without a custom value is the API's one rule (GET /honorarios/sugerido/: the
 * firm's list, the general list, the type's default); the type's default stands in only when the
 * suggestion cannot be had (the save falls back to it the same way).
 */
export function honorarioDe(sugerido: Sugerido | undefined, tipo: TipoEstampado | undefined, fallido = false): number | null {
  if (sugerido) return sugerido.monto;
  return fallido && tipo ? tipo.valor_por_defecto : null;
}

/**
 * The fee the certificate will print for the form's values: the typed custom value; the stored diligence's
 * fee while its type is kept (as the API keeps it); else the price lists' fee of the chosen type.
 */
export function honorarioDelFormulario(
  typed: number | null,
  stored: { tipo: number | null; valor: number | null },
  tipoId: string | null,
  sugerido: number | null,
): number | null {
  if (typed !== null) return typed;
  if (stored.valor !== null && stored.tipo !== null && String(stored.tipo) === tipoId) return stored.valor;
  return sugerido;
}

/** The hint under the value field: the amount and the list it came from. */
export function honorarioHint(sugerido: Sugerido | undefined, tipo: TipoEstampado | undefined, fallido = false): string | undefined {
  if (sugerido?.fuente === 'tarifa_estudio') return honorariosMessages.valorSegunTarifa(sugerido.estudio_nombre ?? '', formatCLP(sugerido.monto));
  if (sugerido?.fuente === 'tarifa_general') return honorariosMessages.valorSegunTarifaGeneral(formatCLP(sugerido.monto));
  const monto = honorarioDe(sugerido, tipo, fallido);
  return monto === null ? undefined : diligenciasMessages.resultados.valorHint(formatCLP(monto));
}
