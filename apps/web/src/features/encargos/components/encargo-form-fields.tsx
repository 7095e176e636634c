import { Grid, NumberInput, Paper, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import {
  ESTADOS_ESPECIALES_SUGERIDOS,
  ESTADO_ESPECIAL_MAX_LENGTH,
  OBSERVACIONES_MAX_LENGTH,
  OBSERVACIONES_SUGERIDAS,
  ROL_MAX_LENGTH,
  encargoMessages,
  formatDateTime,
  normalizeRol,
  parseDateTime,
} from '@receptoria/contracts';
import { type ReactNode, useRef } from 'react';
import { type Control, Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { notify } from '../../../lib/notify';
import { encargosMessages } from '../messages';
import type { EncargoLookups } from '../utils/documents';
import { type EncargoFormValues, autoFillPartes } from '../utils/encargo-form';
import { DateField } from './date-field';
import { DateTimeField } from './date-time-field';
import { DomiciliosField } from './domicilios-field';
import { RutInput } from './rut-input';
import { SuggestionInput } from './suggestion-input';

const m = encargosMessages.form;
const labels = m.labels;
const ph = m.placeholders;

export type EncargoFormVariant = 'nuevo' | 're';

interface EncargoFormFieldsProps<TContext, TOutput> {
  form: UseFormReturn<EncargoFormValues, TContext, TOutput>;
  lookups: EncargoLookups;
  comunas: readonly string[];
  loading?: boolean;
  variant: EncargoFormVariant;
  disabled?: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <Title order={4} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function toOptions(list: readonly { id: number; nombre: string }[]) {
  return list.map((item) => ({ value: String(item.id), label: item.nombre }));
}

/** Shows the alarm notice when a future comparendo or prueba is set (spec 01 §2). */
function announceAlarm(value: string | null) {
  const instant = parseDateTime(value);
  if (value && instant && instant.getTime() > Date.now()) {
    notify.info(encargoMessages.alarmaCreada(formatDateTime(value)));
  }
}

type RequiredDateName = 'fecha_encargo' | 'fecha_retiro' | 'fecha_demanda' | 'fecha_resolucion';

/** A required date of the assignment, bound to the form. */
function RequiredDateField<TContext, TOutput>({
  control,
  name,
  disabled,
}: {
  control: Control<EncargoFormValues, TContext, TOutput>;
  name: RequiredDateName;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          label={labels[name]}
          placeholder={ph.fecha}
          withAsterisk
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          disabled={disabled}
        />
      )}
    />
  );
}

/** Comparendo or prueba date-time: a future value announces its alarm. */
function AlarmDateTimeField<TContext, TOutput>({
  control,
  name,
  disabled,
}: {
  control: Control<EncargoFormValues, TContext, TOutput>;
  name: 'fecha_comparendo' | 'fecha_prueba';
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateTimeField
          label={labels[name]}
          placeholder={ph.fechaHora}
          description={m.descriptions.alarma}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            announceAlarm(value);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          disabled={disabled}
        />
      )}
    />
  );
}

