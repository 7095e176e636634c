import { Alert, Button, Checkbox, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { Recibo } from '@receptoria/contracts';
import { useState } from 'react';
import { errorText } from '../../../lib/error-text';
import { fechaGuion, pesos } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useFacturables, usePatchRecibo } from '../api/recibos-api';
import { recibosScreenMessages as m } from '../messages';

const toggle = (set: Set<number>, id: number, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
};

/**
 * 'Editar diligencias' (edit_asocia_recibos): tick the receipt's diligences to take out and the firm's
 * unbilled ones to add; one PATCH with both. The API refuses it once something is paid.
 */
export function ReciboItemsEditor({ recibo, onDone }: { recibo: Recibo; onDone: () => void }) {
  const facturables = useFacturables(recibo.estudio.id);
  const patch = usePatchRecibo(recibo.id);
  const [quitar, setQuitar] = useState<Set<number>>(new Set());
  const [agregar, setAgregar] = useState<Set<number>>(new Set());
  const [problema, setProblema] = useState<string | null>(null);

  const guardar = async () => {
    setProblema(null);
    if (quitar.size === 0 && agregar.size === 0) {
      setProblema(m.sinCambiosDiligencias);
      return;
    }
    try {
      const actualizado = await patch.mutateAsync({ agregar: [...agregar], quitar: [...quitar] });
      notify.success(m.diligenciasOk(actualizado.numero));
      onDone();
    } catch (error) {
      const text = errorText(error);
      setProblema(text);
      notify.error(text);
    }
  };

  const disponibles = facturables.data ?? [];

  return (
    <Stack gap="sm" data-testid="recibo-items-editor">
      <div>
        <Text fw={600} size="sm">
          {m.editarDiligencias}
        </Text>
        <Text size="xs" c="dimmed">
          {m.editarHint}
        </Text>
      </div>
      <Table verticalSpacing={2}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>{m.quitar}</Table.Th>
            <Table.Th>{m.cols.rol}</Table.Th>
            <Table.Th>{m.cols.tipo}</Table.Th>
            <Table.Th ta="right">{m.cols.valor}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {recibo.items.map((item) => (
            <Table.Tr key={item.diligencia_id}>
              <Table.Td>
                <Checkbox
                  aria-label={m.quitarItem(item.numero_rol)}
                  checked={quitar.has(item.diligencia_id)}
                  onChange={(event) => setQuitar((s) => toggle(s, item.diligencia_id, event.currentTarget.checked))}
                />
              </Table.Td>
              <Table.Td>{item.numero_rol}</Table.Td>
              <Table.Td>{item.tipo}</Table.Td>
              <Table.Td ta="right">{pesos(item.valor)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text fw={600} size="sm">
        {m.disponibles}
      </Text>
      {facturables.isPending ? (
        <Loader size="sm" />
      ) : facturables.isError ? (
        <Alert color="red">{errorText(facturables.error)}</Alert>
      ) : disponibles.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.sinDisponibles}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={240}>
          <Table verticalSpacing={2} data-testid="recibo-items-disponibles">
            <Table.Tbody>
              {disponibles.map((fila) => (
                <Table.Tr key={fila.diligencia_id}>
                  <Table.Td w={70}>
                    <Checkbox
                      aria-label={m.agregarItem(fila.numero_rol)}
                      checked={agregar.has(fila.diligencia_id)}
                      onChange={(event) => setAgregar((s) => toggle(s, fila.diligencia_id, event.currentTarget.checked))}
                    />
                  </Table.Td>
                  <Table.Td>{fila.numero_rol}</Table.Td>
                  <Table.Td>{fila.tipo}</Table.Td>
                  <Table.Td>{fechaGuion(fila.fecha_diligencia)}</Table.Td>
                  <Table.Td ta="right">{pesos(fila.valor)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {problema ? <Alert color="red">{problema}</Alert> : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="subtle" onClick={onDone}>
          {m.cancelar}
        </Button>
        <Button onClick={() => void guardar()} loading={patch.isPending}>
          {m.guardarDiligencias}
        </Button>
      </Group>
    </Stack>
  );
}
