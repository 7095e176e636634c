import type { FieldPath, FieldValues } from 'react-hook-form';
import { DateTextField, type DateTextFieldProps } from './date-text-field';

export type FormDateProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = Omit<
  DateTextFieldProps<T, N, TOut>,
  'withTime' | 'defaultTime'
>;

/** A calendar date typed as dd/mm/aaaa (also dd-mm-aaaa, ddmmaaaa) and kept as YYYY-MM-DD. */
export function FormDate<T extends FieldValues, N extends FieldPath<T>, TOut = T>(props: FormDateProps<T, N, TOut>) {
  return <DateTextField {...props} />;
}