/** Fields shared by Nuevo Encargo and Re-encargos (spec 01 §2, §3). */
export function EncargoFormFields<TContext, TOutput>({
  form,
  lookups,
  comunas,
  loading,
  variant,
  disabled,
}: EncargoFormFieldsProps<TContext, TOutput>) {
  const { control, setValue, getValues } = form;
  const estudioId = useWatch({ control, name: 'estudio_juridico' });
  const estudio = lookups.estudios.find((item) => String(item.id) === estudioId);
  const partesDemandantes = (estudio?.partes_demandantes ?? []).filter((parte) => parte.activo !== false);
  const isModify = variant === 're';
  const rutInvalid = isModify
    ? [encargoMessages.rutInvalido, encargoMessages.rutRepresentanteInvalido]
    : [encargoMessages.rutEjecutadoInvalido, encargoMessages.rutRepresentanteInvalido];

  /** Name of a plaintiff of any firm (the chosen one may belong to the firm just replaced). */
  const partyName = (id: string | null) =>
    id ? lookups.estudios.flatMap((item) => item.partes_demandantes).find((parte) => String(parte.id) === id)?.nombre : undefined;
  /** The plaintiff cleared by the last change of firm, so its '{name} con' can still be replaced. */
  const clearedParty = useRef<string | null>(null);

  /** '{demandante} con ' unless the user already wrote something else. */
  const fillPartes = (previousId: string | null, nextId: string | null) => {
    const next = partyName(nextId);
    if (!next) return;
    const updated = autoFillPartes(getValues('partes'), next, [partyName(previousId), clearedParty.current]);
    clearedParty.current = null;
    if (updated !== null) setValue('partes', updated, { shouldDirty: true });
  };

  return (
    <Stack gap="lg">
      <Section title={m.sections.causa}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <RequiredDateField control={control} name="fecha_encargo" disabled={disabled} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Controller
              control={control}
              name="numero_rol"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  onBlur={() => {
                    field.onChange(normalizeRol(field.value));
                    field.onBlur();
                  }}
                  label={labels.numero_rol}
                  placeholder={ph.numero_rol}
                  withAsterisk
                  maxLength={ROL_MAX_LENGTH}
                  autoComplete="off"
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Controller
              control={control}
              name="tribunal"
              render={({ field, fieldState }) => (
                <Select
                  label={labels.tribunal}
                  placeholder={loading ? ph.loading : ph.select}
                  data={toOptions(lookups.tribunales)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  searchable
                  withAsterisk
                  nothingFoundMessage={ph.nothingFound}
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Controller
              control={control}
              name="estudio_juridico"
              render={({ field, fieldState }) => (
                <Select
                  label={labels.estudio_juridico}
                  placeholder={loading ? ph.loading : ph.select}
                  data={toOptions(lookups.estudios)}
                  value={field.value}
                  onChange={(value) => {
                    if (value !== field.value) {
                      const chosen = partyName(getValues('parte_demandante'));
                      if (chosen) clearedParty.current = chosen;
                      setValue('parte_demandante', null, { shouldDirty: true });
                    }
                    field.onChange(value);
                  }}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  searchable
                  withAsterisk
                  nothingFoundMessage={ph.nothingFound}
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Controller
              control={control}
              name="parte_demandante"
              render={({ field, fieldState }) => (
                <Select
                  label={labels.parte_demandante}
                  placeholder={estudio ? ph.select : ph.estudioFirst}
                  description={estudio && partesDemandantes.length === 0 ? m.noPartes : undefined}
                  data={toOptions(partesDemandantes)}
                  value={field.value}
                  onChange={(value) => {
                    fillPartes(field.value, value);
                    field.onChange(value);
                  }}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  searchable
                  withAsterisk
                  nothingFoundMessage={ph.nothingFound}
                  error={fieldState.error?.message}
                  disabled={disabled || !estudio}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <Controller
              control={control}
              name="tipo_causa"
              render={({ field, fieldState }) => (
                <Select
                  label={labels.tipo_causa}
                  placeholder={loading ? ph.loading : ph.select}
                  data={toOptions(lookups.tiposCausa)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  searchable
                  withAsterisk
                  nothingFoundMessage={ph.nothingFound}
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <Controller
              control={control}
              name="tipo_encargo"
              render={({ field, fieldState }) => (
                <Select
                  label={labels.tipo_encargo}
                  placeholder={loading ? ph.loading : ph.select}
                  data={toOptions(lookups.tiposEncargo)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  searchable
                  withAsterisk
                  nothingFoundMessage={ph.nothingFound}
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <Controller
              control={control}
              name="cuantia"
              render={({ field, fieldState }) => (
                <NumberInput
                  label={labels.cuantia}
                  placeholder="$ 0"
                  withAsterisk
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  prefix="$ "
                  thousandSeparator="."
                  decimalSeparator=","
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <RequiredDateField control={control} name="fecha_retiro" disabled={disabled} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <RequiredDateField control={control} name="fecha_demanda" disabled={disabled} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <RequiredDateField control={control} name="fecha_resolucion" disabled={disabled} />
          </Grid.Col>
        </Grid>
      </Section>

      <Section title={m.sections.partes}>
        <Grid gap="md">
          <Grid.Col span={12}>
            <Controller
              control={control}
              name="partes"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  label={labels.partes}
                  placeholder={ph.partes}
                  withAsterisk
                  maxLength={500}
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Controller
              control={control}
              name="ejecutados"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  label={labels.ejecutados}
                  placeholder={ph.ejecutados}
                  withAsterisk
                  maxLength={500}
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Controller
              control={control}
              name="rut_ejecutado"
              render={({ field, fieldState }) => (
                <RutInput
                  label={labels.rut_ejecutado}
                  placeholder={ph.rut}
                  withAsterisk
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message}
                  invalidMessages={rutInvalid}
                  strict={!isModify}
                  disabled={disabled}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Controller
              control={control}
              name="rut_representante_legal"
              render={({ field, fieldState }) => (
                <RutInput
                  label={labels.rut_representante_legal}
                  placeholder={ph.rutOpcional}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message}
                  invalidMessages={rutInvalid}
                  strict={!isModify}
                  disabled={disabled}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <Controller
              control={control}
              name="numero_operacion"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  label={labels.numero_operacion}
                  placeholder={ph.numero_operacion}
                  maxLength={50}
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          </Grid.Col>
        </Grid>
      </Section>

      <Section title={m.sections.domicilios}>
        <DomiciliosField form={form} comunas={comunas} disabled={disabled} />
      </Section>

      <Section title={m.sections.observaciones}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <AlarmDateTimeField control={control} name="fecha_comparendo" disabled={disabled} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <AlarmDateTimeField control={control} name="fecha_prueba" disabled={disabled} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Controller
              control={control}
              name="observaciones_encargo"
              render={({ field, fieldState }) => (
                <SuggestionInput
                  label={labels.observaciones}
                  placeholder={ph.observaciones}
                  withAsterisk
                  suggestions={OBSERVACIONES_SUGERIDAS}
                  max={OBSERVACIONES_MAX_LENGTH}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Controller
              control={control}
              name="estado_especial"
              render={({ field, fieldState }) => (
                <SuggestionInput
                  label={labels.estado_especial}
                  placeholder={ph.estado_especial}
                  description={m.descriptions.estado_especial}
                  suggestions={ESTADOS_ESPECIALES_SUGERIDOS}
                  max={ESTADO_ESPECIAL_MAX_LENGTH}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          </Grid.Col>
          {isModify && (
            <Grid.Col span={12}>
              <Controller
                control={control}
                name="observacion_re_encargo"
                render={({ field, fieldState }) => (
                  <Textarea
                    {...field}
                    label={labels.observacion_re_encargo}
                    placeholder={ph.observacion_re_encargo}
                    autosize
                    minRows={2}
                    maxRows={5}
                    maxLength={1000}
                    error={fieldState.error?.message}
                    disabled={disabled}
                  />
                )}
              />
            </Grid.Col>
          )}
        </Grid>
      </Section>
    </Stack>
  );
}
