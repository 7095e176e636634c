import { MantineProvider } from '@mantine/core';
import { firmaMessages } from '@receptoria/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createHash } from 'node:crypto';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/render-with-session';
import { VerificarScreen } from './verificar-screen';

const CODIGO = 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ';
const pdf = new TextEncoder().encode('%PDF-1.7\nun certificado firmado\n%%EOF\n');
const sha256 = createHash('sha256').update(pdf).digest('hex');

function renderAt(path: string) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/verificar/:codigo" element={<VerificarScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

function elegir(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('VerificarScreen', () => {
  it('shows the document and says, hashing in the browser, whether a PDF is that one byte for byte', async () => {
    const fetchMock = vi.fn(async () =>
      json({
        codigo: CODIGO,
        receptor: 'María Angélica Fuentes Rojas',
        tribunal: '1º Juzgado Civil de Santiago',
        numero_rol: 'C-1234-2026',
        tipo: 'Búsqueda positiva',
        fecha: '2026-11-20T10:00:00-03:00',
        firmante: 'María Angélica Fuentes Rojas',
        firmado: '2026-11-21T09:30:00-03:00',
        sha256,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // Any case and no hyphens: the page asks for the canonical code.
    renderAt('/verificar/abcdefghijklmnopqrstuvwxyz');
    expect((await screen.findByTestId('verificacion-rol')).textContent).toBe('C-1234-2026');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/v1/verificar/ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(screen.getByTestId('verificacion-tribunal').textContent).toBe('1º Juzgado Civil de Santiago');
    expect(screen.getByTestId('verificacion-firmante').textContent).toBe('María Angélica Fuentes Rojas');
    expect(screen.getByTestId('verificacion-firmado').textContent).toBe('21/11/2026 09:30');
    expect(screen.getByTestId('verificacion-sha256').textContent).toBe(sha256);

    elegir(new File([pdf], 'certificado.pdf', { type: 'application/pdf' }));
    expect((await screen.findByTestId('verificar-resultado')).textContent).toContain(firmaMessages.coincide);

    const alterado = pdf.slice();
    alterado[12] = alterado[12]! ^ 1;
    elegir(new File([alterado], 'certificado.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(firmaMessages.noCoincide)).toBeTruthy();
    // The files stayed in the browser: the only request was the look-up.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says when no document has the code', async () => {
    const fetchMock = vi.fn(async () => json({ detail: firmaMessages.codigoNoEncontrado }, 404));
    vi.stubGlobal('fetch', fetchMock);
    renderAt(`/verificar/${CODIGO}`);
    expect((await screen.findByTestId('verificacion-error')).textContent).toBe(firmaMessages.codigoNoEncontrado);
  });

  it('refuses a text that is not a verification code without asking the server', async () => {
    const fetchMock = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/verificar/no-es-un-codigo');
    expect(await screen.findByText(firmaMessages.codigoInvalido)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
