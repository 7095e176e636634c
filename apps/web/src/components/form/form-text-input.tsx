import { TextInput, type TextInputProps } from '@mantine/core';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import type { BoundProps, ControlledKeys } from './types';

export type FormTextInputProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = BoundProps<T, N, TOut> &
  Omit<TextInputProps, ControlledKeys> & {
    /** Rewrites the value when the user leaves the field (e.g. upper-case a rol). */
    normalizeOnBlur?: (value: string) => string;
  };

/** A text field bound to a react-hook-form field; its message shows under it. */
export function FormTextInput<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  rules,
  normalizeOnBlur,
  onBlur,
  ...props
}: FormTextInputProps<T, N, TOut>) {
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control, name, rules });
  return (
    <TextInput
      {...props}
      ref={inputRef}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={(event) => {
        if (normalizeOnBlur) field.onChange(normalizeOnBlur((field.value as string | null | undefined) ?? ''));
        field.onBlur();
        onBlur?.(event);
      }}
      error={fieldState.error?.message}
    />
  );
}
