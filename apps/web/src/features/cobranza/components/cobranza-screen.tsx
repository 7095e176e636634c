import { COBRANZA_COLUMNAS, COBRANZA_COLUMNAS_OBLIGATORIAS, type CobranzaColumnaId, ordenarColumnas } from '@receptoria/contracts';
import { Button, Card, Center, Checkbox, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  downloadPlanilla,
  useEncargosCobranza,
  useEnviarPlanilla,
  useEstudiosCobranza,
  useGenerarPlanilla,
  useHistorialCobranza,
} from '../api/cobranza-api';
import { cobranzaScreenMessages as m } from '../messages';
import { type CobranzaFechasForm, filtrosDeConsulta, rangoInvertido } from '../utils/filtros';
import { CobranzaFiltrosCard } from './cobranza-filtros-card';
import { CobranzaHistorial } from './cobranza-historial';
import { CobranzaPreview } from './cobranza-preview';

/** The collection link toast stays 120 s (spec 02 §8, §9). */
const LINK_TOAST_MS = 120_000;
const NO_DATES: CobranzaFechasForm = { fechaEspecifica: null, fechaInicio: null, fechaFin: null };

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function showDownloadToast(url: string, nombre: string) {
  notifications.show({
    id: `planilla-${url}`,
    color: 'teal',
    title: m.generada,
    autoClose: LINK_TOAST_MS,
    withBorder: true,
    message: (
      <Stack gap={6} align="flex-start">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {nombre}
        </Text>
        <Button
          size="xs"
          leftSection={<IconDownload size={14} />}
          onClick={() => {
            downloadPlanilla(url, nombre).catch(() => notify.error(m.descargarError));
          }}
        >
          {m.descargar}
        </Button>
      </Stack>
    ),
  });
}

/** A tab the app adds to Cobranza (receipts, payments, statements): its own lazy chunk, mounted when opened. */
export interface CobranzaSeccion {
  /** The ?tab= value. */
  value: string;
  label: string;
  render: () => ReactNode;
}

const PLANILLA_TAB = 'planilla';

