import { Grid, NumberInput, Switch } from '@mantine/core';
import { ServidorCreateSchema, type ServidorCreateValue } from '@receptoria/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateServidor } from '../api/create-servidor';
import { onboardingMessages } from '../messages';
import { serverFieldErrors, zodResolver } from '../utils/cliente-form';
import { FormTextField } from './form-text-field';
import { AgregarForm } from './agregar-form';

const m = onboardingMessages.servidores;

export interface ServidorFormValues {
  nombre: string;
  url: string;
  capacidad: number | string;
  activo: boolean;
}

const defaults = (): ServidorFormValues => ({ nombre: '', url: '', capacidad: 100, activo: true });
const resolver = zodResolver<ServidorFormValues, ServidorCreateValue>(ServidorCreateSchema);

/**
 * Adds a database server. The API connects to it and checks its role may create databases; its
 * refusal (a Spanish detail) shows under the field it names, or above the buttons.
 */
export function AgregarServidorForm() {
  const form = useForm<ServidorFormValues, unknown, ServidorCreateValue>({
    defaultValues: defaults(),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control } = form;
  const create = useCreateServidor();
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (payload) => {
    setRefusal(null);
    try {
      const created = await create.mutateAsync(payload);
      notify.success(m.agregado(created.nombre));
      form.reset(defaults());
    } catch (error) {
      const fields = serverFieldErrors(error, defaults());
      for (const [field, message] of Object.entries(fields)) {
        form.setError(field as keyof ServidorFormValues, { type: 'server', message: message as string });
      }
      const detail = error instanceof ApiError && error.status < 500 ? error.detail : undefined;
      // The detail is shown once: under its field when the API named one, else here.
      if (!detail) setRefusal(m.error);
      else if (!Object.values(fields).includes(detail)) setRefusal(detail);
    }
  });

  return (
    <AgregarForm label={m.agregar} onSubmit={(event) => void onSubmit(event)} refusal={refusal} loading={create.isPending}>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <FormTextField control={control} name="nombre" label={m.fields.nombre} placeholder={m.placeholders.nombre} required maxLength={100} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <FormTextField
            control={control}
            name="url"
            label={m.fields.url}
            placeholder={m.placeholders.url}
            description={m.urlHint}
            required
            maxLength={2000}
            autoComplete="off"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Controller
            control={control}
            name="capacidad"
            render={({ field, fieldState }) => (
              <NumberInput
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                label={m.fields.capacidad}
                withAsterisk
                min={1}
                max={100_000}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator="."
                decimalSeparator=","
                error={fieldState.error?.message}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }} style={{ display: 'flex', alignItems: 'flex-end' }}>
          <Controller
            control={control}
            name="activo"
            render={({ field }) => (
              <Switch
                name={field.name}
                ref={field.ref}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                label={m.fields.activo}
                mb={8}
              />
            )}
          />
        </Grid.Col>
      </Grid>
    </AgregarForm>
  );
}
