import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  AgregarEmailsSchema,
  AgregarPartesSchema,
  EMAIL_TIPOS,
  EMAIL_TIPO_LABELS,
  type Estudio,
  PARTE_TIPOS,
  PARTE_TIPO_LABELS,
  estudioMessages,
  isValidEmail,
} from '@receptoria/contracts';
import { IconArrowLeft, IconBuildingBank, IconMailPlus, IconPlus, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useAddEmails } from '../api/add-emails';
import { useAddPartes } from '../api/add-partes';
import { useEstudio } from '../api/get-estudio';
import { useEstudios } from '../api/get-estudios';
import { estudiosMessages } from '../messages';
import { addErrorText } from '../utils/api-errors';
import { ADDED_EMAIL_TIPO, DEFAULT_PARTE_TIPO } from '../utils/estudio-form';
import { InlineAddRow } from './inline-add-row';

const m = estudiosMessages.configurar;
const f = estudiosMessages.fields;

const emailTipoOptions = EMAIL_TIPOS.map((value) => ({ value, label: EMAIL_TIPO_LABELS[value] }));
const parteTipoOptions = PARTE_TIPOS.map((value) => ({ value, label: PARTE_TIPO_LABELS[value] }));

function ActivoBadge({ activo }: { activo: boolean }) {
  return (
    <Badge color={activo ? 'teal' : 'gray'} variant="light" radius="sm" tt="none">
      {activo ? m.activo : m.inactivo}
    </Badge>
  );
}

function Info({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value || '—'}
      </Text>
    </Box>
  );
}

function TableCard({
  title,
  action,
  children,
}: {
  title: string;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder shadow="xs">
      <Group justify="space-between" p="md" pb="xs">
        <Title order={4}>{title}</Title>
        {action}
      </Group>
      <Table.ScrollContainer minWidth={520}>{children}</Table.ScrollContainer>
    </Paper>
  );
}

interface ConfiguracionesEstudioScreenProps {
  /** The automatic-reports panel of the selected firm; it belongs to the reports area and is mounted by the app. */
  informesPanel?: (estudio: Estudio) => ReactNode;
  /** The selected firm's price list (Tarifas, issue 25); it belongs to the fees area and is mounted by the app. */
  tarifasPanel?: (estudio: Estudio) => ReactNode;
  /** The firm's people on the law-firm portal (issue 27); it belongs to the portal area and is mounted by the app. */
  portalPanel?: (estudio: Estudio) => ReactNode;
}

