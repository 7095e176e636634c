import { Select, type SelectProps } from '@mantine/core';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { formMessages } from './messages';
import type { BoundProps, ControlledKeys } from './types';

export type FormSelectProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = BoundProps<T, N, TOut> &
  Omit<SelectProps, ControlledKeys> & {
    /** Runs before the field takes a new value (e.g. clear a dependent field). */
    onValueChange?: (next: string | null, previous: string | null) => void;
  };

/** A searchable select bound to a field; searching ignores accents through the theme's default filter. */
export function FormSelect<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  rules,
  onValueChange,
  searchable = true,
  ...props
}: FormSelectProps<T, N, TOut>) {
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control, name, rules });
  const value = (field.value as string | null | undefined) ?? null;
  return (
    <Select
      nothingFoundMessage={formMessages.nothingFound}
      {...props}
      searchable={searchable}
      ref={inputRef}
      name={field.name}
      value={value}
      onChange={(next) => {
        onValueChange?.(next, value);
        field.onChange(next);
      }}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
