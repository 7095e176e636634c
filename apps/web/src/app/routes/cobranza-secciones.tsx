import { lazy, Suspense } from 'react';
import { usePermission } from '../../lib/auth/use-permission';
import { useSession } from '../../lib/auth/use-session';

// The Cobranza tabs (./cobranza-route) and a firm's price list (./tarifas-estudio) load with their own
// screens; only the dashboard's slot is part of the route table's chunk.
const PorCobrarCard = lazy(async () => ({ default: (await import('../../features/recibos/components/por-cobrar-card')).PorCobrarCard }));

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
