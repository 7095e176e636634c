import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { IconClock } from '@tabler/icons-react';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import type { BoundProps, ControlledKeys } from './types';

export type FormDateTimeProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = BoundProps<T, N, TOut> &
  Omit<DateTimePickerProps, ControlledKeys> & {
    onValueChange?: (next: string | null) => void;
  };

/** A date-time edited as dd/mm/aaaa HH:mm, kept as Santiago wall time 'YYYY-MM-DD HH:mm:ss'. */
export function FormDateTime<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  rules,
  onValueChange,
  ...props
}: FormDateTimeProps<T, N, TOut>) {
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control, name, rules });
  return (
    <DateTimePicker
      {...props}
      ref={inputRef}
      name={field.name}
      value={(field.value as string | null | undefined) || null}
      onChange={(next) => {
        field.onChange(next || null);
        onValueChange?.(next || null);
      }}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      valueFormat="DD/MM/YYYY HH:mm"
      leftSection={<IconClock size={16} stroke={1.6} />}
      clearable
      defaultTimeValue="09:00"
    />
  );
}
