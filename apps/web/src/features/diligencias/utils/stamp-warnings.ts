import { RECEPTOR_CAMPO_LABELS, type ReceptorCampo, estampadoMessages } from '@receptoria/contracts';

/**
 * The warnings of a generated certificate as the toast lists them: the server's, plus the receiver's
 * missing identity fields when no warning says so already (issue 30).
 */
export function stampWarnings(advertencias: readonly string[], receptorIncompleto: readonly string[]): string[] {
  if (receptorIncompleto.length === 0 || advertencias.some((text) => text.toLowerCase().includes('receptor'))) return [...advertencias];
  const campos = receptorIncompleto.map((campo) => RECEPTOR_CAMPO_LABELS[campo as ReceptorCampo] ?? campo);
  return [...advertencias, estampadoMessages.receptorIncompleto(campos)];
}
