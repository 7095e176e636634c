import { Switch, type SwitchProps } from '@mantine/core';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import type { BoundProps, ControlledKeys } from './types';

export type FormSwitchProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = BoundProps<T, N, TOut> &
  Omit<SwitchProps, ControlledKeys | 'checked'>;

/** An on/off choice bound to a boolean field. */
export function FormSwitch<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  rules,
  ...props
}: FormSwitchProps<T, N, TOut>) {
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control, name, rules });
  return (
    <Switch
      {...props}
      ref={inputRef}
      name={field.name}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
