import { lazy, Suspense } from 'react';
import type { Estudio } from '@receptoria/contracts';
import type { CobranzaSeccion } from '../../features/cobranza/components/cobranza-screen';
import { usePermission } from '../../lib/auth/use-permission';
import { useSession } from '../../lib/auth/use-session';

// Receipts, payments, statements and price lists (issue 25) meet the Cobranza, firm and dashboard
// screens here; each is a chunk of its own, fetched when first shown.
const RecibosTab = lazy(async () => ({ default: (await import('../../features/recibos/components/recibos-tab')).RecibosTab }));
const PagosTab = lazy(async () => ({ default: (await import('../../features/pagos/components/pagos-tab')).PagosTab }));
const EstadoCuentaTab = lazy(async () => ({ default: (await import('../../features/pagos/components/estado-cuenta-tab')).EstadoCuentaTab }));
const TarifasPanel = lazy(async () => ({ default: (await import('../../features/honorarios/components/tarifas-panel')).TarifasPanel }));
const PorCobrarCard = lazy(async () => ({ default: (await import('../../features/recibos/components/por-cobrar-card')).PorCobrarCard }));

/** The tabs beside the collection sheet (the route itself requires the cobranza module). */
export const cobranzaSecciones: readonly CobranzaSeccion[] = [
  { value: 'recibos', label: 'Recibos', render: () => <RecibosTab /> },
  { value: 'pagos', label: 'Pagos', render: () => <PagosTab /> },
  { value: 'estado-cuenta', label: 'Estado de cuenta', render: () => <EstadoCuentaTab /> },
  { value: 'tarifas', label: 'Tarifas', render: () => <TarifasPanel estudioId={null} /> },
];

/** A firm's price list in Configuraciones Estudio, for users of the cobranza module. */
function TarifasEstudio({ estudio }: { estudio: Estudio }) {
  const { hasModule } = useSession();
  if (!hasModule('cobranza')) return null;
  return (
    <Suspense fallback={null}>
      <TarifasPanel estudioId={estudio.id} estudioNombre={estudio.nombre} />
    </Suspense>
  );
}

export const tarifasEstudioPanel = (estudio: Estudio) => <TarifasEstudio estudio={estudio} />;

/**
 * The dashboard's 'Por cobrar': read from the period summary of receipts, so it shows to users of the
 * cobranza module who hold recibos_periodo (the API refuses the others).
 */
export function PorCobrarSlot() {
  const { hasModule } = useSession();
  const periodo = usePermission('recibos_periodo');
  if (!hasModule('cobranza') || !periodo) return null;
  return (
    <Suspense fallback={null}>
      <PorCobrarCard />
    </Suspense>
  );
}
