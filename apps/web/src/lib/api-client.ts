import { commonMessages } from '@receptoria/contracts/common/messages';
import { type RefreshHandover, refreshHandover } from './refresh-handover';
import { sessionStore } from './session-storage';
import type { TokenStore } from './token-store';

/** Every call of the product goes to /api/v1 on its own host (spec 01 §7). */
export const API_BASE = '/api/v1';

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

export interface ApiClientConfig {
  /** Where the session's tokens are kept. */
  store: Pick<TokenStore<unknown>, 'getAccessToken' | 'getRefreshToken' | 'setTokens' | 'clear'>;
  /** Prefix of every path, e.g. '/api/v1' (a call's `options.base` may name another). */
  base: string;
  /** POST { refresh } here renews the pair; relative to `base`. */
  refreshPath: string;
  /** Calls whose 401 means "wrong credentials", never "expired access token". */
  noRefreshPaths: readonly string[];
  /** Web Lock that serialises the renewal across tabs. */
  refreshLock: string;
  /** Where a tab learns of a renewal another tab made (staff session); none, and a spent token is just refused. */
  handover?: () => RefreshHandover;
  /** What happens when the session can no longer be renewed, until the session provider replaces it. */
  onExpired: () => void;
}

type RefreshOutcome = 'renewed' | 'refused' | 'unreachable';

interface SendInit {
  method: Method;
  path: string;
  body?: unknown;
  options?: RequestOptions;
}

/** A client for one session: its token store, the paths it renews and refuses, what it does when the session ends. */
export function createApiClient(config: ApiClientConfig) {
  const { store } = config;
  const noRefreshPaths = new Set([config.refreshPath, ...config.noRefreshPaths]);
  let onSessionExpired = config.onExpired;
  let refreshing: Promise<RefreshOutcome> | null = null;

  /**
   * One refresh at a time: concurrent 401s wait for the same renewal (refresh tokens rotate). A refused
   * renewal clears the session and reports it once; an unreachable server leaves the session alone.
   */
  function refreshSession(): Promise<RefreshOutcome> {
    refreshing ??= requestNewTokens()
      .then((outcome) => {
        if (outcome === 'refused') {
          store.clear();
          onSessionExpired();
        }
        return outcome;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /**
   * Tabs share the stored tokens and refresh tokens rotate: renewals are serialised across tabs (Web
   * Locks, where the browser offers them), and a tab that finds the tokens already renewed by another
   * one uses them instead of presenting a spent refresh token.
   */
  async function requestNewTokens(): Promise<RefreshOutcome> {
    const accessBefore = store.getAccessToken();
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return exchangeRefreshToken(accessBefore);
    return locks.request(config.refreshLock, () => exchangeRefreshToken(accessBefore));
  }

  async function exchangeRefreshToken(accessBefore: string | null): Promise<RefreshOutcome> {
    const current = store.getAccessToken();
    // Renewed by another tab while this one waited for the lock.
    if (current !== null && current !== accessBefore) return 'renewed';
    const refresh = store.getRefreshToken();
    if (!refresh) return 'refused';
    // This tab's copy of localStorage may lag behind a renewal another tab just made: presenting the
    // spent refresh token would make the server revoke the whole session.
    const replacement = config.handover ? await config.handover().replacementFor(refresh) : null;
    if (replacement) {
      store.setTokens(replacement);
      return 'renewed';
    }
    const renewedElsewhere = () => store.getAccessToken() !== null && store.getRefreshToken() !== refresh;
    let response: Response;
    try {
      response = await fetch(buildUrl(config.refreshPath, undefined, config.base), {
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
    store.setTokens({
      access: body.access,
      refresh: typeof body.refresh === 'string' ? body.refresh : undefined,
    });
    // Recorded before the lock is released, so the next tab to take it learns of the renewal.
    if (config.handover && typeof body.refresh === 'string') {
      await config.handover().record(refresh, { access: body.access, refresh: body.refresh });
    }
    return 'renewed';
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
    const token = store.getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await fetch(buildUrl(init.path, init.options?.params, init.options?.base ?? config.base), {
        method: init.method,
        headers,
        body,
        signal: init.options?.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new NetworkError(error);
    }

    if (response.status !== 401 || !allowRefresh || noRefreshPaths.has(init.path)) return response;
    // Without a refresh token the original error stands (spec 01 §4).
    if (!store.getRefreshToken()) return response;

    // Another request may already have renewed the token this one was sent with.
    const current = store.getAccessToken();
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

  return {
    /** Replaces what happens when the session can no longer be renewed (the session provider sets it). */
    setSessionExpiredHandler(handler: () => void) {
      onSessionExpired = handler;
    },

    api: {
      get: <T>(path: string, options?: RequestOptions) => request<T>({ method: 'GET', path, options }),
      post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
        request<T>({ method: 'POST', path, body, options }),
      put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
        request<T>({ method: 'PUT', path, body, options }),
      patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
        request<T>({ method: 'PATCH', path, body, options }),
      delete: <T = void>(path: string, options?: RequestOptions) => request<T>({ method: 'DELETE', path, options }),

      /** The raw answer of a POST, for a body read as it arrives (progress lines); a refusal throws ApiError. */
      async stream(path: string, body?: unknown, options?: RequestOptions): Promise<Response> {
        const response = await send({ method: 'POST', path, body, options });
        if (!response.ok) throw new ApiError(response.status, await readBody(response));
        return response;
      },

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
    },
  };
}

const staff = createApiClient({
  store: sessionStore,
  base: API_BASE,
  refreshPath: '/auth/refresh/',
  noRefreshPaths: ['/auth/login/', '/auth/logout/'],
  refreshLock: 'receptoria.refresh',
  handover: refreshHandover,
  onExpired: () => {
    if (window.location.pathname !== '/login') window.location.assign('/login');
  },
});

/** The staff session's client: paths relative to /api/v1. */
export const api = staff.api;
export const setSessionExpiredHandler = staff.setSessionExpiredHandler;

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
