import { ResultadosEstampadosScreen } from '../../features/diligencias/components/resultados-estampados-screen';
import { VisitasTimeline } from './encargo-panels';

const resultadosVisitas = (encargo: { id: number }) => <VisitasTimeline encargoId={encargo.id} />;

/** Resultados y Estampados with the visits of the selected assignment under its results. */
export function ResultadosEstampadosRoute() {
  return <ResultadosEstampadosScreen visitasPanel={resultadosVisitas} />;
}
