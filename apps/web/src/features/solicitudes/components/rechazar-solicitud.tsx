import { Button, Group, Stack, Textarea } from '@mantine/core';
import { SolicitudRechazarSchema } from '@receptoria/contracts';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useRechazarSolicitud } from '../api/solicitudes';
import { solicitudesMessages } from '../messages';

const m = solicitudesMessages.rechazar;

/** 'Rechazar' with its reason (required; mailed to the firm). */
export function RechazarSolicitud({ id, onRejected }: { id: number; onRejected?: () => void }) {
  const [open, setOpen] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rechazar = useRechazarSolicitud();

  if (!open) {
    return (
      <Button size="xs" variant="light" color="red" leftSection={<IconX size={14} />} onClick={() => setOpen(true)}>
        {m.open}
      </Button>
    );
  }

  const confirm = async () => {
    const result = SolicitudRechazarSchema.safeParse({ motivo });
    if (!result.success) {
      setError(result.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await rechazar.mutateAsync({ id, motivo: result.data.motivo });
      notify.success(m.done);
      setOpen(false);
      onRejected?.();
    } catch (failure) {
      notify.error(m.error(failure instanceof ApiError ? (failure.detail ?? failure.message) : failure instanceof Error ? failure.message : ''));
    }
  };

  return (
    <Stack gap="xs" w="100%">
      <Textarea
        label={m.motivo}
        placeholder={m.motivoPlaceholder}
        value={motivo}
        onChange={(event) => setMotivo(event.currentTarget.value)}
        error={error}
        autosize
        minRows={2}
        maxLength={500}
        withAsterisk
        autoFocus
      />
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={() => setOpen(false)} disabled={rechazar.isPending}>
          {m.cancel}
        </Button>
        <Button size="xs" color="red" onClick={() => void confirm()} loading={rechazar.isPending}>
          {m.confirm}
        </Button>
      </Group>
    </Stack>
  );
}
