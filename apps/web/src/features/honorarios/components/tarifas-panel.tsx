import { ActionIcon, Alert, Button, Card, Group, Loader, NumberInput, SegmentedControl, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { type TarifaInput, TarifasPutSchema, todayIso, versionDeTarifas } from '@receptoria/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { comunaOptions } from '../../../components/form';
import { PesosInput } from '../../../components/pesos-input';
import { SaveFooter, useSaveProblema } from '../../../components/save-footer';
import { errorText } from '../../../lib/error-text';
import { pesos } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useComunaNames } from '../../encargos/api/get-comunas';
import { useArancel, useSaveTarifas, useTarifas, useTiposEstampadoTarifas, useUtm } from '../api/tarifas-api';
import { tarifasMessages as m } from '../messages';
import { arancelDe, type FilaTarifa, filaDeTarifa, filaVacia, listaCompleta, pesosDeUtm } from '../utils/tarifas';

/** The first message of a refused list; a row's own problem says its row (this table's rows come first). */
function problemaDeLista(body: TarifaInput[], filas: number): string | null {
  const parsed = TarifasPutSchema.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (!issue) return null;
  const index = typeof issue.path[0] === 'number' ? issue.path[0] + 1 : null;
  const propia = index !== null && index <= filas && issue.path.length > 1;
  return propia ? `${m.fila(index)}: ${issue.message}` : issue.message;
}

interface EditorProps {
  estudioId: number | null;
  titulo: string;
}

