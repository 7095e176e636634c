import { Stack } from '@mantine/core';
import { ConfiguracionesEstudioScreen } from '../../features/estudios/components/configuraciones-estudio-screen';
import { lazyScreen } from './lazy-screen';
import { TarifasEstudio } from './tarifas-estudio';

const InformesPanel = lazyScreen(() => import('../../features/informes/components/informes-panel'), 'InformesPanel');
const UsuariosPortalPanel = lazyScreen(() => import('../../features/usuarios-portal/components/usuarios-portal-panel'), 'UsuariosPortalPanel');
const ClavesApiPanel = lazyScreen(() => import('../../features/claves-api/components/claves-api-panel'), 'ClavesApiPanel');
const ConfiguracionApiPanel = lazyScreen(() => import('../../features/claves-api/components/configuracion-api-panel'), 'ConfiguracionApiPanel');
const WebhooksEstudioPanel = lazyScreen(() => import('../../features/webhooks/components/webhooks-estudio-panel'), 'WebhooksEstudioPanel');

/** Configuraciones Estudio with the firm's reports, its portal users, its API keys and webhooks and, for cobranza users, its price list. */
export function ConfiguracionesEstudioRoute() {
  return (
    <ConfiguracionesEstudioScreen
      informesPanel={(estudio) => <InformesPanel estudio={estudio} />}
      tarifasPanel={(estudio) => <TarifasEstudio estudio={estudio} />}
      portalPanel={(estudio) => (
        <Stack key={estudio.id} gap="md">
          <UsuariosPortalPanel estudioId={estudio.id} />
          <ClavesApiPanel estudioId={estudio.id} />
          <ConfiguracionApiPanel estudioId={estudio.id} />
          <WebhooksEstudioPanel estudioId={estudio.id} />
        </Stack>
      )}
    />
  );
}
