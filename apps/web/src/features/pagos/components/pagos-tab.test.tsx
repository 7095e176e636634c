import type { EstadoCuenta, Pago } from '@receptoria/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, pickOption, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { EstadoCuentaTab } from './estado-cuenta-tab';
import { PagosTab } from './pagos-tab';

const estudios = [{ id: 1, nombre: 'Estudio Pérez' }];

const cuenta: EstadoCuenta = {
  estudio: estudios[0]!,
  hasta: '2026-11-26',
  saldo: 130_000,
  credito: 15_000,
  antiguedad: { d0_30: 70_000, d31_60: 60_000, d61_90: 0, d90_mas: 0 },
  recibos_abiertos: [
    { id: 8, numero: 1002, fecha: '2026-11-20', total: 70_000, pagado: 0, retenido: 0, saldo: 70_000, dias: 6 },
    { id: 7, numero: 1001, fecha: '2026-10-10', total: 60_000, pagado: 0, retenido: 0, saldo: 60_000, dias: 47 },
  ],
  movimientos: [
    { fecha: '2026-10-10', tipo: 'recibo', descripcion: 'Recibo N° 1001', recibo_id: 7, pago_id: null, cargo: 60_000, abono: 0, saldo: 60_000 },
    { fecha: '2026-11-20', tipo: 'recibo', descripcion: 'Recibo N° 1002', recibo_id: 8, pago_id: null, cargo: 70_000, abono: 0, saldo: 130_000 },
  ],
};

const pago = (patch: Partial<Pago> = {}): Pago => ({
  id: 3,
  estudio: estudios[0]!,
  fecha: '2026-11-21',
  monto: 40_000,
  medio: 'transferencia',
  referencia: 'TRX-1',
  aplicaciones: [{ id: 1, recibo_id: 7, recibo_numero: 1001, monto: 25_000, creado_en: '2026-11-21T10:00:00-03:00' }],
  aplicado: 25_000,
  credito: 15_000,
  usuario: 'secretaria',
  creado_en: '2026-11-21T10:00:00-03:00',
  reverso: null,
  ...patch,
});

afterEach(() => vi.unstubAllGlobals());

