import { Button, Grid, Group, Modal, Stack } from '@mantine/core';
import type { ClienteUsuarioCreateValue } from '@receptoria/contracts';
import { useForm } from 'react-hook-form';
import { notify } from '../../../lib/notify';
import { useAddUsuario } from '../api/add-usuario';
import { onboardingMessages } from '../messages';
import { defaultUsuarioValues, serverFieldErrors, serverErrorText, type UsuarioFormValues, usuarioResolver } from '../utils/cliente-form';
import { CargoSelect } from './cargo-select';
import { FormTextField } from './form-text-field';

const m = onboardingMessages.addUser;
const f = onboardingMessages.fields;

interface AddUsuarioModalProps {
  cliente: { id: number; nombre: string } | null;
  onClose: () => void;
}

/** Adds a user to a client: a secretaria unless told otherwise (spec 02 §5). */
export function AddUsuarioModal({ cliente, onClose }: AddUsuarioModalProps) {
  return (
    <Modal opened={cliente !== null} onClose={onClose} title={cliente ? m.title(cliente.nombre) : ''} size="lg">
      {cliente && <AddUsuarioForm key={cliente.id} clienteId={cliente.id} onDone={onClose} />}
    </Modal>
  );
}

function AddUsuarioForm({ clienteId, onDone }: { clienteId: number; onDone: () => void }) {
  const form = useForm<UsuarioFormValues, unknown, ClienteUsuarioCreateValue>({
    defaultValues: defaultUsuarioValues(m.defaultLastName),
    resolver: usuarioResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control } = form;
  const add = useAddUsuario(clienteId);

  const onSubmit = form.handleSubmit(async (payload) => {
    try {
      await add.mutateAsync(payload);
      notify.success(m.success);
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(error, defaultUsuarioValues(m.defaultLastName));
      for (const [field, message] of Object.entries(fields)) {
        form.setError(field as keyof UsuarioFormValues, { type: 'server', message: message as string });
      }
      const detail = serverErrorText(error, '');
      if (detail) notify.error(detail, m.error);
      else notify.error(m.error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={m.submit}>
      <Stack gap="md">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <FormTextField control={control} name="first_name" label={f.first_name} required maxLength={150} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <FormTextField control={control} name="last_name" label={f.last_name} required maxLength={150} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <FormTextField control={control} name="username" label={f.username} required maxLength={150} autoComplete="off" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <FormTextField control={control} name="email" type="email" label={f.userEmail} required maxLength={254} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <FormTextField control={control} name="password" type="password" label={f.password} required autoComplete="new-password" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <CargoSelect control={control} name="cargo" />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={add.isPending}>
            {m.cancel}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {m.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
