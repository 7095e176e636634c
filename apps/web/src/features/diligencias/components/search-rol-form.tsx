import { Button, Group, Paper, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { diligenciasMessages } from '../messages';

const m = diligenciasMessages.search;

interface SearchRolFormProps {
  value: string;
  onChange: (value: string) => void;
  onSearch: (value: string) => void;
  loading: boolean;
}

/** Search by rol; Enter searches too (spec 02 §2.1). */
export function SearchRolForm({ value, onChange, onSearch, loading }: SearchRolFormProps) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(value);
        }}
        noValidate
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label={m.label}
            placeholder={m.placeholder}
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
            autoComplete="off"
            maxLength={30}
          />
          <Button type="submit" loading={loading} leftSection={<IconSearch size={16} />}>
            {m.button}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
