import { Autocomplete, type AutocompleteProps } from '@mantine/core';

interface SuggestionInputProps extends Omit<AutocompleteProps, 'value' | 'onChange' | 'data' | 'description'> {
  description?: string;
  value: string;
  onChange: (value: string) => void;
  suggestions: readonly string[];
  max: number;
}

/** Free text limited to `max` characters, with suggested texts (spec 01 §9). */
export function SuggestionInput({ value, onChange, suggestions, max, description, ...props }: SuggestionInputProps) {
  const counter = suggestions.includes(value) ? null : `${value.length}/${max}`;
  return (
    <Autocomplete
      {...props}
      value={value}
      onChange={onChange}
      data={[...suggestions]}
      maxLength={max}
      limit={suggestions.length}
      description={[description, counter].filter(Boolean).join(' · ') || undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
