import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ColaResumen } from './cola-resumen';

const status = { enviando: false };

function counter(porEnviar: number | null, rechazadas: number) {
  const { getByTestId, unmount } = render(
    <MantineProvider>
      <ColaResumen porEnviar={porEnviar} rechazadas={rechazadas} status={status} online onSend={() => undefined} />
    </MantineProvider>,
  );
  const text = getByTestId('contador-por-enviar').textContent;
  unmount();
  return text;
}

describe('the field counter', () => {
  it('says a refused visit instead of "all sent"', () => {
    expect(counter(0, 1)).toBe('1 visita rechazada');
    expect(counter(0, 3)).toBe('3 visitas rechazadas');
  });
  it('says refused and waiting visits together', () => {
    expect(counter(2, 1)).toBe('1 visita rechazada · 2 visitas por enviar');
  });
  it('says all were sent only when nothing waits and nothing was refused', () => {
    expect(counter(0, 0)).toBe('Todas las visitas están enviadas');
    expect(counter(null, 1)).toBe('Leyendo las visitas de este teléfono…');
  });
});
