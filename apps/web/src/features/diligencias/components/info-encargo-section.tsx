import { Badge, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  CIUDADES,
  type EncargoConResultados,
  OBSERVACIONES_MAX_LENGTH,
  OBSERVACIONES_SUGERIDAS,
  diligenciaMessages,
} from '@receptoria/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { EstadoBadge } from '../../../components/estado-badge';
import {
  FormDate,
  FormDateTime,
  FormMoney,
  FormRut,
  FormSelect,
  FormSuggestInput,
  FormTextInput,
  FormTextarea,
} from '../../../components/form';
import { ReEncargoBadge } from '../../../components/re-encargo-badge';
import type { Opcion } from '../api/get-lookups';
import { diligenciasMessages } from '../messages';
import type { InfoField, InfoFormValues } from '../utils/info-form';

const m = diligenciasMessages.info;
const labels = m.labels;

interface InfoEncargoSectionProps {
  form: UseFormReturn<InfoFormValues>;
  encargo: EncargoConResultados | null;
  tribunales: Opcion[];
  tiposCausa: Opcion[];
  tiposEncargo: Opcion[];
  /** Without the Estampar module: every field read-only. */
  readOnly?: boolean;
}

function asData(options: Opcion[]) {
  return options.map((option) => ({ value: String(option.id), label: option.nombre }));
}

/** 'Información del Encargo': the firm is read-only; every edited field says 'Campo modificado'. */
export function InfoEncargoSection({ form, encargo, tribunales, tiposCausa, tiposEncargo, readOnly = false }: InfoEncargoSectionProps) {
  const { control } = form;
  const dirty = form.formState.dirtyFields as Partial<Record<InfoField, boolean>>;
  const flag = (field: InfoField) => (dirty[field] ? diligenciaMessages.campoModificado : undefined);
  const disabled = encargo === null || readOnly;
  const common = (field: InfoField) => ({ control, name: field, description: flag(field), disabled });
  const ciudades = CIUDADES.map(String);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid="informacion-encargo">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={4}>{m.section}</Title>
          {encargo ? (
            <Group gap="xs">
              <Text fw={700}>{encargo.numero_rol}</Text>
              <ReEncargoBadge re={encargo.es_re_encargo} />
              <EstadoBadge estado={encargo.estado} />
              <Badge variant="outline" color={encargo.estado_estampado ? 'teal' : 'gray'} radius="sm" tt="none">
                {encargo.estado_estampado === 'estampado' ? 'Estampado' : diligenciaMessages.sinEstampar}
              </Badge>
            </Group>
          ) : null}
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <TextInput label={labels.numero_rol} value={encargo?.numero_rol ?? ''} readOnly disabled={disabled} />
          <TextInput
            label={labels.estudio}
            value={encargo?.estudio_nombre ?? ''}
            readOnly
            disabled={disabled}
            description={encargo ? m.readOnly : undefined}
          />
          <TextInput label={labels.parte_demandante} value={encargo?.parte_demandante_nombre ?? ''} readOnly disabled={disabled} />
          <FormSelect {...common('tribunal')} label={labels.tribunal} data={asData(tribunales)} placeholder={m.placeholders.select} />
          <FormSelect {...common('tipo_causa')} label={labels.tipo_causa} data={asData(tiposCausa)} placeholder={m.placeholders.select} />
          <FormSelect {...common('tipo_encargo')} label={labels.tipo_encargo} data={asData(tiposEncargo)} placeholder={m.placeholders.select} />
          <FormDate {...common('fecha_encargo')} label={labels.fecha_encargo} placeholder={m.placeholders.fecha} />
          <FormTextInput {...common('partes')} label={labels.partes} maxLength={500} />
          <FormTextInput {...common('ejecutados')} label={labels.ejecutados} maxLength={500} />
          <FormRut {...common('rut_ejecutado')} label={labels.rut_ejecutado} placeholder={m.placeholders.rut} withAsterisk strict={false} />
          <FormRut {...common('rut_representante_legal')} label={labels.rut_representante_legal} placeholder={m.placeholders.rut} strict={false} />
          <FormMoney {...common('cuantia')} label={labels.cuantia} withAsterisk />
          <FormTextInput {...common('direccion')} label={labels.direccion} maxLength={300} withAsterisk />
          <FormTextInput {...common('comuna')} label={labels.comuna} maxLength={100} withAsterisk />
          <FormSelect {...common('ciudad')} label={labels.ciudad} data={ciudades} withAsterisk />
          <FormDate {...common('fecha_retiro')} label={labels.fecha_retiro} placeholder={m.placeholders.fecha} withAsterisk />
          <FormDate {...common('fecha_demanda')} label={labels.fecha_demanda} placeholder={m.placeholders.fecha} withAsterisk />
          <FormDate {...common('fecha_resolucion')} label={labels.fecha_resolucion} placeholder={m.placeholders.fecha} withAsterisk />
          <FormDateTime {...common('fecha_comparendo')} label={labels.fecha_comparendo} placeholder={m.placeholders.fechaHora} />
          <FormDateTime {...common('fecha_prueba')} label={labels.fecha_prueba} placeholder={m.placeholders.fechaHora} />
          <FormTextInput {...common('numero_operacion')} label={labels.numero_operacion} maxLength={50} />
          <FormSuggestInput
            {...common('observaciones_encargo')}
            label={labels.observaciones_encargo}
            suggestions={OBSERVACIONES_SUGERIDAS}
            max={OBSERVACIONES_MAX_LENGTH}
          />
          <FormTextInput {...common('motivo_no_realizable')} label={labels.motivo_no_realizable} maxLength={30} />
        </SimpleGrid>
        <FormTextarea {...common('observacion_retiro')} label={labels.observacion_retiro} autosize minRows={1} maxLength={1000} />
      </Stack>
    </Paper>
  );
}
