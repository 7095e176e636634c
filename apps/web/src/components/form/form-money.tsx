import { TextInput, type TextInputProps } from '@mantine/core';
import { formatCLP, formatThousands, moneyMessages, readMontoCLP } from '@receptoria/contracts';
import { useState } from 'react';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import type { BoundProps, ControlledKeys } from './types';

export type FormMoneyProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = BoundProps<T, N, TOut> &
  Omit<TextInputProps, ControlledKeys>;

/** The text shown for a field value: '$ 1.500.000' for an amount, text the reader refused as typed. */
function display(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return `$ ${formatThousands(value)}`;
  return typeof value === 'string' ? value : '';
}

/**
 * An amount of whole Chilean pesos typed es-CL style (dots for thousands, no decimals). As the user
 * types it says what it understood ('Se registrará: $1.500.000') or why the text is refused; the
 * field holds the amount as a number, or the refused text so that the form's validation stops it.
 */
export function FormMoney<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  rules,
  description,
  onBlur,
  ...props
}: FormMoneyProps<T, N, TOut>) {
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control, name, rules });
  const [shown, setShown] = useState({ text: display(field.value), source: field.value as unknown });
  // A value set from outside (reset, loading an assignment) replaces the typed text.
  if (!Object.is(shown.source, field.value)) setShown({ text: display(field.value), source: field.value });

  const reading = readMontoCLP(shown.text);
  const understood = reading?.ok ? moneyMessages.entendido(formatCLP(reading.value)) : null;
  const problem = reading && !reading.ok ? reading.message : undefined;

  return (
    <TextInput
      placeholder="$ 0"
      inputMode="numeric"
      autoComplete="off"
      maxLength={40}
      {...props}
      ref={inputRef}
      name={field.name}
      value={shown.text}
      onChange={(event) => {
        const text = event.currentTarget.value;
        const next = readMontoCLP(text);
        const value = next === null ? '' : next.ok ? next.value : text;
        setShown({ text, source: value });
        field.onChange(value);
      }}
      onBlur={(event) => {
        if (reading?.ok) setShown({ text: display(reading.value), source: field.value });
        field.onBlur();
        onBlur?.(event);
      }}
      description={[description, understood].filter(Boolean).join(' · ') || undefined}
      error={problem ?? fieldState.error?.message}
      data-testid={`money-${field.name}`}
    />
  );
}
