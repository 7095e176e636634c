import { servidoresMessages, type Servidor } from '@receptoria/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { ServidoresSection } from './servidores-section';

const principal: Servidor = { id: 1, nombre: 'principal', capacidad: 100_000, receptores: 1_234, activo: true, estado: 'ok' };
const apagado: Servidor = { id: 2, nombre: 'respaldo-norte', capacidad: 50, receptores: 3, activo: false, estado: 'caido' };

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('Servidores de base de datos', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each server with its capacity, receivers, whether it is active and whether it answers', async () => {
    stubApi({ 'GET /api/v1/onboarding/servidores/': () => json([principal, apagado]) });
    renderWithSession(<ServidoresSection />);

    const table = await screen.findByRole('table', { name: 'Servidores de base de datos' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Nombre', 'Capacidad', 'Receptores', 'Activo', 'Estado']);
    const first = within(await screen.findByTestId('servidor-row-1'));
    expect(first.getByText('principal')).toBeTruthy();
    expect(first.getByText('100.000')).toBeTruthy();
    expect(first.getByText('1.234')).toBeTruthy();
    expect(first.getByText('Sí')).toBeTruthy();
    expect(first.getByText('OK')).toBeTruthy();
    const second = within(screen.getByTestId('servidor-row-2'));
    expect(second.getByText('No')).toBeTruthy();
    expect(second.getByText('Caído')).toBeTruthy();
  });

  it('checks the form with the contract’s words before asking the API', async () => {
    const calls = stubApi({ 'GET /api/v1/onboarding/servidores/': () => json([principal]) });
    renderWithSession(<ServidoresSection />);
    await screen.findByTestId('servidor-row-1');
    fill(/URL de conexión/, 'mysql://servidor/base');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar servidor' }));

    expect(await screen.findByText(servidoresMessages.nombreRequerido)).toBeTruthy();
    expect(screen.getByText(servidoresMessages.urlInvalida)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('adds a server and lists it, sending name, URL, capacity and whether it is active', async () => {
    const nuevo: Servidor = { id: 3, nombre: 'servidor-2', capacidad: 25, receptores: 0, activo: false, estado: 'ok' };
    let servers = [principal];
    const calls = stubApi({
      'GET /api/v1/onboarding/servidores/': () => json(servers),
      'POST /api/v1/onboarding/servidores/': () => {
        servers = [principal, nuevo];
        return json({ ...nuevo, message: 'Servidor agregado' }, 201);
      },
    });
    renderWithSession(<ServidoresSection />);
    await screen.findByTestId('servidor-row-1');
    fill(/Nombre del servidor/, ' servidor-2 ');
    fill(/URL de conexión/, 'postgres://receptoria:clave@10.0.0.2:5432/postgres');
    fill(/Capacidad/, '25');
    fireEvent.click(screen.getByRole('switch', { name: /Activo/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar servidor' }));

    expect(within(await screen.findByTestId('servidor-row-3')).getByText('servidor-2')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      nombre: 'servidor-2',
      url: 'postgres://receptoria:clave@10.0.0.2:5432/postgres',
      capacidad: 25,
      activo: false,
    });
    // The form starts over for the next one.
    await waitFor(() => expect((screen.getByLabelText(/Nombre del servidor/) as HTMLInputElement).value).toBe(''));
  });

  it("shows the API's refusal inline: under the URL when it names it, above the buttons otherwise", async () => {
    const sinCreatedb = servidoresMessages.sinCreatedb('lector');
    const answers = [
      () => json({ detail: sinCreatedb, errors: { url: [sinCreatedb] } }, 400),
      () => json({ detail: servidoresMessages.sinClave }, 400),
    ];
    stubApi({
      'GET /api/v1/onboarding/servidores/': () => json([principal]),
      'POST /api/v1/onboarding/servidores/': () => answers.shift()!(),
    });
    renderWithSession(<ServidoresSection />);
    await screen.findByTestId('servidor-row-1');
    fill(/Nombre del servidor/, 'servidor-2');
    fill(/URL de conexión/, 'postgres://lector@10.0.0.2/postgres');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar servidor' }));

    expect(await screen.findByText(sinCreatedb)).toBeTruthy();
    expect(screen.getByLabelText(/URL de conexión/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Agregar servidor' }));
    expect((await screen.findByRole('alert')).textContent).toBe(servidoresMessages.sinClave);
    expect(screen.queryAllByTestId(/servidor-row-/)).toHaveLength(1);
  });
});
