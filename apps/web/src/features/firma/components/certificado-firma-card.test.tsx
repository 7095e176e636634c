import { firmaMessages } from '@receptoria/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession } from '../../../testing/render-with-session';
import { CertificadoFirmaCard } from './certificado-firma-card';

const guardado = {
  nombre: 'María José Muñoz Ñúñez',
  rut: '12.345.678-5',
  emisor: 'Autoridad Certificadora de Prueba',
  valido_desde: '2026-01-01T00:00:00-03:00',
  valido_hasta: '2028-01-01T00:00:00-03:00',
};

afterEach(() => vi.unstubAllGlobals());

/** The API of the certificate: none stored until a POST with the right password stores one. */
function stubCertificado(password: string) {
  let stored: (typeof guardado & { cargado: string }) | null = null;
  const uploads: { archivo: File; password: string }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/v1/firma/certificado/' && method === 'GET') return json({ certificado: stored });
    if (url === '/api/v1/firma/certificado/' && method === 'POST') {
      const form = init?.body as FormData;
      const upload = { archivo: form.get('archivo') as File, password: String(form.get('password')) };
      uploads.push(upload);
      if (upload.password !== password) return json({ detail: firmaMessages.passwordIncorrecta, errors: { password: [firmaMessages.passwordIncorrecta] } }, 400);
      stored = { ...guardado, cargado: '2026-11-26T10:00:00-03:00' };
      return json(guardado, 201);
    }
    return json({ detail: 'no' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return uploads;
}

function elegirArchivo(file: File) {
  const input = screen.getByTestId('certificado-firma').querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('CertificadoFirmaCard', () => {
  it('uploads the .p12 with its password and shows the name, RUT, issuer and validity the API read', async () => {
    const uploads = stubCertificado('clave-p12');
    renderWithSession(<CertificadoFirmaCard />, { permisos: ['estampa_1'] });
    expect(await screen.findByTestId('certificado-vacio')).toBeTruthy();

    // Nothing chosen: both fields say what is missing, nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Cargar certificado' }));
    expect(await screen.findByText(firmaMessages.archivoRequerido)).toBeTruthy();
    expect(screen.getByText(firmaMessages.passwordRequerida)).toBeTruthy();
    expect(uploads).toHaveLength(0);

    elegirArchivo(new File([new Uint8Array([0x30, 0x82, 1, 2])], 'firma.p12', { type: 'application/x-pkcs12' }));
    fireEvent.change(screen.getByLabelText('Contraseña del certificado'), { target: { value: 'otra' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cargar certificado' }));
    // The server's refusal shows under the password field.
    expect(await screen.findByText(firmaMessages.passwordIncorrecta)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Contraseña del certificado'), { target: { value: 'clave-p12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cargar certificado' }));
    await waitFor(() => expect(screen.getByTestId('certificado-nombre').textContent).toBe('María José Muñoz Ñúñez'));
    expect(uploads.at(-1)?.archivo.name).toBe('firma.p12');
    expect(uploads.at(-1)?.archivo.size).toBe(4);
    const card = screen.getByTestId('certificado-firma');
    expect(within(card).getByTestId('certificado-rut').textContent).toBe('12.345.678-5');
    expect(within(card).getByTestId('certificado-emisor').textContent).toBe('Autoridad Certificadora de Prueba');
    expect(within(card).getByTestId('certificado-validez').textContent).toBe('Del 01/01/2026 al 01/01/2028');
    expect(within(card).getByRole('button', { name: 'Eliminar certificado' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Reemplazar certificado' })).toBeTruthy();
    // The password is not kept in the form once stored.
    expect((screen.getByLabelText('Contraseña del certificado') as HTMLInputElement).value).toBe('');
  });
});
