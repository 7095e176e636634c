import { Box, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconExternalLink, IconFileCertificate, IconReportMoney } from '@tabler/icons-react';
import { type ComponentType, useEffect } from 'react';
import { ScreenLoadError, ScreenLoading } from '../../../components/list-states';
import { notify } from '../../../lib/notify';
import { useCarpetasLinks } from '../api/get-carpetas-links';
import { carpetasMessages as m } from '../messages';

type Kind = keyof typeof m.cards;

/** Opens a folder in a new tab with no opener and no referrer (spec 02 §9). */
export function openFolder(kind: Kind, link: string | null | undefined, open: typeof window.open = window.open.bind(window)) {
  const { kind: label } = m.cards[kind];
  if (!link) {
    notify.error(m.noLinkFor(label));
    return;
  }
  try {
    open(link, '_blank', 'noopener,noreferrer');
    notify.info(m.opening(label));
  } catch {
    notify.error(m.openError);
  }
}

function FolderCard({
  kind,
  link,
  icon: Icon,
  color,
}: {
  kind: Kind;
  link: string | null;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
}) {
  const card = m.cards[kind];
  return (
    <Card withBorder shadow="sm" p="xl" data-testid={`carpeta-${kind}`}>
      <Stack gap="md" h="100%" justify="space-between">
        <Group wrap="nowrap" align="flex-start" gap="lg">
          <ThemeIcon size={56} radius="md" variant="light" color={color}>
            <Icon size={30} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={3}>{card.title}</Title>
            <Text size="sm" c="dimmed">
              {card.text}
            </Text>
          </Stack>
        </Group>
        <Button
          fullWidth
          color={color}
          disabled={!link}
          rightSection={link ? <IconExternalLink size={16} /> : null}
          onClick={() => openFolder(kind, link)}
          aria-label={link ? `${m.open} ${card.title}` : undefined}
        >
          {link ? m.open : m.noLink}
        </Button>
      </Stack>
    </Card>
  );
}

/** Carpetas (spec 02 §2.8): the receiver's stamped-documents and collection folders. */
export function CarpetasScreen() {
  const { data, isPending, isError, errorUpdatedAt, refetch, isFetching } = useCarpetasLinks();

  useEffect(() => {
    if (isError) notify.error(m.errorToast);
  }, [isError, errorUpdatedAt]);

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </Box>
      {isPending ? (
        <ScreenLoading text={m.loading} />
      ) : isError ? (
        <ScreenLoadError title={m.errorTitle} text={m.errorScreen} retry={m.retry} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <FolderCard kind="estampados" link={data.estampados_link} icon={IconFileCertificate} color="grape" />
          <FolderCard kind="cobranza" link={data.cobranza_link} icon={IconReportMoney} color="teal" />
        </SimpleGrid>
      )}
    </Stack>
  );
}
