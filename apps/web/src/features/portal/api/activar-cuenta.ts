import type { PortalActivarResponse } from '@receptoria/contracts';
import { portalApi } from '../lib/portal-api';

/** POST /api/v1/portal/auth/activar/ — the invitation's single-use token and the chosen password. */
export function activarCuenta(input: { token: string; password: string }) {
  return portalApi.post<PortalActivarResponse>('/auth/activar/', input);
}
