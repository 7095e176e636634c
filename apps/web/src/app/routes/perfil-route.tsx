import { PerfilScreen } from '../../features/perfil/components/perfil-screen';
import { useSession } from '../../lib/auth/use-session';
import { FirmadorCard } from '../../features/firma/components/firmador-card';
import { CertificadoFirmaSlot, FirmaConfiguracionSlot } from './firma-route';

/** 'Mi perfil' with the signing certificate and the receiver's signing setting for those who stamp (the signing routes need estampar). */
export function PerfilRoute() {
  const { hasModule } = useSession();
  return (
    <PerfilScreen
      firma={
        hasModule('estampar') ? (
          <>
            <CertificadoFirmaSlot />
            <FirmadorCard />
            <FirmaConfiguracionSlot />
          </>
        ) : null
      }
    />
  );
}
