import { Autocomplete, MantineProvider, MultiSelect, Select } from '@mantine/core';
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
