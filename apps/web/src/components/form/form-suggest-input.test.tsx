import { MantineProvider } from '@mantine/core';
import { OBSERVACIONES_MAX_LENGTH, OBSERVACIONES_SUGERIDAS } from '@receptoria/contracts';
import { fireEvent, render } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormSuggestInput } from './form-suggest-input';

function Observaciones({ initial = '' }: { initial?: string }) {
  const { control } = useForm({ defaultValues: { observaciones: initial } });
  return (
    <MantineProvider>
      <FormSuggestInput control={control} name="observaciones" label="Observaciones" suggestions={OBSERVACIONES_SUGERIDAS} max={OBSERVACIONES_MAX_LENGTH} />
    </MantineProvider>
  );
}

describe('an observación with suggestions', () => {
  it('counts a chosen suggestion with the same rule as typed text', () => {
    const { container } = render(<Observaciones initial="Solicitar aprobación por distancia" />);
    expect(container.textContent).toContain('34/34');
    expect(container.textContent).not.toContain('Máximo 34 caracteres');
  });

  it('never cuts typed text: past the limit it keeps every character and says so', () => {
    const { container } = render(<Observaciones />);
    const input = container.querySelector('input')!;
    const long = 'Solicitar aprobación por distancia!';
    fireEvent.change(input, { target: { value: long } });
    expect(input.value).toBe(long);
    expect(input.maxLength).toBe(-1);
    expect(container.textContent).toContain('35/34');
    expect(container.textContent).toContain('Máximo 34 caracteres');
  });
});
