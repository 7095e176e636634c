import type { RecibosPeriodoResponse } from '@receptoria/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { PorCobrarCard } from './por-cobrar-card';

const vacio = { cantidad: 0, anulados: 0, subtotal: 0, rebaja: 0, total: 0, pagado: 0, saldo: 0 };
const periodo = (estudios: [number, string, number][]): RecibosPeriodoResponse => ({
  desde: '',
  hasta: '',
  estudios: estudios.map(([estudio_id, estudio_nombre, saldo]) => ({ ...vacio, estudio_id, estudio_nombre, saldo })),
  total: { ...vacio, saldo: estudios.reduce((sum, [, , s]) => sum + s, 0) },
});

afterEach(() => vi.unstubAllGlobals());

describe('Por cobrar', () => {
  it('shows the total owed, each ageing bucket and the firms that owe most', async () => {
    let n = 0;
    const respuestas = [periodo([[1, 'Estudio Pérez', 70_000]]), periodo([[1, 'Estudio Pérez', 60_000], [2, 'Banco Sur', 90_000]]), periodo([]), periodo([[3, 'Lagos', 5_000]])];
    const calls = stubApi({ 'GET /api/v1/recibos/periodo/': () => json(respuestas[n++]) });
    renderWithSession(<PorCobrarCard />);
    expect((await screen.findByTestId('por-cobrar-total')).textContent).toBe('$ 225.000');
    expect(screen.getByTestId('por-cobrar-d31_60').textContent).toContain('$ 150.000');
    expect(screen.getAllByTestId('por-cobrar-estudio').map((e) => e.textContent)).toEqual(['Estudio Pérez$ 130.000', 'Banco Sur$ 90.000', 'Lagos$ 5.000']);
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls.every((c) => /^\/api\/v1\/recibos\/periodo\/\?desde=\d{4}-\d{2}-\d{2}&hasta=\d{4}-\d{2}-\d{2}$/.test(c.url))).toBe(true);
  });
});
