import { Button, Checkbox, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { type EstudioPortalConfiguracion, EstudioPortalConfiguracionInputSchema, LIMITE_API_POR_MINUTO_DEFECTO } from '@receptoria/contracts';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useConfiguracionApi, useGuardarConfiguracionApi } from '../api/configuracion-api';
import { clavesApiUiMessages as m } from '../messages';

const DEFECTO: EstudioPortalConfiguracion = { limite_api_por_minuto: LIMITE_API_POR_MINUTO_DEFECTO, aceptar_api_automaticamente: false };

/** Configuraciones Estudio → Uso de la API: the per-key limit a minute and automatic acceptance. */
export function ConfiguracionApiPanel({ estudioId }: { estudioId: number }) {
  const { data } = useConfiguracionApi(estudioId);
  // The form starts from the saved values once they arrive.
  return <ConfiguracionForm key={data ? 'guardada' : 'cargando'} estudioId={estudioId} inicial={data ?? DEFECTO} cargada={data !== undefined} />;
}

function ConfiguracionForm({ estudioId, inicial, cargada }: { estudioId: number; inicial: EstudioPortalConfiguracion; cargada: boolean }) {
  const guardar = useGuardarConfiguracionApi(estudioId);
  const [limite, setLimite] = useState<number | string>(inicial.limite_api_por_minuto);
  const [aceptar, setAceptar] = useState(inicial.aceptar_api_automaticamente);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { limite_api_por_minuto: typeof limite === 'number' ? limite : Number.NaN, aceptar_api_automaticamente: aceptar };
    const result = EstudioPortalConfiguracionInputSchema.safeParse(input);
    if (!result.success) {
      setError(result.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await guardar.mutateAsync(result.data);
      notify.success(m.guardadaOk);
    } catch (caught) {
      setError(m.error(caught instanceof ApiError ? (caught.detail ?? caught.message) : 'intente nuevamente'));
    }
  };

  return (
    <Paper withBorder p="md" data-testid="configuracion-api">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="xs">
          <Title order={4}>{m.configuracionTitulo}</Title>
          <Text size="sm" c="dimmed">
            {m.configuracionDescripcion}
          </Text>
          <NumberInput label={m.limite} value={limite} onChange={setLimite} min={1} max={100_000} step={50} allowDecimal={false} thousandSeparator="." decimalSeparator="," w={320} />
          <Checkbox label={m.aceptar} description={m.aceptarAyuda} checked={aceptar} onChange={(event) => setAceptar(event.currentTarget.checked)} />
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={guardar.isPending} disabled={!cargada}>
              {m.guardar}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
