import { Table } from '@mantine/core';
import type { Movimiento } from '@receptoria/contracts';
import { pesos } from '../lib/format';

/**
 * An account's movements with the running balance, as the office's statement and the firm's portal
 * show them; each screen brings its texts, its date format and (the office) a title per movement type.
 */
export function MovimientosTable(props: {
  movimientos: Movimiento[];
  testId: string;
  minWidth: number;
  cols: { fecha: string; descripcion: string; cargo: string; abono: string; saldo: string };
  fecha: (iso: string) => string;
  tipoTitulo?: (tipo: Movimiento['tipo']) => string;
}) {
  const { cols } = props;
  return (
    <Table.ScrollContainer minWidth={props.minWidth}>
      <Table verticalSpacing={4} striped data-testid={props.testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{cols.fecha}</Table.Th>
            <Table.Th>{cols.descripcion}</Table.Th>
            <Table.Th ta="right">{cols.cargo}</Table.Th>
            <Table.Th ta="right">{cols.abono}</Table.Th>
            <Table.Th ta="right">{cols.saldo}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.movimientos.map((mov, index) => (
            <Table.Tr key={`${mov.tipo}-${mov.recibo_id ?? ''}-${mov.pago_id ?? ''}-${index}`}>
              <Table.Td>{props.fecha(mov.fecha)}</Table.Td>
              <Table.Td title={props.tipoTitulo?.(mov.tipo)}>{mov.descripcion}</Table.Td>
              <Table.Td ta="right">{mov.cargo ? pesos(mov.cargo) : ''}</Table.Td>
              <Table.Td ta="right">{mov.abono ? pesos(mov.abono) : ''}</Table.Td>
              <Table.Td ta="right">{pesos(mov.saldo)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
