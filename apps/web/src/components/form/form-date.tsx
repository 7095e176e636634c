import { DateInput, type DateInputProps } from '@mantine/dates';
import { isValidIsoDate } from '@receptoria/contracts';
import { IconCalendar } from '@tabler/icons-react';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { formMessages } from './messages';
import type { BoundProps, ControlledKeys } from './types';

/** Reads dd/mm/yyyy (also dd-mm-yyyy and yyyy-mm-dd) typed by the user. */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const iso = dmy ? `${dmy[3]}-${dmy[2]?.padStart(2, '0')}-${dmy[1]?.padStart(2, '0')}` : value;
  return isValidIsoDate(iso) ? iso : null;
}

export type FormDateProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = BoundProps<T, N, TOut> &
  Omit<DateInputProps, ControlledKeys>;

/** A calendar date edited as dd/mm/aaaa and kept as YYYY-MM-DD. */
export function FormDate<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  rules,
  ...props
}: FormDateProps<T, N, TOut>) {
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control, name, rules });
  return (
    <DateInput
      {...props}
      ref={inputRef}
      name={field.name}
      value={(field.value as string | null | undefined) || null}
      onChange={(next) => field.onChange(next ? next.slice(0, 10) : null)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      valueFormat="DD/MM/YYYY"
      dateParser={parseTypedDate}
      leftSection={<IconCalendar size={16} stroke={1.6} />}
      clearable
      clearButtonProps={{ 'aria-label': formMessages.clearDate }}
    />
  );
}
