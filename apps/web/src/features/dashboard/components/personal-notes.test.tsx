import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersonalNotes, SAVED_CONFIRMATION_MS } from './personal-notes';
import { DeferredModals } from '../../../app/modals/deferred-modals';

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

function renderNotes(options: { texto: string; saveGate?: Promise<void> }) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/apuntes-personales/texto/')) {
        return json({ texto: options.texto, fecha_actualizacion: null });
      }
      posts.push(JSON.parse(String(init?.body)));
      await options.saveGate;
      return json({ fecha_actualizacion: '2025-03-10T09:30:00-03:00' });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <DeferredModals />
      <QueryClientProvider client={client}>
        <PersonalNotes />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { posts };
}

const textbox = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Apuntes personales' });
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Guardar' });

describe('PersonalNotes', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads the saved note', async () => {
    renderNotes({ texto: '• Llamar al tribunal' });
    expect((await textbox()).value).toBe('• Llamar al tribunal');
    expect(saveButton().disabled).toBe(false);
  });

  it('disables Guardar while the note is empty and starts a bullet on focus', async () => {
    renderNotes({ texto: '' });
    const notes = await textbox();
    expect(saveButton().disabled).toBe(true);

    fireEvent.focus(notes);
    expect(notes.value).toBe('• ');
    fireEvent.blur(notes);
    expect(notes.value).toBe('');
    expect(saveButton().disabled).toBe(true);
  });

  it('continues a bullet on Enter', async () => {
    renderNotes({ texto: '• uno' });
    const notes = await textbox();
    notes.setSelectionRange(5, 5);
    fireEvent.keyDown(notes, { key: 'Enter' });
    expect(notes.value).toBe('• uno\n• ');
    expect(notes.selectionStart).toBe(8);
  });

  it('saves, disables Guardar while saving and shows Guardado for 1.5 seconds', async () => {
    // The confirmation's 1.5 seconds pass on the test's clock instead of the wall clock.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let release: () => void = () => undefined;
    const saveGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { posts } = renderNotes({ texto: '', saveGate });
    const notes = await textbox();
    fireEvent.change(notes, { target: { value: '• Revisar exhorto' } });
    fireEvent.click(saveButton());

    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(posts).toEqual([{ texto: '• Revisar exhorto' }]);

    const shownAt = Date.now();
    await act(async () => release());
    await screen.findByText('Guardado');
    expect(screen.getByTestId('notes-updated-at').textContent).toBe('Actualizado el 10/03/2025 09:30');

    await act(() => vi.advanceTimersByTimeAsync(SAVED_CONFIRMATION_MS));
    await waitFor(() => expect(screen.queryByText('Guardado')).toBeNull());
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(SAVED_CONFIRMATION_MS - 100);
    expect(saveButton().disabled).toBe(false);
  });

  it('erases a saved note: Guardar stays enabled on the emptied note and asks before saving it empty', async () => {
    const { posts } = renderNotes({ texto: '• Llamar al tribunal' });
    const notes = await textbox();
    fireEvent.change(notes, { target: { value: '' } });
    expect(saveButton().disabled).toBe(false);

    fireEvent.click(saveButton());
    await screen.findByText('¿Borrar sus apuntes?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText('¿Borrar sus apuntes?')).toBeNull());
    expect(posts).toEqual([]);

    fireEvent.click(saveButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Borrar apuntes' }));
    await waitFor(() => expect(posts).toEqual([{ texto: '' }]));
    await screen.findByText('Guardado');
    // Once erased, an empty note has nothing left to save.
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });
});
