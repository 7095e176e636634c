import { Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconEye, IconSend } from '@tabler/icons-react';
import { formatCLP, formatDate, type Frecuencia, type InformePreview, PERIODO_ADJETIVO, PERIODO_TEXTO, todayIso } from '@receptoria/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { saveFile } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { generarExcel, getPreview, useEnviarExcel } from '../api/informes';
import { informesMessages as m } from '../messages';

const ESTADO = { estampado: 'Estampado', listo_para_estampar: 'Listo para estampar' } as Record<string, string>;

function slug(nombre: string) {
  return nombre.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'estudio';
}

/** One period of the panel: preview table (max 18rem, scrolls), download and send (spec 01 §2). */
export function PeriodoSection({
  estudio,
  frecuencia,
  correoDestino,
}: {
  estudio: { id: number; nombre: string };
  frecuencia: Frecuencia;
  correoDestino: string;
}) {
  const [preview, setPreview] = useState<InformePreview | null>(null);
  const [empty, setEmpty] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const enviar = useEnviarExcel(estudio.id);
  const adjetivo = PERIODO_ADJETIVO[frecuencia];

  const previsualizar = async () => {
    setLoading(true);
    setEmpty(null);
    try {
      setPreview(await getPreview(estudio.id, frecuencia));
    } catch (error) {
      setPreview(null);
      if (error instanceof ApiError && error.status === 404) setEmpty(m.sinEncargos(PERIODO_TEXTO[frecuencia]));
      else notify.error(m.errorPrevisualizacion(adjetivo));
    } finally {
      setLoading(false);
    }
  };

  const descargar = async () => {
    setDownloading(true);
    try {
      const file = await generarExcel(estudio.id, frecuencia);
      const name = file.filename ?? `informe_${frecuencia}_${slug(estudio.nombre)}_${todayIso()}.xlsx`;
      saveFile(file.blob, name);
      notify.success(m.descargado(name));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notify.error(m.sinEncargos(PERIODO_TEXTO[frecuencia]));
      else notify.error(m.errorExcel(adjetivo));
    } finally {
      setDownloading(false);
    }
  };

  const send = () =>
    enviar.mutate(
      { frecuencia, correo_destino: correoDestino },
      {
        onSuccess: (data) => notify.success(m.enviado(data.destinatarios.join(', '))),
        onError: (error) => {
          const detail = error instanceof ApiError ? error.detail : undefined;
          notify.error(detail ?? m.errorEnvio(adjetivo), detail ? m.errorEnvio(adjetivo) : undefined);
        },
      },
    );

  return (
    <Paper withBorder p="sm" radius="md" data-testid={`informe-${frecuencia}`}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Stack gap={0}>
          <Text fw={600}>{m.periodoTitulo[frecuencia]}</Text>
          <Text size="xs" c="dimmed">
            {m.periodoAyuda[frecuencia]}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconEye size={14} />} loading={loading} onClick={() => void previsualizar()}>
            {m.previsualizar}
          </Button>
          <Button size="xs" variant="light" color="teal" leftSection={<IconDownload size={14} />} loading={downloading} onClick={() => void descargar()}>
            {m.descargar}
          </Button>
          <Button size="xs" variant="light" color="grape" leftSection={<IconSend size={14} />} loading={enviar.isPending} onClick={send}>
            {m.enviar}
          </Button>
        </Group>
      </Group>
      {empty && (
        <Text size="sm" c="dimmed" data-testid={`informe-${frecuencia}-vacio`}>
          {empty}
        </Text>
      )}
      {preview && (
        <Stack gap="xs">
          <Group gap="md">
            <Text size="sm">
              {m.periodo}: <b>{preview.periodo.descripcion}</b>
            </Text>
            <Badge variant="light">
              {m.totalRoles}: {preview.estadisticas.total_roles}
            </Badge>
            <Badge variant="light" color="teal">
              {m.totalValor}: {formatCLP(preview.estadisticas.total_valor)}
            </Badge>
          </Group>
          <ScrollArea.Autosize mah="18rem" type="auto" data-testid={`informe-${frecuencia}-tabla`}>
            <Table striped highlightOnHover stickyHeader fz="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.columnas.rol}</Table.Th>
                  <Table.Th>{m.columnas.estado}</Table.Th>
                  <Table.Th>{m.columnas.parte}</Table.Th>
                  <Table.Th>{m.columnas.tribunal}</Table.Th>
                  <Table.Th>{m.columnas.tipoEstampado}</Table.Th>
                  <Table.Th>{m.columnas.fechaDiligencia}</Table.Th>
                  <Table.Th>{m.columnas.fechaEstampado}</Table.Th>
                  <Table.Th>{m.columnas.venceExcepciones}</Table.Th>
                  <Table.Th ta="right">{m.columnas.valor}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.datos.map((fila) => (
                  <Table.Tr key={fila.id}>
                    <Table.Td>{fila.numero_rol}</Table.Td>
                    <Table.Td>{ESTADO[fila.estado] ?? fila.estado}</Table.Td>
                    <Table.Td>{fila.parte_demandante || 'No especificado'}</Table.Td>
                    <Table.Td>{fila.tribunal || 'No especificado'}</Table.Td>
                    <Table.Td>{fila.tipo_estampado || '—'}</Table.Td>
                    <Table.Td>{formatDate(fila.fecha_diligencia, '—')}</Table.Td>
                    <Table.Td>{formatDate(fila.fecha_estampado, '—')}</Table.Td>
                    <Table.Td>{formatDate(fila.vence_excepciones, '—')}</Table.Td>
                    <Table.Td ta="right">{formatCLP(fila.valor_asociado, '—')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Paper>
  );
}
