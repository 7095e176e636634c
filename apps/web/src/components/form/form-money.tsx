import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import type { BoundProps, ControlledKeys } from './types';

export type FormMoneyProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = BoundProps<T, N, TOut> &
  Omit<NumberInputProps, ControlledKeys>;

/** An amount in whole Chilean pesos bound to a field. */
export function FormMoney<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  rules,
  ...props
}: FormMoneyProps<T, N, TOut>) {
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control, name, rules });
  return (
    <NumberInput
      placeholder="$ 0"
      {...props}
      ref={inputRef}
      name={field.name}
      value={(field.value as number | string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      prefix="$ "
      thousandSeparator="."
      decimalSeparator=","
      allowDecimal={false}
      allowNegative={false}
      hideControls
    />
  );
}
