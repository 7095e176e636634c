import { MantineProvider } from '@mantine/core';
import { type CierreDia, todayIso } from '@receptoria/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CierreDiaPanel } from './cierre-dia-panel';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const hoy = todayIso();

const cierre: CierreDia = {
  fecha: hoy,
  certificados: [
    { id: 'a', encargo_id: 1, numero_rol: 'C-100-2026', tipo_estampado: 'Búsqueda positiva', estudio: 'Estudio Pérez', creado_por: 'ana', hora: '10:15', valor: 45000, facturable: true },
    { id: 'b', encargo_id: 2, numero_rol: 'C-101-2026', tipo_estampado: 'Notificación personal', estudio: 'Estudio Pérez', creado_por: 'ana', hora: '12:05', valor: null, facturable: false },
  ],
  encargos_certificados: 2,
  total_derechos: 45000,
  encargos_facturables: 1,
  total_facturable: 45000,
  sin_resultados: [{ id: 9, numero_rol: 'C-200-2026', estudio: 'Estudio Pérez', ejecutados: 'Juan Soto', direccion: 'Av. Grecia 1234, Ñuñoa', hora: '16:30' }],
  criterio_sin_resultados: 'Encargos en estado preparado, sin diligencia registrada, que se visitaron, crearon o modificaron este día.',
  visitas: [
    {
      id: 1,
      encargo_id: 2,
      hora: '09:10',
      numero_rol: 'C-101-2026',
      estudio: 'Estudio Pérez',
      domicilio: 'Los Aromos 45, Ñuñoa',
      tipo: 'notificacion',
      resultado: 'notificado_personal',
      negativa: false,
      con_resultados: true,
      con_certificado: false,
      facturable: false,
      autor: 'ana',
    },
    {
      id: 2,
      encargo_id: 9,
      hora: '19:55',
      numero_rol: 'C-200-2026',
      estudio: 'Estudio Pérez',
      domicilio: 'Av. Grecia 1234, Ñuñoa',
      tipo: 'busqueda',
      resultado: 'negativa_no_reside',
      negativa: true,
      con_resultados: false,
      con_certificado: false,
      facturable: false,
      autor: 'ana',
    },
  ],
  encargos_visitados: 2,
  visitas_negativas: 1,
  visitas_sin_resultados: 1,
  visitas_sin_certificado: 2,
  visitas_facturables: 0,
};

function renderPanel() {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CierreDiaPanel />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CierreDiaPanel', () => {
  it("shows today's certificates with their fees, the totals, what is billable and the assignments without results", async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => json(cierre));
    vi.stubGlobal('fetch', fetchMock);
    renderPanel();
    const panel = await screen.findByTestId('cierre-dia');
    expect(await within(panel).findByTestId('cierre-certificados')).toHaveProperty('textContent', '2');
    expect(within(panel).getByTestId('cierre-total').textContent).toBe('$45.000');
    expect(within(panel).getByTestId('cierre-facturable').textContent).toBe('$45.000');
    expect(within(panel).getByText('1 encargo')).toBeTruthy();
    expect(within(panel).getByText('2 encargos')).toBeTruthy();
    expect(within(panel).getByTestId('cierre-sin-resultados').textContent).toBe('1');
    const lista = within(panel).getByTestId('cierre-lista-certificados');
    expect(lista.textContent).toContain('C-100-2026');
    expect(lista.textContent).toContain('Sin resultados registrados');
    expect(within(lista).getByText('Facturable')).toBeTruthy();
    expect(within(lista).getByText('No facturable')).toBeTruthy();
    expect(within(panel).getByTestId('cierre-lista-sin-resultados').textContent).toContain('Av. Grecia 1234, Ñuñoa');
    expect(within(panel).getByText(/sin diligencia registrada/)).toBeTruthy();
    expect(within(panel).getByTestId('cierre-fecha').textContent).toMatch(/^Hoy, \d{2}\/\d{2}\/\d{4}$/);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/dashboard/cierre_dia/');
    // Today is the last day there is.
    expect(within(panel).getByRole('button', { name: 'Día siguiente' }).hasAttribute('disabled')).toBe(true);
  });

  it("lists the day's visits: stop, result, 24-hour hour, whether results and the certificate followed, negatives and billable", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(cierre)));
    renderPanel();
    const panel = await screen.findByTestId('cierre-dia');
    expect((await within(panel).findByTestId('cierre-visitas')).textContent).toBe('2');
    expect(within(panel).getByText('1 búsqueda negativa')).toBeTruthy();
    const lista = within(panel).getByTestId('cierre-lista-visitas');
    const filas = Array.from(lista.children).map((row) => row.textContent);
    expect(filas[0]).toContain('09:10 C-101-2026 · Los Aromos 45, Ñuñoa · Notificado personalmente');
    expect(filas[0]).toContain('Resultados: Sí');
    expect(filas[0]).toContain('Certificado: No');
    expect(filas[1]).toContain('19:55 C-200-2026 · Av. Grecia 1234, Ñuñoa · No reside');
    expect(filas[1]).toContain('Negativa');
    expect(filas[1]).toContain('Resultados: No');
    expect(
      within(panel).getByText(
        '2 visitas en 2 encargos · 1 búsqueda negativa · 1 visita sin resultados registrados · 2 visitas sin certificado · 0 visitas de encargos facturables',
      ),
    ).toBeTruthy();
    expect(panel.textContent).not.toContain('aún no registra las visitas');
  });

  it('moves to the day before and asks for it by date', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      json(String(input).includes('fecha=') ? { ...cierre, certificados: [], sin_resultados: [], visitas: [], total_derechos: 0, total_facturable: 0 } : cierre),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Día anterior' }));
    expect(await screen.findByText('No se emitieron certificados este día')).toBeTruthy();
    expect(screen.getByText('No hay encargos trabajados este día que esperen resultados')).toBeTruthy();
    expect(screen.getByText('No se registraron visitas este día')).toBeTruthy();
    const date = new Date(`${hoy}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() - 1);
    const ayer = date.toISOString().slice(0, 10);
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`/api/v1/dashboard/cierre_dia/?fecha=${ayer}`));
    expect(screen.getByTestId('cierre-fecha').textContent).not.toMatch(/^Hoy/);
    expect(screen.getByRole('button', { name: 'Día siguiente' }).hasAttribute('disabled')).toBe(false);
  });

  it('says so when the closing cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ detail: 'caído' }, 500)));
    // The retry waits on the clock: moved on by hand instead of waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPanel();
    // The query retries once before the failure shows.
    for (let wait = 0; wait < 5 && !screen.queryByText('Error al cargar el cierre del día'); wait += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1_000));
    }
    expect(await screen.findByText('Error al cargar el cierre del día')).toBeTruthy();
  });
});
