import { createApiClient, type DownloadResult, type QueryParams } from '../../../lib/api-client';
import { portalSessionStore } from './portal-session-storage';

/** The portal's calls (issue 27): /api/v1/portal/* with the portal's own token pair. */
const PORTAL_BASE = '/api/v1/portal';

const portal = createApiClient({
  store: portalSessionStore,
  base: PORTAL_BASE,
  refreshPath: '/auth/refresh/',
  // A 401 here means "wrong credentials or link", never "expired access token".
  noRefreshPaths: ['/auth/login/', '/auth/activar/', '/auth/logout/'],
  refreshLock: 'receptoria.portal.refresh',
  onExpired: () => undefined,
});

/** What happens when the portal session can no longer be renewed; the portal's session provider sets it. */
export const setPortalSessionExpiredHandler = portal.setSessionExpiredHandler;

/** Paths are relative to /api/v1/portal: `portalApi.get('/encargos/')`. */
export const portalApi = {
  get: <T>(path: string, params?: QueryParams) => portal.api.get<T>(path, { params }),
  post: <T>(path: string, body?: unknown) => portal.api.post<T>(path, body),
  put: <T>(path: string, body?: unknown) => portal.api.put<T>(path, body),
  /** The raw answer of a POST read as it arrives (a reading's progress lines). */
  stream: (path: string, body: unknown, options?: { headers?: Record<string, string>; signal?: AbortSignal }) => portal.api.stream(path, body, options),
  patch: <T>(path: string, body?: unknown) => portal.api.patch<T>(path, body),
  delete: <T>(path: string) => portal.api.delete<T>(path),

  /** A file the portal serves (a certificate, a receipt's PDF). */
  download: (path: string): Promise<DownloadResult> => portal.api.download(path),
};

/** The path under /api/v1/portal of a link the API gave in full (e.g. '/api/v1/portal/encargos/3/certificados/9/pdf/'). */
export function portalPathOf(url: string): string {
  const at = url.indexOf(`${PORTAL_BASE}/`);
  return at >= 0 ? url.slice(at + PORTAL_BASE.length) : url;
}
