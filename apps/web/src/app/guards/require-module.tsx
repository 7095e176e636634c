import type { ModuleName } from '@receptoria/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/auth/use-session';
import { AccessDenied } from '../routes/access-denied';

/** A screen reached without its module shows 'Acceso Denegado' (spec 01 §2). */
export function RequireModule({ module, children }: { module: ModuleName; children: ReactNode }) {
  const { hasModule } = useSession();
  return hasModule(module) ? children : <AccessDenied />;
}

/** /onboarding: only the user named admin; anyone else goes to the dashboard (spec 02 §2). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isAdmin } = useSession();
  return isAdmin ? children : <Navigate to={paths.home} replace />;
}