export function ConfiguracionesEstudioScreen({ informesPanel, tarifasPanel, portalPanel }: ConfiguracionesEstudioScreenProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = Number(searchParams.get('estudio')) || null;
  const estudios = useEstudios();
  const detail = useEstudio(selectedId);
  const addEmails = useAddEmails();
  const addPartes = useAddPartes();
  const [addingEmail, setAddingEmail] = useState(false);
  const [addingParte, setAddingParte] = useState(false);

  useEffect(() => {
    if (estudios.isError) notify.error(m.loadError);
  }, [estudios.isError]);
  useEffect(() => {
    if (detail.isError) notify.error(m.loadDetailError);
  }, [detail.isError]);

  const select = (value: string | null) => {
    setAddingEmail(false);
    setAddingParte(false);
    setSearchParams(value ? { estudio: value } : {}, { replace: true });
  };

  const startAdding = (which: 'email' | 'parte') => {
    if (!selectedId) {
      notify.error(estudioMessages.seleccionarEstudio);
      return;
    }
    if (which === 'email') setAddingEmail(true);
    else setAddingParte(true);
  };

  const confirmEmail = async (text: string, tipo: (typeof EMAIL_TIPOS)[number]): Promise<string | null> => {
    if (!selectedId) {
      notify.error(estudioMessages.seleccionarEstudio);
      return estudioMessages.seleccionarEstudio;
    }
    const email = text.trim();
    const problem = !email ? estudioMessages.emailRequerido : !isValidEmail(email) ? estudioMessages.emailFormato : null;
    if (problem) {
      notify.error(problem);
      return problem;
    }
    try {
      await addEmails.mutateAsync({ estudioId: selectedId, payload: AgregarEmailsSchema.parse({ emails: [{ email, tipo }] }) });
      notify.success(m.emailOk);
      setAddingEmail(false);
      return null;
    } catch (error) {
      const message = addErrorText(error, m.emailFallback, m.validation);
      notify.error(message);
      return message;
    }
  };

  const confirmParte = async (text: string, tipo: (typeof PARTE_TIPOS)[number]): Promise<string | null> => {
    if (!selectedId) {
      notify.error(estudioMessages.seleccionarEstudio);
      return estudioMessages.seleccionarEstudio;
    }
    const nombre = text.trim();
    if (!nombre) {
      notify.error(estudioMessages.parteNombreRequerido);
      return estudioMessages.parteNombreRequerido;
    }
    try {
      await addPartes.mutateAsync({
        estudioId: selectedId,
        payload: AgregarPartesSchema.parse({ partes_demandantes: [{ nombre, tipo }] }),
      });
      notify.success(m.parteOk);
      setAddingParte(false);
      return null;
    } catch (error) {
      const message = addErrorText(error, m.parteFallback, m.validation);
      notify.error(message);
      return message;
    }
  };

  const list = estudios.data ?? [];
  const estudio = detail.data;
  const noEstudios = estudios.isSuccess && list.length === 0;
  const emailRows = estudio?.emails ?? [];
  const parteRows = estudio?.partes_demandantes ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Box>
          <Title order={2}>{m.title}</Title>
          <Text c="dimmed">{m.subtitle}</Text>
        </Box>
        <Button component={Link} to={paths.administrarEstudios} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          {m.back}
        </Button>
      </Group>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
        <Group align="flex-end" gap="md">
          <Select
            label={m.select}
            placeholder={estudios.isPending ? estudiosMessages.fields.placeholders.select : m.selectPlaceholder}
            data={list.map((item) => ({ value: String(item.id), label: item.nombre }))}
            value={selectedId ? String(selectedId) : null}
            onChange={select}
            searchable
            nothingFoundMessage="Sin resultados"
            style={{ flex: 1, maxWidth: 520 }}
            rightSection={estudios.isPending ? <Loader size={14} /> : undefined}
          />
          <Anchor component={Link} to={paths.registrarEstudio} fw={600} pb={8}>
            <Group gap={4}>
              <IconPlus size={16} />
              {m.nuevo}
            </Group>
          </Anchor>
        </Group>
      </Paper>

      {noEstudios ? (
        <Paper withBorder p="xl" shadow="xs">
          <Stack align="center" gap="sm" ta="center" py="lg">
            <ThemeIcon size={56} radius="xl" variant="light" color="cyan">
              <IconBuildingBank size={30} />
            </ThemeIcon>
            <Text fw={700} size="lg">
              {m.emptyTitle}
            </Text>
            <Text c="dimmed" maw={460}>
              {m.emptyText}
            </Text>
            <Button component={Link} to={paths.registrarEstudio} leftSection={<IconPlus size={16} />}>
              {m.emptyAction}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="lg">
          {!selectedId ? (
            <Paper withBorder p="lg" shadow="xs">
              <Text c="dimmed" ta="center">
                {m.pickPrompt}
              </Text>
            </Paper>
          ) : estudio ? (
            <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
              <Group justify="space-between" mb="md">
                <Title order={4}>{estudio.nombre}</Title>
                <ActivoBadge activo={estudio.activo} />
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
                <Info label={f.rut_estudio} value={estudio.rut_estudio} />
                <Info label={f.telefono} value={estudio.telefono} />
                <Info label={f.direccion} value={estudio.direccion} />
                <Info label={`${f.comuna} / ${f.ciudad}`} value={[estudio.comuna, estudio.ciudad].filter(Boolean).join(', ')} />
              </SimpleGrid>
            </Paper>
          ) : (
            <Group justify="center" py="md">
              {detail.isPending && <Loader />}
            </Group>
          )}

          <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
            <TableCard
              title={m.emails}
              action={
                <Button size="xs" variant="light" leftSection={<IconMailPlus size={14} />} onClick={() => startAdding('email')} disabled={addingEmail}>
                  {m.addEmail}
                </Button>
              }
            >
              <Table verticalSpacing="xs" highlightOnHover data-testid="tabla-emails">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{f.email}</Table.Th>
                    <Table.Th w={200}>{f.tipo}</Table.Th>
                    <Table.Th w={110}>{m.estado}</Table.Th>
                    <Table.Th w={90} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {emailRows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{row.email}</Table.Td>
                      <Table.Td>{EMAIL_TIPO_LABELS[row.tipo] ?? row.tipo}</Table.Td>
                      <Table.Td>
                        <ActivoBadge activo={row.activo} />
                      </Table.Td>
                      <Table.Td />
                    </Table.Tr>
                  ))}
                  {emailRows.length === 0 && !addingEmail && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <Text size="sm" c="dimmed" ta="center" py="sm">
                          {estudio ? m.noEmails : m.sinEstudio}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {addingEmail && (
                    <InlineAddRow
                      textLabel={f.email}
                      placeholder={f.placeholders.email}
                      type="email"
                      tipoLabel={`${f.tipo} del correo`}
                      tipos={emailTipoOptions}
                      defaultTipo={ADDED_EMAIL_TIPO}
                      columns={4}
                      saving={addEmails.isPending}
                      onConfirm={confirmEmail}
                      onCancel={() => setAddingEmail(false)}
                    />
                  )}
                </Table.Tbody>
              </Table>
            </TableCard>

            <TableCard
              title={m.partes}
              action={
                <Button size="xs" variant="light" leftSection={<IconUserPlus size={14} />} onClick={() => startAdding('parte')} disabled={addingParte}>
                  {m.addParte}
                </Button>
              }
            >
              <Table verticalSpacing="xs" highlightOnHover data-testid="tabla-partes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{f.nombre}</Table.Th>
                    <Table.Th w={200}>{f.tipo}</Table.Th>
                    <Table.Th w={110}>{m.estado}</Table.Th>
                    <Table.Th w={90} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {parteRows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{row.nombre}</Table.Td>
                      <Table.Td>{PARTE_TIPO_LABELS[row.tipo] ?? row.tipo}</Table.Td>
                      <Table.Td>
                        <ActivoBadge activo={row.activo} />
                      </Table.Td>
                      <Table.Td />
                    </Table.Tr>
                  ))}
                  {parteRows.length === 0 && !addingParte && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <Text size="sm" c="dimmed" ta="center" py="sm">
                          {estudio ? m.noPartes : m.sinEstudio}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {addingParte && (
                    <InlineAddRow
                      textLabel={f.parteNombre}
                      placeholder={f.placeholders.parte}
                      tipoLabel={`${f.tipo} de parte`}
                      tipos={parteTipoOptions}
                      defaultTipo={DEFAULT_PARTE_TIPO}
                      columns={4}
                      saving={addPartes.isPending}
                      onConfirm={confirmParte}
                      onCancel={() => setAddingParte(false)}
                    />
                  )}
                </Table.Tbody>
              </Table>
            </TableCard>
          </SimpleGrid>

          {/* Automatic reports (spec 01 §2): provided by the reports area. */}
          {estudio && informesPanel?.(estudio)}

          {estudio && tarifasPanel?.(estudio)}

          {estudio && portalPanel?.(estudio)}
        </Stack>
      )}
    </Stack>
  );
}
