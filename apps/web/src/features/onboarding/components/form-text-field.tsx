import { PasswordInput, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';

interface FormTextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  placeholder?: string;
  description?: string;
  required?: boolean;
  type?: 'text' | 'email' | 'url' | 'tel' | 'password';
  maxLength?: number;
  autoComplete?: string;
  onValueChange?: (value: string) => void;
  onFocus?: () => void;
  onBlurred?: () => void;
  onBlurValue?: (value: string) => string;
}

/** A text input bound to a react-hook-form field, showing the contract message under it. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  description,
  required,
  type = 'text',
  maxLength,
  autoComplete,
  onValueChange,
  onFocus,
  onBlurred,
  onBlurValue,
}: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const common = {
          name: field.name,
          ref: field.ref,
          value: (field.value as string | undefined) ?? '',
          label,
          placeholder,
          description,
          withAsterisk: required,
          maxLength,
          autoComplete,
          error: fieldState.error?.message,
          onChange: (event: ChangeEvent<HTMLInputElement>) => {
            field.onChange(event.currentTarget.value);
            onValueChange?.(event.currentTarget.value);
          },
          onFocus,
          onBlur: () => {
            if (onBlurValue) field.onChange(onBlurValue((field.value as string | undefined) ?? ''));
            field.onBlur();
            onBlurred?.();
          },
        };
        return type === 'password' ? (
          <PasswordInput {...common} visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar contraseña' }} />
        ) : (
          <TextInput {...common} type={type} />
        );
      }}
    />
  );
}
