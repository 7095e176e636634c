import { MantineProvider } from '@mantine/core';
import { cleanNotifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationsHost, TOAST_TOP } from './notifications-host';

afterEach(() => {
  act(() => cleanNotifications());
});

describe('NotificationsHost', () => {
  it('places the toasts top-right, below the top bar', async () => {
    render(
      <MantineProvider>
        <NotificationsHost />
      </MantineProvider>,
    );
    act(() => {
      notifications.show({ message: 'Plantilla actualizada' });
    });
    const toast = await screen.findByText('Plantilla actualizada');
    const container = toast.closest('[data-position]') as HTMLElement;
    expect(container.dataset.position).toBe('top-right');
    expect(container.style.top).toBe(TOAST_TOP);
    expect(TOAST_TOP).toContain('--app-shell-header-offset');
  });

  it('keeps the empty containers of the other positions from stretching over the page', async () => {
    render(
      <MantineProvider>
        <NotificationsHost />
      </MantineProvider>,
    );
    act(() => {
      notifications.show({ message: 'Encargo cargado' });
    });
    await screen.findByText('Encargo cargado');
    const bottom = document.querySelector('[data-position="bottom-right"]') as HTMLElement;
    expect(bottom.style.bottom).toBe('auto');
  });
});
