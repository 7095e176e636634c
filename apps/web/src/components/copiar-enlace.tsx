import { Button, Group, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { copiarTexto } from '../lib/clipboard';
import { notify } from '../lib/notify';

export const copiarEnlaceMessages = {
  copiar: 'Copiar enlace',
  copiado: 'Enlace copiado',
  noCopiado: 'No se pudo copiar: seleccione el enlace y cópielo a mano.',
} as const;

/** A link shown read-only with 'Copiar enlace' (the field is selected where the browser refuses the clipboard). */
export function CopiarEnlace({ enlace, label }: { enlace: string; label: string }) {
  const campo = useRef<HTMLInputElement>(null);
  const [copiado, setCopiado] = useState(false);
  const copiar = async () => {
    if (await copiarTexto(enlace, campo.current)) {
      setCopiado(true);
      notify.success(copiarEnlaceMessages.copiado);
    } else notify.error(copiarEnlaceMessages.noCopiado);
  };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput ref={campo} label={label} value={enlace} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
      <Button variant="light" leftSection={copiado ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={() => void copiar()}>
        {copiado ? copiarEnlaceMessages.copiado : copiarEnlaceMessages.copiar}
      </Button>
    </Group>
  );
}
