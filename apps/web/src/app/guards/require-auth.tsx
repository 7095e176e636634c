import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/auth/use-session';

/** Every route but /login needs a session (spec 01 §2). */
export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  if (status !== 'authenticated') return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}

/** /login sends an authenticated user to the dashboard. */
export function RedirectIfAuthenticated() {
  const { status } = useSession();
  if (status === 'authenticated') return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
