import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, filenameFromDisposition, NetworkError, setSessionExpiredHandler } from './api-client';
import { type RefreshHandover, setRefreshHandover, type TokenPair } from './refresh-handover';
import { sessionStore } from './session-storage';

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

/** A fake server: data calls answer 200 only to the access token it considers valid. */
function fakeServer(options: { validToken: string; refreshResult?: () => Promise<Response> }) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const call: Call = {
      url,
      method: init?.method ?? 'GET',
      authorization: headers.get('Authorization'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    if (url === '/api/v1/auth/refresh/') {
      return options.refreshResult ? options.refreshResult() : json(200, { access: 'fresh', refresh: 'refresh-2' });
    }
    if (call.authorization !== `Bearer ${options.validToken}`) {
      return json(401, { detail: 'Las credenciales de autenticación no se proveyeron o son inválidas.' });
    }
    return json(200, { ok: true, url });
  });
  vi.stubGlobal('fetch', fetchMock);
  const refreshCalls = () => calls.filter((call) => call.url === '/api/v1/auth/refresh/');
  return { calls, fetchMock, refreshCalls };
}

const user = { id: 7, username: 'secretaria' };

describe('api client', () => {
  const expired = vi.fn();

  beforeEach(() => {
    vi.unstubAllGlobals();
    expired.mockReset();
    setSessionExpiredHandler(expired);
    sessionStore.setSession({ access: 'stale', refresh: 'refresh-1', user });
  });

  it('sends the stored access token and JSON bodies', async () => {
    const server = fakeServer({ validToken: 'stale' });
    await api.post('/apuntes-personales/guardar_texto/', { texto: '• hola' });
    const [input, init] = server.fetchMock.mock.calls[0]!;
    expect(input).toBe('/api/v1/apuntes-personales/guardar_texto/');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer stale');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify({ texto: '• hola' }));
  });

  it('adds query parameters and skips empty ones', async () => {
    const server = fakeServer({ validToken: 'stale' });
    await api.get('/encargos/lista/', { params: { estado: 'preparado', search: '', page: 2, x: undefined } });
    expect(server.calls[0]?.url).toBe('/api/v1/encargos/lista/?estado=preparado&page=2');
  });

  it('refreshes an expired access token once and retries the request with the new one', async () => {
    const server = fakeServer({ validToken: 'fresh' });
    const result = await api.get<{ ok: boolean }>('/auth/profile/');

    expect(result.ok).toBe(true);
    expect(server.refreshCalls()).toHaveLength(1);
    expect(server.refreshCalls()[0]?.body).toEqual({ refresh: 'refresh-1' });
    expect(server.calls.map((call) => [call.url, call.authorization])).toEqual([
      ['/api/v1/auth/profile/', 'Bearer stale'],
      ['/api/v1/auth/refresh/', null],
      ['/api/v1/auth/profile/', 'Bearer fresh'],
    ]);
    expect(sessionStore.getAccessToken()).toBe('fresh');
    expect(sessionStore.getRefreshToken()).toBe('refresh-2');
    expect(expired).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401 answers', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = fakeServer({
      validToken: 'fresh',
      refreshResult: async () => {
        await gate;
        return json(200, { access: 'fresh', refresh: 'refresh-2' });
      },
    });

    const requests = Promise.all([
      api.get('/auth/profile/'),
      api.get('/apuntes-personales/texto/'),
      api.get('/configuracion/usuarios/7/permisos/'),
    ]);
    await vi.waitFor(() => expect(server.refreshCalls()).toHaveLength(1));
    release();
    await expect(requests).resolves.toHaveLength(3);

    expect(server.refreshCalls()).toHaveLength(1);
    const retried = server.calls.filter((call) => call.authorization === 'Bearer fresh');
    expect(retried.map((call) => call.url).sort()).toEqual([
      '/api/v1/apuntes-personales/texto/',
      '/api/v1/auth/profile/',
      '/api/v1/configuracion/usuarios/7/permisos/',
    ]);
  });

  it('retries only once when the renewed token is refused too', async () => {
    const server = fakeServer({ validToken: 'never' });
    const error = await api.get('/auth/profile/').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(server.refreshCalls()).toHaveLength(1);
    expect(server.calls.filter((call) => call.url === '/api/v1/auth/profile/')).toHaveLength(2);
  });

  it('clears the session and reports it when the refresh fails', async () => {
    const server = fakeServer({
      validToken: 'fresh',
      refreshResult: async () => json(401, { detail: 'El token de actualización es inválido o expiró' }),
    });
    const error = await api.get('/auth/profile/').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe('Las credenciales de autenticación no se proveyeron o son inválidas.');
    expect(server.refreshCalls()).toHaveLength(1);
    expect(sessionStore.getAccessToken()).toBeNull();
    expect(sessionStore.getRefreshToken()).toBeNull();
    expect(sessionStore.getUser()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('clears the session once when several requests fail to refresh together', async () => {
    fakeServer({ validToken: 'fresh', refreshResult: async () => json(401, { detail: 'x' }) });
    const results = await Promise.allSettled([api.get('/a/'), api.get('/b/')]);

    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(sessionStore.getAccessToken()).toBeNull();
  });

  it('returns the original error when there is no refresh token', async () => {
    sessionStore.clear();
    sessionStore.setTokens({ access: 'stale' });
    const server = fakeServer({ validToken: 'fresh' });
    const error = await api.get('/auth/profile/').catch((e: unknown) => e);

    expect((error as ApiError).status).toBe(401);
    expect(server.refreshCalls()).toHaveLength(0);
    expect(expired).not.toHaveBeenCalled();
  });

  it('does not refresh when the login itself is refused', async () => {
    const server = fakeServer({ validToken: 'fresh' });
    server.fetchMock.mockImplementationOnce(async () => json(401, { detail: 'Usuario o contraseña incorrectos' }));
    const error = await api.post('/auth/login/', { username: 'x', password: 'y' }).catch((e: unknown) => e);

    expect((error as ApiError).detail).toBe('Usuario o contraseña incorrectos');
    expect(server.refreshCalls()).toHaveLength(0);
    expect(sessionStore.getRefreshToken()).toBe('refresh-1');
  });

  it('throws NetworkError when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/auth/profile/')).rejects.toBeInstanceOf(NetworkError);
  });

  it('keeps the server body of an error without detail', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(400, { numero_rol: ['requerido'] })));
    const error = (await api.post('/x/', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.detail).toBeUndefined();
    expect(error.body).toEqual({ numero_rol: ['requerido'] });
  });

  it('keeps the server message of a 403', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(403, { detail: 'Los permisos del usuario admin no se pueden modificar.' })));
    const error = (await api.get('/configuracion/usuarios/').catch((e: unknown) => e)) as ApiError;
    expect(error.detail).toBe('Los permisos del usuario admin no se pueden modificar.');
  });

  it('reads a 403 without detail as the permissions message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('Forbidden', { status: 403 })));
    const error = (await api.get('/configuracion/usuarios/').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(403);
    expect(error.detail).toBe('No tienes permisos para acceder a este recurso. Contacta al administrador.');
    expect(error.message).toBe(error.detail);
  });

  it('downloads a file and reads its name from content-disposition', async () => {
    const server = fakeServer({ validToken: 'stale' });
    server.fetchMock.mockImplementationOnce(
      async () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="membrete_C-1-2024.pdf"' },
        }),
    );
    const file = await api.download('/nuevo_encargo/generar_membrete/', { numero_rol: 'C-1-2024' });

    expect(file.filename).toBe('membrete_C-1-2024.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    expect(server.fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });
});

