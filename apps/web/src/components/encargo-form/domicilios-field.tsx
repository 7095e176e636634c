import { ActionIcon, Button, Grid, Group, Paper, Radio, Stack, Text, Tooltip } from '@mantine/core';
import { CIUDADES } from '@receptoria/contracts';
import { IconMapPinPlus, IconTrash } from '@tabler/icons-react';
import { Controller, type UseFormReturn, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { confirmAction } from '../confirm-action';
import { comunaOptions, FormSelect, FormTextInput } from '../form';
import { emptyDomicilio, type EncargoFormValues } from './encargo-form-values';
import { encargoFormMessages } from './messages';

const m = encargoFormMessages.domicilios;

function withCurrent(options: readonly string[], current: string | null): string[] {
  const list = [...options];
  if (current && !list.includes(current)) list.unshift(current);
  return list;
}

interface DomiciliosFieldProps<TContext, TOutput> {
  form: UseFormReturn<EncargoFormValues, TContext, TOutput>;
  comunas: readonly string[];
  disabled?: boolean;
}

/** The debtor's addresses: the first starts as principal; a row can be removed while more than one remain. */
export function DomiciliosField<TContext, TOutput>({ form, comunas, disabled }: DomiciliosFieldProps<TContext, TOutput>) {
  const { control, setValue, getValues } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'domicilios' });
  const { errors } = useFormState({ control, name: 'domicilios' });
  const rows = useWatch({ control, name: 'domicilios' });
  const rootError = errors.domicilios?.root?.message ?? errors.domicilios?.message;

  const markPrincipal = (index: number) => {
    getValues('domicilios').forEach((_, i) => setValue(`domicilios.${i}.es_principal`, i === index, { shouldDirty: true }));
  };

  const removeRow = async (index: number) => {
    const row = getValues(`domicilios.${index}`);
    const written = [row.direccion?.trim(), row.comuna].filter(Boolean).join(', ');
    // A row that holds an address says what goes before it goes; an empty row just goes.
    if (written) {
      const texts = m.confirmRemove;
      if (!(await confirmAction({ title: texts.title, text: texts.text(index + 1, written), confirm: texts.confirm }))) return;
    }
    const wasPrincipal = getValues(`domicilios.${index}.es_principal`);
    remove(index);
    if (wasPrincipal) setValue('domicilios.0.es_principal', true, { shouldDirty: true });
  };

  return (
    <Stack gap="sm">
      {fields.map((field, index) => (
        <Paper key={field.id} withBorder p="sm" bg="gray.0" data-testid={`domicilio-${index}`}>
          <Group justify="space-between" mb={6} wrap="nowrap">
            <Text size="sm" fw={600}>
              {m.item(index + 1)}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Controller
                control={control}
                name={`domicilios.${index}.es_principal`}
                render={({ field: principal }) => (
                  <Radio
                    label={m.principal}
                    checked={principal.value}
                    onChange={() => markPrincipal(index)}
                    disabled={disabled}
                    aria-label={`${m.principal} ${index + 1}`}
                  />
                )}
              />
              {fields.length > 1 && (
                <Tooltip label={m.remove}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => void removeRow(index)}
                    disabled={disabled}
                    aria-label={`${m.remove} ${index + 1}`}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <FormTextInput
                control={control}
                name={`domicilios.${index}.direccion`}
                label={m.direccion}
                placeholder={m.direccionPlaceholder}
                withAsterisk
                maxLength={300}
                disabled={disabled}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <FormSelect
                control={control}
                name={`domicilios.${index}.comuna`}
                label={m.comuna}
                placeholder={encargoFormMessages.select}
                data={comunaOptions(comunas, rows?.[index]?.comuna ?? null)}
                withAsterisk
                disabled={disabled}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <FormSelect
                control={control}
                name={`domicilios.${index}.ciudad`}
                label={m.ciudad}
                placeholder={encargoFormMessages.select}
                data={withCurrent(CIUDADES, rows?.[index]?.ciudad ?? null)}
                withAsterisk
                disabled={disabled}
              />
            </Grid.Col>
          </Grid>
        </Paper>
      ))}
      {rootError && (
        <Text size="sm" c="red" role="alert">
          {rootError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconMapPinPlus size={16} />}
          onClick={() => append(emptyDomicilio(false))}
          disabled={disabled}
        >
          {m.add}
        </Button>
      </Group>
    </Stack>
  );
}
