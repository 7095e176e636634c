import { firmaMessages } from '@receptoria/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, pickOption, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { documentoFirma } from '../testing/documento-firma';
import { PorFirmarScreen } from './por-firmar-screen';


const certificado = {
  certificado: {
    nombre: 'María Angélica Fuentes Rojas',
    rut: '9.876.543-3',
    emisor: 'AC de prueba',
    valido_desde: '2026-01-01T00:00:00-03:00',
    valido_hasta: '2028-01-01T00:00:00-03:00',
    cargado: '2026-11-01T10:00:00-03:00',
  },
  nivel_firma: 'B-LTA',
};

afterEach(() => vi.unstubAllGlobals());

const firmado = documentoFirma(4, { estado: 'firmado', firmado: '2026-11-05T12:00:00-03:00', codigo_verificacion: 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ', url_pdf_firmado: '/f/4', nivel: 'B-LTA' });

/** Three to sign (the second refused by the API), the right password 'clave-p12'. */
function stubFirma() {
  const porFirmar = [documentoFirma(1), documentoFirma(2), documentoFirma(3)];
  const firmados: string[] = [];
  const calls = stubApi({
    'GET /api/v1/firma/certificado/': () => json(certificado),
    'GET /api/v1/estudios/': () => json([{ id: 7, nombre: 'Estudio Pérez' }]),
    'GET /api/v1/firma/documentos/': () => json({ results: porFirmar.filter((d) => !firmados.includes(d.id)) }),
    'POST /api/v1/firma/firmar/': ({ body }) => {
      const { documento_ids: [id], password } = body as { documento_ids: string[]; password: string };
      if (password !== 'clave-p12') return json({ detail: firmaMessages.passwordIncorrecta }, 400);
      if (id === documentoFirma(2).id) return json({ results: [{ id, ok: false, error: firmaMessages.documentoYaFirmado, url_pdf_firmado: null, codigo_verificacion: null }], firmados: 0 });
      firmados.push(id!);
      return json({ results: [{ id, ok: true, error: null, url_pdf_firmado: `/f/${id}`, codigo_verificacion: 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ' }], firmados: 1 });
    },
  });
  return { porFirmar, calls };
}

async function abrirFirma() {
  const tabla = await screen.findByTestId('documentos-pdf');
  fireEvent.click(within(tabla).getByRole('checkbox', { name: 'Seleccionar todos' }));
  fireEvent.click(screen.getByRole('button', { name: 'Firmar 3 documentos' }));
  return screen.findByRole('dialog', { name: 'Firmar documentos' });
}

function firmarCon(dialog: HTMLElement, password: string) {
  fireEvent.change(within(dialog).getByLabelText('Contraseña del certificado'), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Firmar' }));
}

/** The signed tab with one signed document; downloads are caught as the file names offered. */
async function stubFirmados() {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const file = (name: string, type: string) => new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` } });
  const calls = stubApi({
    'GET /api/v1/firma/certificado/': () => json(certificado),
    'GET /api/v1/estudios/': () => json([]),
    'GET /api/v1/firma/documentos/': ({ url }) => json({ results: url.includes('estado=firmado') ? [firmado] : [] }),
    [`GET /api/v1/firma/documentos/${firmado.id}/pdf/`]: () => file('C-4-2026_firmado.pdf', 'application/pdf'),
    'POST /api/v1/firma/documentos/zip/': () => file('firmados.zip', 'application/zip'),
    [`POST /api/v1/firma/documentos/${firmado.id}/subido/`]: () => json({ ...firmado, estado: 'subido', subido: '2026-11-06' }),
  });
  renderWithSession(<PorFirmarScreen />, { permisos: ['estampa_1'] });
  await screen.findByText('No hay certificados por firmar.');
  fireEvent.click(screen.getByRole('radio', { name: 'Firmados' }));
  return { saved, calls, tabla: await screen.findByTestId('documentos-firmado') };
}

describe('PorFirmarScreen', () => {
  it('lists the certificates to sign oldest first and selects all of them', async () => {
    const { calls } = stubFirma();
    renderWithSession(<PorFirmarScreen />, { permisos: ['estampa_1'] });
    const tabla = await screen.findByTestId('documentos-pdf');
    expect(within(tabla).getAllByRole('row').slice(1).map((r) => within(r).getByText(/^C-\d-2026$/).textContent)).toEqual(['C-1-2026', 'C-2-2026', 'C-3-2026']);
    expect(calls.find((c) => c.url.startsWith('/api/v1/firma/documentos/'))?.url).toBe('/api/v1/firma/documentos/?estado=pdf');
    fireEvent.click(within(tabla).getByRole('checkbox', { name: 'Seleccionar todos' }));
    expect(screen.getByTestId('por-firmar-seleccionados').textContent).toBe('3 seleccionados');
    fireEvent.click(within(tabla).getByRole('checkbox', { name: 'Seleccionar C-2-2026' }));
    expect(screen.getByRole('button', { name: 'Firmar 2 documentos' })).toBeTruthy();
  });

  it('signs them with one password, one by one with a progress bar and a result each', async () => {
    const { porFirmar, calls } = stubFirma();
    renderWithSession(<PorFirmarScreen />, { permisos: ['estampa_1'] });
    const dialog = await abrirFirma();
    expect(within(dialog).getByText(/con el certificado de María Angélica Fuentes Rojas/)).toBeTruthy();
    firmarCon(dialog, 'clave-p12');
    await waitFor(() => expect(within(dialog).getByTestId('firma-progreso-texto').textContent).toBe('2 de 3 firmados'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual(porFirmar.map((d) => ({ documento_ids: [d.id], password: 'clave-p12' })));
    const resultados = within(dialog).getByTestId('firma-resultados');
    expect(within(resultados).getAllByText('Firmado')).toHaveLength(2);
    expect(within(resultados).getByTestId(`firma-resultado-${documentoFirma(2).id}`).textContent).toContain(firmaMessages.documentoYaFirmado);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    // The list reads again: only the one that was not signed stays.
    await waitFor(() => expect(within(screen.getByTestId('documentos-pdf')).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByTestId('por-firmar-seleccionados').textContent).toBe('0 seleccionados');
  });

  it('stops at the first document when the password is refused, and asks for it again', async () => {
    const { calls } = stubFirma();
    renderWithSession(<PorFirmarScreen />, { permisos: ['estampa_1'] });
    const dialog = await abrirFirma();
    firmarCon(dialog, 'mala');
    expect(await within(dialog).findByText(firmaMessages.passwordIncorrecta)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Firmar' })).toBeTruthy();
  });

  it('filters by firm and generation dates', async () => {
    const calls = stubApi({
      'GET /api/v1/firma/certificado/': () => json(certificado),
      'GET /api/v1/estudios/': () => json([{ id: 7, nombre: 'Estudio Pérez' }, { id: 8, nombre: 'Estudio Soto' }]),
      'GET /api/v1/firma/documentos/': () => json({ results: [] }),
    });
    renderWithSession(<PorFirmarScreen />, { permisos: ['estampa_1'] });
    await screen.findByText('No hay certificados por firmar.');
    await pickOption(screen.getByPlaceholderText('Todos los estudios'), 'Estudio Soto');
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/v1/firma/documentos/?estado=pdf&estudio=8&desde=2026-11-01&hasta=2026-11-30'));
  });

  it('downloads a signed certificate, and the chosen ones as a ZIP', async () => {
    const { saved, calls, tabla } = await stubFirmados();
    expect(within(tabla).getByText('ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ')).toBeTruthy();
    // The level of each signed PDF; with a TSA configured, no line about missing timestamps.
    expect(within(tabla).getByTestId(`nivel-${firmado.id}`).textContent).toBe('B-LTA');
    expect(screen.queryByTestId('por-firmar-sin-sello')).toBeNull();
    fireEvent.click(within(tabla).getByRole('button', { name: 'Descargar PDF firmado C-4-2026' }));
    await waitFor(() => expect(saved).toEqual(['C-4-2026_firmado.pdf']));
    fireEvent.click(within(tabla).getByRole('checkbox', { name: 'Seleccionar C-4-2026' }));
    fireEvent.click(screen.getByRole('button', { name: 'Descargar ZIP' }));
    await waitFor(() => expect(saved).toEqual(['C-4-2026_firmado.pdf', 'firmados.zip']));
    expect(calls.find((c) => c.url === '/api/v1/firma/documentos/zip/')?.body).toEqual({ documento_ids: [firmado.id] });
  });

  it("marks a signed certificate as uploaded to the court with the day it was", async () => {
    const { calls, tabla } = await stubFirmados();
    fireEvent.click(within(tabla).getByRole('button', { name: 'Marcar C-4-2026 como subido al tribunal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como subido al tribunal' });
    fireEvent.change(within(dialog).getByLabelText('Fecha de subida'), { target: { value: '2026-11-06' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/subido/'))?.body).toEqual({ fecha: '2026-11-06' }));
  });

  it('sends to Mi perfil when there is no signing certificate, and does not offer to sign', async () => {
    stubApi({
      'GET /api/v1/firma/certificado/': () => json({ certificado: null, nivel_firma: 'B-B' }),
      'GET /api/v1/estudios/': () => json([]),
      'GET /api/v1/firma/documentos/': () => json({ results: [documentoFirma(1)] }),
    });
    renderWithSession(<PorFirmarScreen />, { permisos: ['estampa_1'] });
    expect((await screen.findByTestId('por-firmar-sin-certificado')).textContent).toContain('Mi perfil');
    // Without a TSA on the server the screen says the signatures stay basic (PAdES B-B).
    expect(screen.getByTestId('por-firmar-sin-sello').textContent).toBe(firmaMessages.sinSelloTiempo);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar C-1-2026' }));
    expect(screen.getByRole('button', { name: 'Firmar 1 documento' }).hasAttribute('disabled')).toBe(true);
  });
});