describe('filenameFromDisposition', () => {
  it('prefers the encoded filename*', () => {
    expect(filenameFromDisposition(`attachment; filename="a.xlsx"; filename*=UTF-8''informe_diario_Pe%C3%B1a.xlsx`)).toBe(
      'informe_diario_Peña.xlsx',
    );
  });

  it('reads an unquoted filename', () => {
    expect(filenameFromDisposition('attachment; filename=ficha.pdf')).toBe('ficha.pdf');
  });

  it('returns undefined without a header', () => {
    expect(filenameFromDisposition(null)).toBeUndefined();
  });
});

describe('api client with an unreachable refresh', () => {
  it('keeps the session when the server cannot be reached for the refresh', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    sessionStore.setSession({ access: 'stale', refresh: 'refresh-1', user: { id: 1, username: 'admin' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith('/auth/refresh/')) throw new TypeError('Failed to fetch');
        return json(401, { detail: 'x' });
      }),
    );
    await expect(api.get('/auth/profile/')).rejects.toBeInstanceOf(NetworkError);
    expect(sessionStore.getRefreshToken()).toBe('refresh-1');
    expect(expired).not.toHaveBeenCalled();
  });
});

/** The cross-tab hand-over, kept in memory: what IndexedDB holds in the browser. */
function memoryHandover() {
  const replaced = new Map<string, TokenPair>();
  const handover: RefreshHandover = {
    replacementFor: async (refresh) => replaced.get(refresh) ?? null,
    record: async (spent, pair) => {
      replaced.set(spent, pair);
    },
  };
  return { handover, replaced };
}