function TarifasEditor({
  estudioId,
  titulo,
  inicial,
  todas,
  onSaved,
}: EditorProps & { inicial: FilaTarifa[]; todas: Parameters<typeof listaCompleta>[0]; onSaved: () => void }) {
  const [filas, setFilas] = useState<FilaTarifa[]>(inicial);
  const comunas = useComunaNames();
  const [abiertos, setAbiertos] = useState<Set<string>>(new Set());
  const { problema, trySave } = useSaveProblema();
  // The list's version as this editor read it: a save over someone else's later change is refused (409).
  const [versionLeida] = useState(() => versionDeTarifas(todas));
  const tipos = useTiposEstampadoTarifas();
  const arancel = useArancel();
  const mes = todayIso().slice(0, 7);
  const utm = useUtm(mes);
  const guardar = useSaveTarifas();
  const tipoData = useMemo(() => [{ value: '', label: m.cualquierTipo }, ...(tipos.data ?? []).map((t) => ({ value: String(t.id), label: t.nombre }))], [tipos.data]);
  const nombreTipo = (id: number | null) => (id === null ? null : (tipos.data?.find((t) => t.id === id)?.nombre ?? null));

  const cambiar = (key: string, patch: Partial<FilaTarifa>) => setFilas((current) => current.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  const alternarRecargos = (key: string) =>
    setAbiertos((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const save = () =>
    trySave(async () => {
      const body = listaCompleta(todas, estudioId, filas);
      const local = problemaDeLista(body, filas.length);
      if (local) return local;
      await guardar.mutateAsync({ rows: body, version: versionLeida });
      notify.success(m.guardadas);
      onSaved();
    });

  const valorUtm = utm.data?.valor ?? null;

  return (
    <Card withBorder data-testid={estudioId === null ? 'tarifas-general' : 'tarifas-estudio'}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={4}>{titulo}</Title>
            <Text size="sm" c="dimmed">
              {estudioId === null ? m.hintGeneral : m.hintEstudio}
            </Text>
          </div>
          {utm.data?.valor != null ? (
            <Text size="xs" c="dimmed">
              {m.utmDe(mes, pesos(utm.data.valor))}
            </Text>
          ) : null}
        </Group>
        {filas.length === 0 ? (
          <Text size="sm" c="dimmed">
            {estudioId === null ? m.sinFilasGeneral : m.sinFilas}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={1060}>
            <Table verticalSpacing={4} data-testid="tabla-tarifas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={220}>{m.tipo}</Table.Th>
                  <Table.Th w={150}>{m.desde}</Table.Th>
                  <Table.Th w={150}>{m.hasta}</Table.Th>
                  <Table.Th w={130}>{m.modo}</Table.Th>
                  <Table.Th w={160}>{m.monto}</Table.Th>
                  <Table.Th>{m.arancel}</Table.Th>
                  <Table.Th w={120}>{m.recargos}</Table.Th>
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {filas.map((fila, index) => {
                  const referencia = arancelDe(fila, nombreTipo(fila.tipo_estampado_id), arancel.data ?? []);
                  const abierto = abiertos.has(fila.key);
                  return [
                    <Table.Tr key={fila.key} data-testid="fila-tarifa">
                      <Table.Td>
                        <Select
                          aria-label={`${m.tipo} (${m.fila(index + 1)})`}
                          data={tipoData}
                          value={fila.tipo_estampado_id === null ? '' : String(fila.tipo_estampado_id)}
                          onChange={(value) => cambiar(fila.key, { tipo_estampado_id: value ? Number(value) : null })}
                          allowDeselect={false}
                          searchable
                        />
                      </Table.Td>
                      <Table.Td>
                        <PesosInput aria-label={`${m.desde} (${m.fila(index + 1)})`} value={fila.cuantia_desde} onChange={(value) => cambiar(fila.key, { cuantia_desde: value ?? 0 })} />
                      </Table.Td>
                      <Table.Td>
                        <PesosInput
                          aria-label={`${m.hasta} (${m.fila(index + 1)})`}
                          placeholder={m.sinLimite}
                          value={fila.cuantia_hasta}
                          onChange={(value) => cambiar(fila.key, { cuantia_hasta: value })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <SegmentedControl
                          size="xs"
                          value={fila.modo}
                          onChange={(value) => cambiar(fila.key, { modo: value as FilaTarifa['modo'] })}
                          data={[
                            { value: 'clp', label: m.clp },
                            { value: 'utm', label: m.utm },
                          ]}
                        />
                      </Table.Td>
                      <Table.Td>
                        {fila.modo === 'clp' ? (
                          <PesosInput aria-label={`${m.monto} (${m.fila(index + 1)})`} value={fila.monto_clp} onChange={(value) => cambiar(fila.key, { monto_clp: value ?? 0 })} />
                        ) : (
                          <Stack gap={0}>
                            <NumberInput
                              aria-label={`${m.porcentaje} (${m.fila(index + 1)})`}
                              value={fila.porcentaje_utm}
                              onChange={(value) => cambiar(fila.key, { porcentaje_utm: typeof value === 'number' ? value : 0 })}
                              suffix=" %"
                              decimalSeparator=","
                              decimalScale={2}
                              allowNegative={false}
                              hideControls
                            />
                            {valorUtm !== null ? (
                              <Text size="xs" c="dimmed">
                                {m.equivale(pesos(pesosDeUtm(fila.porcentaje_utm, valorUtm)))}
                              </Text>
                            ) : null}
                          </Stack>
                        )}
                      </Table.Td>
                      <Table.Td data-testid="tarifa-arancel">
                        {referencia && valorUtm !== null ? (
                          <Tooltip label={m.arancelHint(referencia.actuacion, String(referencia.porcentaje_utm).replace('.', ','), pesos(valorUtm))}>
                            <Text size="sm">{pesos(pesosDeUtm(referencia.porcentaje_utm, valorUtm))}</Text>
                          </Tooltip>
                        ) : (
                          <Text size="sm" c="dimmed">
                            {m.sinArancel}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Button size="compact-xs" variant="subtle" onClick={() => alternarRecargos(fila.key)}>
                          {m.recargosCount(fila.recargos.length)}
                        </Button>
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon variant="subtle" color="red" aria-label={m.quitar(index + 1)} onClick={() => setFilas((current) => current.filter((f) => f.key !== fila.key))}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>,
                    abierto ? (
                      <Table.Tr key={`${fila.key}-recargos`}>
                        <Table.Td colSpan={8}>
                          <Stack gap={4} pl="md">
                            {fila.recargos.map((recargo, i) => (
                              <Group key={i} gap="xs" wrap="nowrap">
                                <Select
                                  aria-label={`${m.comuna} (${m.fila(index + 1)})`}
                                  data={comunaOptions(comunas, recargo.comuna)}
                                  value={recargo.comuna || null}
                                  onChange={(value) => cambiar(fila.key, { recargos: fila.recargos.map((r, j) => (j === i ? { ...r, comuna: value ?? '' } : r)) })}
                                  searchable
                                  w={240}
                                />
                                <PesosInput
                                  aria-label={`${m.recargo} (${m.fila(index + 1)})`}
                                  value={recargo.monto_clp}
                                  onChange={(value) => cambiar(fila.key, { recargos: fila.recargos.map((r, j) => (j === i ? { ...r, monto_clp: value ?? 0 } : r)) })}
                                  w={160}
                                />
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={m.quitarRecargo(recargo.comuna)}
                                  onClick={() => cambiar(fila.key, { recargos: fila.recargos.filter((_, j) => j !== i) })}
                                >
                                  <IconTrash size={14} />
                                </ActionIcon>
                              </Group>
                            ))}
                            <Button
                              size="compact-xs"
                              variant="light"
                              w="fit-content"
                              leftSection={<IconPlus size={12} />}
                              onClick={() => cambiar(fila.key, { recargos: [...fila.recargos, { comuna: '', monto_clp: 0 }] })}
                            >
                              {m.agregarRecargo}
                            </Button>
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    ) : null,
                  ];
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <SaveFooter
          problema={problema}
          problemaTestId="tarifas-error"
          add={{ label: m.agregar, onClick: () => setFilas((current) => [...current, filaVacia()]) }}
          discard={{ label: m.descartar, onClick: () => setFilas(inicial) }}
          saveLabel={m.guardar}
          onSave={() => void save()}
          saving={guardar.isPending}
        />
      </Stack>
    </Card>
  );
}

/**
 * Tarifas (issue 25): the receiver's general list (estudioId null) or a firm's, an editable table of
 * rows saved whole with PUT /honorarios/tarifas/, the schedule's amount in pesos beside each row.
 */
export function TarifasPanel({ estudioId, estudioNombre }: { estudioId: number | null; estudioNombre?: string }) {
  const tarifas = useTarifas();
  const [version, setVersion] = useState(0);
  const titulo = estudioId === null ? m.tituloGeneral : m.tituloEstudio(estudioNombre ?? '');
  if (tarifas.isPending) return <Loader size="sm" />;
  if (tarifas.isError) {
    return (
      <Alert color="red" title={m.cargaError}>
        {errorText(tarifas.error)}
      </Alert>
    );
  }
  const inicial = tarifas.data.filter((t) => t.estudio_id === estudioId).map(filaDeTarifa);
  // A new key after each save: the editor starts again from what the server kept (a refetch while
  // typing leaves the typed rows alone).
  return (
    <TarifasEditor
      key={`${estudioId ?? 'general'}-${version}`}
      estudioId={estudioId}
      titulo={titulo}
      inicial={inicial}
      todas={tarifas.data}
      onSaved={() => setVersion((v) => v + 1)}
    />
  );
}
