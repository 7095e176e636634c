import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconReportAnalytics } from '@tabler/icons-react';
import { type ConfiguracionInformesInput, ConfiguracionInformesInputSchema, FRECUENCIAS } from '@receptoria/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormSelect, FormSwitch, FormTextInput } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useConfiguracionInformes, useGuardarConfiguracion } from '../api/informes';
import { informesMessages as m } from '../messages';
import { EnviosLog } from './envios-log';
import { GmailControl } from './gmail-control';
import { PeriodoSection } from './periodo-section';

function saveErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const inner = (error.body as { error?: unknown } | null)?.error;
    if (typeof inner === 'string' && inner) return inner;
    if (error.detail) return error.detail;
    if (error.status === 400) {
      const fields = Object.values(error.errors ?? {}).flat();
      return fields.length ? fields.join(', ') : 'Error de validación';
    }
  }
  return m.errorGuardar;
}

/** The automatic-reports panel of Configuraciones Estudio (spec 01 §2). */
export function InformesPanel({ estudio }: { estudio: { id: number; nombre: string } }) {
  const configuracion = useConfiguracionInformes(estudio.id);
  const guardar = useGuardarConfiguracion(estudio.id);
  const [correoDestino, setCorreoDestino] = useState('');
  const form = useForm<ConfiguracionInformesInput>({
    resolver: zodResolver(ConfiguracionInformesInputSchema) as never,
    defaultValues: { informes_activos: false, diario: false, semanal: false, mensual: false, formato: 'excel', correo_raiz: '' },
  });
  const { reset } = form;
  useEffect(() => {
    if (configuracion.data) reset(configuracion.data);
  }, [configuracion.data, reset]);

  const submit = form.handleSubmit((values) =>
    guardar.mutate(values, {
      onSuccess: (data) => notify.success(data.message),
      onError: (error) => notify.error(saveErrorText(error)),
    }),
  );

  return (
    <Card withBorder padding="lg" radius="md" data-testid="informes-panel">
      <Group gap="sm" mb="xs">
        <IconReportAnalytics size={22} />
        <Title order={4}>{m.titulo}</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {m.ayuda}
      </Text>
      {configuracion.isPending ? (
        <Skeleton h={120} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <Group gap="xl" wrap="wrap">
              <FormSwitch control={form.control} name="informes_activos" label={m.activos} />
              <FormSwitch control={form.control} name="diario" label={m.diario} />
              <FormSwitch control={form.control} name="semanal" label={m.semanal} />
              <FormSwitch control={form.control} name="mensual" label={m.mensual} />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <FormSelect control={form.control} name="formato" label={m.formato} data={[{ value: 'excel', label: m.excel }]} allowDeselect={false} />
              <FormTextInput control={form.control} name="correo_raiz" label={m.correoRaiz} placeholder={m.correoRaizPlaceholder} type="email" />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={guardar.isPending}>
                {m.guardar}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <Divider my="md" />
      <Stack gap="sm">
        <GmailControl estudioId={estudio.id} />
        <TextInput
          label={m.correoDestino}
          description={m.correoDestinoAyuda}
          placeholder="abogado@estudio.cl"
          value={correoDestino}
          onChange={(event) => setCorreoDestino(event.currentTarget.value.trim())}
          maxLength={254}
        />
        {FRECUENCIAS.map((frecuencia) => (
          <PeriodoSection key={frecuencia} estudio={estudio} frecuencia={frecuencia} correoDestino={correoDestino} />
        ))}
        <Divider />
        <EnviosLog estudioId={estudio.id} />
      </Stack>
    </Card>
  );
}
