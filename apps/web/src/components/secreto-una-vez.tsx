import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { CopiarEnlace } from './copiar-enlace';

export const secretoUnaVezMessages = { cerrar: 'Cerrar' } as const;

/** A secret the API hands over only once (an API key, a webhook's signing secret): what to do with it, and 'Copiar'. */
export function SecretoUnaVez({ titulo, texto, label, valor, onClose }: { titulo: string; texto: string; label: string; valor: string; onClose: () => void }) {
  return (
    <Alert color="yellow" variant="light" title={titulo} withCloseButton closeButtonLabel={secretoUnaVezMessages.cerrar} onClose={onClose}>
      <Stack gap="xs">
        <Text size="sm">{texto}</Text>
        <CopiarEnlace enlace={valor} label={label} />
      </Stack>
    </Alert>
  );
}

interface OpcionesCheckboxProps<T extends string> {
  label: string;
  opciones: readonly T[];
  etiquetas: Record<T, string>;
  value: T[];
  onChange: (value: T[]) => void;
}

/** Choose any of a fixed list (a key's scopes, a webhook's events), each with its Spanish label. */
export function OpcionesCheckbox<T extends string>({ label, opciones, etiquetas, value, onChange }: OpcionesCheckboxProps<T>) {
  return (
    <Checkbox.Group label={label} value={value} onChange={(values) => onChange(values as T[])}>
      <Group gap="md" mt={4}>
        {opciones.map((opcion) => (
          <Checkbox key={opcion} value={opcion} label={etiquetas[opcion]} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

interface CrearConSecretoFormProps<S extends z.ZodType> {
  /** The contract the input is checked with before `onValid` sends it: its first broken rule is shown under the fields. */
  schema: S;
  input: z.input<S>;
  onValid: (data: z.output<S>) => Promise<void>;
  /** The API's refusal, said in the panel's words. */
  describeError: (error: unknown) => string;
  submitLabel: string;
  submitIcon: ReactNode;
  loading: boolean;
  children: ReactNode;
}

/** The form that creates what comes with a secret: its fields, the first problem found, and the submit button. */
export function CrearConSecretoForm<S extends z.ZodType>({ schema, input, onValid, describeError, submitLabel, submitIcon, loading, children }: CrearConSecretoFormProps<S>) {
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = schema.safeParse(input);
    if (!result.success) {
      setError(result.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await onValid(result.data);
    } catch (caught) {
      setError(describeError(caught));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        {children}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button type="submit" leftSection={submitIcon} loading={loading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
