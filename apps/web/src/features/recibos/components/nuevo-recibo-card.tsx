import { Alert, Checkbox, Group, Loader, ScrollArea, SimpleGrid, Table, Text } from '@mantine/core';
import { todayIso } from '@receptoria/contracts';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CobroFormCard, EstudioSelect } from '../../../components/cobro-form-card';
import { FormDate, FormTextarea } from '../../../components/form';
import { useSaveProblema } from '../../../components/save-footer';
import { errorText } from '../../../lib/error-text';
import { fechaGuion, pesos } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCreateRecibo, useEstudiosRecibos, useFacturables } from '../api/recibos-api';
import { recibosScreenMessages as m } from '../messages';

interface NuevoReciboForm {
  fecha: string | null;
  observaciones: string;
}

/** 'Nuevo recibo': a firm's stamped diligences without a receipt, ticked, dated and billed in one receipt. */
export function NuevoReciboCard({ onCreated }: { onCreated: (id: number) => void }) {
  const estudios = useEstudiosRecibos();
  const [estudio, setEstudio] = useState<string | null>(null);
  const estudioId = estudio ? Number(estudio) : null;
  const facturables = useFacturables(estudioId);
  const [marcadas, setMarcadas] = useState<Set<number>>(new Set());
  const { problema, setProblema, trySave } = useSaveProblema();
  const form = useForm<NuevoReciboForm>({ defaultValues: { fecha: todayIso(), observaciones: '' } });
  const crear = useCreateRecibo();

  const filas = useMemo(() => facturables.data ?? [], [facturables.data]);
  const total = useMemo(() => filas.filter((f) => marcadas.has(f.diligencia_id)).reduce((sum, f) => sum + f.valor, 0), [filas, marcadas]);
  const todas = filas.length > 0 && filas.every((f) => marcadas.has(f.diligencia_id));

  const elegirEstudio = (value: string | null) => {
    setEstudio(value);
    setMarcadas(new Set());
    setProblema(null);
  };

  const alternar = (id: number, checked: boolean) =>
    setMarcadas((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = form.handleSubmit((values) =>
    trySave(async () => {
      if (!estudioId) return;
      if (marcadas.size === 0) return m.sinDiligencias;
      if (!values.fecha) {
        form.setError('fecha', { message: m.fechaRequerida });
        return;
      }
      const fecha = values.fecha;
      const recibo = await crear.mutateAsync({
        estudio_id: estudioId,
        diligencia_ids: filas.filter((f) => marcadas.has(f.diligencia_id)).map((f) => f.diligencia_id),
        fecha,
        observaciones: values.observaciones.trim() || undefined,
      });
      notify.success(m.creado(recibo.numero));
      setMarcadas(new Set());
      form.reset({ fecha, observaciones: '' });
      onCreated(recibo.id);
    }),
  );

  return (
    <CobroFormCard
      testId="nuevo-recibo"
      title={m.nuevo}
      hint={m.nuevoHint}
      problema={problema}
      resumen={m.seleccionadas(marcadas.size, pesos(total))}
      resumenTestId="nuevo-recibo-total"
      submitLabel={m.crear}
      onSubmit={() => void submit()}
      loading={crear.isPending}
      disabled={!estudioId || marcadas.size === 0}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <EstudioSelect label={m.estudio} placeholder={m.estudioPlaceholder} estudios={estudios.data} value={estudio} onChange={elegirEstudio} />
        <FormDate control={form.control} name="fecha" label={m.fecha} withAsterisk />
      </SimpleGrid>
      {!estudioId ? (
        <Text size="sm" c="dimmed">
          {m.elegirEstudio}
        </Text>
      ) : facturables.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{m.cargandoDiligencias}</Text>
        </Group>
      ) : facturables.isError ? (
        <Alert color="red">{errorText(facturables.error)}</Alert>
      ) : filas.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.sinFacturables}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={360}>
          <Table verticalSpacing={4} data-testid="facturables">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={m.seleccionarTodas}
                    checked={todas}
                    indeterminate={!todas && marcadas.size > 0}
                    onChange={(event) => setMarcadas(event.currentTarget.checked ? new Set(filas.map((f) => f.diligencia_id)) : new Set())}
                  />
                </Table.Th>
                <Table.Th>{m.cols.rol}</Table.Th>
                <Table.Th>{m.cols.tipo}</Table.Th>
                <Table.Th>{m.cols.fechaDiligencia}</Table.Th>
                <Table.Th ta="right">{m.cols.valor}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((fila) => (
                <Table.Tr key={fila.diligencia_id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={fila.numero_rol}
                      checked={marcadas.has(fila.diligencia_id)}
                      onChange={(event) => alternar(fila.diligencia_id, event.currentTarget.checked)}
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
      <FormTextarea control={form.control} name="observaciones" label={m.observaciones} autosize minRows={1} maxLength={1000} />
    </CobroFormCard>
  );
}
