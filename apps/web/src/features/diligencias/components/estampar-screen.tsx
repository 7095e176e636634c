import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type EncargoConResultados,
  diligenciaMessages as dm,
  estadoLabel,
  formatCLP,
  formatDate,
  formatDateTime,
} from '@receptoria/contracts';
import { IconCertificate } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { EstadoBadge } from '../../../components/estado-badge';
import { FormSelect } from '../../../components/form';
import { ReEncargoBadge } from '../../../components/re-encargo-badge';
import { notify } from '../../../lib/notify';
import { useTiposEstampado } from '../api/get-tipos-estampado';
import { diligenciasMessages } from '../messages';
import { tituloEstampado } from '../utils/fecha-diligencia';
import { admiteResultados, diligenciaSinHora, tieneDiligencia } from '../utils/resultados-form';
import { BackToDiligencias } from './back-link';
import { DocumentosEncargoPanel } from './documentos-encargo-panel';
import { SearchRolForm } from './search-rol-form';
import { useRolSearch } from './use-rol-search';
import { useStampFlow } from './use-stamp-flow';

const m = diligenciasMessages.estampar;
const r = diligenciasMessages.resumen;

interface EstamparValues {
  encargo: string | null;
  tipo: string | null;
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value || r.noEspecificado}
      </Text>
    </div>
  );
}

/**
 * The other stamp-generation screen (spec 02 §2.1, §4): the assignment is picked from a list, the type
 * from a list, and only preparado or listo_para_estampar assignments are stamped here.
 */
export function EstamparScreen() {
  const [encargos, setEncargos] = useState<EncargoConResultados[]>([]);
  const form = useForm<EstamparValues>({ defaultValues: { encargo: null, tipo: null } });
  const selectedId = useWatch({ control: form.control, name: 'encargo' });
  const selected = encargos.find((item) => String(item.id) === selectedId) ?? null;
  const tiposQuery = useTiposEstampado();
  const tipos = tiposQuery.data ?? [];
  const stamp = useStampFlow((encargoId, info) =>
    setEncargos((list) => list.map((item) => (item.id === encargoId ? { ...item, ...info } : item))),
  );

  const reported = useRef(false);
  useEffect(() => {
    if (tiposQuery.isError && !reported.current) {
      reported.current = true;
      notify.error(dm.errorCargarDatos);
    }
  }, [tiposQuery.isError]);

  const choose = (encargo: EncargoConResultados | undefined) => {
    const tipo = encargo?.ultima_diligencia_tipo_estampado ?? encargo?.tipo_estampado;
    form.reset({ encargo: encargo ? String(encargo.id) : null, tipo: tipo ? String(tipo) : null });
  };

  const search = useRolSearch((found) => {
    setEncargos(found);
    choose(found.length === 1 ? found[0] : undefined);
    notify.success(dm.encargoCargado);
  });

  const generate = async () => {
    const { tipo: tipoId } = form.getValues();
    if (!selected) return notify.error(dm.encargoRequerido);
    if (!tipoId) return notify.error(dm.tipoRequerido);
    const tipo = tipos.find((item) => String(item.id) === tipoId);
    if (!tipo) return notify.error(dm.tipoInvalido);
    if (!admiteResultados(selected.estado)) return notify.error(dm.estadoNoPermitidoEstampar(estadoLabel(selected.estado)));
    // A certificate needs its diligence on record (issue 30): results are entered on /diligencias.
    if (!tieneDiligencia(selected)) return notify.error(dm.primeroResultados);
    await stamp.generate(
      selected.id,
      selected.numero_rol,
      {
        tipo_estampado: tipo.id,
        encargo_id: selected.id,
        datos: { numero_rol: selected.numero_rol },
        titulo_documento: tituloEstampado(tipo.nombre, selected.numero_rol),
        validar_marcadores: true,
      },
      { sinHora: diligenciaSinHora(selected), fecha: formatDate(selected.ultima_diligencia_fecha, '') },
    );
  };

  const options = encargos.map((item) => ({
    value: String(item.id),
    label: m.encargoOption(
      item.numero_rol,
      item.es_re_encargo,
      estadoLabel(item.estado),
      formatDate(item.fecha_encargo, ''),
      item.ejecutados,
    ),
  }));

  return (
    <Stack gap="lg">
      <BackToDiligencias />
      <Box>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </Box>

      <SearchRolForm value={search.text} onChange={search.setText} onSearch={(value) => void search.search(value)} loading={search.searching} />

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <FormSelect
              control={form.control}
              name="encargo"
              label={m.encargo}
              placeholder={m.encargoPlaceholder}
              data={options}
              disabled={encargos.length === 0}
              searchable={false}
            />
            <FormSelect
              control={form.control}
              name="tipo"
              label={diligenciasMessages.resultados.tipo}
              placeholder={diligenciasMessages.resultados.tipoPlaceholder}
              data={tipos.map((item) => ({ value: String(item.id), label: item.nombre }))}
            />
          </SimpleGrid>

          {selected ? (
            <Paper withBorder p="md" data-testid="encargo-seleccionado">
              <Stack gap="sm">
                <Group gap="xs">
                  <Text fw={700}>{selected.numero_rol}</Text>
                  <ReEncargoBadge re={selected.es_re_encargo} />
                  <EstadoBadge estado={selected.estado} />
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
                  <Item label={diligenciasMessages.picker.estudio} value={selected.estudio_nombre} />
                  <Item label={r.ejecutado} value={selected.ejecutados} />
                  <Item label={r.tipo} value={selected.ultima_diligencia_tipo_estampado_nombre ?? ''} />
                  <Item label={r.fecha} value={formatDateTime(selected.ultima_diligencia_fecha, '')} />
                  <Item
                    label={r.estadoEstampado}
                    value={selected.estado_estampado === 'estampado' ? 'Estampado' : dm.sinEstampar}
                  />
                  <Item label={r.valor} value={formatCLP(selected.valor_asociado, '')} />
                </SimpleGrid>
              </Stack>
            </Paper>
          ) : null}

          <Group justify="flex-end">
            <Button leftSection={<IconCertificate size={16} />} onClick={() => void generate()} loading={stamp.generating}>
              {m.generate}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {selected ? (
        <DocumentosEncargoPanel
          encargoId={selected.id}
          numeroRol={selected.numero_rol}
          onStamped={(id, info) => setEncargos((list) => list.map((item) => (item.id === id ? { ...item, ...info } : item)))}
        />
      ) : null}
      {stamp.dialog}
    </Stack>
  );
}
