import { Button, Divider, Grid, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { type ClienteCreateValue, normalizeRut } from '@receptoria/contracts';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '../../../lib/notify';
import { useCreateCliente } from '../api/create-cliente';
import { onboardingMessages } from '../messages';
import {
  type ClienteFormValues,
  clienteResolver,
  defaultClienteValues,
  nextUsername,
  suggestsUsername,
  serverErrorText,
  serverFieldErrors,
} from '../utils/cliente-form';
import { CargoSelect } from './cargo-select';
import { FormTextField } from './form-text-field';

const m = onboardingMessages.create;
const f = onboardingMessages.fields;

interface CreateClienteModalProps {
  opened: boolean;
  onClose: () => void;
}

/** New client: the receiver, its first user and its folder links (spec 02 §2.7, §5). */
export function CreateClienteModal({ opened, onClose }: CreateClienteModalProps) {
  const form = useForm<ClienteFormValues, unknown, ClienteCreateValue>({
    defaultValues: defaultClienteValues(),
    resolver: clienteResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control } = form;
  const create = useCreateCliente();
  // Whether the name being entered fills the username: decided as the name field gains focus,
  // true only when the username is empty then (spec 02 §5); a value already there is left alone.
  const suggesting = useRef(false);

  const close = () => {
    form.reset(defaultClienteValues());
    create.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async (payload) => {
    try {
      await create.mutateAsync(payload);
      notify.success(m.success);
      close();
    } catch (error) {
      for (const [field, message] of Object.entries(serverFieldErrors(error, defaultClienteValues()))) {
        form.setError(field as keyof ClienteFormValues, { type: 'server', message: message as string });
      }
      notify.error(serverErrorText(error, m.error));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={m.title} size="xl" scrollAreaComponent={ScrollArea.Autosize}>
      <form onSubmit={onSubmit} noValidate aria-label={m.title}>
        <Stack gap="md">
          <Divider label={m.receptor} labelPosition="left" />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <FormTextField
                control={control}
                name="nombre"
                label={f.nombre}
                placeholder={f.placeholders.nombre}
                required
                maxLength={200}
                onFocus={() => {
                  suggesting.current = suggestsUsername(form.getValues('username'));
                }}
                onBlurred={() => {
                  suggesting.current = false;
                }}
                onValueChange={(nombre) => {
                  const current = form.getValues('username');
                  const next = nextUsername(nombre, current, suggesting.current);
                  if (next !== current) form.setValue('username', next, { shouldValidate: form.formState.isSubmitted });
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="rut"
                label={f.rut}
                placeholder={f.placeholders.rut}
                required
                maxLength={14}
                onBlurValue={(value) => (value.trim() ? normalizeRut(value) : value)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <FormTextField control={control} name="direccion" label={f.direccion} placeholder={f.placeholders.direccion} maxLength={300} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <FormTextField control={control} name="comuna" label={f.comuna} placeholder={f.placeholders.comuna} maxLength={100} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <FormTextField control={control} name="telefono" type="tel" label={f.telefono} placeholder={f.placeholders.telefono} maxLength={30} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <FormTextField control={control} name="email" type="email" label={f.email} placeholder={f.placeholders.email} maxLength={254} />
            </Grid.Col>
          </Grid>

          <Divider label={m.usuario} labelPosition="left" />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <FormTextField control={control} name="first_name" label={f.first_name} required maxLength={150} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <FormTextField control={control} name="last_name" label={f.last_name} required maxLength={150} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <CargoSelect control={control} name="cargo" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="username"
                label={f.username}
                placeholder={f.placeholders.username}
                description={f.usernameHint}
                required
                maxLength={150}
                autoComplete="off"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <FormTextField control={control} name="password" type="password" label={f.password} required autoComplete="new-password" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <FormTextField control={control} name="usuario_email" type="email" label={f.usuario_email} required maxLength={254} />
            </Grid.Col>
          </Grid>

          <Divider label={m.carpetas} labelPosition="left" />
          <Text size="sm" c="dimmed">
            {m.carpetasHint}
          </Text>
          <Grid gap="sm">
            {(['carpeta_principal', 'carpeta_cobranza', 'carpeta_estampados', 'carpeta_plantillas'] as const).map((name) => (
              <Grid.Col key={name} span={{ base: 12, sm: 6 }}>
                <FormTextField control={control} name={name} type="url" label={f[name]} placeholder={f.placeholders.url} maxLength={2000} />
              </Grid.Col>
            ))}
          </Grid>

          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {m.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {m.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
