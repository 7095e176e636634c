import { Alert, Badge, Button, Divider, Group, Loader, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { type Recibo, type ReciboEstado, recibosMessages } from '@receptoria/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { usePermission } from '../../../lib/auth/use-permission';
import { errorText } from '../../../lib/error-text';
import { fechaGuion, pesos } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { downloadReciboPdf, useAnularRecibo, useRecibo } from '../api/recibos-api';
import { recibosScreenMessages as m } from '../messages';
import { accionesRecibo, motivosCerrados } from '../utils/acciones-recibo';
import { BoletaForm, BoletaMontos, RebajaForm } from './recibo-acciones';
import { ReciboItemsEditor } from './recibo-items-editor';

export const ESTADO_COLOR: Record<ReciboEstado, string> = { emitido: 'blue', pagado_parcial: 'yellow', pagado: 'teal', anulado: 'gray' };

export function EstadoReciboBadge({ estado }: { estado: ReciboEstado }) {
  return (
    <Badge color={ESTADO_COLOR[estado]} variant="light" tt="none" data-testid="recibo-estado">
      {m.estados[estado]}
    </Badge>
  );
}

function Totales({ recibo }: { recibo: Recibo }) {
  const filas: [string, number, string][] = [
    [m.subtotal, recibo.subtotal, 'subtotal'],
    [m.rebaja, -recibo.rebaja, 'rebaja'],
    [m.total, recibo.total, 'total'],
    [m.pagado, recibo.pagado, 'pagado'],
    ...(recibo.retenido > 0 ? ([[m.retenido, recibo.retenido, 'retenido']] as [string, number, string][]) : []),
    [m.saldo, recibo.saldo, 'saldo'],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={2} maw={360} ml="auto">
      <Table.Tbody>
        {filas.map(([label, value, key]) => (
          <Table.Tr key={key}>
            <Table.Td fw={key === 'total' || key === 'saldo' ? 700 : 400}>{label}</Table.Td>
            <Table.Td ta="right" fw={key === 'total' || key === 'saldo' ? 700 : 400} data-testid={`recibo-${key}`}>
              {pesos(value)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

type Panel = null | 'rebaja' | 'boleta' | 'items';

/** An open receipt: its items, totals and state, the PDF, and 'Rebaja', 'Anular' and 'Boleta'. */
function ReciboDetalleContenido({ recibo, onClose }: { recibo: Recibo; onClose: () => void }) {
  const [panel, setPanel] = useState<Panel>(null);
  const [motivoAnular, setMotivoAnular] = useState('');
  const [problema, setProblema] = useState<string | null>(null);
  const puedeImprimir = usePermission('imprime_recibos');
  const puedeRebajar = usePermission('rebaja_recibos');
  const puedeEditar = usePermission('edit_asocia_recibos');
  const anular = useAnularRecibo(recibo.id);
  const anulado = recibo.estado === 'anulado';
  const acciones = accionesRecibo(recibo, { rebajar: puedeRebajar, editar: puedeEditar });
  const motivos = anulado ? [] : motivosCerrados(acciones);

  const pdf = () => downloadReciboPdf(recibo.id, recibo.numero).catch((error: unknown) => notify.error(`${m.pdfError}: ${errorText(error)}`));

  const confirmarAnulacion = async () => {
    setProblema(null);
    const motivo = motivoAnular.trim();
    if (!motivo) {
      setProblema(recibosMessages.motivoRequerido);
      return;
    }
    const ok = await confirmAction({ title: m.anularTitulo(recibo.numero), text: m.anularTexto, confirm: m.anularConfirmar });
    if (!ok) return;
    try {
      await anular.mutateAsync({ motivo });
      notify.success(m.anularOk(recibo.numero));
      setMotivoAnular('');
    } catch (error) {
      const text = errorText(error);
      setProblema(text);
      notify.error(text);
    }
  };

  return (
    <Stack gap="sm" data-testid="recibo-detalle">
      <Group justify="space-between">
        <Stack gap={0}>
          <Text fw={700}>{recibo.estudio.nombre}</Text>
          <Text size="sm" c="dimmed">
            {fechaGuion(recibo.fecha)}
          </Text>
        </Stack>
        <EstadoReciboBadge estado={recibo.estado} />
      </Group>
      {recibo.anulacion ? (
        <Alert color="gray">{m.anulado(recibo.anulacion.motivo, recibo.anulacion.usuario, fechaGuion(recibo.anulacion.fecha))}</Alert>
      ) : null}
      {recibo.observaciones ? <Text size="sm">{recibo.observaciones}</Text> : null}
      <Text fw={600} size="sm">
        {m.items}
      </Text>
      <Table verticalSpacing={4} data-testid="recibo-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{m.cols.rol}</Table.Th>
            <Table.Th>{m.cols.tipo}</Table.Th>
            <Table.Th>{m.cols.fechaDiligencia}</Table.Th>
            <Table.Th ta="right">{m.cols.valor}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {recibo.items.map((item) => (
            <Table.Tr key={item.diligencia_id}>
              <Table.Td>{item.numero_rol}</Table.Td>
              <Table.Td>{item.tipo}</Table.Td>
              <Table.Td>{fechaGuion(item.fecha_diligencia)}</Table.Td>
              <Table.Td ta="right">{pesos(item.valor)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Totales recibo={recibo} />
      {recibo.rebajas.length > 0 ? (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {m.rebajas}
          </Text>
          {recibo.rebajas.map((r) => (
            <Text size="sm" key={r.id}>
              {fechaGuion(r.creado_en)} · {pesos(r.monto)} · {r.motivo} ({r.usuario})
            </Text>
          ))}
        </Stack>
      ) : null}
      {recibo.boleta ? (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {m.boletaDe(recibo.boleta.numero_boleta, fechaGuion(recibo.boleta.fecha))} · {m.retieneLabels[recibo.boleta.retiene]}
          </Text>
          <BoletaMontos boleta={recibo.boleta} />
        </Stack>
      ) : null}
      <Divider />
      <Group gap="xs">
        <Button
          leftSection={<IconDownload size={16} />}
          variant="light"
          onClick={() => void pdf()}
          disabled={!puedeImprimir}
          title={puedeImprimir ? undefined : m.sinPermiso}
        >
          {m.descargarPdf}
        </Button>
        {!anulado ? (
          <>
            <Button
              variant="default"
              onClick={() => setPanel(panel === 'rebaja' ? null : 'rebaja')}
              disabled={acciones.rebaja.disabled}
              title={acciones.rebaja.motivo}
            >
              {m.accionRebaja}
            </Button>
            <Button
              variant="default"
              onClick={() => setPanel(panel === 'boleta' ? null : 'boleta')}
              disabled={acciones.boleta.disabled}
              title={acciones.boleta.motivo}
            >
              {m.accionBoleta}
            </Button>
            <Button
              variant="default"
              onClick={() => setPanel(panel === 'items' ? null : 'items')}
              disabled={acciones.items.disabled}
              title={acciones.items.motivo}
            >
              {m.accionDiligencias}
            </Button>
          </>
        ) : null}
      </Group>
      {motivos.length > 0 ? (
        <Stack gap={0} data-testid="recibo-acciones-motivos">
          {motivos.map((motivo) => (
            <Text size="xs" c="dimmed" key={motivo}>
              {motivo}
            </Text>
          ))}
        </Stack>
      ) : null}
      {panel === 'rebaja' ? <RebajaForm recibo={recibo} onDone={() => setPanel(null)} /> : null}
      {panel === 'boleta' ? <BoletaForm recibo={recibo} onDone={() => setPanel(null)} /> : null}
      {panel === 'items' ? <ReciboItemsEditor recibo={recibo} onDone={() => setPanel(null)} /> : null}
      {!anulado ? (
        <Group align="flex-end" gap="xs">
          <Textarea
            label={m.motivo}
            aria-label={`${m.motivo} de la anulación`}
            value={motivoAnular}
            onChange={(event) => setMotivoAnular(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={1}
            style={{ flex: 1 }}
          />
          <Button color="red" variant="light" onClick={() => void confirmarAnulacion()} loading={anular.isPending}>
            {m.accionAnular}
          </Button>
        </Group>
      ) : null}
      {problema ? <Alert color="red">{problema}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="subtle" onClick={onClose}>
          {m.cerrar}
        </Button>
      </Group>
    </Stack>
  );
}

export function ReciboDetalleModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const recibo = useRecibo(id);
  return (
    <Modal opened={id !== null} onClose={onClose} size="xl" title={recibo.data ? m.detalle(recibo.data.numero) : ''}>
      {recibo.isPending ? (
        <Loader />
      ) : recibo.isError ? (
        <Alert color="red">{errorText(recibo.error)}</Alert>
      ) : (
        <ReciboDetalleContenido recibo={recibo.data} onClose={onClose} />
      )}
    </Modal>
  );
}
