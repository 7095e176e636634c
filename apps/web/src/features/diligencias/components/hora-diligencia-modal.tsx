import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { diligenciaMessages } from '@receptoria/contracts';
import { type ReactNode, useRef, useState } from 'react';
import { diligenciasMessages } from '../messages';
import { normalizeHora } from '../utils/fecha-diligencia';

const m = diligenciasMessages.hora;

interface HoraRequest {
  fecha: string;
  resolve: (hora: string | null) => void;
}

function HoraDiligenciaModal({ request, onDone }: { request: HoraRequest | null; onDone: (hora: string | null) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const hora = normalizeHora(text);
    if (!hora) {
      setError(diligenciaMessages.horaInvalida);
      return;
    }
    setText('');
    setError(null);
    onDone(hora);
  };
  const cancel = () => {
    setText('');
    setError(null);
    onDone(null);
  };
  return (
    <Modal opened={request !== null} onClose={cancel} title={m.title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{m.text(request?.fecha ?? '')}</Text>
          <TextInput
            label={m.label}
            placeholder={m.placeholder}
            description={m.hint}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
            onBlur={() => {
              const hora = normalizeHora(text);
              if (hora) setText(hora);
            }}
            error={error}
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            data-autofocus
            withAsterisk
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel}>
              {m.cancel}
            </Button>
            <Button type="submit">{m.confirm}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Asks the hour of a diligence stored with its date alone, before the certificate says it (issue 30).
 * `ask` resolves HH:MM, or null when the user cancels; `dialog` is rendered by the screen.
 */
export function useHoraDialog(): { ask: (fecha: string) => Promise<string | null>; dialog: ReactNode } {
  const [request, setRequest] = useState<HoraRequest | null>(null);
  const current = useRef<HoraRequest | null>(null);
  const ask = (fecha: string) =>
    new Promise<string | null>((resolve) => {
      current.current?.resolve(null);
      current.current = { fecha, resolve };
      setRequest(current.current);
    });
  const done = (hora: string | null) => {
    current.current?.resolve(hora);
    current.current = null;
    setRequest(null);
  };
  return { ask, dialog: <HoraDiligenciaModal request={request} onDone={done} /> };
}
