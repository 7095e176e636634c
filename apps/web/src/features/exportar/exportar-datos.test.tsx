import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { json, renderWithSession, stubApi } from '../../testing/render-with-session';
import { ExportarDatosCard } from './exportar-datos';

vi.mock('../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

/** A ZIP answer whose bytes the test releases piece by piece, as a slow stream would. */
function streamedZip() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const response = new Response(body, {
    headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="receptoria_principal_2026-11-26.zip"' },
  });
  return { response, send: (bytes: number) => controller.enqueue(new Uint8Array(bytes)), end: () => controller.close() };
}

function catchDownloads() {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

describe('ExportarDatosCard', () => {
  it('shows the megabytes received while the ZIP streams, then saves it under the server’s name', async () => {
    const saved = catchDownloads();
    const zip = streamedZip();
    const calls = stubApi({ 'GET /api/v1/exportar/': () => zip.response });
    renderWithSession(<ExportarDatosCard />, { permisos: ['gestiona_permisos'] });

    fireEvent.click(screen.getByRole('button', { name: 'Descargar ZIP' }));
    expect(await screen.findByText('Preparando la exportación…')).toBeTruthy();
    expect(screen.getByTestId('exportar-progreso')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Descargar ZIP' })).toBeNull();

    zip.send(1024 * 1024);
    zip.send(512 * 1024);
    expect(await screen.findByText('Descargando… 1,5 MB recibidos')).toBeTruthy();
    zip.send(512 * 1024);
    zip.end();

    await waitFor(() => expect(saved).toEqual(['receptoria_principal_2026-11-26.zip']));
    expect(notify.success).toHaveBeenCalledWith('Exportación descargada (2,0 MB).');
    expect(await screen.findByRole('button', { name: 'Descargar ZIP' })).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/v1/exportar/']);
  });

  it('shows the server’s Spanish refusal and offers the button again', async () => {
    const saved = catchDownloads();
    stubApi({ 'GET /api/v1/exportar/': () => json({ detail: 'No tiene permiso para realizar esta acción.' }, 403) });
    renderWithSession(<ExportarDatosCard />, { permisos: ['gestiona_permisos'] });

    fireEvent.click(screen.getByRole('button', { name: 'Descargar ZIP' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('No tiene permiso para realizar esta acción.'));
    expect(await screen.findByRole('button', { name: 'Descargar ZIP' })).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
