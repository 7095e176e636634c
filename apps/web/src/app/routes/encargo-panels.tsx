import { lazyScreen } from './lazy-screen';

// Panels of an assignment shown inside several screens (Re-encargos, Resultados): each its own chunk,
// declared here so only the route modules of those screens carry their loaders.
export const HistorialPanel = lazyScreen(() => import('../../features/auditoria/components/historial-panel'), 'HistorialPanel');
// Every field visit of an assignment (features/visitas): a tab of Re-encargos, a section of Resultados.
export const VisitasTimeline = lazyScreen(() => import('../../features/visitas/components/visitas-timeline'), 'VisitasTimeline');
export const DocumentosEncargoPanel = lazyScreen(
  () => import('../../features/diligencias/components/documentos-encargo-panel'),
  'DocumentosEncargoPanel',
);
