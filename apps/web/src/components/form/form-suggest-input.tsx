import { Autocomplete, type AutocompleteProps } from '@mantine/core';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { formMessages } from './messages';
import type { BoundProps, ControlledKeys } from './types';

export type FormSuggestInputProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = BoundProps<T, N, TOut> &
  Omit<AutocompleteProps, ControlledKeys | 'data' | 'description'> & {
    description?: string;
    suggestions: readonly string[];
    /** Longest text, typed or suggested; the field shows 'n/max' and says so past it (never cuts). */
    max: number;
  };

/**
 * Free text of at most `max` characters, with suggested texts. Nothing is cut: the counter shows
 * 'n/max' whatever the text came from and a longer text is marked at once with the rule's message
 * (the form's schema refuses it on submit with the same words).
 */
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
  const counter = `${value.length}/${max}`;
  const tooLong = value.length > max ? formMessages.maximoCaracteres(max) : undefined;
  return (
    <Autocomplete
      {...props}
      ref={inputRef}
      name={field.name}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message ?? tooLong}
      data={[...suggestions]}
      limit={suggestions.length}
      description={[description, counter].filter(Boolean).join(' · ') || undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
