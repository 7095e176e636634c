import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../testing/render-with-session';
import { CATALOGOS, field, pdf, renderNuevaSolicitud } from '../testing/render-nueva-solicitud';

afterEach(() => vi.unstubAllGlobals());

const fuente = (confianza: number, pagina = 1) => ({ confianza, documento: 'demanda', pagina, extracto: `texto de la página ${pagina}`, ocr: false });
const LECTURA = {
  propuesta: { numero_rol: 'C-1234-2025', tribunal: 4, parte_demandante: 9, cuantia: 1850000, domicilios: [{ direccion: 'Av. Providencia 1234', comuna: 'Providencia', ciudad: 'Santiago' }] },
  campos: {
    numero_rol: { valor: 'C-1234-2025', ...fuente(0.98) },
    tribunal: { valor: 4, ...fuente(0.95) },
    parte_demandante: { valor: 9, ...fuente(0.93) },
    cuantia: { valor: 1850000, ...fuente(0.6, 2) },
    domicilios: { valor: [{ direccion: 'Av. Providencia 1234', comuna: 'Providencia', ciudad: 'Santiago' }], ...fuente(0.95), elementos: [fuente(0.95)] },
  },
  advertencias: ['La página 3 de la demanda no se pudo leer.'],
  documentos: { demanda: { paginas: 3, paginas_ocr: 0 } },
};


describe('Nueva solicitud › Leer desde PDF', () => {
  it('reads the chosen demanda with the portal route and fills the form with each value’s source', async () => {
    stubApi({
      'GET /api/v1/portal/catalogos/': () => json(CATALOGOS),
      'GET /api/v1/portal/solicitudes/': () => json({ count: 0, page: 1, page_size: 20, pendientes: 0, results: [] }),
      'POST /api/v1/portal/solicitudes/leer_documentos/': () => json(LECTURA),
    });
    renderNuevaSolicitud();
    const slot = await screen.findByTestId('soltar-demanda');
    // Dropping the file on the demanda's area.
    fireEvent.drop(slot, { dataTransfer: { files: [pdf('demanda.pdf')] } });
    expect((await screen.findByTestId('archivo-demanda')).textContent).toBe('demanda.pdf');
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url) === '/api/v1/portal/catalogos/')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Leer documentos' }));

    await waitFor(() => expect(field('Número de rol').value).toBe('C-1234-2025'));
    const [, init] = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/leer_documentos/'))!;
    const body = init?.body as FormData;
    expect((body.get('demanda') as File).name).toBe('demanda.pdf');
    expect(body.get('estudio')).toBeNull();
    expect(String((init?.headers as Record<string, string>).Accept)).toContain('application/x-ndjson');

    expect(field('Tribunal').value).toBe('1° Juzgado Civil de Santiago');
    expect(field('Parte demandante').value).toBe('Banco de Chile');
    expect(await screen.findAllByRole('button', { name: /Demanda · pág\. 1/ })).toHaveLength(3);
    // The amount read with low confidence waits for review.
    expect(screen.getByRole('button', { name: /Revisar · Demanda · pág\. 2/ })).toBeTruthy();
    expect(field('Cuantía').closest('[data-lectura]')?.getAttribute('data-lectura')).toBe('revisar');
    expect(screen.getByTestId('lectura-advertencias').textContent).toContain('La página 3 de la demanda no se pudo leer.');
    expect(screen.getByTestId('lectura-resumen').textContent).toContain('1 requiere su revisión');

    // The person edits a read value: it stays editable and its source says so.
    fireEvent.change(field('Número de rol'), { target: { value: 'C-1234-2024' } });
    expect(await screen.findByRole('button', { name: /Modificado · Demanda · pág\. 1/ })).toBeTruthy();
  });

  it('refuses a file that is not a PDF before reading it', async () => {
    stubApi({
      'GET /api/v1/portal/catalogos/': () => json(CATALOGOS),
      'GET /api/v1/portal/solicitudes/': () => json({ count: 0, page: 1, page_size: 20, pendientes: 0, results: [] }),
    });
    renderNuevaSolicitud();
    fireEvent.drop(await screen.findByTestId('soltar-resolucion'), { dataTransfer: { files: [new File(['PK\u0003\u0004'], 'resolucion.pdf')] } });
    expect(await screen.findByText('El archivo de la resolución no es un PDF.')).toBeTruthy();
    expect(screen.queryByTestId('archivo-resolucion')).toBeNull();
    expect((screen.getByRole('button', { name: 'Leer documentos' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