describe('api client with several tabs', () => {
  const expired = vi.fn();
  let shared = memoryHandover();

  beforeEach(() => {
    vi.unstubAllGlobals();
    expired.mockReset();
    setSessionExpiredHandler(expired);
    sessionStore.setSession({ access: 'stale', refresh: 'refresh-1', user });
    shared = memoryHandover();
    setRefreshHandover(shared.handover);
  });

  it('records the renewal for the other tabs before releasing the lock', async () => {
    let recordedInsideLock = false;
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, callback: () => Promise<unknown>) => {
          const result = await callback();
          recordedInsideLock = shared.replaced.has('refresh-1');
          return result;
        },
      },
    });
    fakeServer({ validToken: 'fresh' });
    await expect(api.get('/apuntes-personales/texto/')).resolves.toMatchObject({ ok: true });
    expect(recordedInsideLock).toBe(true);
    expect(shared.replaced.get('refresh-1')).toEqual({ access: 'fresh', refresh: 'refresh-2' });
  });

  it('does not present a refresh token another tab spent while its storage still shows it', async () => {
    // The other tab renewed and released the lock, but this tab's copy of localStorage still holds
    // the old pair: presenting refresh-1 would make the server revoke the whole session.
    shared.replaced.set('refresh-1', { access: 'fresh-other-tab', refresh: 'refresh-2' });
    const server = fakeServer({ validToken: 'fresh-other-tab' });
    await expect(api.get('/apuntes-personales/texto/')).resolves.toMatchObject({ ok: true });
    expect(server.refreshCalls()).toHaveLength(0);
    expect(server.calls.at(-1)?.authorization).toBe('Bearer fresh-other-tab');
    expect(sessionStore.getAccessToken()).toBe('fresh-other-tab');
    expect(sessionStore.getRefreshToken()).toBe('refresh-2');
    expect(expired).not.toHaveBeenCalled();
  });

  it('uses the tokens another tab stored when its own refresh token was already spent', async () => {
    const server = fakeServer({
      validToken: 'fresh-other-tab',
      refreshResult: async () => {
        // The other tab renewed first: its new pair lands in storage, this tab's token is refused.
        sessionStore.setTokens({ access: 'fresh-other-tab', refresh: 'refresh-2' });
        return json(401, { detail: 'El token de actualización es inválido o expiró' });
      },
    });
    await expect(api.get('/apuntes-personales/texto/')).resolves.toMatchObject({ ok: true });
    expect(server.calls.at(-1)?.authorization).toBe('Bearer fresh-other-tab');
    expect(expired).not.toHaveBeenCalled();
    expect(sessionStore.getRefreshToken()).toBe('refresh-2');
  });

  it('waits for the renewal of another tab instead of presenting the same refresh token', async () => {
    let release: () => void = () => undefined;
    const otherTabDone = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A lock held by another tab: it renews while this tab waits.
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, callback: () => Promise<unknown>) => {
          await otherTabDone;
          return callback();
        },
      },
    });
    const server = fakeServer({ validToken: 'fresh-other-tab' });
    const pending = api.get('/apuntes-personales/texto/');
    await new Promise((resolve) => setTimeout(resolve, 0));
    sessionStore.setTokens({ access: 'fresh-other-tab', refresh: 'refresh-2' });
    release();
    await expect(pending).resolves.toMatchObject({ ok: true });
    expect(server.refreshCalls()).toHaveLength(0);
    expect(expired).not.toHaveBeenCalled();
  });

  it('still ends the session when the refresh is refused and no other tab renewed it', async () => {
    const server = fakeServer({
      validToken: 'never',
      refreshResult: async () => json(401, { detail: 'El token de actualización es inválido o expiró' }),
    });
    const error = (await api.get('/apuntes-personales/texto/').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(server.refreshCalls()).toHaveLength(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(sessionStore.getAccessToken()).toBeNull();
  });
});
