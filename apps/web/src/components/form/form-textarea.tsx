import { Textarea, type TextareaProps } from '@mantine/core';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import type { BoundProps, ControlledKeys } from './types';

export type FormTextareaProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = BoundProps<T, N, TOut> &
  Omit<TextareaProps, ControlledKeys> & {
    /** Shows 'n/max' under the field when maxLength is set. */
    withCounter?: boolean;
  };

/** A multi-line text bound to a react-hook-form field. */
export function FormTextarea<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  rules,
  withCounter,
  description,
  ...props
}: FormTextareaProps<T, N, TOut>) {
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control, name, rules });
  const value = (field.value as string | null | undefined) ?? '';
  const counter = withCounter && props.maxLength ? `${value.length}/${props.maxLength}` : null;
  return (
    <Textarea
      {...props}
      ref={inputRef}
      name={field.name}
      value={value}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      description={[description, counter].filter(Boolean).join(' · ') || undefined}
      error={fieldState.error?.message}
    />
  );
}
