import { Alert, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  type EncargoConResultados,
  INFORMANTE_MAX_LENGTH,
  INFORMANTE_RELACIONES,
  INFORMANTE_RELACION_MAX_LENGTH,
  TRATAMIENTO_LABELS,
  type TipoEstampado,
  estadoLabel,
  formatCLP,
} from '@receptoria/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { FormMoney, FormSelect, FormSuggestInput, FormTextInput, FormTextarea } from '../../../components/form';
import { diligenciasMessages } from '../messages';
import { normalizeFechaDiligencia } from '../utils/fecha-diligencia';
import { type ResultadosFormValues, admiteResultados } from '../utils/resultados-form';

const m = diligenciasMessages.resultados;

const TRATAMIENTO_DATA = (['don', 'doña'] as const).map((value) => ({ value, label: TRATAMIENTO_LABELS[value] }));

interface ResultadosSectionProps {
  form: UseFormReturn<ResultadosFormValues>;
  encargo: EncargoConResultados | null;
  tipos: TipoEstampado[];
  /** Without the Estampar module: every field read-only. */
  readOnly?: boolean;
}

/** 'Resultados de Diligencia' (spec 02 §2.1, §5). */
export function ResultadosSection({ form, encargo, tipos, readOnly = false }: ResultadosSectionProps) {
  const { control } = form;
  const disabled = readOnly;
  const tipoId = useWatch({ control, name: 'tipo_estampado' });
  const tipo = tipos.find((item) => String(item.id) === tipoId);
  const soloEstampado = encargo !== null && !admiteResultados(encargo.estado);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid="resultados-diligencia">
      <Stack gap="md">
        <Title order={4}>{m.section}</Title>
        {soloEstampado ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle />}>
            {m.otherStateInfo(estadoLabel(encargo.estado))}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <FormSelect
            control={control}
            name="tipo_estampado"
            label={m.tipo}
            placeholder={m.tipoPlaceholder}
            data={tipos.map((item) => ({ value: String(item.id), label: item.nombre }))}
            withAsterisk
            disabled={disabled}
          />
          <FormSelect
            control={control}
            name="tratamiento"
            label={m.tratamiento}
            data={TRATAMIENTO_DATA}
            clearable
            searchable={false}
            disabled={disabled}
          />
          <FormTextInput
            control={control}
            name="fecha_diligencia"
            label={m.fecha}
            placeholder={m.fechaPlaceholder}
            description={m.fechaHint}
            normalizeOnBlur={normalizeFechaDiligencia}
            autoComplete="off"
            maxLength={40}
            withAsterisk
            disabled={disabled}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormTextInput
            control={control}
            name="informante"
            label={m.informante}
            placeholder={m.informantePlaceholder}
            maxLength={INFORMANTE_MAX_LENGTH}
            autoComplete="off"
            disabled={disabled}
          />
          <FormSuggestInput
            control={control}
            name="informante_relacion"
            label={m.relacion}
            placeholder={m.relacionPlaceholder}
            description={m.relacionHint}
            suggestions={INFORMANTE_RELACIONES}
            max={INFORMANTE_RELACION_MAX_LENGTH}
            disabled={disabled}
          />
        </SimpleGrid>
        <FormTextarea
          control={control}
          name="apuntes_terreno"
          label={m.apuntes}
          placeholder={m.apuntesPlaceholder}
          autosize
          minRows={3}
          maxLength={5000}
          withAsterisk
          disabled={disabled}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormMoney
            control={control}
            name="valor_personalizado"
            label={m.valor}
            description={tipo ? m.valorHint(formatCLP(tipo.valor_por_defecto)) : undefined}
            disabled={disabled}
          />
          <FormTextarea
            control={control}
            name="observaciones_diligencia"
            label={m.observaciones}
            description={m.observacionesHint}
            autosize
            minRows={1}
            maxLength={1000}
            disabled={disabled}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
