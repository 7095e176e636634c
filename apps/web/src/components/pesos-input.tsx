import { NumberInput, type NumberInputProps } from '@mantine/core';

export type PesosInputProps = Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (value: number | null) => void;
};

/** Whole Chilean pesos typed and shown as '$ 1.234.567'; empty is null (e.g. 'sin límite'). */
export function PesosInput({ value, onChange, ...props }: PesosInputProps) {
  return (
    <NumberInput
      thousandSeparator="."
      decimalSeparator=","
      prefix="$ "
      allowDecimal={false}
      allowNegative={false}
      hideControls
      min={0}
      {...props}
      value={value ?? ''}
      onChange={(next) => onChange(typeof next === 'number' && Number.isFinite(next) ? Math.max(0, Math.round(next)) : null)}
    />
  );
}
