import type { DocumentoFirma } from '@receptoria/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../testing/render-with-session';
import { documentoFirma } from '../testing/documento-firma';
import { DocumentosFirmaTable } from './documentos-firma-table';

const firmado = (n: number, revocacion: DocumentoFirma['revocacion']) =>
  documentoFirma(n, {
    id: `00000000-0000-4000-8000-00000000001${n}`,
    tribunal: null,
    creado: '2026-11-03T10:00:00-03:00',
    estado: 'firmado',
    url_pdf_firmado: `/f/${n}`,
    codigo_verificacion: 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ',
    firmado: '2026-11-05T12:00:00-03:00',
    firmado_por: 'María Angélica Fuentes Rojas',
    nivel: 'B-B',
    revocacion,
  });

describe('signed documents', () => {
  it('mark the ones signed without a revocation answer "revocación no verificada", with the reason', async () => {
    const motivo = 'OCSP http://ocsp.ejemplo.cl/: sin respuesta en 5 s';
    const documentos = [firmado(1, { verificada: false, motivo }), firmado(2, { verificada: true, motivo: null }), firmado(3, null)];
    renderWithSession(
      <DocumentosFirmaTable
        estado="firmado"
        documentos={documentos}
        selected={new Set()}
        onToggle={vi.fn()}
        onToggleAll={vi.fn()}
        onDownload={vi.fn()}
        onMarcarSubido={vi.fn()}
      />,
    );
    const marcas = screen.getAllByText('revocación no verificada');
    expect(marcas).toHaveLength(1);
    expect(screen.getByTestId(`revocacion-${documentos[0]!.id}`)).toBe(marcas[0]!.closest('[data-testid]'));
    expect(screen.queryByTestId(`revocacion-${documentos[1]!.id}`)).toBeNull();
    expect(screen.queryByTestId(`revocacion-${documentos[2]!.id}`)).toBeNull();
    fireEvent.pointerEnter(marcas[0]!);
    fireEvent.mouseMove(marcas[0]!);
    await waitFor(() => expect(screen.getByText(/Se firmó sin poder consultar si el certificado estaba revocado \(OCSP http:\/\/ocsp\.ejemplo\.cl\/: sin respuesta en 5 s\)/)).toBeTruthy());
  });
});
