import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { WebhooksEstudioPanel } from './webhooks-estudio-panel';

afterEach(() => vi.unstubAllGlobals());

const SECRETO = `whsec_${'a'.repeat(64)}`;
const NUEVO = `whsec_${'b'.repeat(64)}`;
const URL_SISTEMA = 'https://sistema.estudio.cl/receptoria';
const endpoint = (eventos: string[], extra: Record<string, unknown> = {}) => ({
  id: 4,
  url: URL_SISTEMA,
  eventos,
  activo: true,
  secreto_rotado_en: '2026-12-01T10:00:00-03:00',
  secreto_anterior_hasta: null,
  fallando_desde: null,
  desactivado_por_fallas: false,
  creado_en: '2026-12-01T10:00:00-03:00',
  ...extra,
});
const entrega = (id: number, intento: number) => ({
  id,
  evento_id: 'evt_0123',
  tipo: 'ping',
  intento,
  enviado_en: '2026-12-01T10:05:00-03:00',
  estado_http: intento === 1 ? 500 : 200,
  duracion_ms: 1234,
  respuesta: intento === 1 ? 'error interno' : 'ok',
  error: intento === 1 ? 'Respuesta HTTP 500' : null,
});

describe('Webhooks', () => {
  it('checks the form, shows the secret once, probes, rotates, and shows the delivery log with Reenviar', async () => {
    let list: Array<ReturnType<typeof endpoint>> = [];
    const calls = stubApi({
      'GET /api/v1/estudios/3/webhooks/': () => json({ results: list }),
      'POST /api/v1/estudios/3/webhooks/': (call) => {
        list = [endpoint((call.body as { eventos: string[] }).eventos)];
        return json({ endpoint: list[0], secreto: SECRETO }, 201);
      },
      'POST /api/v1/estudios/3/webhooks/4/probar/': () => json({ message: 'Evento de prueba programado', evento_id: 'evt_0123' }, 202),
      'POST /api/v1/estudios/3/webhooks/4/rotar_secreto/': () =>
        json({ endpoint: list[0], secreto: NUEVO, anterior_valido_hasta: '2026-12-02T10:00:00-03:00' }),
      'GET /api/v1/estudios/3/webhooks/4/entregas/': () => json([entrega(9, 1)]),
      'POST /api/v1/estudios/3/webhooks/4/entregas/9/reenviar/': () => json({ message: 'Se enviará nuevamente en unos instantes', evento_id: 'evt_0123' }, 202),
    });
    renderWithSession(<WebhooksEstudioPanel estudioId={3} />);
    const panel = await screen.findByTestId('webhooks');
    expect(await within(panel).findByText('El estudio no tiene webhooks.')).toBeTruthy();

    fireEvent.change(within(panel).getByLabelText('URL que recibe los eventos'), { target: { value: URL_SISTEMA } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Crear webhook' }));
    expect(await within(panel).findByText('Elija al menos un evento')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(panel).getByLabelText('Carta art. 46 enviada'));
    fireEvent.click(within(panel).getByLabelText('Plazo por vencer'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Crear webhook' }));
    expect(((await within(panel).findByLabelText('Secreto de firma')) as HTMLInputElement).value).toBe(SECRETO);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ url: URL_SISTEMA, eventos: ['carta_art46.enviada', 'plazo.por_vencer'], activo: true });

    const row = await within(panel).findByTestId('webhook');
    expect(row.textContent).toContain('Carta art. 46 enviada, Plazo por vencer');
    expect(row.textContent).toContain('Activo');
    fireEvent.click(within(row).getByRole('button', { name: 'Probar' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/estudios/3/webhooks/4/probar/')).toBe(true));

    fireEvent.click(within(row).getByRole('button', { name: 'Rotar secreto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotar secreto de firma' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotar secreto' }));
    await waitFor(async () => expect(((await within(panel).findByLabelText('Secreto de firma')) as HTMLInputElement).value).toBe(NUEVO));
    expect(panel.textContent).toContain('los eventos se firman con el secreto anterior y con este');

    fireEvent.click(within(row).getByRole('button', { name: 'Entregas' }));
    const log = await within(panel).findByTestId('webhook-entrega');
    for (const text of ['Evento de prueba (ping)', '500', 'Respuesta HTTP 500', 'error interno', '1.234 ms']) expect(log.textContent).toContain(text);
    fireEvent.click(within(log).getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/estudios/3/webhooks/4/entregas/9/reenviar/')).toBe(true));
  });

  it('says when an endpoint was turned off after failing', async () => {
    stubApi({ 'GET /api/v1/estudios/3/webhooks/': () => json({ results: [endpoint(['encargo.creado'], { activo: false, desactivado_por_fallas: true, fallando_desde: '2026-11-30T10:00:00-03:00' })] }) });
    renderWithSession(<WebhooksEstudioPanel estudioId={3} />);
    const row = await screen.findByTestId('webhook');
    expect(row.textContent).toContain('Desactivado por fallas');
    expect(within(row).getByRole('button', { name: 'Activar' })).toBeTruthy();
  });
});
