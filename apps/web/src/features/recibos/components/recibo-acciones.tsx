import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { BOLETA_RETIENE, type Boleta, type BoletaRetiene, type Recibo, recibosMessages, todayIso } from '@receptoria/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDate, FormMoney, FormTextarea, FormTextInput } from '../../../components/form';
import { errorText } from '../../../lib/error-text';
import { pesos } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useBoletaRecibo, useRebajaRecibo } from '../api/recibos-api';
import { recibosScreenMessages as m } from '../messages';

/** 'Rebaja': an amount and its reason; the API refuses one that leaves the total below what is paid. */
export function RebajaForm({ recibo, onDone }: { recibo: Recibo; onDone: () => void }) {
  const form = useForm<{ monto: number | string; motivo: string }>({ defaultValues: { monto: '', motivo: '' } });
  const rebajar = useRebajaRecibo(recibo.id);
  const [problema, setProblema] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setProblema(null);
    if (typeof values.monto !== 'number' || values.monto <= 0) {
      form.setError('monto', { message: recibosMessages.montoPositivo });
      return;
    }
    if (!values.motivo.trim()) {
      form.setError('motivo', { message: recibosMessages.motivoRequerido });
      return;
    }
    try {
      await rebajar.mutateAsync({ monto: values.monto, motivo: values.motivo.trim() });
      notify.success(m.rebajaOk);
      onDone();
    } catch (error) {
      const text = errorText(error);
      setProblema(text);
      notify.error(text);
    }
  });

  return (
    <Stack gap="sm" data-testid="rebaja-form">
      <FormMoney control={form.control} name="monto" label={m.monto} withAsterisk />
      <FormTextarea control={form.control} name="motivo" label={m.motivo} autosize minRows={2} maxLength={500} withAsterisk />
      {problema ? <Alert color="red">{problema}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {m.cancelar}
        </Button>
        <Button onClick={() => void submit()} loading={rebajar.isPending}>
          {m.guardar}
        </Button>
      </Group>
    </Stack>
  );
}

/** The boleta's amounts at its year's rate, as the API answers them. */
export function BoletaMontos({ boleta }: { boleta: Boleta }) {
  return (
    <Table data-testid="boleta-montos" verticalSpacing={2} withRowBorders={false}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>{m.bruto}</Table.Td>
          <Table.Td ta="right">{pesos(boleta.bruto)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td>{m.retencion(boleta.tasa)}</Table.Td>
          <Table.Td ta="right">{pesos(boleta.retencion)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td fw={700}>{m.liquido}</Table.Td>
          <Table.Td ta="right" fw={700}>
            {pesos(boleta.liquido)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** 'Boleta': the electronic boleta de honorarios issued for the receipt, who retains, and its amounts. */
export function BoletaForm({ recibo, onDone }: { recibo: Recibo; onDone: () => void }) {
  const form = useForm<{ numero_boleta: string; fecha: string | null }>({ defaultValues: { numero_boleta: '', fecha: todayIso() } });
  const [retiene, setRetiene] = useState<BoletaRetiene>('pagador');
  const emitir = useBoletaRecibo(recibo.id);
  const [problema, setProblema] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setProblema(null);
    if (!values.numero_boleta.trim()) {
      form.setError('numero_boleta', { message: recibosMessages.numeroBoletaInvalido });
      return;
    }
    if (!values.fecha) {
      form.setError('fecha', { message: recibosMessages.fechaInvalida });
      return;
    }
    try {
      const boleta = await emitir.mutateAsync({ numero_boleta: values.numero_boleta.trim(), fecha: values.fecha, retiene });
      notify.success(m.boletaOk(boleta.numero_boleta));
      // The receipt, read again, shows the boleta and its amounts once.
      onDone();
    } catch (error) {
      const text = errorText(error);
      setProblema(text);
      notify.error(text);
    }
  });

  return (
    <Stack gap="sm" data-testid="boleta-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormTextInput control={form.control} name="numero_boleta" label={m.numeroBoleta} maxLength={20} withAsterisk />
        <FormDate control={form.control} name="fecha" label={m.fechaBoleta} withAsterisk />
      </SimpleGrid>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {m.retiene}
        </Text>
        <SegmentedControl
          value={retiene}
          onChange={(value) => setRetiene(value as BoletaRetiene)}
          data={BOLETA_RETIENE.map((value) => ({ value, label: m.retieneLabels[value] }))}
        />
      </div>
      {problema ? <Alert color="red">{problema}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {m.cancelar}
        </Button>
        <Button onClick={() => void submit()} loading={emitir.isPending}>
          {m.guardar}
        </Button>
      </Group>
    </Stack>
  );
}
