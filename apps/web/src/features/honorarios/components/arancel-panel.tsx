import { ActionIcon, Alert, Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { type ArancelFila, ArancelPutSchema, todayIso, type Utm } from '@receptoria/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PesosInput } from '../../../components/pesos-input';
import { SaveFooter, useSaveProblema } from '../../../components/save-footer';
import { SettingsCard } from '../../../components/settings-card';
import { errorText } from '../../../lib/error-text';
import { pesos } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useArancel, useSaveArancel, useSaveUtm, useUtm } from '../api/tarifas-api';
import { arancelMessages as m } from '../messages';
import { pesosDeUtm } from '../utils/tarifas';

interface FilaArancel {
  key: string;
  actuacion: string;
  cuantia_desde: number;
  cuantia_hasta: number | null;
  porcentaje_utm: number;
}

let seq = 0;
const fila = (a?: ArancelFila): FilaArancel => ({
  key: `arancel-${++seq}`,
  actuacion: a?.actuacion ?? '',
  cuantia_desde: a?.cuantia_desde ?? 0,
  cuantia_hasta: a?.cuantia_hasta ?? null,
  porcentaje_utm: a?.porcentaje_utm ?? 0,
});

/** The month's UTM: mindicador.cl's or the receiver's; a manual value when the source cannot give it. */
function UtmMes({ mes, utm }: { mes: string; utm: Utm | undefined }) {
  const [valor, setValor] = useState<number | null>(null);
  const guardar = useSaveUtm();
  const save = async () => {
    if (valor === null || valor < 1) {
      notify.error(m.utmInvalida);
      return;
    }
    try {
      await guardar.mutateAsync({ mes, valor });
      notify.success(m.utmGuardada(mes));
      setValor(null);
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <Stack gap={4} data-testid="utm-mes">
      {utm?.valor != null && utm.fuente ? (
        <Text size="sm">
          <b>{m.utmTitulo(mes)}:</b> {pesos(utm.valor)} ({m.utmFuente[utm.fuente]})
        </Text>
      ) : utm?.detalle ? (
        <Alert color="yellow" py={6}>
          {utm.detalle}
        </Alert>
      ) : null}
      <Group gap="xs" align="flex-end">
        <PesosInput label={m.utmManual} value={valor} onChange={setValor} w={200} />
        <Button variant="light" onClick={() => void save()} loading={guardar.isPending}>
          {m.utmGuardar}
        </Button>
      </Group>
    </Stack>
  );
}

function ArancelEditor({ inicial, utm }: { inicial: ArancelFila[]; utm: number | null }) {
  const [filas, setFilas] = useState<FilaArancel[]>(() => inicial.map(fila));
  const { problema, trySave } = useSaveProblema();
  const guardar = useSaveArancel();
  const cambiar = (key: string, patch: Partial<FilaArancel>) => setFilas((current) => current.map((f) => (f.key === key ? { ...f, ...patch } : f)));

  const save = () =>
    trySave(async () => {
      const body = filas.map(({ key: _key, ...rest }) => ({ ...rest, actuacion: rest.actuacion.trim() }));
      const parsed = ArancelPutSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const index = typeof issue.path[0] === 'number' ? issue.path[0] + 1 : null;
        return index ? `${m.fila(index)}: ${issue.message}` : issue.message;
      }
      const guardado = await guardar.mutateAsync(parsed.data);
      setFilas(guardado.map(fila));
      notify.success(m.guardado);
    });

  return (
    <Stack gap="sm">
      {filas.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.sinFilas}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing={4} data-testid="tabla-arancel">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.actuacion}</Table.Th>
                <Table.Th w={150}>{m.desde}</Table.Th>
                <Table.Th w={150}>{m.hasta}</Table.Th>
                <Table.Th w={110}>{m.porcentaje}</Table.Th>
                <Table.Th w={110}>{m.pesos}</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((f, index) => (
                <Table.Tr key={f.key}>
                  <Table.Td>
                    <TextInput aria-label={`${m.actuacion} (${m.fila(index + 1)})`} value={f.actuacion} maxLength={200} onChange={(e) => cambiar(f.key, { actuacion: e.currentTarget.value })} />
                  </Table.Td>
                  <Table.Td>
                    <PesosInput aria-label={`${m.desde} (${m.fila(index + 1)})`} value={f.cuantia_desde} onChange={(value) => cambiar(f.key, { cuantia_desde: value ?? 0 })} />
                  </Table.Td>
                  <Table.Td>
                    <PesosInput aria-label={`${m.hasta} (${m.fila(index + 1)})`} placeholder={m.sinLimite} value={f.cuantia_hasta} onChange={(value) => cambiar(f.key, { cuantia_hasta: value })} />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`${m.porcentaje} (${m.fila(index + 1)})`}
                      value={f.porcentaje_utm}
                      onChange={(value) => cambiar(f.key, { porcentaje_utm: typeof value === 'number' ? value : 0 })}
                      suffix=" %"
                      decimalSeparator=","
                      decimalScale={4}
                      allowNegative={false}
                      hideControls
                    />
                  </Table.Td>
                  <Table.Td>{utm !== null ? <Text size="sm">{pesos(pesosDeUtm(f.porcentaje_utm, utm))}</Text> : '—'}</Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={m.quitar(index + 1)} onClick={() => setFilas((current) => current.filter((x) => x.key !== f.key))}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <SaveFooter
        problema={problema}
        problemaTestId="arancel-error"
        add={{ label: m.agregar, onClick: () => setFilas((current) => [...current, fila()]) }}
        saveLabel={m.guardar}
        onSave={() => void save()}
        saving={guardar.isPending}
      />
    </Stack>
  );
}

/** Configuration of the official schedule (values the receiver confirms) and the month's UTM that prices it. */
export function ArancelPanel() {
  const mes = todayIso().slice(0, 7);
  const arancel = useArancel();
  const utm = useUtm(mes);
  return (
    <SettingsCard testId="arancel" title={m.titulo} hint={m.hint} query={arancel} loadError={m.cargaError} before={<UtmMes mes={mes} utm={utm.data} />}>
      {(filas) => <ArancelEditor inicial={filas} utm={utm.data?.valor ?? null} />}
    </SettingsCard>
  );
}
