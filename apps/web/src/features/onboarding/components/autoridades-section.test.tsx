import { type Autoridad, confianzaMessages } from '@receptoria/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { AutoridadesSection, leerArchivoCertificado } from './autoridades-section';

const raiz: Autoridad = {
  id: 1,
  nombre: 'Raíz Ñuble de Prueba',
  sujeto: 'CN=Raíz Ñuble de Prueba, O=Certificadora, C=CL',
  emisor: 'CN=Raíz Ñuble de Prueba, O=Certificadora, C=CL',
  huella_sha256: 'ab'.repeat(32),
  valido_desde: '2024-03-01T09:00:00-03:00',
  valido_hasta: '2034-02-28T09:00:00-03:00',
  agregada: '2026-11-30T10:00:00-03:00',
  agregada_por: 'admin',
};
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQUJD\n-----END CERTIFICATE-----';

describe('Autoridades certificadoras (administración de la plataforma)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each CA certificate with its name, subject, issuer, fingerprint and validity', async () => {
    stubApi({ 'GET /api/v1/firma/autoridades/': () => json({ results: [raiz] }) });
    renderWithSession(<AutoridadesSection />);
    const table = await screen.findByRole('table', { name: 'Certificados de autoridades certificadoras' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Nombre', 'Sujeto', 'Emisor', 'Huella SHA-256', 'Vigencia']);
    const fila = within(await screen.findByTestId('autoridad-row-1'));
    expect(fila.getByText('Raíz Ñuble de Prueba')).toBeTruthy();
    expect(fila.getAllByText('CN=Raíz Ñuble de Prueba, O=Certificadora, C=CL')).toHaveLength(2);
    expect(fila.getByText(Array(32).fill('AB').join(':'))).toBeTruthy();
    expect(fila.getByText('01/03/2024 al 28/02/2034')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    stubApi({ 'GET /api/v1/firma/autoridades/': () => json({ results: [] }) });
    renderWithSession(<AutoridadesSection />);
    expect(await screen.findByText('Aún no hay certificados de autoridades agregados.')).toBeTruthy();
  });

  it('adds a pasted PEM and lists it; an empty form is refused without asking the API', async () => {
    let lista: Autoridad[] = [];
    const calls = stubApi({
      'GET /api/v1/firma/autoridades/': () => json({ results: lista }),
      'POST /api/v1/firma/autoridades/': () => {
        lista = [raiz];
        return json(raiz, 201);
      },
    });
    renderWithSession(<AutoridadesSection />);
    await screen.findByText('Aún no hay certificados de autoridades agregados.');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar certificado' }));
    expect(await screen.findByText(confianzaMessages.autoridadRequerida)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Certificado en PEM/), { target: { value: PEM } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar certificado' }));
    expect(within(await screen.findByTestId('autoridad-row-1')).getByText('Raíz Ñuble de Prueba')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ certificado: PEM });
    await waitFor(() => expect((screen.getByLabelText(/Certificado en PEM/) as HTMLTextAreaElement).value).toBe(''));
  });

  it("shows the API's refusal in Spanish", async () => {
    stubApi({
      'GET /api/v1/firma/autoridades/': () => json({ results: [] }),
      'POST /api/v1/firma/autoridades/': () => json({ detail: confianzaMessages.autoridadInvalida }, 400),
    });
    renderWithSession(<AutoridadesSection />);
    await screen.findByText('Aún no hay certificados de autoridades agregados.');
    fireEvent.change(screen.getByLabelText(/Certificado en PEM/), { target: { value: PEM } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar certificado' }));
    expect((await screen.findByRole('alert')).textContent).toBe(confianzaMessages.autoridadInvalida);
  });

  it('reads an uploaded file: a PEM as its text, a binary DER (.cer/.der) in base64', async () => {
    expect(await leerArchivoCertificado(new File([`${PEM}\n`], 'raiz.pem'))).toBe(PEM);
    const der = new Uint8Array([0x30, 0x82, 0x01, 0xb3, 0xff, 0x00, 0x80]);
    expect(await leerArchivoCertificado(new File([der], 'raiz.cer'))).toBe('MIIBs/8AgA==');
  });
});
