import type { Tarifa } from '@receptoria/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { TarifasPanel } from './tarifas-panel';

const tarifas: Tarifa[] = [
  { id: 1, estudio_id: null, tipo_estampado_id: null, cuantia_desde: 0, cuantia_hasta: null, monto_clp: 30_000, porcentaje_utm: null, recargos: [] },
  { id: 2, estudio_id: 7, tipo_estampado_id: 4, cuantia_desde: 0, cuantia_hasta: 5_000_000, monto_clp: 40_000, porcentaje_utm: null, recargos: [{ comuna: 'Puente Alto', monto_clp: 5_000 }] },
];
const tipos = [{ id: 4, nombre: 'Notificación personal', codigo: 'notificacion_personal', valor_por_defecto: 35_000, tiene_plantilla: true }];

function routes(put?: () => Response) {
  return stubApi({
    'GET /api/v1/honorarios/tarifas/': () => json(tarifas),
    'GET /estampados/api/estampados/tipos': () => json(tipos),
    'GET /api/v1/honorarios/arancel/': () => json([{ id: 1, actuacion: 'Notificación personal', cuantia_desde: 0, cuantia_hasta: null, porcentaje_utm: 50 }]),
    'GET /api/v1/honorarios/utm/': () => json({ mes: '2026-11', valor: 69_000, fuente: 'mindicador' }),
    ...(put ? { 'PUT /api/v1/honorarios/tarifas/': put } : {}),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('Tarifas', () => {
  it("shows a firm's rows with the schedule's amount in pesos and saves the whole list with the other lists untouched", async () => {
    const calls = routes(() => json(tarifas));
    renderWithSession(<TarifasPanel estudioId={7} estudioNombre="Estudio Pérez" />, { permisos: ['imprime_recibos'] });
    expect(await screen.findByText('Tarifas de Estudio Pérez')).toBeTruthy();
    const filas = await screen.findAllByTestId('fila-tarifa');
    expect(filas).toHaveLength(1);
    // 50 % of a UTM of $ 69.000.
    await waitFor(() => expect(within(filas[0]!).getByTestId('tarifa-arancel').textContent).toBe('$ 34.500'));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar fila' }));
    const nuevas = screen.getAllByTestId('fila-tarifa');
    fireEvent.change(within(nuevas[1]!).getByRole('textbox', { name: 'Cuantía desde (Fila 2)' }), { target: { value: '5000000' } });
    fireEvent.change(within(nuevas[1]!).getByRole('textbox', { name: 'Monto (Fila 2)' }), { target: { value: '60000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tarifas' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    // The version the list was read at (its highest id) goes along: a list changed meanwhile is refused.
    expect(calls.find((c) => c.method === 'PUT')?.url).toBe('/api/v1/honorarios/tarifas/?version=2');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual([
      { estudio_id: 7, tipo_estampado_id: 4, cuantia_desde: 0, cuantia_hasta: 5_000_000, monto_clp: 40_000, porcentaje_utm: null, recargos: [{ comuna: 'Puente Alto', monto_clp: 5_000 }] },
      { estudio_id: 7, tipo_estampado_id: null, cuantia_desde: 5_000_000, cuantia_hasta: null, monto_clp: 60_000, porcentaje_utm: null, recargos: [] },
      { estudio_id: null, tipo_estampado_id: null, cuantia_desde: 0, cuantia_hasta: null, monto_clp: 30_000, porcentaje_utm: null, recargos: [] },
    ]);
  });

  it('refuses overlapping rows with the contract words and sends nothing', async () => {
    const calls = routes();
    renderWithSession(<TarifasPanel estudioId={null} />);
    await screen.findAllByTestId('fila-tarifa');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar fila' }));
    fireEvent.change(within(screen.getAllByTestId('fila-tarifa')[1]!).getByRole('textbox', { name: 'Monto (Fila 2)' }), { target: { value: '10000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tarifas' }));
    expect((await screen.findByTestId('tarifas-error')).textContent).toBe('Las tarifas 1 y 2 se superponen para el mismo estudio y tipo de estampado');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
