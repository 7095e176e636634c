import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type EncargoConResultados,
  type TipoEstampado,
  diligenciaMessages,
  estadoLabel,
  formatCLP,
  formatDate,
  parseFechaDiligencia,
} from '@receptoria/contracts';
import { useValorSugerido } from '../api/get-sugerido';
import { diligenciasMessages } from '../messages';
import { tituloEstampado } from '../utils/fecha-diligencia';
import { honorarioDe, honorarioDelFormulario } from '../utils/honorario';
import { principalDomicilio } from '../utils/info-form';
import type { ResultadosFormValues } from '../utils/resultados-form';

const m = diligenciasMessages.resumen;

function Item({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {value || m.noEspecificado}
      </Text>
    </div>
  );
}

interface ResumenSectionProps {
  encargo: EncargoConResultados | null;
  values: ResultadosFormValues;
  tipos: TipoEstampado[];
}

/** 'Resumen para Estampado': what the stamp will say. */
export function ResumenSection({ encargo, values, tipos }: ResumenSectionProps) {
  const tipo = tipos.find((item) => String(item.id) === values.tipo_estampado);
  const fecha = parseFechaDiligencia(values.fecha_diligencia);
  const domicilio = encargo ? principalDomicilio(encargo) : null;
  const sugerido = useValorSugerido(encargo?.id, values.tipo_estampado);
  const valor = honorarioDelFormulario(
    values.valor_personalizado !== '' ? Number(values.valor_personalizado) : null,
    { tipo: encargo?.ultima_diligencia_tipo_estampado ?? null, valor: encargo?.ultima_diligencia_valor ?? null },
    values.tipo_estampado,
    honorarioDe(sugerido.data, tipo, sugerido.isError),
  );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid="resumen-estampado">
      <Stack gap="md">
        <Title order={4}>{m.section}</Title>
        {encargo ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Item label={m.rol} value={encargo.numero_rol} />
            <Item label={m.estado} value={estadoLabel(encargo.estado)} testId="resumen-estado" />
            <Item
              label={m.estadoEstampado}
              value={encargo.estado_estampado === 'estampado' ? 'Estampado' : diligenciaMessages.sinEstampar}
              testId="resumen-estado-estampado"
            />
            <Item label={m.fechaEstampado} value={formatDate(encargo.fecha_estampado, '')} />
            <Item label={m.tipo} value={tipo?.nombre ?? ''} />
            <Item label={m.fecha} value={fecha ? values.fecha_diligencia : ''} />
            <Item label={m.ejecutado} value={[values.tratamiento, encargo.ejecutados].filter(Boolean).join(' ')} />
            <Item label={m.domicilio} value={domicilio ? `${domicilio.direccion}, ${domicilio.comuna}` : ''} />
            <Item label={m.valor} value={formatCLP(valor, '')} />
            <Item label={m.titulo} value={tipo ? tituloEstampado(tipo.nombre, encargo.numero_rol) : ''} />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            {m.empty}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
