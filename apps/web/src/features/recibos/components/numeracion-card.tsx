import { Alert, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { SaveFooter, useSaveProblema } from '../../../components/save-footer';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useConfiguracionRecibos, useSaveConfiguracionRecibos } from '../api/recibos-api';
import { recibosScreenMessages as m } from '../messages';

/** 'Numeración de recibos': where numbering starts (GET|PUT /recibos/configuracion/); gapless after it. */
export function NumeracionCard() {
  const config = useConfiguracionRecibos();
  const guardar = useSaveConfiguracionRecibos();
  const [valor, setValor] = useState<number | null>(null);
  const { problema, trySave } = useSaveProblema();

  const save = () =>
    trySave(async () => {
      const numero = valor ?? config.data?.numero_inicial ?? null;
      if (numero === null || !Number.isInteger(numero) || numero < 1) return m.numeroInicialInvalido;
      const saved = await guardar.mutateAsync({ numero_inicial: numero });
      notify.success(m.numeracionOk(saved.siguiente_numero));
      setValor(null);
    });

  return (
    <Card withBorder data-testid="numeracion-recibos">
      <Stack gap="xs">
        <div>
          <Title order={5}>{m.numeracion}</Title>
          <Text size="xs" c="dimmed">
            {m.numeracionHint}
          </Text>
        </div>
        {config.isError ? <Alert color="red">{errorText(config.error)}</Alert> : null}
        {config.data ? (
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={m.numeroInicial}
              value={valor ?? config.data.numero_inicial}
              onChange={(v) => setValor(typeof v === 'number' ? v : null)}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator="."
              decimalSeparator=","
              hideControls
              w={180}
            />
            <Stack gap={0}>
              <Text size="sm" data-testid="siguiente-numero">
                {m.siguienteNumero(config.data.siguiente_numero)}
              </Text>
              <Text size="xs" c="dimmed">
                {m.ultimoNumero(config.data.ultimo_numero)}
              </Text>
            </Stack>
          </Group>
        ) : null}
        {config.data ? <SaveFooter problema={problema} saveLabel={m.guardarNumeracion} onSave={() => void save()} saving={guardar.isPending} /> : null}
      </Stack>
    </Card>
  );
}
