import { commonMessages } from '@receptoria/contracts/common/messages';
import type { ModuleName } from '@receptoria/contracts/permisos/modules';
import { canEditReceptor } from '@receptoria/contracts/receptor/access';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/auth/use-session';
import { AccessDenied } from '../routes/access-denied';

/**
 * A screen reached without its module shows 'Acceso Denegado' (spec 01 §2). A list of permission
 * codes may be required too, any one sufficing (spec 02 §6); admin holds them all.
 */
export function RequireModule({
  module,
  permissions,
  children,
}: {
  module: ModuleName;
  permissions?: readonly string[];
  children: ReactNode;
}) {
  const { hasModule, isAdmin, permisos } = useSession();
  if (!hasModule(module)) return <AccessDenied />;
  const permitted =
    isAdmin || !permissions || permissions.length === 0 || permissions.some((code) => permisos.includes(code));
  return permitted ? children : <AccessDenied message={commonMessages.permissionMissing} />;
}

/** /onboarding: only the user named admin; anyone else goes to the dashboard (spec 02 §2). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isAdmin } = useSession();
  return isAdmin ? children : <Navigate to={paths.home} replace />;
}

/** 'Mis datos de receptor': users of cargo receptor, the permissions module, or admin (issue 30 §2). */
export function RequireReceptorEditor({ children }: { children: ReactNode }) {
  const { user, profile, permisos } = useSession();
  const allowed = user ? canEditReceptor({ username: user.username, cargo: profile?.cargo ?? user.cargo }, permisos) : false;
  return allowed ? children : <AccessDenied />;
}
