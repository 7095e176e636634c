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
    // No container stretches down the page (an empty one would take the clicks under it).
    for (const other of document.querySelectorAll<HTMLElement>('.mantine-Notifications-root')) {
      expect(other.style.bottom, other.dataset.position).toBe('auto');
    }
  });
});