/** Cobranza: the collection sheet (spec 02 §2.2) and the tabs the app adds beside it (issue 25). */
export function CobranzaScreen({ secciones = [] }: { secciones?: readonly CobranzaSeccion[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const pedido = searchParams.get('tab');
  const tab = secciones.some((s) => s.value === pedido) ? pedido! : PLANILLA_TAB;
  const titulo = (
    <div>
      <Title order={2}>{m.title}</Title>
      <Text c="dimmed">{m.subtitle}</Text>
    </div>
  );
  if (secciones.length === 0) {
    return (
      <Stack gap="lg">
        {titulo}
        <PlanillaCobranza />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {titulo}
      <Tabs
        value={tab}
        onChange={(value) => setSearchParams(value && value !== PLANILLA_TAB ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value={PLANILLA_TAB}>{m.tabPlanilla}</Tabs.Tab>
          {secciones.map((seccion) => (
            <Tabs.Tab key={seccion.value} value={seccion.value}>
              {seccion.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={PLANILLA_TAB}>
          <PlanillaCobranza />
        </Tabs.Panel>
        {secciones.map((seccion) => (
          <Tabs.Panel key={seccion.value} value={seccion.value}>
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader aria-label="Cargando" />
                </Center>
              }
            >
              {seccion.render()}
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** The collection sheet (spec 02 §2.2): filters, column choice, preview with CLP total, sheet and mail. */
function PlanillaCobranza() {
  const [estudio, setEstudio] = useState<string | null>(null);
  const fechasForm = useForm<CobranzaFechasForm>({ defaultValues: NO_DATES });
  const fechas = useWatch({ control: fechasForm.control }) as CobranzaFechasForm;
  const [soloSinRecibo, setSoloSinRecibo] = useState(false);
  const filters = useMemo(() => ({ ...filtrosDeConsulta(estudio, fechas), soloSinRecibo }), [estudio, fechas, soloSinRecibo]);
  const invertido = rangoInvertido(filters);
  const [columnas, setColumnas] = useState<CobranzaColumnaId[]>([...COBRANZA_COLUMNAS_OBLIGATORIAS]);
  const [ultima, setUltima] = useState<{ id: number; url: string; nombre: string; key: string } | null>(null);
  // A second click while a sheet is being made does nothing (the server also keeps one sheet per repeat).
  const generating = useRef(false);
  const estudios = useEstudiosCobranza();
  const encargos = useEncargosCobranza(filters, !invertido);
  const historial = useHistorialCobranza();
  const generar = useGenerarPlanilla();
  const enviar = useEnviarPlanilla();

  const ordered = useMemo(() => ordenarColumnas(columnas), [columnas]);
  const rows = invertido ? [] : (encargos.data?.encargos ?? []);
  const filtersKey = JSON.stringify([filters, ordered, rows.map((r) => r.id)]);
  const rangeActive = Boolean(fechas.fechaInicio) || Boolean(fechas.fechaFin);
  const specificActive = Boolean(fechas.fechaEspecifica);

  const toggleColumn = (id: CobranzaColumnaId, checked: boolean) => {
    if (COBRANZA_COLUMNAS_OBLIGATORIAS.includes(id)) return;
    setColumnas((current) => (checked ? [...current, id] : current.filter((c) => c !== id)));
  };

  const body = () => ({
    encargos: rows.map((row) => ({ id: row.id })),
    columnasSeleccionadas: ordered,
    filtros: {
      estudio: filters.estudio ? Number(filters.estudio) : null,
      fechaInicio: filters.fechaInicio || null,
      fechaFin: filters.fechaFin || null,
      fechaEspecifica: filters.fechaEspecifica || null,
      ...(soloSinRecibo ? { soloSinRecibo: true } : {}),
    },
    configuracion: { incluirEncabezado: false, soloColumnas: true },
  });

  /** Generates the sheet of the current preview; answers its record. */
  const generate = async () => {
    if (generating.current) return null;
    if (rows.length === 0) {
      notify.error(m.sinFilas);
      return null;
    }
    generating.current = true;
    try {
      const result = await generar.mutateAsync(body());
      if (!result.success || !result.archivo) throw new Error(result.error ?? 'Respuesta inválida del servidor');
      const record = { ...result.archivo, key: filtersKey };
      setUltima(record);
      showDownloadToast(result.archivo.url, result.archivo.nombre);
      return record;
    } catch (error) {
      notify.error(m.generarError(errorText(error)));
      return null;
    } finally {
      generating.current = false;
    }
  };

  const sendByMail = async () => {
    if (!filters.estudio) {
      notify.error(m.envioSinEstudio);
      return;
    }
    const planilla = ultima && ultima.key === filtersKey ? ultima : await generate();
    if (!planilla) return;
    try {
      const result = await enviar.mutateAsync(planilla.id);
      notify.success(result.mensaje);
    } catch (error) {
      notify.error(`${m.envioError}: ${errorText(error)}`);
    }
  };

  const resend = async (id: number) => {
    try {
      notify.success((await enviar.mutateAsync(id)).mensaje);
    } catch (error) {
      notify.error(`${m.envioError}: ${errorText(error)}`);
    }
  };

  return (
    <Stack gap="lg">
      <CobranzaFiltrosCard
        estudios={(estudios.data ?? []).map((e) => ({ value: String(e.id), label: e.nombre }))}
        estudio={estudio}
        onEstudio={setEstudio}
        control={fechasForm.control}
        rangeActive={rangeActive}
        specificActive={specificActive}
        rangoError={invertido ? m.rangoInvertido : undefined}
        onClearDates={() => fechasForm.reset(NO_DATES)}
        soloSinRecibo={soloSinRecibo}
        onSoloSinRecibo={setSoloSinRecibo}
      />

      <Card withBorder>
        <Stack gap="sm">
          <Title order={4}>{m.columnas}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="xs">
            {COBRANZA_COLUMNAS.map((columna) => {
              const fixed = COBRANZA_COLUMNAS_OBLIGATORIAS.includes(columna.id);
              return (
                <Checkbox
                  key={columna.id}
                  label={columna.nombre}
                  description={fixed ? m.columnaFija : undefined}
                  checked={fixed || columnas.includes(columna.id)}
                  disabled={fixed}
                  onChange={(event) => toggleColumn(columna.id, event.currentTarget.checked)}
                />
              );
            })}
          </SimpleGrid>
        </Stack>
      </Card>

      <CobranzaPreview
        rows={rows}
        columns={ordered}
        total={invertido ? 0 : (encargos.data?.total ?? 0)}
        state={{ pending: !invertido && encargos.isPending, error: encargos.isError ? errorText(encargos.error) : null }}
        onRetry={() => void encargos.refetch()}
        generating={generar.isPending}
        sending={enviar.isPending}
        onGenerate={() => void generate()}
        onSend={() => void sendByMail()}
      />

      <CobranzaHistorial
        planillas={historial.data?.planillas}
        onDownload={(p) => void downloadPlanilla(p.url, p.nombre_archivo).catch(() => notify.error(m.descargarError))}
        onResend={(p) => void resend(p.id)}
      />
    </Stack>
  );
}
