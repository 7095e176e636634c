import type { Recibo, RecibosListResponse } from '@receptoria/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, pickOption, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { RecibosTab } from './recibos-tab';

const estudios = [
  { id: 1, nombre: 'Estudio Pérez' },
  { id: 2, nombre: 'Banco Sur' },
];
const facturables = [
  { diligencia_id: 11, encargo_id: 101, numero_rol: 'C-100-2026', tipo: 'Búsqueda positiva', valor: 45_000, fecha_diligencia: '2026-11-02' },
  { diligencia_id: 12, encargo_id: 102, numero_rol: 'C-101-2026', tipo: 'Notificación personal', valor: 30_000, fecha_diligencia: '2026-11-03' },
  { diligencia_id: 13, encargo_id: 103, numero_rol: 'C-102-2026', tipo: 'Búsqueda negativa', valor: 25_000, fecha_diligencia: '2026-11-04' },
];

function recibo(patch: Partial<Recibo> = {}): Recibo {
  return {
    id: 7,
    numero: 1001,
    estudio: estudios[0]!,
    fecha: '2026-11-20',
    observaciones: '',
    items: [
      { diligencia_id: 11, numero_rol: 'C-100-2026', tipo: 'Búsqueda positiva', valor: 45_000, fecha_diligencia: '2026-11-02' },
      { diligencia_id: 13, numero_rol: 'C-102-2026', tipo: 'Búsqueda negativa', valor: 25_000, fecha_diligencia: '2026-11-04' },
    ],
    subtotal: 70_000,
    rebaja: 0,
    total: 70_000,
    pagado: 20_000,
    retenido: 0,
    saldo: 50_000,
    estado: 'pagado_parcial',
    rebajas: [],
    boleta: null,
    anulacion: null,
    creado_en: '2026-11-20T10:00:00-03:00',
    ...patch,
  };
}

const lista = (results: Recibo[]): RecibosListResponse => ({
  count: results.length,
  page: 1,
  page_size: 50,
  results: results.map(({ items, rebajas: _r, ...rest }) => ({ ...rest, cantidad_diligencias: items.length })),
});

const pickEstudio = (nombre: string) => pickOption(within(screen.getByTestId('nuevo-recibo')).getByLabelText('Estudio Jurídico'), nombre);

afterEach(() => vi.unstubAllGlobals());

