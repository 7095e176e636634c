import type { Lote } from '@receptoria/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { FirmadorCard } from './firmador-card';
import { documentoFirma } from '../testing/documento-firma';
import { PorFirmarScreen } from './por-firmar-screen';

const doc = (n: number) => documentoFirma(n, { estudio: null, tribunal: null });

const certificado = (tipo: 'p12' | 'token') => ({
  certificado: { nombre: 'Ramón Ñiquén Araneda', rut: '9.876.543-3', emisor: 'AC de prueba', valido_desde: '2026-01-01T00:00:00-03:00', valido_hasta: '2028-01-01T00:00:00-03:00', cargado: '2026-11-01T10:00:00-03:00', tipo },
  nivel_firma: 'B-B',
});
const agentes = { agentes: [{ id: 1, equipo: 'PC oficina', emparejado: '2026-11-01T10:00:00-03:00', visto: '2026-11-02T09:30:00-03:00' }] };

afterEach(() => vi.unstubAllGlobals());

describe('signing with the token', () => {
  it('Mi perfil: the paired agent and a pairing code with the command to run', async () => {
    const calls = stubApi({
      'GET /api/v1/firma/agente/': () => json(agentes),
      'POST /api/v1/firma/agente/codigo/': () => json({ codigo: 'ABCD-EFGH', vence: '2026-11-02T10:10:00-03:00' }, 201),
    });
    renderWithSession(<FirmadorCard />, { permisos: ['estampa_1'] });
    await waitFor(() => expect(screen.getByTestId('firmador-estado').textContent).toContain('Firmador emparejado en «PC oficina»'));
    fireEvent.click(screen.getByRole('button', { name: 'Generar código de emparejamiento' }));
    expect((await screen.findByTestId('firmador-codigo-valor')).textContent).toBe('ABCD-EFGH');
    expect(screen.getByTestId('firmador-codigo').textContent).toContain('receptoria-firmador emparejar ABCD-EFGH --servidor');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/firma/agente/codigo/')).toBe(true);
  });

  it("'Por firmar' names a software certificate (P12) and keeps the password path", async () => {
    stubApi({
      'GET /api/v1/firma/certificado/': () => json(certificado('p12')),
      'GET /api/v1/firma/agente/': () => json({ agentes: [] }),
      'GET /api/v1/estudios/': () => json([]),
      'GET /api/v1/firma/documentos/': () => json({ results: [doc(1)] }),
    });
    renderWithSession(<PorFirmarScreen />, { permisos: ['estampa_1'] });
    expect((await screen.findByTestId('por-firmar-tipo-certificado')).textContent).toBe('Certificado de software (P12)');
    expect(screen.queryByRole('button', { name: /con token/ })).toBeNull();
  });

  it('hands the prepared batch to the agent on 127.0.0.1 and shows the progress read from the server', async () => {
    const docs = [doc(1), doc(2)];
    const lote = (estados: Lote['documentos'][number]['estado'][]): Lote => ({
      id: '11111111-1111-4111-8111-111111111111',
      creado: '2026-11-02T10:00:00-03:00',
      vence: '2026-11-02T10:30:00-03:00',
      certificado: 'MIIB',
      algoritmo: 'rsa',
      documentos: docs.map((d, i) => ({ id: d.id, titulo: d.titulo, estado: estados[i]!, motivo: estados[i] === 'fallido' ? 'El token no firmó este documento (el token fue retirado): queda por firmar' : null, atributos: null, hash: null })),
      pendientes: estados.filter((e) => e === 'pendiente').length,
      firmados: estados.filter((e) => e === 'firmado').length,
    });
    let lecturas = 0;
    const calls = stubApi({
      'GET /api/v1/firma/certificado/': () => json(certificado('token')),
      'GET /api/v1/firma/agente/': () => json(agentes),
      'GET /api/v1/estudios/': () => json([]),
      'GET /api/v1/firma/documentos/': () => json({ results: docs }),
      'POST /api/v1/firma/lotes/': () => json(lote(['pendiente', 'pendiente']), 201),
      'POST http://127.0.0.1:17342/lotes': () => json({ lote_id: lote([]).id }, 202),
      'GET /api/v1/firma/lotes/11111111-1111-4111-8111-111111111111/': () => json((lecturas += 1) === 1 ? lote(['firmado', 'pendiente']) : lote(['firmado', 'fallido'])),
    });
    renderWithSession(<PorFirmarScreen />, { permisos: ['estampa_1'] });
    expect((await screen.findByTestId('por-firmar-tipo-certificado')).textContent).toBe('Token criptográfico');
    const tabla = await screen.findByTestId('documentos-pdf');
    fireEvent.click(within(tabla).getByRole('checkbox', { name: 'Seleccionar todos' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Firmar 2 con token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Firmar con token' });
    await waitFor(() => expect(within(dialog).getByTestId('firma-token-progreso-texto').textContent).toBe('Se firmaron 1 de 2; los demás siguen por firmar.'), { timeout: 5000 });
    expect(within(dialog).getByText('El token no firmó este documento (el token fue retirado): queda por firmar')).toBeTruthy();
    const alAgente = calls.find((c) => c.url.startsWith('http://127.0.0.1'));
    expect(alAgente?.body).toEqual({ lote_id: '11111111-1111-4111-8111-111111111111' });
    // Nothing but the batch's id goes to the agent; no PIN is asked on this page.
    expect(within(dialog).queryByLabelText(/PIN/)).toBeNull();
  });
});
