import { MantineProvider } from '@mantine/core';
import { hasModule as userHasModule } from '@receptoria/contracts/permisos/modules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { DeferredModals } from '../app/modals/deferred-modals';
import { SessionContext, type SessionValue } from '../lib/auth/session-context';

export function sessionWith(permisos: string[], username = 'secretaria'): SessionValue {
  return {
    status: 'authenticated',
    user: { id: 5, username },
    profile: null,
    permisos,
    isAdmin: username === 'admin',
    displayName: username,
    login: async () => undefined,
    logout: async () => undefined,
    hasModule: (module) => userHasModule({ username }, permisos, module),
  } as SessionValue;
}

/** A screen inside Mantine (with the confirm dialogs), a fresh query client, a router and a session. */
export function renderWithSession(ui: ReactNode, { permisos = [] as string[], path = '/' } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider>
      <DeferredModals />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <SessionContext.Provider value={sessionWith(permisos)}>{ui}</SessionContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fetch stub answering by 'METHOD /path' (query string ignored unless the key holds one); records calls. */
export function stubApi(routes: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, body };
    calls.push(call);
    const path = url.split('?')[0];
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    if (!handler) return json({ detail: `sin ruta ${method} ${url}` }, 404);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** Picks an option of a Mantine select: the one in the listbox that input controls. */
export async function pickOption(input: HTMLElement, nombre: string) {
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
  fireEvent.click(await within(listbox).findByRole('option', { name: nombre, hidden: true }));
}