describe('Cobranza › Recibos', () => {
  it('bills the ticked stamped diligences of a firm with the date and notes typed', async () => {
    const calls = stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/recibos/facturables/': () => json(facturables),
      'GET /api/v1/recibos/': () => json(lista([])),
      'POST /api/v1/recibos/': () => json({ recibo: recibo({ pagado: 0, saldo: 70_000, estado: 'emitido' }) }, 201),
      'GET /api/v1/recibos/7/': () => json({ recibo: recibo({ pagado: 0, saldo: 70_000, estado: 'emitido' }) }),
    });
    renderWithSession(<RecibosTab />, { permisos: ['imprime_recibos'] });
    await pickEstudio('Estudio Pérez');
    const tabla = await screen.findByTestId('facturables');
    expect(calls.some((c) => c.url === '/api/v1/recibos/facturables/?estudio=1')).toBe(true);
    expect(within(tabla).getByText('$ 45.000')).toBeTruthy();
    expect(within(tabla).getByText('02-11-2026')).toBeTruthy();
    fireEvent.click(within(tabla).getByRole('checkbox', { name: 'C-100-2026' }));
    fireEvent.click(within(tabla).getByRole('checkbox', { name: 'C-102-2026' }));
    expect(screen.getByTestId('nuevo-recibo-total').textContent).toBe('2 diligencias · $ 70.000');
    fireEvent.change(screen.getByRole('textbox', { name: 'Observaciones' }), { target: { value: 'Noviembre' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear recibo' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ estudio_id: 1, diligencia_ids: [11, 13], observaciones: 'Noviembre' });
    expect((post.body as { fecha: string }).fecha).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The new receipt opens with its items and totals.
    const detalle = await screen.findByTestId('recibo-detalle');
    expect(within(detalle).getByTestId('recibo-total').textContent).toBe('$ 70.000');
    expect(within(detalle).getByTestId('recibo-estado').textContent).toBe('Emitido');
  });

  it("shows the API's Spanish detail when a diligence already is in another receipt", async () => {
    stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/recibos/facturables/': () => json(facturables),
      'GET /api/v1/recibos/': () => json(lista([])),
      'POST /api/v1/recibos/': () => json({ detail: 'La diligencia 12 ya está en el recibo N° 1000' }, 409),
    });
    renderWithSession(<RecibosTab />);
    await pickEstudio('Estudio Pérez');
    fireEvent.click(within(await screen.findByTestId('facturables')).getByRole('checkbox', { name: 'Seleccionar todas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Crear recibo' }));
    expect((await screen.findByTestId('nuevo-recibo-error')).textContent).toBe('La diligencia 12 ya está en el recibo N° 1000');
  });

  it('lists receipts by filter and opens one; printing and discounts follow the permissions', async () => {
    const calls = stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/recibos/': () => json(lista([recibo()])),
      'GET /api/v1/recibos/7/': () => json({ recibo: recibo() }),
    });
    renderWithSession(<RecibosTab />, { permisos: ['edit_asocia_recibos'] });
    const tabla = await screen.findByTestId('tabla-recibos');
    expect(within(tabla).getByText('Pagado parcial')).toBeTruthy();
    expect(within(tabla).getByText('$ 50.000')).toBeTruthy();
    expect(within(tabla).getByText('20-11-2026')).toBeTruthy();
    fireEvent.click(within(tabla).getByRole('button', { name: 'Abrir recibo N° 1001' }));
    const detalle = await screen.findByTestId('recibo-detalle');
    expect(within(detalle).getByTestId('recibo-saldo').textContent).toBe('$ 50.000');
    expect(within(detalle).getByRole('button', { name: 'Descargar PDF' }).hasAttribute('disabled')).toBe(true);
    expect(within(detalle).getByRole('button', { name: 'Rebaja' }).hasAttribute('disabled')).toBe(true);
    expect(within(detalle).getByRole('button', { name: 'Boleta' }).hasAttribute('disabled')).toBe(false);

    const filtros = screen.getByTestId('recibos-lista');
    await pickOption(within(filtros).getByLabelText('Estado'), 'Pagado');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/recibos/?estado=pagado&page=1')).toBe(true));
  });

  it('a boleta entered before any payment shows its amounts once; the receipt stays Emitido and says why its discount and diligences are closed', async () => {
    const boleta = { numero_boleta: '881', fecha: '2026-11-21', retiene: 'pagador' as const, bruto: 95_000, tasa: 15.25, retencion: 14_488, liquido: 80_512 };
    const sinPagos = recibo({ subtotal: 95_000, total: 95_000, pagado: 0, saldo: 95_000, estado: 'emitido' });
    let actual = sinPagos;
    const calls = stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/recibos/': () => json(lista([actual])),
      'GET /api/v1/recibos/7/': () => json({ recibo: actual }),
      'POST /api/v1/recibos/7/boleta/': () => {
        actual = { ...sinPagos, boleta, retenido: 14_488, saldo: 80_512 };
        return json(boleta);
      },
    });
    renderWithSession(<RecibosTab />, { permisos: ['rebaja_recibos', 'edit_asocia_recibos'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir recibo N° 1001' }));
    const detalle = await screen.findByTestId('recibo-detalle');
    expect(screen.queryByTestId('recibo-acciones-motivos')).toBeNull();
    fireEvent.click(within(detalle).getByRole('button', { name: 'Boleta' }));
    fireEvent.change(within(detalle).getByRole('textbox', { name: 'N° de boleta' }), { target: { value: '881' } });
    fireEvent.click(within(within(detalle).getByTestId('boleta-form')).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(within(detalle).getByTestId('recibo-retenido').textContent).toBe('$ 14.488'));
    await waitFor(() => expect(within(detalle).queryByTestId('boleta-form')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ numero_boleta: '881', retiene: 'pagador' });
    expect(within(detalle).getAllByTestId('boleta-montos')).toHaveLength(1);
    expect(within(detalle).getAllByText('Líquido')).toHaveLength(1);
    expect(within(detalle).getByTestId('recibo-estado').textContent).toBe('Emitido');
    expect(within(detalle).getByTestId('recibo-pagado').textContent).toBe('$ 0');
    for (const name of ['Rebaja', 'Boleta', 'Editar diligencias']) {
      expect(within(detalle).getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    }
    expect(within(detalle).getByRole('button', { name: 'Boleta' }).getAttribute('title')).toBe('El recibo ya tiene la boleta N° 881');
    const motivos = within(detalle).getByTestId('recibo-acciones-motivos').textContent;
    expect(motivos).toContain('El recibo ya tiene boleta emitida: no se pueden cambiar sus diligencias ni su monto.');
  });

  it('counts one receipt in the singular', async () => {
    stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/recibos/': () => json(lista([recibo({ retenido: 3_000, saldo: 47_000 })])),
    });
    renderWithSession(<RecibosTab />);
    const tabla = await screen.findByTestId('tabla-recibos');
    expect(within(tabla).getByText('Retención')).toBeTruthy();
    expect(within(tabla).getByText('$ 3.000')).toBeTruthy();
    expect(screen.getByText(/· 1 recibo$/)).toBeTruthy();
  });

  it('records a discount with its reason and shows the refusal when it goes below what is paid', async () => {
    const calls = stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/recibos/': () => json(lista([recibo()])),
      'GET /api/v1/recibos/7/': () => json({ recibo: recibo() }),
      'POST /api/v1/recibos/7/rebaja/': () => json({ detail: 'La rebaja deja el total del recibo por debajo de lo pagado ($20.000)' }, 400),
    });
    renderWithSession(<RecibosTab />, { permisos: ['rebaja_recibos', 'imprime_recibos'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir recibo N° 1001' }));
    const detalle = await screen.findByTestId('recibo-detalle');
    fireEvent.click(within(detalle).getByRole('button', { name: 'Rebaja' }));
    const form = within(detalle).getByTestId('rebaja-form');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Monto' }), { target: { value: '60.000' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Motivo' }), { target: { value: 'Acuerdo' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('La rebaja deja el total del recibo por debajo de lo pagado ($20.000)')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ monto: 60_000, motivo: 'Acuerdo' });
  });

  it('voids a receipt only with a reason and after confirming', async () => {
    const calls = stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/recibos/': () => json(lista([recibo({ pagado: 0, saldo: 70_000, estado: 'emitido' })])),
      'GET /api/v1/recibos/7/': () => json({ recibo: recibo({ pagado: 0, saldo: 70_000, estado: 'emitido' }) }),
      'POST /api/v1/recibos/7/anular/': () => json({ recibo: recibo({ estado: 'anulado' }) }),
    });
    renderWithSession(<RecibosTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir recibo N° 1001' }));
    const detalle = await screen.findByTestId('recibo-detalle');
    fireEvent.click(within(detalle).getByRole('button', { name: 'Anular' }));
    expect(await within(detalle).findByText('El motivo es requerido')).toBeTruthy();
    fireEvent.change(within(detalle).getByRole('textbox', { name: 'Motivo de la anulación' }), { target: { value: 'Error de estudio' } });
    fireEvent.click(within(detalle).getByRole('button', { name: 'Anular' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Anular recibo' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ motivo: 'Error de estudio' }));
  });
});
