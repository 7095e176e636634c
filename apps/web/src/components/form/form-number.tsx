import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import type { BoundProps, ControlledKeys } from './types';

export type FormNumberProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = BoundProps<T, N, TOut> &
  Omit<NumberInputProps, ControlledKeys>;

/** A number bound to a field, with Chilean separators. */
export function FormNumber<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  rules,
  ...props
}: FormNumberProps<T, N, TOut>) {
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control, name, rules });
  return (
    <NumberInput
      thousandSeparator="."
      decimalSeparator=","
      {...props}
      ref={inputRef}
      name={field.name}
      value={(field.value as number | string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
