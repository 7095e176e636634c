import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  type CalendarioConfiguracion,
  type Feriado,
  FeriadoPropioCreateSchema,
  formatDate,
  REGIONES_CL,
  todayIso,
} from '@receptoria/contracts';
import { IconCalendar, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { confirmAction } from '../../../components/confirm-action';
import { DateTextField, FormTextInput } from '../../../components/form';
import { ListEmpty, ScreenLoadError, ScreenLoading } from '../../../components/list-states';
import { VersionConflictAlert } from '../../../components/version-conflict-alert';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { isVersionConflict } from '../../../lib/version-conflict';
import {
  useAgregarFeriado,
  useConfiguracionCalendario,
  useEliminarFeriado,
  useFeriados,
  useGuardarConfiguracion,
} from '../api/calendario';
import { feriadosScreenMessages as m } from '../messages';

const REGION_OPTIONS = Object.entries(REGIONES_CL).map(([code, nombre]) => ({ value: code, label: `${nombre} (${code})` }));
const OFICINA = '__oficina__';

function mensajeDe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The toast after adding or removing an own day: the API's words and how many deadlines moved. */
function avisoRecalculo(message: string, plazos: number | undefined) {
  notify.success(plazos === undefined ? message : `${message}. ${m.recalculados(plazos)}`);
}

/** 'Feriados y plazos': the year's holidays with their source, own days added and removed, and the counting settings. */
export function FeriadosScreen() {
  const [anio, setAnio] = useState(() => Number(todayIso().slice(0, 4)));
  const feriados = useFeriados(anio);
  const config = useConfiguracionCalendario();

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Box>
          <Title order={2}>{m.title}</Title>
          <Text c="dimmed">{m.subtitle}</Text>
        </Box>
        <Button component={Link} to={paths.calendario} variant="light" leftSection={<IconCalendar size={16} />}>
          {m.volverCalendario}
        </Button>
      </Group>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
        <Title order={4} mb="sm">
          {m.configuracion}
        </Title>
        {config.isPending ? (
          <ScreenLoading text={m.loading} />
        ) : config.isError ? (
          <ScreenLoadError title={mensajeDe(config.error)} retry={m.retry} onRetry={() => void config.refetch()} retrying={config.isFetching} />
        ) : (
          // A newer setting (saved here or read again) starts the form anew.
          <ConfiguracionForm key={JSON.stringify(config.data)} config={config.data} onReload={() => config.refetch()} />
        )}
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
        <Title order={4}>{m.agregarTitulo}</Title>
        <Text size="sm" c="dimmed" mb="sm">
          {m.agregarTexto}
        </Text>
        <AgregarFeriadoForm onAdded={(fecha) => setAnio(Number(fecha.slice(0, 4)))} />
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={4}>{m.feriadosDelAnio(anio)}</Title>
          <NumberInput
            aria-label={m.anio}
            value={anio}
            onChange={(value) => {
              const n = Number(value);
              if (Number.isInteger(n) && n >= 2000 && n <= 2100) setAnio(n);
            }}
            min={2000}
            max={2100}
            w={110}
            size="xs"
            allowDecimal={false}
          />
        </Group>
        {feriados.isPending ? (
          <ScreenLoading text={m.loading} />
        ) : feriados.isError ? (
          <ScreenLoadError title={m.errorTitle} retry={m.retry} onRetry={() => void feriados.refetch()} retrying={feriados.isFetching} />
        ) : feriados.data.length === 0 ? (
          <ListEmpty text={m.sinFeriados} />
        ) : (
          <Stack gap={0} data-testid="feriados-lista">
            {feriados.data.map((feriado) => (
              <FeriadoRow key={`${feriado.tipo}-${feriado.fecha}-${feriado.id ?? ''}`} feriado={feriado} />
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

const TIPO_COLOR: Record<string, string> = { nacional: 'indigo', regional: 'cyan', propio: 'orange', no_feriado: 'gray' };

function FeriadoRow({ feriado }: { feriado: Feriado }) {
  const eliminar = useEliminarFeriado();
  const agregar = useAgregarFeriado();
  const fecha = formatDate(feriado.fecha);
  const habil = feriado.tipo === 'no_feriado';
  const quitar = async () => {
    if (feriado.id === null) return;
    const textos = habil ? m.eliminarHabilConfirm : m.eliminarConfirm;
    const ok = await confirmAction({ title: textos.title, text: textos.text(feriado.nombre, fecha), confirm: textos.confirm });
    if (!ok) return;
    try {
      const res = await eliminar.mutateAsync(feriado.id);
      avisoRecalculo(res.message, res.plazos_recalculados);
    } catch (error) {
      notify.error(mensajeDe(error));
    }
  };
  // A library day that did not happen (or was moved by law) is counted as hábil: an own 'no_feriado' entry.
  const contarHabil = async () => {
    const ok = await confirmAction({
      title: m.contarHabilConfirm.title,
      text: m.contarHabilConfirm.text(feriado.nombre, fecha),
      confirm: m.contarHabilConfirm.confirm,
      color: 'orange',
    });
    if (!ok) return;
    try {
      const res = await agregar.mutateAsync({ fecha: feriado.fecha, nombre: feriado.nombre, tipo: 'no_feriado' });
      avisoRecalculo(res.message, res.plazos_recalculados);
    } catch (error) {
      notify.error(mensajeDe(error));
    }
  };
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={8}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="feriado-fila"
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={8} wrap="wrap">
          <Text fw={600} size="sm" td={habil ? 'line-through' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {fecha}
          </Text>
          <Text size="sm">{feriado.nombre}</Text>
          <Badge size="xs" variant="light" color={TIPO_COLOR[feriado.tipo] ?? 'gray'}>
            {m.tipos[feriado.tipo] ?? feriado.tipo}
            {feriado.region ? ` · ${feriado.region}` : ''}
          </Badge>
          {feriado.irrenunciable ? (
            <Badge size="xs" variant="outline" color="red">
              {m.irrenunciable}
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {feriado.fuente}
        </Text>
      </Stack>
      {feriado.id !== null ? (
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={m.eliminarAria(feriado.nombre, fecha)}
          onClick={() => void quitar()}
          loading={eliminar.isPending}
        >
          <IconTrash size={18} />
        </ActionIcon>
      ) : feriado.tipo === 'nacional' || feriado.tipo === 'regional' ? (
        <Button
          size="compact-xs"
          variant="subtle"
          color="orange"
          aria-label={m.contarHabilAria(feriado.nombre, fecha)}
          onClick={() => void contarHabil()}
          loading={agregar.isPending}
          style={{ flexShrink: 0 }}
        >
          {m.contarHabil}
        </Button>
      ) : null}
    </Group>
  );
}

interface AgregarValues {
  fecha: string;
  nombre: string;
}

function AgregarFeriadoForm({ onAdded }: { onAdded: (fecha: string) => void }) {
  const agregar = useAgregarFeriado();
  const form = useForm<AgregarValues>({
    defaultValues: { fecha: '', nombre: '' },
    resolver: zodResolver(FeriadoPropioCreateSchema.pick({ fecha: true, nombre: true })) as never,
    mode: 'onSubmit',
  });
  const onSubmit = form.handleSubmit(async () => {
    const values = form.getValues();
    try {
      const res = await agregar.mutateAsync({ fecha: values.fecha, nombre: values.nombre.trim() });
      avisoRecalculo(res.message, res.plazos_recalculados);
      onAdded(values.fecha);
      form.reset({ fecha: '', nombre: '' });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of ['fecha', 'nombre'] as const) {
          const message = error.errors?.[field]?.[0];
          if (message) form.setError(field, { type: 'server', message });
        }
      }
      notify.error(mensajeDe(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={m.agregarTitulo}>
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DateTextField control={form.control} name="fecha" label={m.fecha} required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <FormTextInput control={form.control} name="nombre" label={m.nombre} placeholder={m.nombrePlaceholder} required maxLength={150} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Button type="submit" fullWidth leftSection={<IconPlus size={16} />} loading={form.formState.isSubmitting}>
            {m.agregar}
          </Button>
        </Grid.Col>
      </Grid>
    </form>
  );
}

function ConfiguracionForm({ config, onReload }: { config: CalendarioConfiguracion; onReload: () => Promise<unknown> }) {
  const guardar = useGuardarConfiguracion();
  const [sabado, setSabado] = useState(config.sabado_habil);
  const [region, setRegion] = useState<string>(config.region || OFICINA);
  const [dias, setDias] = useState<number | string>(config.dias_sla_subida);
  const [error, setError] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);

  const oficina = REGIONES_CL[config.region_efectiva as keyof typeof REGIONES_CL];
  const options = [{ value: OFICINA, label: config.region ? m.regionOficinaSinDato : m.regionOficina(oficina ?? config.region_efectiva) }, ...REGION_OPTIONS];
  const version = (config as { version?: number }).version;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError({});
    try {
      const res = await guardar.mutateAsync({
        sabado_habil: sabado,
        region: region === OFICINA ? '' : (region as CalendarioConfiguracion['region']),
        dias_sla_subida: typeof dias === 'number' ? dias : Number(dias),
        ...(version === undefined ? {} : { version }),
      });
      setConflict(false);
      avisoRecalculo(res.message, res.plazos_recalculados);
    } catch (err) {
      if (isVersionConflict(err)) {
        setConflict(true);
        notify.error(err.detail ?? mensajeDe(err));
        return;
      }
      if (err instanceof ApiError && err.errors) {
        setError(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''])));
      }
      notify.error(mensajeDe(err));
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
      setConflict(false);
    } finally {
      setReloading(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={m.configuracion}>
      <Stack gap="md">
        {conflict ? <VersionConflictAlert onReload={() => void reload()} reloading={reloading} /> : null}
        <Switch
          label={m.sabadoHabil}
          description={m.sabadoHabilTexto}
          checked={sabado}
          onChange={(event) => setSabado(event.currentTarget.checked)}
          error={error.sabado_habil}
        />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <Select label={m.region} data={options} value={region} onChange={(v) => setRegion(v ?? OFICINA)} allowDeselect={false} error={error.region} searchable />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <NumberInput
              label={m.diasSla}
              description={m.diasSlaTexto}
              value={dias}
              onChange={setDias}
              min={0}
              max={30}
              allowDecimal={false}
              allowNegative={false}
              error={error.dias_sla_subida}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={guardar.isPending}>
            {m.guardar}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
