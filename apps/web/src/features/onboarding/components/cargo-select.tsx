import { Select } from '@mantine/core';
import type { Cargo } from '@receptoria/contracts';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { onboardingMessages } from '../messages';

const options = (Object.keys(onboardingMessages.cargos) as Cargo[]).map((value) => ({
  value,
  label: onboardingMessages.cargos[value],
}));

/** Cargo of a client user: receptor or secretaria. */
export function CargoSelect<T extends FieldValues>({ control, name }: { control: Control<T>; name: FieldPath<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={onboardingMessages.fields.cargo}
          data={options}
          value={field.value as string}
          onChange={(value) => value && field.onChange(value)}
          onBlur={field.onBlur}
          ref={field.ref}
          allowDeselect={false}
          withAsterisk
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
