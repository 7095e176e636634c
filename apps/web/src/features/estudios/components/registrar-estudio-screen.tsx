import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  CIUDADES_ESTUDIO,
  EMAIL_TIPOS,
  EMAIL_TIPO_LABELS,
  type EstudioCreateValue,
  PARTE_TIPOS,
  PARTE_TIPO_LABELS,
  normalizeRut,
} from '@receptoria/contracts';
import {
  IconArrowLeft,
  IconDeviceFloppy,
  IconEraser,
  IconInfoCircle,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  comunaOptions,
  FormSelect,
  FormSwitch,
  FormTextInput,
  preventEnterSubmit,
  useUnsavedChangesPrompt,
} from '../../../components/form';
import { paths } from '../../../config/paths';
import { confirmAction, confirmClearForm } from '../../../components/confirm-action';
import { notify } from '../../../lib/notify';
import { useComunaNames } from '../../encargos/api/get-comunas';
import { useRegisterEstudio } from '../api/register-estudio';
import { estudiosMessages } from '../messages';
import { registerErrorText } from '../utils/api-errors';
import {
  ADDED_EMAIL_TIPO,
  DEFAULT_PARTE_TIPO,
  type EstudioFormValues,
  defaultEstudioValues,
  estudioResolver,
} from '../utils/estudio-form';

const m = estudiosMessages.registrar;
const f = estudiosMessages.fields;

const emailTipoOptions = EMAIL_TIPOS.map((value) => ({ value, label: EMAIL_TIPO_LABELS[value] }));
const parteTipoOptions = PARTE_TIPOS.map((value) => ({ value, label: PARTE_TIPO_LABELS[value] }));

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <Title order={4}>{title}</Title>
      {description && (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      )}
      <Box mt="md">{children}</Box>
    </Paper>
  );
}

