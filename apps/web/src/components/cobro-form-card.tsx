import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface CobroFormCardProps {
  testId: string;
  title: string;
  hint?: string;
  /** The form's fields and what the chosen firm shows (its billable diligences, its open receipts). */
  children: ReactNode;
  /** The API's or the form's refusal, under the fields (`{testId}-error`). */
  problema: string | null;
  /** The running summary left of the button ('3 diligencias · $ 120.000', 'Aplicado: …'). */
  resumen: ReactNode;
  resumenTestId: string;
  submitLabel: string;
  onSubmit: () => void;
  loading: boolean;
  disabled: boolean;
}

/** A Cobranza form card for one firm (a new receipt, a payment): fields, the refusal, the summary and the button. */
export function CobroFormCard({ testId, title, hint, children, problema, resumen, resumenTestId, submitLabel, onSubmit, loading, disabled }: CobroFormCardProps) {
  return (
    <Card withBorder data-testid={testId}>
      <Stack gap="sm">
        <div>
          <Title order={4}>{title}</Title>
          {hint ? (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </div>
        {children}
        {problema ? (
          <Alert color="red" data-testid={`${testId}-error`}>
            {problema}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Text size="sm" fw={600} data-testid={resumenTestId}>
            {resumen}
          </Text>
          <Button onClick={onSubmit} loading={loading} disabled={disabled}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The firm picker of those forms. */
export function EstudioSelect({
  label,
  placeholder,
  estudios,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  estudios: readonly { id: number; nombre: string }[] | undefined;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={(estudios ?? []).map((e) => ({ value: String(e.id), label: e.nombre }))}
      value={value}
      onChange={onChange}
      searchable
    />
  );
}
