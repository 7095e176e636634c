import type { DatesSetArg, EventClickArg } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Chip,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatDate, type Plazo, sumarDias, TIPO_PLAZO_LABELS, TIPOS_PLAZO } from '@receptoria/contracts';
import { canEditReceptor } from '@receptoria/contracts/receptor/access';
import { IconCalendarCog, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { confirmAction } from '../../../components/confirm-action';
import { ScreenLoadError } from '../../../components/list-states';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth/use-session';
import { notify } from '../../../lib/notify';
import { estudiosQueryOptions } from '../../estudios/api/get-estudios';
import { feriadosQueryOptions, useAlarmasCalendario, useCumplirPlazo, usePlazos } from '../api/calendario';
import { calendarioScreenMessages as m } from '../messages';
import { aniosDelRango, colorFeriado, type EventoInfo, eventosCalendario, type FiltroTipo, horaSantiago } from '../utils/eventos';
import { COLOR_TIPO_PLAZO, colorDePlazo, cssColor, encargoHref } from '../utils/plazos';
import { EnlaceTelefono } from './enlace-telefono';
import './calendario.css';

type Vista = 'dayGridMonth' | 'timeGridWeek' | 'listMonth';
const VISTAS: { value: Vista; label: string }[] = [
  { value: 'dayGridMonth', label: m.vistas.mes },
  { value: 'timeGridWeek', label: m.vistas.semana },
  { value: 'listMonth', label: m.vistas.agenda },
];

/** Hours on the 24-hour clock in every view (the locale alone leaves it to the browser). */
const HORA_24 = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

const FILTROS: FiltroTipo[] = [...TIPOS_PLAZO, 'alarmas'];
const FILTRO_LABELS: Record<FiltroTipo, string> = { ...TIPO_PLAZO_LABELS, alarmas: m.alarmas };
const FILTRO_COLOR: Record<FiltroTipo, string> = { ...COLOR_TIPO_PLAZO, alarmas: 'orange' };

interface Rango {
  desde: string;
  hasta: string;
  titulo: string;
}

/** `/calendario`: the legal calendar (issue 24) — month, week and agenda, in Spanish, weeks from Monday, Santiago time. */
export function CalendarioScreen() {
  const navigate = useNavigate();
  const { user, profile, permisos } = useSession();
  const editor = user ? canEditReceptor({ username: user.username, cargo: profile?.cargo ?? user.cargo }, permisos) : false;
  const calendarRef = useRef<FullCalendar>(null);
  const [vista, setVista] = useState<Vista>('dayGridMonth');
  const [rango, setRango] = useState<Rango | null>(null);
  const [tipos, setTipos] = useState<string[]>(FILTROS);
  const [estudio, setEstudio] = useState<string | null>(null);
  const [abierto, setAbierto] = useState<Plazo | null>(null);

  const plazos = usePlazos(rango?.desde ?? '', rango?.hasta ?? '', undefined, rango !== null);
  const anios = rango ? aniosDelRango(rango.desde, rango.hasta) : [];
  const feriados = useQueries({ queries: anios.map((anio) => feriadosQueryOptions(anio)) });
  const alarmas = useAlarmasCalendario(rango?.desde ?? '', rango?.hasta ?? '', rango !== null);
  const estudios = useQuery(estudiosQueryOptions());
  const cumplir = useCumplirPlazo();

  const feriadosData = feriados.flatMap((q) => q.data ?? []);
  const events = eventosCalendario({
    plazos: plazos.data ?? [],
    feriados: feriadosData,
    alarmas: alarmas.data ?? [],
    tipos: new Set(tipos as FiltroTipo[]),
    estudio: estudio === null ? null : Number(estudio),
    agenda: vista === 'listMonth',
  });

  const api = () => calendarRef.current?.getApi();
  const cambiarVista = (value: string) => {
    setVista(value as Vista);
    api()?.changeView(value);
  };

  const onDatesSet = (arg: DatesSetArg) => {
    // FullCalendar's end is exclusive; the deadlines' `hasta` is inclusive.
    const desde = arg.startStr.slice(0, 10);
    const hasta = sumarDias(arg.endStr.slice(0, 10), -1);
    setRango((prev) => (prev?.desde === desde && prev.hasta === hasta && prev.titulo === arg.view.title ? prev : { desde, hasta, titulo: arg.view.title }));
  };

  const onEventClick = (arg: EventClickArg) => {
    const info = arg.event.extendedProps as EventoInfo;
    arg.jsEvent.preventDefault();
    if (info.clase === 'plazo') setAbierto(info.plazo);
    else if (info.clase === 'alarma') navigate(encargoHref(paths.reEncargos, info.alarma.numero_rol, info.alarma.encargo_id));
  };

  const marcarCumplido = async (plazo: Plazo) => {
    const tipo = TIPO_PLAZO_LABELS[plazo.tipo];
    const ok = await confirmAction({
      title: m.cumplirConfirm.title,
      text: m.cumplirConfirm.text(tipo, plazo.numero_rol),
      confirm: m.cumplirConfirm.confirm,
      color: 'teal',
    });
    if (!ok) return;
    try {
      const res = await cumplir.mutateAsync(plazo.id);
      notify.success(res.message);
      setAbierto(null);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    }
  };

  const loadError = plazos.isError || alarmas.isError || feriados.some((q) => q.isError);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Box>
          <Title order={2}>{m.title}</Title>
          <Text c="dimmed">{m.subtitle}</Text>
        </Box>
        {editor ? (
          <Button component={Link} to={paths.calendarioFeriados} variant="light" leftSection={<IconCalendarCog size={16} />}>
            {m.feriadosYPlazos}
          </Button>
        ) : null}
      </Group>

      <Group gap="sm" wrap="wrap" align="flex-end">
        <Chip.Group multiple value={tipos} onChange={setTipos}>
          <Group gap={6} wrap="wrap" role="group" aria-label={m.filtroTipo}>
            {FILTROS.map((tipo) => (
              <Chip key={tipo} value={tipo} size="xs" color={FILTRO_COLOR[tipo]} variant="filled">
                {FILTRO_LABELS[tipo]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Select
          label={m.filtroEstudio}
          placeholder={m.filtroEstudioTodos}
          data={(estudios.data ?? []).map((e) => ({ value: String(e.id), label: e.nombre }))}
          value={estudio}
          onChange={setEstudio}
          clearable
          searchable
          size="xs"
          w={{ base: '100%', xs: 260 }}
        />
      </Group>

      {loadError ? (
        <ScreenLoadError
          title={m.errorTitle}
          retry={m.retry}
          onRetry={() => {
            void plazos.refetch();
            void alarmas.refetch();
            for (const q of feriados) void q.refetch();
          }}
          retrying={plazos.isFetching || alarmas.isFetching}
        />
      ) : null}

      <Paper withBorder p={{ base: 6, sm: 'md' }} shadow="xs" data-testid="calendario">
        <Group justify="space-between" wrap="wrap" gap="xs" mb="sm">
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="default" size="lg" aria-label={m.anterior} onClick={() => api()?.prev()}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Button variant="default" size="sm" onClick={() => api()?.today()}>
              {m.hoy}
            </Button>
            <ActionIcon variant="default" size="lg" aria-label={m.siguiente} onClick={() => api()?.next()}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          <Text fw={600} data-testid="calendario-titulo" aria-live="polite">
            {rango ? rango.titulo.charAt(0).toUpperCase() + rango.titulo.slice(1) : ''}
          </Text>
          <SegmentedControl size="xs" data={VISTAS} value={vista} onChange={cambiarVista} aria-label="Vista" />
        </Group>
        <FullCalendar
          ref={calendarRef}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin]}
          initialView={vista}
          locale={esLocale}
          firstDay={1}
          now={() => horaSantiago(new Date().toISOString())}
          headerToolbar={false}
          height="auto"
          dayMaxEvents={3}
          allDayText="Todo el día"
          timeHint={m.columnaHora}
          eventHint={m.columnaEvento}
          eventTimeFormat={HORA_24}
          slotLabelFormat={HORA_24}
          noEventsText="Sin plazos, alarmas ni feriados en este período"
          slotMinTime="07:00:00"
          slotMaxTime="21:00:00"
          events={events}
          eventClick={onEventClick}
          datesSet={onDatesSet}
          eventDidMount={(arg) => {
            arg.el.setAttribute('title', arg.event.title);
            if ((arg.event.extendedProps as EventoInfo).clase !== 'feriado') arg.el.style.cursor = 'pointer';
          }}
        />
        <Group gap="md" mt="sm" wrap="wrap" aria-label={m.leyenda}>
          <Leyenda color={colorFeriado({ tipo: 'nacional' })} texto={m.feriadoNacional} />
          <Leyenda color={colorFeriado({ tipo: 'propio' })} texto={m.feriadoPropio} />
          <Leyenda color={cssColor('red', 6)} texto={m.vencido} />
          <Leyenda color={cssColor('gray', 3)} texto={m.cumplido} />
        </Group>
      </Paper>

      <EnlaceTelefono />

      <Modal opened={abierto !== null} onClose={() => setAbierto(null)} title={abierto ? TIPO_PLAZO_LABELS[abierto.tipo] : ''} centered>
        {abierto ? (
          <Stack gap="sm" data-testid="plazo-detalle">
            <Text>
              Rol <b>{abierto.numero_rol}</b>
            </Text>
            <Group gap="xs">
              <Text>
                {m.detalle.vence}: <b>{formatDate(abierto.vence)}</b>
              </Text>
              <Badge color={colorDePlazo(abierto)} variant={abierto.estado === 'cumplido' ? 'light' : 'filled'}>
                {m.detalle.estados[abierto.estado]}
              </Badge>
            </Group>
            <Group justify="flex-end" gap="sm" mt="sm">
              {abierto.estado !== 'cumplido' ? (
                <Button variant="light" color="teal" onClick={() => void marcarCumplido(abierto)} loading={cumplir.isPending}>
                  {m.detalle.cumplir}
                </Button>
              ) : null}
              <Button component={Link} to={encargoHref(paths.reEncargos, abierto.numero_rol, abierto.encargo_id)}>
                {m.detalle.abrir}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

function Leyenda({ color, texto }: { color: string; texto: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={14} h={14} style={{ background: color, borderRadius: 3 }} aria-hidden />
      <Text size="xs">{texto}</Text>
    </Group>
  );
}