export function RegistrarEstudioScreen() {
  const form = useForm<EstudioFormValues, unknown, EstudioCreateValue>({
    defaultValues: defaultEstudioValues(),
    resolver: estudioResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, formState } = form;
  const comunas = useComunaNames();
  const emails = useFieldArray({ control, name: 'emails' });
  const partes = useFieldArray({ control, name: 'partes_demandantes' });
  const register = useRegisterEstudio();
  useUnsavedChangesPrompt(formState.isDirty && !register.isPending);

  const clear = async () => {
    if (await confirmClearForm(formState.isDirty)) form.reset(defaultEstudioValues());
  };

  /** Removing a row that holds a value says so first; an empty row just goes. */
  const removeRow = async (kind: 'email' | 'parte', index: number) => {
    const value = (kind === 'email' ? form.getValues(`emails.${index}.email`) : form.getValues(`partes_demandantes.${index}.nombre`))?.trim();
    if (value) {
      const texts = kind === 'email' ? m.confirmRemoveEmail : m.confirmRemoveParte;
      if (!(await confirmAction({ title: texts.title, text: texts.text(value), confirm: texts.confirm }))) return;
    }
    if (kind === 'email') emails.remove(index);
    else partes.remove(index);
  };

  const onSubmit = form.handleSubmit(
    async (payload) => {
      try {
        await register.mutateAsync(payload);
        notify.success(m.success);
        form.reset(defaultEstudioValues());
      } catch (error) {
        notify.error(registerErrorText(error, m.fallback, m.connection, m.connectionFallback));
      }
    },
    (errors) => {
      const first = [
        errors.nombre,
        errors.rut_estudio,
        errors.telefono,
        errors.direccion,
        errors.comuna,
        errors.ciudad,
        errors.emails?.root,
        errors.partes_demandantes?.root,
      ].find((error) => error?.message);
      if (first?.message) notify.error(first.message);
    },
  );

  const emailsError = formState.errors.emails?.root?.message;
  const partesError = formState.errors.partes_demandantes?.root?.message;

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

      <form onSubmit={onSubmit} onKeyDown={preventEnterSubmit} noValidate>
        <Stack gap="lg">
          <Section title={m.basica}>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <FormTextInput control={control} name="nombre" label={f.nombre} placeholder={f.placeholders.nombre} withAsterisk maxLength={200} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <FormTextInput
                  control={control}
                  name="rut_estudio"
                  normalizeOnBlur={(value) => (value.trim() ? normalizeRut(value) : value)}
                  label={f.rut_estudio}
                  placeholder={f.placeholders.rut_estudio}
                  withAsterisk
                  maxLength={14}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <FormTextInput control={control} name="direccion" label={f.direccion} placeholder={f.placeholders.direccion} withAsterisk maxLength={300} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                <FormSelect control={control} name="comuna" label={f.comuna} placeholder={f.placeholders.select} data={comunaOptions(comunas)} withAsterisk />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                <FormSelect control={control} name="ciudad" label={f.ciudad} placeholder={f.placeholders.select} data={[...CIUDADES_ESTUDIO]} withAsterisk />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <FormTextInput control={control} name="telefono" type="tel" label={f.telefono} placeholder={f.placeholders.telefono} withAsterisk maxLength={30} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <FormTextInput control={control} name="fax" label={f.fax} placeholder={f.placeholders.fax} maxLength={30} />
              </Grid.Col>
            </Grid>
          </Section>

          <Section title={m.correos}>
            <Stack gap="sm">
              {emails.fields.map((row, index) => (
                <Group key={row.id} align="flex-start" gap="sm" wrap="nowrap" data-testid={`email-row-${index}`}>
                  <FormTextInput
                    control={control}
                    name={`emails.${index}.email`}
                    type="email"
                    aria-label={`${f.email} ${index + 1}`}
                    placeholder={f.placeholders.email}
                    maxLength={254}
                    style={{ flex: 1 }}
                  />
                  <FormSelect
                    control={control}
                    name={`emails.${index}.tipo`}
                    aria-label={`${f.tipo} ${index + 1}`}
                    data={emailTipoOptions}
                    searchable={false}
                    allowDeselect={false}
                    w={170}
                  />
                  <Tooltip label={m.removeRow}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      onClick={() => void removeRow('email', index)}
                      disabled={emails.fields.length <= 1}
                      aria-label={`${m.removeRow} ${index + 1}`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ))}
              {emailsError && (
                <Text size="sm" c="red" role="alert">
                  {emailsError}
                </Text>
              )}
              <Group>
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => emails.append({ email: '', tipo: ADDED_EMAIL_TIPO })}>
                  {m.addEmail}
                </Button>
              </Group>
            </Stack>
          </Section>

          <Section title={m.partes}>
            <Stack gap="sm">
              {partes.fields.map((row, index) => (
                <Group key={row.id} align="flex-start" gap="sm" wrap="nowrap" data-testid={`parte-row-${index}`}>
                  <FormTextInput
                    control={control}
                    name={`partes_demandantes.${index}.nombre`}
                    aria-label={`${f.parteNombre} ${index + 1}`}
                    placeholder={f.placeholders.parte}
                    maxLength={200}
                    style={{ flex: 1 }}
                  />
                  <FormSelect
                    control={control}
                    name={`partes_demandantes.${index}.tipo`}
                    aria-label={`${f.tipo} parte ${index + 1}`}
                    data={parteTipoOptions}
                    searchable={false}
                    allowDeselect={false}
                    w={170}
                  />
                  <Tooltip label={m.removeRow}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      onClick={() => void removeRow('parte', index)}
                      disabled={partes.fields.length <= 1}
                      aria-label={`${m.removeRow} parte ${index + 1}`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ))}
              {partesError && (
                <Text size="sm" c="red" role="alert">
                  {partesError}
                </Text>
              )}
              <Group>
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => partes.append({ nombre: '', tipo: DEFAULT_PARTE_TIPO })}>
                  {m.addParte}
                </Button>
              </Group>
            </Stack>
          </Section>

          <Section title={m.informes}>
            <Stack gap="sm">
              <Alert variant="light" color="blue" icon={<IconInfoCircle />}>
                {m.informesHelp}
              </Alert>
              <FormSwitch control={control} name="enviar_informes_diarios" label={m.diarios} />
              <FormSwitch control={control} name="enviar_informes_mensuales" label={m.mensuales} />
            </Stack>
          </Section>

          <Paper withBorder p="md" shadow="xs">
            <Group justify="space-between">
              <Button variant="default" leftSection={<IconEraser size={16} />} onClick={() => void clear()}>
                {m.clear}
              </Button>
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={register.isPending}>
                {m.save}
              </Button>
            </Group>
          </Paper>
        </Stack>
      </form>
    </Stack>
  );
}
