import { ReEncargosScreen } from '../../features/encargos/components/re-encargos-screen';
import { DocumentosEncargoPanel, HistorialPanel, VisitasTimeline } from './encargo-panels';

/** Re-encargos with its history, documents and visits tabs. */
export function ReEncargosRoute() {
  return (
    <ReEncargosScreen
      historialPanel={(encargo) => <HistorialPanel entidad="encargo" id={encargo.id} />}
      documentosPanel={(encargo) => <DocumentosEncargoPanel encargoId={encargo.id} numeroRol={encargo.numero_rol} />}
      visitasPanel={(encargo) => <VisitasTimeline encargoId={encargo.id} />}
    />
  );
}
