import { ActionIcon, Badge, Box, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type CierreDia, type CierreVisita, formatCLP, formatDate, formatThousands, RESULTADO_VISITA_LABELS, type ResultadoVisita, todayIso } from '@receptoria/contracts';
import { cierreDiaMessages as m } from '@receptoria/contracts/dashboard/constants';
import { IconChevronLeft, IconChevronRight, IconFileTypePdf } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { notify } from '../../../lib/notify';
import { downloadCierreDiaPdf, useCierreDia } from '../api/get-cierre-dia';
import { dashboardMessages } from '../messages';

const t = dashboardMessages.cierre;

/** YYYY-MM-DD moved by whole days (calendar arithmetic, no time zone involved). */
function shiftDay(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function Figure({ label, value, caption, testId }: { label: string; value: string; caption?: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value}
      </Text>
      {caption ? (
        <Text size="xs" c="dimmed">
          {caption}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A titled list of the closing, scrolled past its height; the empty sentence when it has no rows. */
interface ListaProps {
  title: string;
  hint?: string;
  empty: string;
  testId: string;
  maxHeight: string;
  children: ReactNode[];
}

function Lista({ title, hint, empty, testId, maxHeight, children }: ListaProps) {
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        // The browser's own scrolling: Mantine's ScrollArea imports @floating-ui/react for one ref helper,
        // which with it would add about 20 KB gzip to the dashboard's first download.
        <Box mah={maxHeight} style={{ overflowY: 'auto', scrollbarWidth: 'thin' }}>
          <Stack gap={4} pr="sm" data-testid={testId}>
            {children}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

function VisitaFila({ v }: { v: CierreVisita }) {
  return (
    <Group gap="xs" wrap="wrap" justify="space-between">
      <Text size="sm" style={{ minWidth: 0 }}>
        <Text span c="dimmed">
          {v.hora}
        </Text>{' '}
        <Text span fw={600} className="numero-rol">
          {v.numero_rol}
        </Text>
        {v.domicilio ? ` · ${v.domicilio}` : ''} · {RESULTADO_VISITA_LABELS[v.resultado as ResultadoVisita] ?? v.resultado}
      </Text>
      <Group gap={6} wrap="wrap">
        {v.negativa ? (
          <Badge size="sm" variant="light" color="orange">
            {m.negativa}
          </Badge>
        ) : null}
        <Badge size="sm" variant="light" color={v.con_resultados ? 'teal' : 'gray'}>
          {`${m.conResultados}: ${v.con_resultados ? m.si : m.no}`}
        </Badge>
        <Badge size="sm" variant="light" color={v.con_certificado ? 'teal' : 'gray'}>
          {`${m.conCertificado}: ${v.con_certificado ? m.si : m.no}`}
        </Badge>
        <Badge size="sm" variant="light" color={v.facturable ? 'teal' : 'gray'}>
          {v.facturable ? m.facturable : m.noFacturable}
        </Badge>
      </Group>
    </Group>
  );
}

function Visitas({ cierre }: { cierre: CierreDia }) {
  const resumen =
    cierre.visitas.length === 0
      ? undefined
      : [
          m.resumenVisitas(cierre.visitas.length, cierre.encargos_visitados),
          m.visitasNegativas(cierre.visitas_negativas),
          m.visitasSinResultados(cierre.visitas_sin_resultados),
          m.visitasSinCertificado(cierre.visitas_sin_certificado),
          m.visitasFacturables(cierre.visitas_facturables),
        ].join(' · ');
  return (
    <Lista title={m.visitas} hint={resumen} empty={m.sinVisitas} testId="cierre-lista-visitas" maxHeight="14rem">
      {cierre.visitas.map((v) => (
        <VisitaFila key={v.id} v={v} />
      ))}
    </Lista>
  );
}

function Contenido({ cierre }: { cierre: CierreDia }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        <Figure label={m.certificados} value={formatThousands(cierre.certificados.length)} testId="cierre-certificados" />
        <Figure
          label={m.totalDerechos}
          value={formatCLP(cierre.total_derechos)}
          caption={t.encargos(cierre.encargos_certificados)}
          testId="cierre-total"
        />
        <Figure
          label={m.facturable}
          value={formatCLP(cierre.total_facturable)}
          caption={t.encargos(cierre.encargos_facturables)}
          testId="cierre-facturable"
        />
        <Figure
          label={m.visitas}
          value={formatThousands(cierre.visitas.length)}
          caption={m.visitasNegativas(cierre.visitas_negativas)}
          testId="cierre-visitas"
        />
        <Figure label={t.sinResultadosCorto} value={formatThousands(cierre.sin_resultados.length)} testId="cierre-sin-resultados" />
      </SimpleGrid>

      <Lista title={m.certificados} empty={m.sinCertificados} testId="cierre-lista-certificados" maxHeight="14rem">
        {cierre.certificados.map((c) => (
          <Group key={c.id} gap="xs" wrap="wrap" justify="space-between">
            <Text size="sm" style={{ minWidth: 0 }}>
              <Text span c="dimmed">
                {c.hora}
              </Text>{' '}
              <Text span fw={600} className="numero-rol">
                {c.numero_rol}
              </Text>{' '}
              · {c.tipo_estampado}
              {c.estudio ? ` · ${c.estudio}` : ''}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={600}>
                {c.valor === null ? m.sinResultadoRegistrado : formatCLP(c.valor)}
              </Text>
              <Badge size="sm" variant="light" color={c.facturable ? 'teal' : 'gray'}>
                {c.facturable ? m.facturable : m.noFacturable}
              </Badge>
            </Group>
          </Group>
        ))}
      </Lista>
      <Text size="xs" c="dimmed">
        {m.criterioFacturable}
      </Text>

      <Visitas cierre={cierre} />

      <Lista
        title={m.sinResultados}
        hint={cierre.criterio_sin_resultados}
        empty={m.sinResultadosVacio}
        testId="cierre-lista-sin-resultados"
        maxHeight="12rem"
      >
        {cierre.sin_resultados.map((e) => (
          <Text key={e.id} size="sm">
            <Text span c="dimmed">
              {e.hora}
            </Text>{' '}
            <Text span fw={600} className="numero-rol">
              {e.numero_rol}
            </Text>{' '}
            · {e.estudio}
            {e.direccion ? ` · ${e.direccion}` : ''}
          </Text>
        ))}
      </Lista>
    </Stack>
  );
}

/** Cierre del día: what was certified and billed today, the field visits, and what was worked without results. */
export function CierreDiaPanel() {
  const hoy = todayIso();
  const [fecha, setFecha] = useState(hoy);
  const cierre = useCierreDia(fecha === hoy ? null : fecha);
  const [downloading, setDownloading] = useState(false);

  const pdf = async () => {
    setDownloading(true);
    try {
      await downloadCierreDiaPdf(fecha);
    } catch {
      notify.error(m.errorPdf);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card padding="lg" shadow="xs" data-testid="cierre-dia">
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Title order={4}>{m.titulo}</Title>
            <Text size="sm" c="dimmed" data-testid="cierre-fecha">
              {fecha === hoy ? t.hoy(formatDate(fecha)) : formatDate(fecha)}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="default" size="lg" aria-label={t.anterior} onClick={() => setFecha(shiftDay(fecha, -1))}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t.siguiente}
              disabled={fecha >= hoy}
              onClick={() => setFecha(shiftDay(fecha, 1))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
            <Button variant="light" leftSection={<IconFileTypePdf size={16} />} loading={downloading} onClick={() => void pdf()}>
              {m.descargarPdf}
            </Button>
          </Group>
        </Group>
        {cierre.isPending ? (
          <Loader size="sm" type="dots" />
        ) : cierre.isError ? (
          <Text c="red" size="sm">
            {m.errorCargar}
          </Text>
        ) : (
          <Contenido cierre={cierre.data} />
        )}
      </Stack>
    </Card>
  );
}
