import { Alert, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { type EncargoConResultados, TRATAMIENTO_LABELS, type TipoEstampado, estadoLabel, formatCLP } from '@receptoria/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { FormMoney, FormSelect, FormTextInput, FormTextarea } from '../../../components/form';
import { diligenciasMessages } from '../messages';
import { normalizeFechaDiligencia } from '../utils/fecha-diligencia';
import { type ResultadosFormValues, admiteResultados } from '../utils/resultados-form';

const m = diligenciasMessages.resultados;

const TRATAMIENTO_DATA = (['don', 'doña'] as const).map((value) => ({ value, label: TRATAMIENTO_LABELS[value] }));

interface ResultadosSectionProps {
  form: UseFormReturn<ResultadosFormValues>;
  encargo: EncargoConResultados | null;
  tipos: TipoEstampado[];
}

/** 'Resultados de Diligencia' (spec 02 §2.1, §5). */
export function ResultadosSection({ form, encargo, tipos }: ResultadosSectionProps) {
  const { control } = form;
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
          />
          <FormSelect control={control} name="tratamiento" label={m.tratamiento} data={TRATAMIENTO_DATA} clearable searchable={false} />
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
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormMoney
            control={control}
            name="valor_personalizado"
            label={m.valor}
            description={tipo ? m.valorHint(formatCLP(tipo.valor_por_defecto)) : undefined}
          />
          <FormTextarea
            control={control}
            name="observaciones_diligencia"
            label={m.observaciones}
            description={m.observacionesHint}
            autosize
            minRows={1}
            maxLength={1000}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
