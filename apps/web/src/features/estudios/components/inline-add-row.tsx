import { ActionIcon, Group, Select, Table, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { estudiosMessages } from '../messages';

const m = estudiosMessages.configurar;

interface InlineAddRowProps<T extends string> {
  textLabel: string;
  placeholder: string;
  type?: string;
  tipoLabel: string;
  tipos: { value: T; label: string }[];
  defaultTipo: T;
  columns: number;
  saving: boolean;
  /** Returns an error message to show under the field, or null when it was saved. */
  onConfirm: (text: string, tipo: T) => Promise<string | null>;
  onCancel: () => void;
}

/** An editable table row with confirm and cancel actions. */
export function InlineAddRow<T extends string>({
  textLabel,
  placeholder,
  type = 'text',
  tipoLabel,
  tipos,
  defaultTipo,
  columns,
  saving,
  onConfirm,
  onCancel,
}: InlineAddRowProps<T>) {
  const [text, setText] = useState('');
  const [tipo, setTipo] = useState<T>(defaultTipo);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(await onConfirm(text, tipo));
  };

  return (
    <Table.Tr bg="var(--mantine-color-brand-0)">
      <Table.Td>
        <TextInput
          aria-label={textLabel}
          placeholder={placeholder}
          type={type}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void confirm();
            }
            if (event.key === 'Escape') onCancel();
          }}
          error={error}
          autoFocus
          size="sm"
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={tipoLabel}
          data={tipos}
          value={tipo}
          onChange={(value) => value && setTipo(value as T)}
          allowDeselect={false}
          size="sm"
          w={170}
        />
      </Table.Td>
      {columns > 3 && <Table.Td />}
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={m.confirm}>
            <ActionIcon color="teal" variant="filled" onClick={() => void confirm()} loading={saving} aria-label={m.confirm}>
              <IconCheck size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={m.cancel}>
            <ActionIcon color="gray" variant="light" onClick={onCancel} disabled={saving} aria-label={m.cancel}>
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
