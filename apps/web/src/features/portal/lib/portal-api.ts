import { ApiError, buildUrl, type DownloadResult, filenameFromDisposition, NetworkError, type QueryParams } from '../../../lib/api-client';
import { portalSessionStore } from './portal-session-storage';

/** The portal's calls (issue 27): /api/v1/portal/* with the portal's own token pair. */
const PORTAL = '/portal';
const REFRESH_PATH = `${PORTAL}/auth/refresh/`;
/** Calls whose 401 means "wrong credentials or link", never "expired access token". */
const NO_REFRESH_PATHS = new Set([`${PORTAL}/auth/login/`, `${PORTAL}/auth/activar/`, REFRESH_PATH, `${PORTAL}/auth/logout/`]);
const REFRESH_LOCK = 'receptoria.portal.refresh';

let onExpired: () => void = () => undefined;

/** What happens when the portal session can no longer be renewed; the portal's session provider sets it. */
export function setPortalSessionExpiredHandler(handler: () => void) {
  onExpired = handler;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

type Outcome = 'renewed' | 'refused' | 'unreachable';
let refreshing: Promise<Outcome> | null = null;

async function exchange(accessBefore: string | null): Promise<Outcome> {
  const current = portalSessionStore.getAccessToken();
  // Renewed by another tab while this one waited for the lock.
  if (current !== null && current !== accessBefore) return 'renewed';
  const refresh = portalSessionStore.getRefreshToken();
  if (!refresh) return 'refused';
  let response: Response;
  try {
    response = await fetch(buildUrl(REFRESH_PATH), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh }),
    });
  } catch {
    return 'unreachable';
  }
  if (response.status >= 500) return 'unreachable';
  if (!response.ok) return 'refused';
  const body = (await readBody(response)) as { access?: unknown; refresh?: unknown } | undefined;
  if (typeof body?.access !== 'string') return 'refused';
  portalSessionStore.setTokens({ access: body.access, refresh: typeof body.refresh === 'string' ? body.refresh : undefined });
  return 'renewed';
}

/** One renewal at a time (refresh tokens rotate), serialised across tabs where Web Locks exist. */
function renew(): Promise<Outcome> {
  const accessBefore = portalSessionStore.getAccessToken();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  refreshing ??= (locks ? locks.request(REFRESH_LOCK, () => exchange(accessBefore)) : exchange(accessBefore))
    .then((outcome) => {
      if (outcome === 'refused') {
        portalSessionStore.clear();
        onExpired();
      }
      return outcome;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

type Method = 'GET' | 'POST' | 'PUT';

interface SendInit {
  method: Method;
  path: string;
  body?: unknown;
  params?: QueryParams;
}

async function send(init: SendInit, allowRefresh = true): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const token = portalSessionStore.getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(`${PORTAL}${init.path}`, init.params), { method: init.method, headers, body });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.status !== 401 || !allowRefresh || NO_REFRESH_PATHS.has(`${PORTAL}${init.path}`)) return response;
  if (!portalSessionStore.getRefreshToken()) return response;
  const current = portalSessionStore.getAccessToken();
  const outcome = current !== null && current !== token ? 'renewed' : await renew();
  if (outcome === 'unreachable') throw new NetworkError(new Error('No se pudo renovar la sesión'));
  if (outcome === 'refused') return response;
  return send(init, false);
}

async function request<T>(init: SendInit): Promise<T> {
  const response = await send(init);
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}

/** Paths are relative to /api/v1/portal: `portalApi.get('/encargos/')`. */
export const portalApi = {
  get: <T>(path: string, params?: QueryParams) => request<T>({ method: 'GET', path, params }),
  post: <T>(path: string, body?: unknown) => request<T>({ method: 'POST', path, body }),
  put: <T>(path: string, body?: unknown) => request<T>({ method: 'PUT', path, body }),

  /** A file the portal serves (a certificate, a receipt's PDF). */
  async download(path: string): Promise<DownloadResult> {
    const response = await send({ method: 'GET', path });
    if (!response.ok) throw new ApiError(response.status, await readBody(response));
    return { blob: await response.blob(), filename: filenameFromDisposition(response.headers.get('content-disposition')) };
  },
};

/** The path under /api/v1/portal of a link the API gave in full (e.g. '/api/v1/portal/encargos/3/certificados/9/pdf/'). */
export function portalPathOf(url: string): string {
  const at = url.indexOf(`/api/v1${PORTAL}/`);
  return at >= 0 ? url.slice(at + `/api/v1${PORTAL}`.length) : url;
}
