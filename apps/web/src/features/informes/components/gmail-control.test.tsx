import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { informesMessages as m } from '../messages';
import { GmailControl } from './gmail-control';
import { POLL_MAX_ATTEMPTS, POPUP_FEATURES } from './use-gmail-connection';
import { DeferredModals } from '../../../app/modals/deferred-modals';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const desconectado = {
  oauth_configured: true,
  oauth_enabled: false,
  email_verified: null,
  email_method: 'smtp',
  button_text: 'Conectar Gmail',
  button_status: 'disconnected',
  connection_info: m.sinConexionSmtp,
};
const conectado = {
  ...desconectado,
  oauth_enabled: true,
  email_verified: 'estudio@gmail.com',
  email_method: 'gmail',
  button_text: 'Desconectar Gmail',
  button_status: 'connected',
  connection_info: 'Conectado como estudio@gmail.com desde 23-11-2026',
};

function setup(
  statusAnswers: () => unknown,
  start: () => Response | Promise<Response> = () => json({ authorization_url: 'https://accounts.example/auth?state=x' }),
) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(input);
      if (input.includes('/oauth2/start/')) return start();
      if (input.includes('/oauth2/disconnect/')) return json({ message: m.gmailDesconectado });
      const answer = statusAnswers();
      return answer instanceof Promise ? answer : json(answer);
    }),
  );
  const popup = { close: vi.fn() };
  const openWindow = vi.fn(() => popup as unknown as Window);
  render(
    <MantineProvider>
      <DeferredModals />
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <GmailControl estudioId={7} options={{ openWindow }} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const statusCalls = () => calls.filter((url) => url.includes('/oauth2/status/')).length;
  const disconnectCalls = () => calls.filter((url) => url.includes('/oauth2/disconnect/')).length;
  return { openWindow, popup, statusCalls, disconnectCalls };
}

describe('GmailControl', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens a 600×700 popup, polls every 2 s and shows the account once connected', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [desconectado, desconectado, desconectado, conectado];
    const { openWindow, popup, statusCalls } = setup(() => answers.shift() ?? conectado);
    expect(await screen.findByText(m.sinConexionSmtp)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Conectar Gmail' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(openWindow).toHaveBeenCalledWith('https://accounts.example/auth?state=x', 'gmail-oauth', POPUP_FEATURES);
    expect(POPUP_FEATURES).toBe('width=600,height=700');
    expect(screen.getByText(new RegExp(m.conectando.replace(/\./g, '\\.')))).toBeTruthy();
    const before = statusCalls();
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(statusCalls()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(statusCalls()).toBe(before + 1);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(await screen.findByRole('button', { name: 'Desconectar Gmail' })).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
    expect(screen.getAllByText(conectado.connection_info).length).toBeGreaterThan(0);
  });

  it('gives up after 60 attempts with the spec message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { statusCalls } = setup(() => desconectado);
    expect(await screen.findByText(m.sinConexionSmtp)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Conectar Gmail' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    const before = statusCalls();
    await act(() => vi.advanceTimersByTimeAsync(POLL_MAX_ATTEMPTS * 2000 + 100));
    expect(statusCalls() - before).toBe(POLL_MAX_ATTEMPTS);
    expect(await screen.findByText('Tiempo de espera agotado. Intenta nuevamente.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(statusCalls() - before).toBe(POLL_MAX_ATTEMPTS);
  });

  it('cancels the wait, closes the popup and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { popup } = setup(() => desconectado);
    expect(await screen.findByText(m.sinConexionSmtp)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Conectar Gmail' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(popup.close).toHaveBeenCalled();
    expect(await screen.findByText('Conexión Gmail cancelada')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Conectar Gmail' })).toBeTruthy();
  });

  it('keeps waiting when a status answer of the cancelled attempt arrives during the next one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let failLate: (error: Error) => void = () => undefined;
    const answers: (() => unknown)[] = [
      () => desconectado,
      // The cancelled attempt's last question, answered (with a failure) only once the next attempt waits.
      () => new Promise<Response>((_resolve, reject) => (failLate = reject)),
    ];
    const { openWindow } = setup(() => (answers.shift() ?? (() => desconectado))());
    expect(await screen.findByText(m.sinConexionSmtp)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Conectar Gmail' }));
    await act(() => vi.advanceTimersByTimeAsync(2010));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Conectar Gmail' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(openWindow).toHaveBeenCalledTimes(2);
    await act(async () => failLate(new TypeError('Failed to fetch')));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.queryByText(m.errorConectarGmail)).toBeNull();
    expect(screen.getByText(new RegExp(m.conectando.replace(/\./g, '\\.')))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });

  it('opens one popup when Conectar Gmail is clicked again while the authorisation is being asked for', async () => {
    const starts: ((response: Response) => void)[] = [];
    const { openWindow } = setup(
      () => desconectado,
      () => new Promise<Response>((resolve) => starts.push(resolve)),
    );
    expect(await screen.findByText(m.sinConexionSmtp)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Conectar Gmail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Conectar Gmail' }));
    await act(async () => {
      for (const answer of starts) answer(json({ authorization_url: 'https://accounts.example/auth?state=x' }));
    });
    expect(await screen.findByRole('button', { name: 'Cancelar' })).toBeTruthy();
    expect(openWindow).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s reason when authorisation cannot start', async () => {
    setup(
      () => ({ ...desconectado, oauth_configured: false, connection_info: m.oauthNoConfigurado }),
      () => json({ detail: m.oauthNoConfigurado }, 409),
    );
    // The control reads the status first: it says the connection is not available.
    expect(await screen.findByText(m.oauthNoConfigurado)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Conectar Gmail' }));
    expect(await screen.findByText('Error iniciando autorización Gmail')).toBeTruthy();
    expect(screen.getAllByText(m.oauthNoConfigurado)).toHaveLength(2);
  });

  it('disconnects after saying what will happen; cancelling keeps the account', async () => {
    const answers = [conectado, desconectado];
    const { disconnectCalls } = setup(() => answers.shift() ?? desconectado);
    fireEvent.click(await screen.findByRole('button', { name: 'Desconectar Gmail' }));
    expect(await screen.findByText(/dejarán de enviarse desde estudio@gmail\.com/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText(/dejarán de enviarse/)).toBeNull());
    expect(disconnectCalls()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Desconectar Gmail' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Desconectar' }));
    expect(await screen.findByText('Cuenta Gmail desconectada')).toBeTruthy();
    expect(disconnectCalls()).toBe(1);
    expect(await screen.findByRole('button', { name: 'Conectar Gmail' })).toBeTruthy();
  });
});
