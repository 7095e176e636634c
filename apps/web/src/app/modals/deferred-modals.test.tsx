import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmAction } from '../../components/confirm-action';
import { modalsRequested } from '../../lib/modals-host';
import { DeferredModals } from './deferred-modals';

const renderLayout = () =>
  render(
    <MantineProvider>
      <DeferredModals />
    </MantineProvider>,
  );

const ask = () => confirmAction({ title: '¿Borrar los apuntes?', text: 'Se borrará el texto guardado.', confirm: 'Borrar' });

// One sequence: the module keeps, as in the app, whether the dialogs were asked for.
describe('DeferredModals', () => {
  it('downloads the dialogs when the first one is opened, and keeps them for the next ones', async () => {
    const first = renderLayout();
    expect(modalsRequested()).toBe(false);
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = ask();
    });
    expect(modalsRequested()).toBe(true);
    expect(await screen.findByText('Se borrará el texto guardado.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Borrar' }));
    await expect(answer).resolves.toBe(true);

    // Signing out unmounts the layout; the next layout mounts the dialogs at once.
    first.unmount();
    renderLayout();
    act(() => {
      answer = ask();
    });
    expect(await screen.findByText('Se borrará el texto guardado.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByText('Se borrará el texto guardado.')).toBeNull());
  });
});
