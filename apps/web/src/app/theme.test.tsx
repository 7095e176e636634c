import { ActionIcon, Autocomplete, CloseButton, MantineProvider, MultiSelect, Select } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const comunas = ['Ñuñoa', 'Maipú', 'Providencia', 'Santiago'];

function renderWithTheme(ui: ReactElement) {
  return render(<MantineProvider theme={theme}>{ui}</MantineProvider>);
}

const shownOptions = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('theme: searchable lists ignore accents by default', () => {
  it('a plain searchable Select finds Ñuñoa by nunoa and Maipú by maipu', () => {
    renderWithTheme(<Select label="Comuna" placeholder="Comuna" data={comunas} searchable />);
    const input = screen.getByPlaceholderText('Comuna');
    input.focus();
    fireEvent.change(input, { target: { value: 'nunoa' } });
    expect(shownOptions()).toEqual(['Ñuñoa']);
    fireEvent.change(input, { target: { value: 'maipu' } });
    expect(shownOptions()).toEqual(['Maipú']);
  });

  it('a plain MultiSelect and Autocomplete do the same', () => {
    renderWithTheme(
      <>
        <MultiSelect label="Comunas" placeholder="Comunas" data={comunas} searchable />
        <Autocomplete label="Comuna libre" placeholder="Comuna libre" data={comunas} />
      </>,
    );
    const multi = screen.getByPlaceholderText('Comunas');
    multi.focus();
    fireEvent.change(multi, { target: { value: 'NUNOA' } });
    expect(shownOptions()).toEqual(['Ñuñoa']);

    const auto = screen.getByPlaceholderText('Comuna libre');
    auto.focus();
    fireEvent.change(auto, { target: { value: 'maipu' } });
    expect(shownOptions()).toEqual(['Maipú']);
  });
});

describe('theme: icon buttons are targets of at least 24×24 px (WCAG 2.2 target size)', () => {
  it('gives every ActionIcon and CloseButton a 24 px minimum, whatever its size', () => {
    renderWithTheme(
      <>
        <ActionIcon size="xs" aria-label="Quitar">
          x
        </ActionIcon>
        <ActionIcon size="sm" aria-label="Editar" styles={{ root: { color: 'red' } }}>
          e
        </ActionIcon>
        <CloseButton size="xs" aria-label="Cerrar" />
      </>,
    );
    for (const name of ['Quitar', 'Editar', 'Cerrar']) {
      const button = screen.getByRole('button', { name });
      expect(button.style.minWidth, name).toBe('calc(1.5rem * var(--mantine-scale))');
      expect(button.style.minHeight, name).toBe('calc(1.5rem * var(--mantine-scale))');
    }
  });
});
