import { TextInput, type TextInputProps } from '@mantine/core';
import { encargoMessages, isValidRut, normalizeRut } from '@receptoria/contracts';
import { useState } from 'react';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import type { BoundProps, ControlledKeys } from './types';

export type FormRutProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = BoundProps<T, N, TOut> &
  Omit<TextInputProps, ControlledKeys | 'onBlur'> & {
    /** Messages that mean "bad format"; shown under the field as the format hint. */
    invalidMessages?: readonly string[];
    /** Check the strict 12345678-9 shape while the user types. */
    strict?: boolean;
  };

/** RUT field: on leaving it, keeps digits and K and puts the dash before the last one (spec 01 §5). */
export function FormRut<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  rules,
  invalidMessages = [],
  strict = true,
  ...props
}: FormRutProps<T, N, TOut>) {
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control, name, rules });
  const [touched, setTouched] = useState(false);
  const value = (field.value as string | null | undefined) ?? '';
  const error = fieldState.error?.message;
  const formatProblem = strict && touched && value.trim() !== '' && !isValidRut(value);
  const shown = error && invalidMessages.includes(error) ? encargoMessages.rutFormatoCampo : error;
  return (
    <TextInput
      maxLength={14}
      autoComplete="off"
      {...props}
      ref={inputRef}
      name={field.name}
      value={value}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={() => {
        if (value.trim()) field.onChange(normalizeRut(value));
        setTouched(true);
        field.onBlur();
      }}
      error={shown ?? (formatProblem ? encargoMessages.rutFormatoCampo : undefined)}
    />
  );
}
