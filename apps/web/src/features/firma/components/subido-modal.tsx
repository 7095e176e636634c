import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type DocumentoFirma, firmaMessages, todayIso } from '@receptoria/contracts';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useMarcarSubido } from '../api/firma-api';
import { firmaUiMessages } from '../messages';

const m = firmaUiMessages.subido;

/** 'Marcar como subido al tribunal': the date it was uploaded to the court's system (today by default). */
export function SubidoModal({ documento, onClose }: { documento: DocumentoFirma | null; onClose: () => void }) {
  const [fecha, setFecha] = useState(todayIso());
  const [error, setError] = useState<string | undefined>();
  const marcar = useMarcarSubido();

  const close = () => {
    setFecha(todayIso());
    setError(undefined);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!documento) return;
    if (!fecha) {
      setError(firmaMessages.fechaSubidaRequerida);
      return;
    }
    if (fecha > todayIso()) {
      setError(firmaMessages.fechaSubidaFutura);
      return;
    }
    marcar.mutate(
      { id: documento.id, fecha },
      {
        onSuccess: () => {
          notify.success(firmaMessages.marcadoSubido);
          close();
        },
        onError: (failure) => setError(failure instanceof ApiError ? (failure.errors?.fecha?.[0] ?? failure.detail ?? m.error) : m.error),
      },
    );
  };

  return (
    <Modal opened={documento !== null} onClose={close} title={m.title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{documento ? m.intro(documento.numero_rol) : ''}</Text>
          <TextInput type="date" label={m.fecha} value={fecha} max={todayIso()} onChange={(event) => setFecha(event.currentTarget.value)} error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {m.cancelar}
            </Button>
            <Button type="submit" loading={marcar.isPending}>
              {m.guardar}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
