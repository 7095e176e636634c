import { Center, Loader } from '@mantine/core';
import { lazyScreen } from './lazy-screen';

// Electronic signing (features/firma, issue 26). The route table loads this small module; its screens'
// own loaders live here, so the table every page downloads does not carry their dependency lists.

export const PorFirmarRoute = lazyScreen(() => import('../../features/firma/components/por-firmar-screen'), 'PorFirmarScreen');

export const VerificarRoute = lazyScreen(
  () => import('../../features/firma/components/verificar-screen'),
  'VerificarScreen',
  <Center h="100vh">
    <Loader size="lg" aria-label="Cargando" />
  </Center>,
);

/** The signing certificate's card in 'Mi perfil'. */
export const CertificadoFirmaSlot = lazyScreen(() => import('../../features/firma/components/certificado-firma-card'), 'CertificadoFirmaCard');

/** The receiver's firma_sin_revocacion in 'Mi perfil' (issue 39 §2). */
export const FirmaConfiguracionSlot = lazyScreen(() => import('../../features/firma/components/firma-configuracion-card'), 'FirmaConfiguracionCard');
