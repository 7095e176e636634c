import type { FieldPath, FieldValues } from 'react-hook-form';
import { DateTextField, type DateTextFieldProps } from './date-text-field';

export type FormDateTimeProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = Omit<
  DateTextFieldProps<T, N, TOut>,
  'withTime'
>;

/**
 * A date-time typed as dd/mm/aaaa HH:MM (a date alone takes 09:00), kept as Santiago wall time
 * 'YYYY-MM-DD HH:mm:00'. `onValueChange` runs once the user leaves the field or picks a day.
 */
export function FormDateTime<T extends FieldValues, N extends FieldPath<T>, TOut = T>(
  props: FormDateTimeProps<T, N, TOut>,
) {
  return <DateTextField {...props} withTime />;
}
