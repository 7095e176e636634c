import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, loadScreens, loadScreensFor } from './lazy-screen';

function Guard({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

function screens() {
  const loads = {
    layout: vi.fn(async () => ({ Layout: () => <p>layout</p> })),
    home: vi.fn(async () => ({ Home: () => <p>inicio</p> })),
    cobranza: vi.fn(async () => ({ Cobranza: ({ titulo }: { titulo: string }) => <p>{titulo}</p> })),
  };
  const Layout = lazyScreen(loads.layout, 'Layout');
  const Home = lazyScreen(loads.home, 'Home');
  const Cobranza = lazyScreen(loads.cobranza, 'Cobranza');
  const routes = [
    {
      element: <Layout />,
      children: [
        { path: '/', element: <Home /> },
        {
          path: '/cobranza',
          element: (
            <Guard>
              <Cobranza titulo="Cobranza" />
            </Guard>
          ),
        },
      ],
    },
  ];
  return { loads, routes, Layout, Cobranza };
}

describe('lazy screens', () => {
  it('downloads together the layout and the screen an address shows, guards included, and nothing else', () => {
    const { loads, routes } = screens();
    loadScreensFor(routes, '/cobranza');
    expect(loads.layout).toHaveBeenCalledTimes(1);
    expect(loads.cobranza).toHaveBeenCalledTimes(1);
    expect(loads.home).not.toHaveBeenCalled();
  });

  it('downloads each screen once, however often it is asked for', async () => {
    const { loads, routes, Cobranza } = screens();
    loadScreensFor(routes, '/cobranza');
    loadScreens([Cobranza]);
    render(
      <MantineProvider>
        <Cobranza titulo="Cobranza" />
      </MantineProvider>,
    );
    expect(await screen.findByText('Cobranza')).toBeTruthy();
    expect(loads.cobranza).toHaveBeenCalledTimes(1);
  });

  it('shows the spinner while the screen downloads, then the screen with its props', async () => {
    let resolve: (module: { Pantalla: () => ReactNode }) => void = () => undefined;
    const Pantalla = lazyScreen(() => new Promise<{ Pantalla: () => ReactNode }>((done) => (resolve = done)), 'Pantalla');
    render(
      <MantineProvider>
        <Pantalla />
      </MantineProvider>,
    );
    expect(screen.getByLabelText('Cargando')).toBeTruthy();
    resolve({ Pantalla: () => <p>lista</p> });
    expect(await screen.findByText('lista')).toBeTruthy();
    expect(screen.queryByLabelText('Cargando')).toBeNull();
  });

  it('tries a failed download again the next time the screen is asked for', async () => {
    const load = vi
      .fn<() => Promise<{ Pantalla: () => ReactNode }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Pantalla: () => <p>lista</p> });
    const Pantalla = lazyScreen(load, 'Pantalla');
    loadScreens([Pantalla]);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    render(
      <MantineProvider>
        <Pantalla />
      </MantineProvider>,
    );
    expect(await screen.findByText('lista')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
