import { MantineProvider } from '@mantine/core';
import { cleanNotifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeferredNotifications } from './deferred-notifications';

afterEach(() => {
  act(() => cleanNotifications());
});

describe('DeferredNotifications', () => {
  it('shows a toast given before the toast area was downloaded', async () => {
    notifications.show({ message: 'Su sesión expiró. Ingrese nuevamente.' });
    render(
      <MantineProvider>
        <DeferredNotifications />
      </MantineProvider>,
    );
    expect(await screen.findByText('Su sesión expiró. Ingrese nuevamente.')).toBeTruthy();
  });

  it('downloads the toast area as soon as the first toast is shown', async () => {
    render(
      <MantineProvider>
        <DeferredNotifications />
      </MantineProvider>,
    );
    expect(screen.queryByText('¡Bienvenido al sistema!')).toBeNull();
    act(() => {
      notifications.show({ message: '¡Bienvenido al sistema!' });
    });
    expect(await screen.findByText('¡Bienvenido al sistema!')).toBeTruthy();
  });
});
