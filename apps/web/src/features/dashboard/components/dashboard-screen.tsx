import { type ModuleName, santiagoWallClock, TIME_ZONE } from '@receptoria/contracts';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconCash,
  IconFilePlus,
  IconFileDescription,
  IconFolders,
  IconBuildingBank,
  IconListCheck,
  IconFileCertificate,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth/use-session';
import { notify } from '../../../lib/notify';
import { dashboardCards as cards, dashboardMessages as m } from '../messages';
import { CierreDiaPanel } from './cierre-dia-panel';
import { DetalleLinks } from './detalle-links';
import { IndicatorsWidget } from './indicators-widget';
import { NavCard, type NavCardProps } from './nav-card';
import { PersonalNotes } from './personal-notes';
import { WorkflowWidget } from './workflow-widget';

// 'Vencen esta semana' (legal calendar) is a chunk of its own, fetched after the dashboard shows: the
// dashboard's first JavaScript does not grow with it.
const VencenSemanaCard = lazy(async () => ({
  default: (await import('../../calendario/components/vencen-semana-card')).VencenSemanaCard,
}));

interface CardEntry extends Omit<NavCardProps, 'onOpen' | 'size' | 'locked'> {
  path: string;
  module?: ModuleName;
}

const LARGE_CARDS: CardEntry[] = [
  { ...cards.nuevoEncargo, path: paths.nuevoEncargo, icon: IconFilePlus, color: 'brand' },
  { ...cards.diligencias, path: paths.diligencias, icon: IconFileCertificate, color: 'grape', module: 'estampar' },
  { ...cards.cobranza, path: paths.cobranza, icon: IconCash, color: 'teal', module: 'cobranza' },
];

const SMALL_CARDS: CardEntry[] = [
  { ...cards.verPendientes, path: paths.verPendientes, icon: IconListCheck, color: 'blue' },
  { ...cards.plantillas, path: paths.plantillas, icon: IconFileDescription, color: 'indigo' },
  { ...cards.administrarEstudios, path: paths.administrarEstudios, icon: IconBuildingBank, color: 'cyan' },
  { ...cards.carpetas, path: paths.carpetas, icon: IconFolders, color: 'orange' },
];

function greeting(now: Date) {
  const { hour } = santiagoWallClock(now);
  if (hour >= 5 && hour < 12) return m.greetingMorning;
  if (hour >= 12 && hour < 20) return m.greetingAfternoon;
  return m.greetingEvening;
}

const longDate = new Intl.DateTimeFormat('es-CL', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/**
 * `porCobrar`: the collection card (issue 25), a lazy chunk the app mounts for those who may see it.
 * `solicitudes`: the requests law firms sent from the portal (issue 27), mounted by the app.
 */
export function DashboardScreen({ porCobrar, solicitudes }: { porCobrar?: ReactNode; solicitudes?: ReactNode } = {}) {
  const { displayName, profile, hasModule } = useSession();
  const navigate = useNavigate();
  const now = new Date();
  const today = longDate.format(now);

  const open = (card: CardEntry) => {
    if (card.module && !hasModule(card.module)) {
      notify.error(m.moduleDenied);
      return;
    }
    navigate(card.path);
  };

  const widgets = [<IndicatorsWidget key="indicadores" />, <WorkflowWidget key="flujo" />, <PersonalNotes key="apuntes" />];

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} data-testid="dashboard-greeting">
            {greeting(now)}, {displayName}
          </Title>
          <Text c="dimmed">
            {profile?.receptor.nombre ? `${profile.receptor.nombre} · ` : ''}
            {today.charAt(0).toUpperCase() + today.slice(1)}
          </Text>
        </Stack>
      </Group>

      {solicitudes}

      <SimpleGrid cols={{ base: 1, md: widgets.length }} spacing="lg">
        {widgets}
      </SimpleGrid>

      <Suspense fallback={null}>
        <VencenSemanaCard />
      </Suspense>

      {porCobrar}

      <DetalleLinks />

      <CierreDiaPanel />

      <Stack gap="sm">
        <Text fw={600} c="dimmed" tt="uppercase" size="xs" lts={0.6}>
          {m.modules}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {LARGE_CARDS.map((card) => (
            <NavCard
              key={card.path}
              {...card}
              size="large"
              locked={card.module ? !hasModule(card.module) : false}
              onOpen={() => open(card)}
            />
          ))}
        </SimpleGrid>
      </Stack>

      <Stack gap="sm">
        <Text fw={600} c="dimmed" tt="uppercase" size="xs" lts={0.6}>
          {m.moreTools}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {SMALL_CARDS.map((card) => (
            <NavCard key={card.path} {...card} size="small" onOpen={() => open(card)} />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
