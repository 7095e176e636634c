import { servidoresMessages, type Servidor, type TrasladoEstado, type TrasladoListItem } from '@receptoria/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, pickOption, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { TRASLADO_POLL_MS } from '../api/get-traslado';
import { OnboardingScreen } from './onboarding-screen';

// The screen loads the move dialog and the moves tab on demand: loaded here once, so no test pays for it.
beforeAll(async () => {
  await Promise.all([import('./mover-cliente-modal'), import('./traslados-section')]);
});

const configuracion = {
  database_name: 'receptoria_ana',
  carpeta_principal_url: '',
  carpeta_cobranza_url: '',
  carpeta_estampados_url: '',
  carpeta_plantillas_url: '',
};

const ana = {
  id: 2,
  nombre: 'Receptora Ana Torres',
  rut: '12345678-5',
  direccion: '',
  comuna: '',
  telefono: '',
  email: '',
  activo: true,
  fecha_creacion: '2026-02-02T12:00:00.000Z',
  num_usuarios: 1,
  configuracion,
  servidor_id: 1,
};

const servidores: Servidor[] = [
  { id: 1, nombre: 'principal', capacidad: 10, receptores: 2, activo: true, estado: 'ok' },
  { id: 2, nombre: 'secundario', capacidad: 5, receptores: 0, activo: true, estado: 'ok' },
  { id: 3, nombre: 'apagado', capacidad: 5, receptores: 0, activo: false, estado: 'caido' },
];

const tablas = [
  { tabla: 'public.encargos', filas: 3, checksum: 'a1' },
  { tabla: 'public.estudios', filas: 1, checksum: 'b2' },
];

function estado(patch: Partial<TrasladoEstado>): TrasladoEstado {
  return {
    id: 7,
    estado: 'copiando',
    detalle: servidoresMessages.copiando('secundario'),
    origen_servidor_id: 1,
    destino_servidor_id: 2,
    base_anterior_eliminada: false,
    tablas: [],
    ...patch,
  };
}

const base = {
  'GET /api/v1/onboarding/clientes/': () => json({ clientes: [ana] }),
  'GET /api/v1/onboarding/estadisticas/': () => json({ total_receptores: 1, total_usuarios: 1, receptores_activos: 1 }),
  'GET /api/v1/onboarding/servidores/': () => json(servidores),
};

async function openMover() {
  renderWithSession(<OnboardingScreen />, { path: '/onboarding' });
  fireEvent.click(await screen.findByRole('button', { name: 'Mover a otro servidor: Receptora Ana Torres' }));
  return screen.findByRole('dialog', { name: 'Mover Receptora Ana Torres a otro servidor' });
}

