import { ActionIcon, NumberInput, Stack, Table } from '@mantine/core';
import { RetencionPutSchema, type RetencionTasa } from '@receptoria/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { SaveFooter, useSaveProblema } from '../../../components/save-footer';
import { SettingsCard } from '../../../components/settings-card';
import { notify } from '../../../lib/notify';
import { useRetencion, useSaveRetencion } from '../api/tarifas-api';
import { retencionMessages as m } from '../messages';

function RetencionEditor({ inicial }: { inicial: RetencionTasa[] }) {
  const [filas, setFilas] = useState<RetencionTasa[]>(inicial);
  const { problema, trySave } = useSaveProblema();
  const guardar = useSaveRetencion();
  const cambiar = (index: number, patch: Partial<RetencionTasa>) => setFilas((current) => current.map((f, i) => (i === index ? { ...f, ...patch } : f)));

  const save = () =>
    trySave(async () => {
      const parsed = RetencionPutSchema.safeParse(filas);
      if (!parsed.success) return parsed.error.issues[0]?.message ?? '';
      setFilas(await guardar.mutateAsync(parsed.data));
      notify.success(m.guardadas);
    });

  const siguiente = () => (filas.length === 0 ? new Date().getFullYear() : Math.max(...filas.map((f) => f.anio)) + 1);

  return (
    <Stack gap="sm">
      <Table verticalSpacing={4} maw={420} data-testid="tabla-retencion">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{m.anio}</Table.Th>
            <Table.Th>{m.tasa}</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filas.map((f, index) => (
            <Table.Tr key={index}>
              <Table.Td>
                <NumberInput aria-label={`${m.anio} ${index + 1}`} value={f.anio} onChange={(v) => cambiar(index, { anio: typeof v === 'number' ? v : 0 })} allowDecimal={false} hideControls />
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`${m.tasa} ${f.anio}`}
                  value={f.tasa}
                  onChange={(v) => cambiar(index, { tasa: typeof v === 'number' ? v : 0 })}
                  decimalSeparator=","
                  decimalScale={2}
                  suffix=" %"
                  allowNegative={false}
                  hideControls
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={m.quitar(f.anio)} onClick={() => setFilas((current) => current.filter((_, i) => i !== index))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <SaveFooter
        problema={problema}
        add={{ label: m.agregar, onClick: () => setFilas((current) => [...current, { anio: siguiente(), tasa: 0 }]) }}
        saveLabel={m.guardar}
        onSave={() => void save()}
        saving={guardar.isPending}
        maw={420}
      />
    </Stack>
  );
}

/** The boleta's retention rate by year (GET|PUT /honorarios/retencion/). */
export function RetencionPanel() {
  const retencion = useRetencion();
  return (
    <SettingsCard testId="retencion" title={m.titulo} hint={m.hint} query={retencion} loadError={m.cargaError}>
      {(tasas) => <RetencionEditor inicial={tasas} />}
    </SettingsCard>
  );
}
