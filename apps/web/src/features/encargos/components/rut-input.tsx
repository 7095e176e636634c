import { TextInput, type TextInputProps } from '@mantine/core';
import { encargoMessages, isValidRut, normalizeRut } from '@receptoria/contracts';
import { useState } from 'react';

interface RutInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'error'> {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  /** Messages that mean "bad format"; shown under the field as the format hint. */
  invalidMessages?: readonly string[];
  /** Check the strict 12345678-9 shape while the user types. */
  strict?: boolean;
}

/** RUT field: on leaving it, keeps digits and K and puts the dash before the last one (spec 01 §5). */
export function RutInput({ value, onChange, onBlur, error, invalidMessages = [], strict = true, ...props }: RutInputProps) {
  const [touched, setTouched] = useState(false);
  const formatProblem = strict && touched && value.trim() !== '' && !isValidRut(value);
  const shown = error && invalidMessages.includes(error) ? encargoMessages.rutFormatoCampo : error;
  return (
    <TextInput
      {...props}
      value={value}
      maxLength={14}
      autoComplete="off"
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => {
        if (value.trim()) onChange(normalizeRut(value));
        setTouched(true);
        onBlur();
      }}
      error={shown ?? (formatProblem ? encargoMessages.rutFormatoCampo : undefined)}
    />
  );
}