describe('Mover a otro servidor', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('offers the active servers other than its own, moves after confirming, follows the copy and drops the old database', async () => {
    // The poll runs on the clock: moved on by hand instead of waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let last: TrasladoEstado | null = null;
    let reads = 0;
    const calls = stubApi({
      ...base,
      'GET /api/v1/onboarding/clientes/2/mover/': () => {
        if (!last) return json({ detail: servidoresMessages.sinTraslado }, 404);
        reads += 1;
        // The copy ends between two reads.
        if (last.estado === 'copiando' && reads > 1) last = estado({ estado: 'activo', detalle: servidoresMessages.activo('secundario', 2), tablas });
        return json(last);
      },
      'POST /api/v1/onboarding/clientes/2/mover/': () => {
        last = estado({});
        return json({ ...last, message: servidoresMessages.trasladoIniciado }, 202);
      },
      'POST /api/v1/onboarding/clientes/2/mover/confirmar/': () => {
        last = estado({ estado: 'activo', detalle: servidoresMessages.confirmado('secundario', 2), tablas, base_anterior_eliminada: true });
        return json(last);
      },
    });
    const dialog = within(await openMover());
    expect((await dialog.findByTestId('servidor-actual')).textContent).toBe('principal');

    const select = dialog.getByLabelText('Servidor de destino');
    fireEvent.click(select);
    await waitFor(() => expect(select.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(select.getAttribute('aria-controls')!)!;
    const options = await within(listbox).findAllByRole('option', { hidden: true });
    // Active servers other than its own: not principal (its own), not apagado (inactive).
    expect(options.map((option) => option.textContent)).toEqual(['secundario (0 de 5 receptores)']);
    fireEvent.click(options[0]!);
    fireEvent.click(dialog.getByRole('button', { name: 'Mover' }));

    const confirm = await screen.findByRole('dialog', { name: '¿Mover el receptor?' });
    expect(within(confirm).getByText(/se copiará al servidor secundario/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Mover' }));

    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ servidor_id: 2 }));
    expect(await dialog.findByText(servidoresMessages.copiando('secundario'))).toBeTruthy();
    expect(dialog.getByRole('progressbar', { name: 'Copiando' })).toBeTruthy();

    // Polled until the copy ends.
    const activo = servidoresMessages.activo('secundario', 2);
    for (let poll = 0; poll < 5 && !dialog.queryByText(activo); poll += 1) {
      await act(() => vi.advanceTimersByTimeAsync(TRASLADO_POLL_MS));
    }
    expect(await dialog.findByText(activo)).toBeTruthy();
    expect(dialog.queryByRole('progressbar')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Confirmar y borrar la base anterior' }));

    const borrar = await screen.findByRole('dialog', { name: '¿Borrar la base anterior?' });
    expect(within(borrar).getByText(/no se puede deshacer/)).toBeTruthy();
    fireEvent.click(within(borrar).getByRole('button', { name: 'Borrar la base anterior' }));

    expect(await dialog.findByText(servidoresMessages.confirmado('secundario', 2))).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/v1/onboarding/clientes/2/mover/confirmar/')).toHaveLength(1);
    expect(dialog.queryByRole('button', { name: 'Confirmar y borrar la base anterior' })).toBeNull();
  });

  it('moves nothing when the confirmation is cancelled', async () => {
    const calls = stubApi({ ...base, 'GET /api/v1/onboarding/clientes/2/mover/': () => json({ detail: servidoresMessages.sinTraslado }, 404) });
    const dialog = within(await openMover());
    await pickOption(await dialog.findByLabelText('Servidor de destino'), 'secundario (0 de 5 receptores)');
    fireEvent.click(dialog.getByRole('button', { name: 'Mover' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Mover el receptor?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Mover el receptor?' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the API's refusal in the dialog", async () => {
    stubApi({
      ...base,
      'GET /api/v1/onboarding/clientes/2/mover/': () => json({ detail: servidoresMessages.sinTraslado }, 404),
      'POST /api/v1/onboarding/clientes/2/mover/': () =>
        json({ detail: servidoresMessages.servidorLleno('secundario'), errors: { servidor_id: [servidoresMessages.servidorLleno('secundario')] } }, 400),
    });
    const dialog = within(await openMover());
    await pickOption(await dialog.findByLabelText('Servidor de destino'), 'secundario (0 de 5 receptores)');
    fireEvent.click(dialog.getByRole('button', { name: 'Mover' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '¿Mover el receptor?' })).getByRole('button', { name: 'Mover' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(servidoresMessages.servidorLleno('secundario'));
  });

  it('shows a failed move’s reason and lets it be tried again', async () => {
    stubApi({
      ...base,
      'GET /api/v1/onboarding/clientes/2/mover/': () => json(estado({ estado: 'fallido', detalle: servidoresMessages.fallido('pg_restore falló') })),
    });
    const dialog = within(await openMover());
    expect(await dialog.findByText(servidoresMessages.fallido('pg_restore falló'))).toBeTruthy();
    expect(dialog.getByText('Fallido')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Confirmar y borrar la base anterior' })).toBeNull();
    expect(dialog.getByLabelText('Servidor de destino')).toBeTruthy();
  });
});

describe('Traslados', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the moves newest first with their servers, state and times in Santiago', async () => {
    const traslados: TrasladoListItem[] = [
      {
        id: 8,
        receptor_id: 2,
        receptor_nombre: 'Receptora Ana Torres',
        origen_id: 2,
        origen_nombre: 'secundario',
        destino_id: 1,
        destino_nombre: 'principal',
        estado: 'copiando',
        detalle: servidoresMessages.copiando('principal'),
        creado: '2026-11-26T13:05:00.000Z',
        terminado: null,
      },
      {
        id: 7,
        receptor_id: 2,
        receptor_nombre: 'Receptora Ana Torres',
        origen_id: 1,
        origen_nombre: 'principal',
        destino_id: 2,
        destino_nombre: 'secundario',
        estado: 'activo',
        detalle: servidoresMessages.activo('secundario', 2),
        creado: '2026-11-25T12:00:00.000Z',
        terminado: '2026-11-25T12:01:30.000Z',
      },
    ];
    stubApi({ ...base, 'GET /api/v1/onboarding/traslados/': () => json(traslados) });
    renderWithSession(<OnboardingScreen />, { path: '/onboarding' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Traslados' }));

    const table = await screen.findByRole('table', { name: 'Traslados' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 6).map((cell) => cell.textContent))).toEqual([
      ['Receptora Ana Torres', 'secundario', 'principal', 'Copiando', '26/11/2026 10:05', 'En curso'],
      ['Receptora Ana Torres', 'principal', 'secundario', 'Activo', '25/11/2026 09:00', '25/11/2026 09:01'],
    ]);
  });
});
