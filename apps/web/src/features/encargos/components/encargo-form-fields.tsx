import { Anchor, Grid, Paper, Stack, Title } from '@mantine/core';
import {
  ENCARGO_FIELD_LABELS,
  ESTADOS_ESPECIALES_SUGERIDOS,
  ESTADO_ESPECIAL_MAX_LENGTH,
  OBSERVACIONES_MAX_LENGTH,
  OBSERVACIONES_SUGERIDAS,
  ROL_MAX_LENGTH,
  encargoMessages,
  normalizeRol,
} from '@receptoria/contracts';
import { type ReactNode, useRef } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import {
  FormDate,
  FormDateTime,
  FormMoney,
  FormRut,
  FormSelect,
  FormSuggestInput,
  FormTextarea,
  FormTextInput,
} from '../../../components/form';
import { DomiciliosField } from '../../../components/encargo-form/domicilios-field';
import { CampoLeido, DomiciliosLeidos } from '../../../components/lectura/lectura-context';
import { paths } from '../../../config/paths';
import { encargosMessages } from '../messages';
import type { EncargoLookups } from '../utils/documents';
import { type EncargoFormValues, autoFillPartes } from '../utils/encargo-form';

const m = encargosMessages.form;
const labels = ENCARGO_FIELD_LABELS;
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
  const lookupPlaceholder = loading ? ph.loading : ph.select;

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

  const clearPartyOnFirmChange = (next: string | null, previous: string | null) => {
    if (next === previous) return;
    const chosen = partyName(getValues('parte_demandante'));
    if (chosen) clearedParty.current = chosen;
    setValue('parte_demandante', null, { shouldDirty: true });
  };

  const requiredDate = (name: 'fecha_encargo' | 'fecha_retiro' | 'fecha_demanda' | 'fecha_resolucion') => (
    <FormDate control={control} name={name} label={labels[name]} placeholder={ph.fecha} withAsterisk disabled={disabled} />
  );

  /** A required choice among the receiver's own lists (tribunales, tipos de causa and de encargo). */
  const lookupSelect = (name: 'tribunal' | 'tipo_causa' | 'tipo_encargo', list: readonly { id: number; nombre: string }[]) => (
    <FormSelect
      control={control}
      name={name}
      label={labels[name]}
      placeholder={lookupPlaceholder}
      data={toOptions(list)}
      withAsterisk
      disabled={disabled}
    />
  );

  const partiesText = (name: 'partes' | 'ejecutados') => (
    <FormTextInput control={control} name={name} label={labels[name]} placeholder={ph[name]} withAsterisk maxLength={500} disabled={disabled} />
  );

  const rut = (name: 'rut_ejecutado' | 'rut_representante_legal', required: boolean) => (
    <FormRut
      control={control}
      name={name}
      label={labels[name]}
      placeholder={required ? ph.rut : ph.rutOpcional}
      withAsterisk={required}
      invalidMessages={rutInvalid}
      strict={!isModify}
      disabled={disabled}
    />
  );

  const alarmDateTime = (name: 'fecha_comparendo' | 'fecha_prueba') => (
    <FormDateTime
      control={control}
      name={name}
      label={labels[name]}
      placeholder={ph.fechaHora}
      description={m.descriptions.alarma}
      disabled={disabled}
    />
  );

  return (
    <Stack gap="lg">
      <Section title={m.sections.causa}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>{requiredDate('fecha_encargo')}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <CampoLeido campo="numero_rol">
              <FormTextInput
                control={control}
                name="numero_rol"
                normalizeOnBlur={normalizeRol}
                label={labels.numero_rol}
                placeholder={ph.numero_rol}
                withAsterisk
                maxLength={ROL_MAX_LENGTH}
                autoComplete="off"
                disabled={disabled}
              />
            </CampoLeido>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <CampoLeido campo="tribunal">{lookupSelect('tribunal', lookups.tribunales)}</CampoLeido>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <FormSelect
              control={control}
              name="estudio_juridico"
              label={labels.estudio_juridico}
              placeholder={lookupPlaceholder}
              data={toOptions(lookups.estudios)}
              description={
                !loading && lookups.estudios.length === 0 ? (
                  <>
                    {m.noEstudios}{' '}
                    <Anchor component={Link} to={paths.registrarEstudio} size="xs">
                      {m.registrarEstudio}
                    </Anchor>
                  </>
                ) : undefined
              }
              onValueChange={clearPartyOnFirmChange}
              withAsterisk
              disabled={disabled}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <CampoLeido campo="parte_demandante">
              <FormSelect
                control={control}
                name="parte_demandante"
                label={labels.parte_demandante}
                placeholder={estudio ? ph.select : ph.estudioFirst}
                description={estudio && partesDemandantes.length === 0 ? m.noPartes : undefined}
                data={toOptions(partesDemandantes)}
                onValueChange={(next, previous) => fillPartes(previous, next)}
                withAsterisk
                disabled={disabled || !estudio}
              />
            </CampoLeido>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <CampoLeido campo="tipo_causa">{lookupSelect('tipo_causa', lookups.tiposCausa)}</CampoLeido>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>{lookupSelect('tipo_encargo', lookups.tiposEncargo)}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <CampoLeido campo="cuantia">
              <FormMoney control={control} name="cuantia" label={labels.cuantia} withAsterisk disabled={disabled} />
            </CampoLeido>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>{requiredDate('fecha_retiro')}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}><CampoLeido campo="fecha_demanda">{requiredDate('fecha_demanda')}</CampoLeido></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}><CampoLeido campo="fecha_resolucion">{requiredDate('fecha_resolucion')}</CampoLeido></Grid.Col>
        </Grid>
      </Section>

      <Section title={m.sections.partes}>
        <Grid gap="md">
          <Grid.Col span={12}>
            <CampoLeido campo="partes">{partiesText('partes')}</CampoLeido>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <CampoLeido campo="ejecutados">{partiesText('ejecutados')}</CampoLeido>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <CampoLeido campo="rut_ejecutado">{rut('rut_ejecutado', true)}</CampoLeido>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <CampoLeido campo="rut_representante_legal">{rut('rut_representante_legal', false)}</CampoLeido>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <CampoLeido campo="numero_operacion">
              <FormTextInput
                control={control}
                name="numero_operacion"
                label={labels.numero_operacion}
                placeholder={ph.numero_operacion}
                maxLength={50}
                disabled={disabled}
              />
            </CampoLeido>
          </Grid.Col>
        </Grid>
      </Section>

      <Section title={m.sections.domicilios}>
        <DomiciliosLeidos />
        <DomiciliosField form={form} comunas={comunas} disabled={disabled} />
      </Section>

      <Section title={m.sections.observaciones}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>{alarmDateTime('fecha_comparendo')}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{alarmDateTime('fecha_prueba')}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <FormSuggestInput
              control={control}
              name="observaciones_encargo"
              label={labels.observaciones_encargo}
              placeholder={ph.observaciones}
              withAsterisk
              suggestions={OBSERVACIONES_SUGERIDAS}
              max={OBSERVACIONES_MAX_LENGTH}
              disabled={disabled}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <FormSuggestInput
              control={control}
              name="estado_especial"
              label={labels.estado_especial}
              placeholder={ph.estado_especial}
              description={m.descriptions.estado_especial}
              suggestions={ESTADOS_ESPECIALES_SUGERIDOS}
              max={ESTADO_ESPECIAL_MAX_LENGTH}
              disabled={disabled}
            />
          </Grid.Col>
          {isModify && (
            <Grid.Col span={12}>
              <FormTextarea
                control={control}
                name="observacion_re_encargo"
                label={labels.observacion_re_encargo}
                placeholder={ph.observacion_re_encargo}
                autosize
                minRows={2}
                maxRows={5}
                maxLength={1000}
                withCounter
                disabled={disabled}
              />
            </Grid.Col>
          )}
        </Grid>
      </Section>
    </Stack>
  );
}
