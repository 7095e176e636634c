import type { AplicacionInput, ReciboAbierto } from '@receptoria/contracts';

/** recibo_id → amount typed for it (0 = not applied). */
export type Montos = Record<number, number>;

/** Spreads an amount over the open receipts, oldest first, never beyond each one's balance. */
export function distribuir(monto: number, abiertos: readonly ReciboAbierto[]): Montos {
  const ordenados = [...abiertos].sort((a, b) => a.fecha.localeCompare(b.fecha) || a.numero - b.numero);
  const montos: Montos = {};
  let resto = Math.max(0, Math.floor(monto));
  for (const recibo of ordenados) {
    const aplicar = Math.min(resto, recibo.saldo);
    if (aplicar > 0) montos[recibo.id] = aplicar;
    resto -= aplicar;
  }
  return montos;
}

export type ProblemaAplicacion = { tipo: 'excede_pago' } | { tipo: 'excede_saldo'; numero: number };

/** The applications to send and, if any, why they cannot be: over a receipt's balance or over the money available. */
export function revisarAplicaciones(
  montos: Montos,
  disponible: number,
  abiertos: readonly ReciboAbierto[],
): { aplicaciones: AplicacionInput[]; aplicado: number; problema: ProblemaAplicacion | null } {
  const aplicaciones: AplicacionInput[] = [];
  let problema: ProblemaAplicacion | null = null;
  for (const recibo of abiertos) {
    const monto = montos[recibo.id] ?? 0;
    if (monto <= 0) continue;
    if (monto > recibo.saldo && !problema) problema = { tipo: 'excede_saldo', numero: recibo.numero };
    aplicaciones.push({ recibo_id: recibo.id, monto });
  }
  const aplicado = aplicaciones.reduce((sum, a) => sum + a.monto, 0);
  if (!problema && aplicado > disponible) problema = { tipo: 'excede_pago' };
  return { aplicaciones, aplicado, problema };
}
