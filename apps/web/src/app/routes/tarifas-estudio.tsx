import { lazy, Suspense } from 'react';
import type { Estudio } from '@receptoria/contracts';
import { useSession } from '../../lib/auth/use-session';

// Part of Configuraciones Estudio's route module; the list itself downloads only for cobranza users.
const TarifasPanel = lazy(async () => ({ default: (await import('../../features/honorarios/components/tarifas-panel')).TarifasPanel }));

/** A firm's price list in Configuraciones Estudio, for users of the cobranza module. */
export function TarifasEstudio({ estudio }: { estudio: Estudio }) {
  const { hasModule } = useSession();
  if (!hasModule('cobranza')) return null;
  return (
    <Suspense fallback={null}>
      <TarifasPanel estudioId={estudio.id} estudioNombre={estudio.nombre} />
    </Suspense>
  );
}
