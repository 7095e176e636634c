import { lazy, Suspense } from 'react';
import { usePendientesCount } from '../../features/solicitudes/api/get-pendientes';

// The notice's Alert downloads only while some request waits; the count is the top bar's query.
const SolicitudesAviso = lazy(async () => ({
  default: (await import('../../features/solicitudes/components/solicitudes-pendientes')).SolicitudesAviso,
}));

/** The dashboard's notice of requests sent from the law-firm portal, while some wait. */
export function SolicitudesAvisoSlot() {
  const { data: pendientes = 0 } = usePendientesCount();
  if (pendientes === 0) return null;
  return (
    <Suspense fallback={null}>
      <SolicitudesAviso pendientes={pendientes} />
    </Suspense>
  );
}
