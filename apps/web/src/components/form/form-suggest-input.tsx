import { Autocomplete, type AutocompleteProps } from '@mantine/core';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import type { BoundProps, ControlledKeys } from './types';

export type FormSuggestInputProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = BoundProps<T, N, TOut> &
  Omit<AutocompleteProps, ControlledKeys | 'data' | 'description'> & {
    description?: string;
    suggestions: readonly string[];
    /** Longest typed text; the field shows 'n/max' unless a suggestion is chosen. */
    max: number;
  };

/** Free text limited to `max` characters, with suggested texts. */
export function FormSuggestInput<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  rules,
  suggestions,
  max,
  description,
  ...props
}: FormSuggestInputProps<T, N, TOut>) {
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control, name, rules });
  const value = (field.value as string | null | undefined) ?? '';
  const counter = suggestions.includes(value) ? null : `${value.length}/${max}`;
  return (
    <Autocomplete
      {...props}
      ref={inputRef}
      name={field.name}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      data={[...suggestions]}
      maxLength={max}
      limit={suggestions.length}
      description={[description, counter].filter(Boolean).join(' · ') || undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
