import type { Permiso, Usuario } from '@receptoria/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionValue } from '../../../lib/auth/session-context';
import { notify } from '../../../lib/notify';
import { PermisosScreen } from './permisos-screen';
import { DeferredModals } from '../../../app/modals/deferred-modals';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const CATALOGUE = [
  'imprime_recibos',
  'edit_asocia_recibos',
  'rebaja_recibos',
  'recibos_periodo',
  'estampa_1',
  'estampa_2',
  'estampa_3',
  'estampa_4',
  'ingreso_diligencias',
  'gestiona_permisos',
  'informes_diarios',
  'imprime_lista',
].map((codigo, index) => ({ id: index + 1, codigo, nombre: codigo }));
const idOf = (codigo: string) => CATALOGUE.find((p) => p.codigo === codigo)!.id;
const permiso = (codigo: string): Permiso => ({ id: idOf(codigo), codigo });

const user = (id: number, username: string, extra: Partial<Usuario> = {}): Usuario => ({
  id,
  username,
  first_name: '',
  last_name: '',
  email: '',
  cargo: 'secretaria',
  is_active: true,
  ...extra,
});

const USERS = [
  user(1, 'admin', { cargo: 'receptor' }),
  user(2, 'gestora', { first_name: 'Ana', last_name: 'Rojas' }),
  user(3, 'secretaria_luis', { first_name: 'Luis', last_name: 'Pérez' }),
  user(4, 'ex_secretaria', { is_active: false }),
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let held: Record<number, Permiso[]>;
let calls: Call[];
let refuse: { status: number; body: unknown } | null;
let gate: Promise<void> | null;

function renderScreen() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      if (url.endsWith('/configuracion/usuarios/')) return json({ count: USERS.length, results: USERS });
      if (url.endsWith('/configuracion/permisos/')) return json(CATALOGUE);
      const match = /usuarios\/(\d+)\/(permisos|asignar_permisos|revocar_permiso)\/$/.exec(url);
      if (!match) return json({ detail: 'No encontrado.' }, 404);
      const id = Number(match[1]);
      if (match[2] === 'permisos') return json(held[id] ?? []);
      if (gate) await gate;
      if (refuse) return json(refuse.body, refuse.status);
      const current = held[id] ?? [];
      if (match[2] === 'asignar_permisos') {
        const ids = body!.permisos_ids as number[];
        const added = CATALOGUE.filter((p) => ids.includes(p.id) && !current.some((c) => c.id === p.id));
        held[id] = [...current, ...added.map(({ id: pid, codigo }) => ({ id: pid, codigo }))];
      } else {
        held[id] = current.filter((p) => p.id !== body!.permiso_id);
      }
      return json(held[id]);
    }),
  );
  const session = {
    status: 'authenticated',
    user: { id: 2, username: 'gestora' },
    hasModule: () => true,
  } as unknown as SessionValue;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <DeferredModals />
      <QueryClientProvider client={client}>
        <SessionContext.Provider value={session}>
          <PermisosScreen />
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const box = (label: string) => screen.findByRole<HTMLInputElement>('checkbox', { name: label });
const mutations = () => calls.filter((call) => call.method === 'POST');

