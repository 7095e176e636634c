import type { FieldPath, FieldValues, UseControllerProps } from 'react-hook-form';

/** What every form-bound input takes to find its field: the form's control and the field name. */
export type BoundProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = Pick<
  UseControllerProps<T, N, TOut>,
  'control' | 'name' | 'rules'
>;

/** Mantine props a bound input sets itself. */
export type ControlledKeys = 'value' | 'defaultValue' | 'onChange' | 'name' | 'error' | 'form';
