import { ResultadosDashboardScreen } from '../../features/resultados/components/resultados-dashboard-screen';
import { DocumentosEncargoPanel } from './encargo-panels';

/** The results dashboard with each assignment's documents. */
export function ResultadosDashboardRoute() {
  return (
    <ResultadosDashboardScreen
      documentosPanel={(item) => <DocumentosEncargoPanel encargoId={item.id} numeroRol={item.numero_rol} embedded />}
    />
  );
}
