import { commonMessages } from '@receptoria/contracts/common/messages';
import { refreshHandover } from './refresh-handover';
import { sessionStore } from './session-storage';

/** Every call of the product goes to /api/v1 on its own host (spec 01 §7). */
export const API_BASE = '/api/v1';

const REFRESH_PATH = '/auth/refresh/';
/** Calls whose 401 means "wrong credentials", never "expired access token". */
const NO_REFRESH_PATHS = new Set(['/auth/login/', REFRESH_PATH, '/auth/logout/']);

/** The server answered with an error status. `detail` is the server's Spanish message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly detail: string | undefined;

  constructor(status: number, body: unknown) {
    // A refusal without the server's own words reads as the product's 403 message (spec 01 §6).
    const detail = detailOf(body) ?? (status === 403 ? commonMessages.forbidden : undefined);
    super(detail ?? `Error ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.detail = detail;
  }

  /** Field → messages, when the server sent validation errors. */
  get errors(): Record<string, string[]> | undefined {
    const errors = (this.body as { errors?: unknown } | null)?.errors;
    return errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : undefined;
  }
}

/** The request got no answer (server down, network lost). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Error de conexión', { cause });
    this.name = 'NetworkError';
  }
}

function detailOf(body: unknown): string | undefined {
  if (typeof body === 'string') return undefined;
  const detail = (body as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' && detail.length > 0 ? detail : undefined;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  params?: QueryParams;
  /** Another service of the same host, e.g. '/estampados/api' (spec 02 §7); default /api/v1. */
  base?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export function buildUrl(path: string, params?: QueryParams, base: string = API_BASE): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** What happens when the session can no longer be renewed; the session provider replaces it. */
let onSessionExpired: () => void = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

type RefreshOutcome = 'renewed' | 'refused' | 'unreachable';
let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * One refresh at a time: concurrent 401s wait for the same renewal (refresh tokens rotate). A refused
 * renewal clears the session and reports it once; an unreachable server leaves the session alone.
 */
function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= requestNewTokens()
    .then((outcome) => {
      if (outcome === 'refused') {
        sessionStore.clear();
        onSessionExpired();
      }
      return outcome;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

const REFRESH_LOCK = 'receptoria.refresh';

/**
 * Tabs share the stored tokens and refresh tokens rotate: renewals are serialised across tabs (Web
 * Locks, where the browser offers them), and a tab that finds the tokens already renewed by another
 * one uses them instead of presenting a spent refresh token.
 */
async function requestNewTokens(): Promise<RefreshOutcome> {
  const accessBefore = sessionStore.getAccessToken();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return exchangeRefreshToken(accessBefore);
  return locks.request(REFRESH_LOCK, () => exchangeRefreshToken(accessBefore));
}

async function exchangeRefreshToken(accessBefore: string | null): Promise<RefreshOutcome> {
  const current = sessionStore.getAccessToken();
  // Renewed by another tab while this one waited for the lock.
  if (current !== null && current !== accessBefore) return 'renewed';
  const refresh = sessionStore.getRefreshToken();
  if (!refresh) return 'refused';
  // This tab's copy of localStorage may lag behind a renewal another tab just made: presenting the
  // spent refresh token would make the server revoke the whole session.
  const replacement = await refreshHandover().replacementFor(refresh);
  if (replacement) {
    sessionStore.setTokens(replacement);
    return 'renewed';
  }
  const renewedElsewhere = () =>
    sessionStore.getAccessToken() !== null && sessionStore.getRefreshToken() !== refresh;
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
  // Another tab may have spent this refresh token first and stored the new pair meanwhile.
  if (!response.ok) return renewedElsewhere() ? 'renewed' : 'refused';
  const body = (await readBody(response)) as { access?: unknown; refresh?: unknown } | undefined;
  if (typeof body?.access !== 'string') return 'refused';
  sessionStore.setTokens({
    access: body.access,
    refresh: typeof body.refresh === 'string' ? body.refresh : undefined,
  });
  // Recorded before the lock is released, so the next tab to take it learns of the renewal.
  if (typeof body.refresh === 'string') {
    await refreshHandover().record(refresh, { access: body.access, refresh: body.refresh });
  }
  return 'renewed';
}

interface SendInit {
  method: Method;
  path: string;
  body?: unknown;
  options?: RequestOptions;
}

async function send(init: SendInit, allowRefresh = true): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.options?.headers };
  let body: BodyInit | undefined;
  if (init.body instanceof FormData || init.body instanceof Blob) {
    body = init.body;
  } else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const token = sessionStore.getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(init.path, init.options?.params, init.options?.base), {
      method: init.method,
      headers,
      body,
      signal: init.options?.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  if (response.status !== 401 || !allowRefresh || NO_REFRESH_PATHS.has(init.path)) return response;
  // Without a refresh token the original error stands (spec 01 §4).
  if (!sessionStore.getRefreshToken()) return response;

  // Another request may already have renewed the token this one was sent with.
  const current = sessionStore.getAccessToken();
  const outcome = current !== null && current !== token ? 'renewed' : await refreshSession();
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

/** Reads the file name of a content-disposition header (RFC 6266, with filename* first). */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const value = plain?.[2] ?? plain?.[1];
  return value?.trim() || undefined;
}

export interface DownloadResult {
  blob: Blob;
  /** From content-disposition; undefined when the server named no file. */
  filename: string | undefined;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>({ method: 'GET', path, options }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>({ method: 'POST', path, body, options }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>({ method: 'PUT', path, body, options }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>({ method: 'PATCH', path, body, options }),
  delete: <T = void>(path: string, options?: RequestOptions) => request<T>({ method: 'DELETE', path, options }),

  /** A file answer: POST when a body is given, else GET. */
  async download(
    path: string,
    body?: unknown,
    options?: RequestOptions & { method?: Method; onProgress?: (bytes: number) => void },
  ): Promise<DownloadResult> {
    const method = options?.method ?? (body === undefined ? 'GET' : 'POST');
    const response = await send({ method, path, body, options });
    if (!response.ok) throw new ApiError(response.status, await readBody(response));
    return {
      blob: options?.onProgress ? await readWithProgress(response, options.onProgress) : await response.blob(),
      filename: filenameFromDisposition(response.headers.get('content-disposition')),
    };
  },
};

/** The body as a Blob, telling how many bytes have arrived as they arrive (long, streamed downloads). */
async function readWithProgress(response: Response, onProgress: (bytes: number) => void): Promise<Blob> {
  if (!response.body) return response.blob();
  const type = response.headers.get('content-type') ?? '';
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(parts as BlobPart[], { type });
}

/** Offers a downloaded file to the user. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
