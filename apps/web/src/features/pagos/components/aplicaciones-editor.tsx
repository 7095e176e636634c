import { Button, Group, Table, Text } from '@mantine/core';
import type { ReciboAbierto } from '@receptoria/contracts';
import { PesosInput } from '../../../components/pesos-input';
import { fechaGuion, pesos } from '../../../lib/format';
import { pagosScreenMessages as m } from '../messages';
import { distribuir, type Montos } from '../utils/aplicaciones';

/** The firm's open receipts with the amount to apply to each; the rest of the money stays as credit. */
export function AplicacionesEditor({
  abiertos,
  montos,
  onChange,
  disponible,
}: {
  abiertos: readonly ReciboAbierto[];
  montos: Montos;
  onChange: (montos: Montos) => void;
  disponible: number;
}) {
  if (abiertos.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {m.sinAbiertos}
      </Text>
    );
  }
  return (
    <>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {m.aplicaciones}
        </Text>
        <Button size="xs" variant="subtle" onClick={() => onChange(distribuir(disponible, abiertos))} disabled={disponible <= 0}>
          {m.completar}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={4} data-testid="aplicaciones">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{m.cols.numero}</Table.Th>
              <Table.Th>{m.cols.fecha}</Table.Th>
              <Table.Th ta="right">{m.cols.saldo}</Table.Th>
              <Table.Th w={180}>{m.cols.aplicar}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {abiertos.map((recibo) => (
              <Table.Tr key={recibo.id}>
                <Table.Td>{recibo.numero}</Table.Td>
                <Table.Td>{fechaGuion(recibo.fecha)}</Table.Td>
                <Table.Td ta="right">{pesos(recibo.saldo)}</Table.Td>
                <Table.Td>
                  <PesosInput
                    aria-label={`${m.aplicar} al recibo N° ${recibo.numero}`}
                    value={montos[recibo.id] || null}
                    onChange={(value) => onChange({ ...montos, [recibo.id]: value ?? 0 })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
