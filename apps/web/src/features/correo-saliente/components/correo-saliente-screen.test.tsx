import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, pickOption, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { CorreoSalienteScreen } from './correo-saliente-screen';

afterEach(() => vi.unstubAllGlobals());

const ENLACE = 'http://localhost:3000/portal/activar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const invitacion = {
  id: 12,
  asunto: 'Invitación al portal de Receptora Demo',
  para: 'rosa@estudio.cl',
  creado: '2026-11-30T19:05:00-03:00',
  enviado: null,
  estado: 'sin_transporte',
  adjuntos: [],
  error: '',
};
const informe = {
  id: 11,
  asunto: 'Informe diario — Estudio Norte',
  para: 'uno@norte.cl, dos@norte.cl',
  creado: '2026-11-30T07:00:00-03:00',
  enviado: '2026-11-30T07:00:05-03:00',
  estado: 'enviado',
  adjuntos: [{ nombre: 'informe-diario.xlsx', bytes: 20_480 }],
  error: '',
};

describe('Correo saliente', () => {
  it('lists the mail with its time (24 h), recipient and state, and opens one with its body, files and the link to copy', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const calls = stubApi({
      'GET /api/v1/correo_saliente/': (call) =>
        json({ count: 2, page: 1, page_size: 50, results: call.url.includes('estado=enviado') ? [informe] : [invitacion, informe] }),
      'GET /api/v1/correo_saliente/12/': () =>
        json({ ...invitacion, cuerpo: `Hola Rosa Díaz:\n\nReceptora Demo le invita a seguir los encargos de Estudio Norte en su portal.\nPara elegir su contraseña abra este enlace (válido por 48 horas y una sola vez):\n${ENLACE}\n` }),
      'GET /api/v1/correo_saliente/11/': () => json({ ...informe, cuerpo: 'Adjuntamos el informe.' }),
    });
    renderWithSession(<CorreoSalienteScreen />, { permisos: ['gestiona_permisos'] });
    const filas = await screen.findAllByTestId('correo-fila');
    expect(filas).toHaveLength(2);
    expect(within(filas[0]!).getByText('30/11/2026 19:05')).toBeTruthy();
    expect(within(filas[0]!).getByText('rosa@estudio.cl')).toBeTruthy();
    expect(within(filas[0]!).getByText('Sin servicio de correo')).toBeTruthy();
    expect(within(filas[1]!).getByText('Enviado')).toBeTruthy();
    expect(screen.getByText(/Hay correos sin enviar porque no hay un servicio de correo configurado/)).toBeTruthy();

    fireEvent.click(within(filas[0]!).getByRole('button', { name: 'Ver' }));
    const detalle = await screen.findByTestId('correo-detalle');
    expect(within(detalle).getByTestId('correo-cuerpo').textContent).toContain('le invita a seguir los encargos');
    expect(within(detalle).getByText('Sin adjuntos')).toBeTruthy();
    fireEvent.click(within(detalle).getByRole('button', { name: 'Copiar enlace' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(ENLACE));
    fireEvent.keyDown(detalle, { key: 'Escape' });

    fireEvent.click(within(filas[1]!).getByText('Informe diario — Estudio Norte'));
    const otro = await screen.findByText('informe-diario.xlsx');
    const detalleInforme = otro.closest('[data-testid="correo-detalle"]') as HTMLElement;
    expect(within(detalleInforme).getByText('20 KB')).toBeTruthy();
    expect(within(detalleInforme).getAllByText('30/11/2026 07:00')).toHaveLength(2);
    expect(within(detalleInforme).queryByRole('button', { name: 'Copiar enlace' })).toBeNull();

    await pickOption(screen.getAllByLabelText('Estado').find((element) => element.tagName === 'INPUT')!, 'Enviado');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/correo_saliente/?estado=enviado&page=1')).toBe(true));
  });

  it('shows another receiver’s mail to the platform admin from the client detail', async () => {
    const calls = stubApi({
      'GET /api/v1/onboarding/clientes/7/correo_saliente/': () => json({ count: 1, page: 1, page_size: 50, results: [invitacion] }),
      'GET /api/v1/onboarding/clientes/7/': () => json({ receptor: { nombre: 'Receptora Bravo' } }),
    });
    renderWithSession(<CorreoSalienteScreen />, { path: '/correo-saliente?cliente=7' });
    expect(await screen.findByText('Correos del receptor Receptora Bravo.')).toBeTruthy();
    expect(await screen.findAllByTestId('correo-fila')).toHaveLength(1);
    expect(calls.every((call) => !call.url.startsWith('/api/v1/correo_saliente/'))).toBe(true);
  });
});
