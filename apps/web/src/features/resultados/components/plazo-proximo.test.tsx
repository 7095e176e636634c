import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlazoProximo } from './resultados-dashboard-screen';

const renderPlazo = (plazo: Parameters<typeof PlazoProximo>[0]['plazo']) =>
  render(
    <MantineProvider>
      <PlazoProximo plazo={plazo} />
    </MantineProvider>,
  );

describe('the work queue’s nearest deadline', () => {
  it("shows 'Vence DD-MM', marked overdue, its kind and full date in the title", () => {
    renderPlazo({ tipo: 'excepciones', vence: '2026-09-23', vencido: true });
    const badge = screen.getByText('Vence 23-09').closest('[data-vencido]');
    expect(badge?.getAttribute('data-vencido')).toBe('true');
    expect(badge?.getAttribute('title')).toBe('Plazo para oponer excepciones: venció el 23-09-2026');
  });

  it('an open one is not overdue; without one a dash', () => {
    const { unmount } = renderPlazo({ tipo: 'carta_art_46', vence: '2026-11-27', vencido: false });
    const badge = screen.getByText('Vence 27-11').closest('[data-vencido]');
    expect(badge?.getAttribute('data-vencido')).toBe('false');
    expect(badge?.getAttribute('title')).toBe('Carta certificada art. 46: vence el 27-11-2026');
    unmount();
    renderPlazo(null);
    expect(screen.getByText('—')).toBeTruthy();
  });
});
