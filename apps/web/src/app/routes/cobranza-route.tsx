import { lazy } from 'react';
import { type CobranzaSeccion, CobranzaScreen } from '../../features/cobranza/components/cobranza-screen';

// Receipts, payments, statements and the general price list (issue 25): tabs beside the collection
// sheet, each a chunk of its own fetched when first shown. Only the Cobranza route loads this module.
const RecibosTab = lazy(async () => ({ default: (await import('../../features/recibos/components/recibos-tab')).RecibosTab }));
const PagosTab = lazy(async () => ({ default: (await import('../../features/pagos/components/pagos-tab')).PagosTab }));
const EstadoCuentaTab = lazy(async () => ({ default: (await import('../../features/pagos/components/estado-cuenta-tab')).EstadoCuentaTab }));
const TarifasTab = lazy(async () => ({ default: (await import('../../features/honorarios/components/tarifas-tab')).TarifasTab }));

/** The tabs beside the collection sheet (the route itself requires the cobranza module). */
export const cobranzaSecciones: readonly CobranzaSeccion[] = [
  { value: 'recibos', label: 'Recibos', render: () => <RecibosTab /> },
  { value: 'pagos', label: 'Pagos', render: () => <PagosTab /> },
  { value: 'estado-cuenta', label: 'Estado de cuenta', render: () => <EstadoCuentaTab /> },
  { value: 'tarifas', label: 'Tarifas', render: () => <TarifasTab /> },
];

/** The Cobranza screen with its tabs. */
export function CobranzaRoute() {
  return <CobranzaScreen secciones={cobranzaSecciones} />;
}
