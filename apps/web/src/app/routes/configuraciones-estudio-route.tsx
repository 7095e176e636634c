import { ConfiguracionesEstudioScreen } from '../../features/estudios/components/configuraciones-estudio-screen';
import { lazyScreen } from './lazy-screen';
import { TarifasEstudio } from './tarifas-estudio';

const InformesPanel = lazyScreen(() => import('../../features/informes/components/informes-panel'), 'InformesPanel');

/** Configuraciones Estudio with the firm's reports and, for cobranza users, its price list. */
export function ConfiguracionesEstudioRoute() {
  return (
    <ConfiguracionesEstudioScreen
      informesPanel={(estudio) => <InformesPanel estudio={estudio} />}
      tarifasPanel={(estudio) => <TarifasEstudio estudio={estudio} />}
    />
  );
}
