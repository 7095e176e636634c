import { MantineProvider } from '@mantine/core';
import { COMUNAS, COMUNAS_ORDENADAS } from '@receptoria/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { DomiciliosField } from './domicilios-field';
import { defaultEncargoValues, emptyDomicilio, type EncargoFormValues } from './encargo-form-values';

const TODAS = COMUNAS_ORDENADAS.map((comuna) => comuna.nombre);

function Domicilios({ comuna = null }: { comuna?: string | null }) {
  const form = useForm<EncargoFormValues>({
    defaultValues: { ...defaultEncargoValues(), domicilios: [{ ...emptyDomicilio(true), direccion: 'Gran Avenida 5000', comuna }] },
  });
  return (
    <MantineProvider theme={theme}>
      <DomiciliosField form={form} comunas={TODAS} />
    </MantineProvider>
  );
}

const comunaInput = () => within(screen.getByTestId('domicilio-0')).getByLabelText(/^Comuna/) as HTMLInputElement;
const shownOptions = () => screen.queryAllByRole('option').map((option) => option.textContent);

function search(text: string) {
  const input = comunaInput();
  input.focus();
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: text } });
}

describe("the address's comuna", () => {
  it('offers the spec’s 16 first as suggestions, then every other comuna of Chile', () => {
    render(<Domicilios />);
    search('');
    const options = shownOptions();
    expect(options).toHaveLength(346);
    expect(options.slice(0, 16)).toEqual([...COMUNAS]);
    expect(screen.getByText('Comunas frecuentes')).toBeTruthy();
    expect(screen.getByText('Todas las comunas de Chile')).toBeTruthy();
  });

  it('finds any comuna ignoring case and accents', () => {
    render(<Domicilios />);
    search('estacion central');
    expect(shownOptions()).toEqual(['Estación Central']);
    search('san miguel');
    expect(shownOptions()).toEqual(['San Miguel']);
    search('NUNOA');
    expect(shownOptions()).toEqual(['Ñuñoa']);
    search('cabo de hornos');
    expect(shownOptions()).toEqual(['Cabo de Hornos']);
  });

  it('keeps a stored comuna that is not in the list, so editing does not drop it', () => {
    render(<Domicilios comuna="Villa Los Héroes" />);
    expect(comunaInput()).toHaveProperty('value', 'Villa Los Héroes');
    search('heroes');
    expect(shownOptions()).toEqual(['Villa Los Héroes']);
  });
});
