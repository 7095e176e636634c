import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type EncargoConResultados,
  INFORMANTE_MAX_LENGTH,
  INFORMANTE_RELACIONES,
  INFORMANTE_RELACION_MAX_LENGTH,
  DIAS_TABLA_MAX,
  LUGARES_REQUERIMIENTO,
  LUGAR_REQUERIMIENTO_LABELS,
  TRATAMIENTO_LABELS,
  type TipoEstampado,
  estadoLabel,
} from '@receptoria/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { FormMoney, FormNumber, FormSelect, FormSuggestInput, FormTextInput, FormTextarea } from '../../../components/form';
import { useDiasHabiles } from '../api/get-dias-habiles';
import { useValorSugerido } from '../api/get-sugerido';
import { diligenciasMessages } from '../messages';
import { EntregaCopiasFields } from './entrega-copias-fields';
import { normalizeFechaDiligencia } from '../utils/fecha-diligencia';
import { honorarioHint } from '../utils/honorario';
import {
  type ResultadosFormValues,
  admiteResultados,
  diaDiligenciaIso,
  diasExcepcionesTipeados,
  esRequerimiento,
  fechaGuiones,
} from '../utils/resultados-form';

const m = diligenciasMessages.resultados;

const TRATAMIENTO_DATA = (['don', 'doña'] as const).map((value) => ({ value, label: TRATAMIENTO_LABELS[value] }));
const LUGAR_DATA = LUGARES_REQUERIMIENTO.map((value) => ({ value, label: LUGAR_REQUERIMIENTO_LABELS[value] }));

/**
 * A requerimiento de pago asks where it took place (and, outside the court's territory, the days of the
 * tabla de emplazamiento); the term to oppose excepciones it starts is shown once it can be counted.
 */
function LugarRequerimientoFields({ form, tipos, disabled }: { form: UseFormReturn<ResultadosFormValues>; tipos: TipoEstampado[]; disabled: boolean }) {
  const { control } = form;
  const [lugar, diasTabla, fecha, tipoId] = useWatch({ control, name: ['lugar_requerimiento', 'dias_tabla', 'fecha_diligencia', 'tipo_estampado'] });
  const values = { ...form.getValues(), lugar_requerimiento: lugar, dias_tabla: diasTabla, fecha_diligencia: fecha, tipo_estampado: tipoId };
  const vence = useDiasHabiles(diaDiligenciaIso(values), diasExcepcionesTipeados(values, tipos));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="lugar-requerimiento">
      <Stack gap={4}>
        <FormSelect
          control={control}
          name="lugar_requerimiento"
          label={m.lugar}
          placeholder={m.lugarPlaceholder}
          data={LUGAR_DATA}
          searchable={false}
          withAsterisk
          disabled={disabled}
        />
        {vence.data ? (
          <Text size="sm" c="dimmed" data-testid="vence-excepciones">
            {m.venceExcepciones(fechaGuiones(vence.data.vence))}
          </Text>
        ) : null}
      </Stack>
      {lugar === 'fuera_territorio' ? (
        <FormNumber
          control={control}
          name="dias_tabla"
          label={m.diasTabla}
          description={m.diasTablaHint}
          min={0}
          max={DIAS_TABLA_MAX}
          allowDecimal={false}
          allowNegative={false}
          withAsterisk
          disabled={disabled}
        />
      ) : null}
    </SimpleGrid>
  );
}

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
  const sugerido = useValorSugerido(encargo?.id, tipoId);
  const valorHint = honorarioHint(sugerido.data, tipo, sugerido.isError);

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
        {esRequerimiento(tipoId, tipos) ? <LugarRequerimientoFields form={form} tipos={tipos} disabled={disabled} /> : null}
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
        <EntregaCopiasFields form={form} tipos={tipos} disabled={disabled} />
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
          <Stack gap={4}>
            <FormMoney control={control} name="valor_personalizado" label={m.valor} disabled={disabled} />
            {valorHint ? (
              <Text size="sm" c="teal.8" data-testid="valor-segun-tarifa" title={sugerido.data?.detalle}>
                {valorHint}
              </Text>
            ) : null}
          </Stack>
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