describe('Cobranza › Pagos', () => {
  it("records a partial payment applied to the firm's oldest open receipt, the rest as credit", async () => {
    const calls = stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/estudios/1/estado_cuenta/': () => json(cuenta),
      'GET /api/v1/pagos/': () => json({ count: 0, page: 1, page_size: 50, results: [] }),
      'POST /api/v1/pagos/': () => json({ pago: pago() }, 201),
    });
    renderWithSession(<PagosTab />);
    const card = screen.getByTestId('registrar-pago');
    await pickOption(within(card).getByLabelText('Estudio Jurídico'), 'Estudio Pérez');
    await within(card).findByTestId('aplicaciones');
    fireEvent.change(within(card).getByRole('textbox', { name: 'Monto' }), { target: { value: '40000' } });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Referencia' }), { target: { value: 'TRX-1' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Aplicar en orden de antigüedad' }));
    await waitFor(() => expect(within(card).getByTestId('registrar-pago-resumen').textContent).toBe('Aplicado: $ 40.000 · Queda como crédito del estudio: $ 0'));
    // Less to the oldest receipt: the rest stays as the firm's credit.
    fireEvent.change(within(card).getByRole('textbox', { name: 'Aplicar al recibo N° 1001' }), { target: { value: '25000' } });
    await waitFor(() => expect(within(card).getByTestId('registrar-pago-resumen').textContent).toBe('Aplicado: $ 25.000 · Queda como crédito del estudio: $ 15.000'));
    fireEvent.click(within(card).getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      estudio_id: 1,
      monto: 40_000,
      medio: 'transferencia',
      referencia: 'TRX-1',
      aplicaciones: [{ recibo_id: 7, monto: 25_000 }],
    });
  });

  it('refuses an application over the receipt balance before sending', async () => {
    const calls = stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/estudios/1/estado_cuenta/': () => json(cuenta),
      'GET /api/v1/pagos/': () => json({ count: 0, page: 1, page_size: 50, results: [] }),
    });
    renderWithSession(<PagosTab />);
    const card = screen.getByTestId('registrar-pago');
    await pickOption(within(card).getByLabelText('Estudio Jurídico'), 'Estudio Pérez');
    await within(card).findByTestId('aplicaciones');
    fireEvent.change(within(card).getByRole('textbox', { name: 'Monto' }), { target: { value: '100000' } });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Aplicar al recibo N° 1001' }), { target: { value: '61000' } });
    expect(await within(card).findByText('La aplicación supera el saldo del recibo N° 1001')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Registrar pago' }));
    expect(await within(card).findByTestId('registrar-pago-error')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('applies a payment credit later and undoes a payment after confirming', async () => {
    const calls = stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/estudios/1/estado_cuenta/': () => json(cuenta),
      'GET /api/v1/pagos/': () => json({ count: 1, page: 1, page_size: 50, results: [pago()] }),
      'POST /api/v1/pagos/3/aplicar/': () => json({ pago: pago({ credito: 0, aplicado: 40_000 }) }),
      'DELETE /api/v1/pagos/3/': () => new Response(null, { status: 204 }),
    });
    renderWithSession(<PagosTab />);
    const tabla = await screen.findByTestId('tabla-pagos');
    expect(within(tabla).getByText('N° 1001: $ 25.000')).toBeTruthy();
    expect(screen.getByText(/· 1 pago$/)).toBeTruthy();
    fireEvent.click(within(tabla).getByRole('button', { name: 'Aplicar crédito' }));
    const input = await screen.findByRole('textbox', { name: 'Aplicar al recibo N° 1001' });
    fireEvent.change(input, { target: { value: '15000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/v1/pagos/3/aplicar/')?.body).toEqual({ aplicaciones: [{ recibo_id: 7, monto: 15_000 }] }));

    fireEvent.click(within(tabla).getByRole('button', { name: 'Deshacer' }));
    const dialogo = await screen.findByRole('dialog', { name: '¿Deshacer el pago?' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v1/pagos/3/')).toBe(true));
  });
});

describe('Cobranza › Estado de cuenta', () => {
  it("shows a firm's balance, credit, ageing, open receipts and movements as of the date", async () => {
    const calls = stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/estudios/1/estado_cuenta/': () => json(cuenta),
      'POST /api/v1/estudios/1/estado_cuenta/enviar/': () => json({ success: true, mensaje: 'Estado de cuenta enviado a cobranza@perez.cl', destinatarios: ['cobranza@perez.cl'] }),
    });
    renderWithSession(<EstadoCuentaTab />, { path: '/cobranza?tab=estado-cuenta&estudio=1' });
    expect((await screen.findByTestId('estado-cuenta-saldo')).textContent).toBe('$ 130.000');
    expect(screen.getByTestId('estado-cuenta-credito').textContent).toBe('$ 15.000');
    expect(screen.getByTestId('antiguedad-d0_30').textContent).toContain('$ 70.000');
    expect(screen.getByTestId('antiguedad-d31_60').textContent).toContain('$ 60.000');
    expect(screen.getByTestId('antiguedad-d90_mas').textContent).toContain('$ 0');
    expect(within(screen.getByTestId('estado-cuenta-abiertos')).getByText('10-10-2026')).toBeTruthy();
    expect(within(screen.getByTestId('estado-cuenta-movimientos')).getByText('Recibo N° 1002')).toBeTruthy();
    expect(calls[1]?.url).toMatch(/^\/api\/v1\/estudios\/1\/estado_cuenta\/\?hasta=\d{4}-\d{2}-\d{2}$/);

    fireEvent.click(screen.getByRole('button', { name: 'Enviar por correo' }));
    const dialogo = await screen.findByRole('dialog', { name: '¿Enviar el estado de cuenta?' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Enviar por correo' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ hasta: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });
});
