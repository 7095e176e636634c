import { MantineProvider } from '@mantine/core';
import type { LecturaDocumentosResponse } from '@receptoria/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultEncargoValues, type EncargoFormValues } from '../encargo-form/encargo-form-values';
import { CompararConPdf } from './comparar-con-pdf';
import { applyLectura } from './lectura-fill';

const fuente = (confianza: number, pagina = 1) => ({ confianza, documento: 'demanda' as const, pagina, extracto: `página ${pagina}`, ocr: false });
const LECTURA = {
  propuesta: {
    numero_rol: 'C-1234-2025',
    tribunal: 4,
    cuantia: 1850000,
    rut_ejecutado: '12345678-5',
    domicilios: [
      { direccion: 'Av. Providencia 1234', comuna: 'Providencia', ciudad: 'Santiago' },
      { direccion: 'Los Leones 55', comuna: 'Ñuñoa', ciudad: 'Santiago' },
    ],
  },
  campos: {
    numero_rol: { valor: 'C-1234-2025', ...fuente(0.98) },
    tribunal: { valor: 4, ...fuente(0.95) },
    cuantia: { valor: 1850000, ...fuente(0.95, 2) },
    rut_ejecutado: { valor: '12345678-5', ...fuente(0.99) },
    domicilios: { valor: [], ...fuente(0.9), elementos: [fuente(0.95), fuente(0.95, 3)] },
  },
  advertencias: [],
  documentos: { demanda: { paginas: 3, paginas_ocr: 0 } },
};

const ESTUDIO: EncargoFormValues = {
  ...defaultEncargoValues(),
  numero_rol: 'C-1234-2025',
  tribunal: '7',
  cuantia: 1500000,
  rut_ejecutado: '12.345.678-5',
  domicilios: [{ direccion: 'Av. Providencia 1234', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true }],
};

const NOMBRES: Record<string, string> = { 4: '1° Juzgado Civil de Santiago', 7: '2° Juzgado Civil de Santiago' };

describe('CompararConPdf', () => {
  it("reads the request's PDFs on demand and sets each value beside the firm's, differences highlighted", async () => {
    const enviar = vi.fn(async () => new Response(JSON.stringify(LECTURA), { headers: { 'content-type': 'application/json' } }));
    const onLeido = vi.fn((respuesta: LecturaDocumentosResponse) => applyLectura(ESTUDIO, respuesta, { tribunales: [{ id: 4 }, { id: 7 }], tiposCausa: [], partes: [] }, undefined, { rellenar: false }));
    render(
      <MantineProvider env="test">
        <CompararConPdf enviar={enviar} valoresEstudio={ESTUDIO} onLeido={onLeido} describir={(campo, valor) => (campo === 'tribunal' ? NOMBRES[String(valor)]! : String(valor))} />
      </MantineProvider>,
    );
    expect(enviar).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Comparar con los PDF' }));
    const table = await screen.findByTestId('comparacion');
    expect(enviar).toHaveBeenCalledOnce();
    // Nothing in the firm's values changed: the reading only stands beside them.
    expect(onLeido.mock.results[0]?.value.values).toEqual(ESTUDIO);

    const rows = within(table).getAllByRole('row').slice(1);
    const text = rows.map((row) => [...row.querySelectorAll('td')].slice(0, 2).map((cell) => cell.textContent).concat(row.getAttribute('data-diferencia') ?? ''));
    expect(text).toEqual([
      ['Número de rol', 'C-1234-2025', ''],
      ['Tribunal', '2° Juzgado Civil de Santiago', 'true'],
      ['Cuantía', '$1.500.000', 'true'],
      ['RUT del demandado', '12.345.678-5', ''],
      ['Domicilio 1', 'Av. Providencia 1234, Providencia', ''],
      ['Domicilio 2', '—', 'true'],
    ]);
    expect(within(rows[1]!).getByText('1° Juzgado Civil de Santiago')).toBeTruthy();
    expect(within(rows[2]!).getByText('$1.850.000')).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: /Demanda · pág\. 2/ })).toBeTruthy();
    expect(within(rows[1]!).getByText('Distinto del PDF')).toBeTruthy();
    expect(screen.getByTestId('comparacion-resumen').textContent).toBe('3 datos difieren de lo leído en los PDF.');
  });
});
