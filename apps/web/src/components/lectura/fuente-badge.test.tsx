import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultEncargoValues } from '../encargo-form/encargo-form-values';
import { FuenteBadge } from './fuente-badge';
import { CampoLeido, LecturaProvider, type LecturaContextValue } from './lectura-context';

const FUENTE = { confianza: 0.72, documento: 'demanda' as const, pagina: 2, extracto: 'la suma de $1.850.000.- más intereses', ocr: true };

function renderBadge(props: Partial<Parameters<typeof FuenteBadge>[0]> = {}) {
  return render(
    <MantineProvider env="test">
      <FuenteBadge fuente={FUENTE} estado="revisar" {...props} />
    </MantineProvider>,
  );
}

describe('FuenteBadge', () => {
  it('names the document and page, and describes the excerpt to screen readers without opening', () => {
    renderBadge();
    const button = screen.getByRole('button', { name: /Demanda · pág\. 2/ });
    expect(button.textContent).toContain('Revisar');
    const described = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Leído de la demanda, página 2: «la suma de $1.850.000.- más intereses»');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on a tap with the page’s text, the confidence and the OCR note, and confirms the value', async () => {
    const onConfirmar = vi.fn();
    renderBadge({ onConfirmar });
    fireEvent.click(screen.getByRole('button', { name: /Demanda · pág\. 2/ }));
    const popover = await screen.findByTestId('fuente-popover');
    expect(popover.textContent).toContain('la suma de $1.850.000.- más intereses');
    expect(popover.textContent).toContain('Confianza de la lectura: 72 %');
    expect(popover.textContent).toContain('Confianza baja');
    expect(popover.textContent).toContain('reconocimiento de texto');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar valor' }));
    expect(onConfirmar).toHaveBeenCalledOnce();
  });

  it('opens on hover and closes when the pointer leaves', async () => {
    renderBadge({ estado: 'leido', fuente: { ...FUENTE, confianza: 0.97, ocr: false } });
    const button = screen.getByRole('button', { name: /Demanda · pág\. 2/ });
    expect(button.textContent).not.toContain('Revisar');
    fireEvent.mouseEnter(button);
    expect((await screen.findByTestId('fuente-popover')).textContent).toContain('Confianza de la lectura: 97 %');
    fireEvent.mouseLeave(button);
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
  });

  it('offers the read value back once the field holds another one', async () => {
    const onUsar = vi.fn();
    renderBadge({ estado: 'modificado', valorLeido: '$1.850.000', onUsar });
    const button = screen.getByRole('button', { name: /Modificado · Demanda · pág\. 2/ });
    fireEvent.click(button);
    expect((await screen.findByTestId('fuente-popover')).textContent).toContain('Valor leído: $1.850.000');
    fireEvent.click(await screen.findByRole('button', { name: 'Usar valor leído' }));
    expect(onUsar).toHaveBeenCalledOnce();
  });
});

describe('CampoLeido', () => {
  const context = (values = defaultEncargoValues(), confirmados: ReadonlySet<string> = new Set()): LecturaContextValue => ({
    lectura: {
      leidos: { cuantia: { valor: 1850000, fuente: FUENTE }, numero_rol: { valor: 'C-1-2025', fuente: { ...FUENTE, confianza: 0.99 } } },
      domicilios: [],
      advertencias: [],
    },
    confirmados,
    values,
    confirmar: vi.fn(),
    usarLeido: vi.fn(),
    describir: (_campo, valor) => String(valor),
  });

  it('renders the field alone without a reading', () => {
    render(
      <MantineProvider env="test">
        <CampoLeido campo="cuantia">
          <input aria-label="Cuantía" />
        </CampoLeido>
      </MantineProvider>,
    );
    expect(screen.getByLabelText('Cuantía').parentElement?.getAttribute('data-lectura')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('highlights a low-confidence value for review and shows its source; a confirmed one is shown as read', async () => {
    const values = { ...defaultEncargoValues(), cuantia: 1850000, numero_rol: 'C-1-2025' };
    const { rerender } = render(
      <MantineProvider env="test">
        <LecturaProvider value={context(values)}>
          <CampoLeido campo="cuantia">
            <input aria-label="Cuantía" />
          </CampoLeido>
          <CampoLeido campo="numero_rol">
            <input aria-label="Número de rol" />
          </CampoLeido>
          <CampoLeido campo="ejecutados">
            <input aria-label="Ejecutados" />
          </CampoLeido>
        </LecturaProvider>
      </MantineProvider>,
    );
    expect(screen.getByLabelText('Cuantía').parentElement?.getAttribute('data-lectura')).toBe('revisar');
    expect(screen.getByLabelText('Número de rol').parentElement?.getAttribute('data-lectura')).toBe('leido');
    expect(screen.getByLabelText('Ejecutados').parentElement?.getAttribute('data-lectura')).toBeNull();
    expect(await screen.findByRole('button', { name: /Revisar · Demanda · pág\. 2/ })).toBeTruthy();
    rerender(
      <MantineProvider env="test">
        <LecturaProvider value={context(values, new Set(['cuantia']))}>
          <CampoLeido campo="cuantia">
            <input aria-label="Cuantía" />
          </CampoLeido>
        </LecturaProvider>
      </MantineProvider>,
    );
    expect(screen.getByLabelText('Cuantía').parentElement?.getAttribute('data-lectura')).toBe('leido');
  });
});