describe('PermisosScreen', () => {
  beforeEach(() => {
    held = {
      2: [permiso('gestiona_permisos')],
      3: [permiso('estampa_1'), permiso('rebaja_recibos')],
    };
    calls = [];
    refuse = null;
    gate = null;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists active users with name, username and cargo, and the four groups in order', async () => {
    renderScreen();
    const table = await screen.findByTestId('permisos-matrix');
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Nombre', 'Usuario', 'Cargo', 'Cobranza', 'Estampar', 'Config Permisos', 'Estadísticas']);
    const row = await screen.findByTestId('permisos-row-secretaria_luis');
    expect(row.textContent).toContain('Luis Pérez');
    expect(row.textContent).toContain('Secretaria');
    expect(screen.queryByTestId('permisos-row-ex_secretaria')).toBeNull();
  });

  it('checks a group when the user holds any of its codes', async () => {
    renderScreen();
    expect((await box('Cobranza de secretaria_luis')).checked).toBe(true);
    expect((await box('Estampar de secretaria_luis')).checked).toBe(true);
    expect((await box('Config Permisos de secretaria_luis')).checked).toBe(false);
    expect((await box('Estadísticas de secretaria_luis')).checked).toBe(false);
    expect((await box('Config Permisos de gestora')).checked).toBe(true);
  });

  it('shows admin all-checked and disabled', async () => {
    renderScreen();
    for (const group of ['Cobranza', 'Estampar', 'Config Permisos', 'Estadísticas']) {
      const checkbox = await box(`${group} de admin`);
      expect(checkbox.checked).toBe(true);
      expect(checkbox.disabled).toBe(true);
    }
  });

  it('grants every code of a group in one call and confirms', async () => {
    renderScreen();
    fireEvent.click(await box('Estadísticas de secretaria_luis'));
    expect((await box('Estadísticas de secretaria_luis')).checked).toBe(true);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Permiso Estadísticas otorgado a Luis Pérez'));
    expect(mutations()).toEqual([
      {
        method: 'POST',
        url: '/api/v1/configuracion/usuarios/3/asignar_permisos/',
        body: { permisos_ids: [idOf('informes_diarios'), idOf('imprime_lista')] },
      },
    ]);
  });

  it('checks the box at once and locks the cell until the server answers', async () => {
    let open = () => undefined as void;
    gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    renderScreen();
    fireEvent.click(await box('Cobranza de gestora'));
    await waitFor(async () => expect((await box('Cobranza de gestora')).checked).toBe(true));
    expect((await box('Cobranza de gestora')).disabled).toBe(true);
    expect(notify.success).not.toHaveBeenCalled();
    open();
    await waitFor(async () => expect((await box('Cobranza de gestora')).disabled).toBe(false));
    expect((await box('Cobranza de gestora')).checked).toBe(true);
    expect(held[2]!.map((p) => p.codigo)).toContain('recibos_periodo');
  });

  it('asks before revoking and changes nothing when cancelled', async () => {
    held[3] = [permiso('estampa_1'), permiso('estampa_3')];
    renderScreen();
    fireEvent.click(await box('Estampar de secretaria_luis'));
    expect(await screen.findByText('¿Quitar el acceso a Estampar?')).toBeTruthy();
    expect(screen.getByText(/^Luis Pérez dejará de tener acceso a Estampar \(/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText('¿Quitar el acceso a Estampar?')).toBeNull());
    expect(mutations()).toEqual([]);
    expect((await box('Estampar de secretaria_luis')).checked).toBe(true);
  });

  it('revokes every held code of a group, one call per code', async () => {
    held[3] = [permiso('estampa_1'), permiso('estampa_3'), permiso('rebaja_recibos')];
    renderScreen();
    fireEvent.click(await box('Estampar de secretaria_luis'));
    fireEvent.click(await screen.findByRole('button', { name: 'Quitar acceso' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Permiso Estampar revocado a Luis Pérez'));
    expect(mutations().map((call) => call.body)).toEqual([{ permiso_id: idOf('estampa_1') }, { permiso_id: idOf('estampa_3') }]);
    expect(mutations().every((call) => call.url.endsWith('/usuarios/3/revocar_permiso/'))).toBe(true);
    expect((await box('Estampar de secretaria_luis')).checked).toBe(false);
    expect((await box('Cobranza de secretaria_luis')).checked).toBe(true);
  });

  it("rolls back and shows the server's detail when the change is refused", async () => {
    refuse = { status: 400, body: { detail: 'No puede quitarse el permiso de gestionar permisos.' } };
    renderScreen();
    const checkbox = await box('Config Permisos de gestora');
    fireEvent.click(checkbox);
    fireEvent.click(await screen.findByRole('button', { name: 'Quitar acceso' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'No puede quitarse el permiso de gestionar permisos.',
        'Error al cambiar permisos del usuario',
      ),
    );
    await waitFor(async () => expect((await box('Config Permisos de gestora')).checked).toBe(true));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('falls back to the spec message when the server sends no detail', async () => {
    refuse = { status: 500, body: 'boom' };
    renderScreen();
    fireEvent.click(await box('Cobranza de gestora'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Error al cambiar permisos del usuario'));
    await waitFor(async () => expect((await box('Cobranza de gestora')).checked).toBe(false));
  });

  it('toasts the load error when the users cannot be read', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ detail: 'No tienes permisos para acceder a este recurso.' }, 403)));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <SessionContext.Provider value={{ user: { id: 9, username: 'x' } } as unknown as SessionValue}>
            <PermisosScreen />
          </SessionContext.Provider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeTruthy();
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'No tienes permisos para acceder a este recurso.',
        'Error al cargar usuarios y permisos',
      ),
    );
    expect(vi.mocked(notify.error).mock.calls).toHaveLength(1);
  });
});
