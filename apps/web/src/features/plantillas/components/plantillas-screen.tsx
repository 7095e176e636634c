import {
  Badge,
  Box,
  Button,
  Code,
  FileButton,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type MarcadorInfo as Marcador, PLANTILLA_MAX_BYTES, type Plantilla, formatDate } from '@receptoria/contracts';
import { IconExternalLink, IconFilePlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormSelect, FormTextInput } from '../../../components/form';
import { confirmAction } from '../../../components/confirm-action';
import { wrappingBadgeStyles } from '../../../components/wrapping-badge';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreatePlantilla } from '../api/create-plantilla';
import { useMarcadoresReferencia } from '../api/get-marcadores-referencia';
import { usePlantillas } from '../api/get-plantillas';
import { useTiposEstampado } from '../api/get-tipos-estampado';
import { downloadPlantillaArchivo, unknownMarkersOf, useUploadPlantillaArchivo } from '../api/plantilla-archivo';
import { plantillasMessages } from '../messages';

const m = plantillasMessages;

interface CreateValues {
  nombre: string;
  tipo: string | null;
}

function CreatePlantillaForm() {
  const form = useForm<CreateValues>({ defaultValues: { nombre: '', tipo: null } });
  const create = useCreatePlantilla();
  const tipos = useTiposEstampado();
  const nombre = useWatch({ control: form.control, name: 'nombre' }) ?? '';
  const blank = nombre.trim() === '';
  const tipoOptions = (tipos.data ?? []).map((tipo) => ({ value: String(tipo.id), label: tipo.nombre }));

  const submit = form.handleSubmit(async ({ nombre: value, tipo }) => {
    if (!value.trim()) {
      notify.error(m.create.required);
      return;
    }
    // A template without a stamp type could never be used to generate a certificate.
    if (!tipo) {
      form.setError('tipo', { message: m.create.tipoRequired });
      notify.error(m.create.tipoRequired);
      return;
    }
    try {
      await create.mutateAsync({ nombre: value, tipoEstampado: Number(tipo) });
      notify.success(m.create.ok);
      form.reset({ nombre: '', tipo: null });
    } catch (error) {
      const tipoError = error instanceof ApiError ? error.errors?.tipo_estampado?.[0] : undefined;
      if (tipoError) form.setError('tipo', { message: tipoError });
      notify.error(tipoError ?? m.create.error);
    }
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset disabled={create.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <Title order={4}>{m.create.section}</Title>
            <Group align="flex-start" gap="sm">
              <FormTextInput
                control={form.control}
                name="nombre"
                label={m.create.label}
                placeholder={m.create.placeholder}
                description={m.create.hint(nombre.trim())}
                autoComplete="off"
                maxLength={100}
                style={{ flex: 1, minWidth: 240, maxWidth: 520 }}
              />
              <FormSelect
                control={form.control}
                name="tipo"
                label={m.create.tipoLabel}
                placeholder={m.create.tipoPlaceholder}
                description={m.create.tipoHint}
                data={tipoOptions}
                required
                onValueChange={() => form.clearErrors('tipo')}
                style={{ flex: 1, minWidth: 240, maxWidth: 420 }}
              />
              <Button
                type="submit"
                mt={{ base: 0, sm: 25 }}
                leftSection={<IconFilePlus size={16} />}
                disabled={blank || create.isPending}
              >
                {create.isPending ? m.create.creating : m.create.button}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}

function PlantillaRow({ plantilla }: { plantilla: Plantilla }) {
  const upload = useUploadPlantillaArchivo();
  const [opening, setOpening] = useState(false);
  const resetUpload = useRef<() => void>(null);

  const open = async () => {
    if (plantilla.url) {
      window.open(plantilla.url, '_blank', 'noopener,noreferrer');
      return;
    }
    // Local mode: the template's .docx is downloaded to be edited in Word.
    setOpening(true);
    try {
      await downloadPlantillaArchivo(plantilla.id, plantilla.nombre);
    } catch (error) {
      notify.error(error instanceof ApiError && error.status === 404 ? m.list.noUrl : m.list.downloadError);
    } finally {
      setOpening(false);
    }
  };

  const onFile = async (file: File | null) => {
    resetUpload.current?.();
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.docx')) {
      notify.error(m.list.uploadOnlyDocx);
      return;
    }
    if (file.size > PLANTILLA_MAX_BYTES) {
      notify.error(m.list.tooLarge);
      return;
    }
    const replace = m.list.confirmReplace;
    const confirmed = await confirmAction({
      title: replace.title(plantilla.nombre),
      text: replace.text(plantilla.nombre, file.name),
      confirm: replace.confirm,
    });
    if (!confirmed) return;
    try {
      await upload.mutateAsync({ id: plantilla.id, file });
      notify.success(m.list.uploadOk);
    } catch (error) {
      const unknown = unknownMarkersOf(error);
      if (unknown) {
        await offerKeepingUnknown(file, unknown);
        return;
      }
      notify.error(error instanceof ApiError && error.detail ? error.detail : m.list.uploadError);
    }
  };

  /** The file uses markers no certificate fills: nothing was stored; the user may keep it anyway. */
  const offerKeepingUnknown = async (file: File, unknown: { detail: string; marcadores: string[] }) => {
    const texts = m.list.unknownMarkers;
    const keep = await confirmAction({
      title: texts.title,
      text: (
        <Stack gap="xs">
          <Text size="sm" fw={600} data-testid="marcadores-desconocidos">
            {unknown.detail}
          </Text>
          <Text size="sm">{texts.text(unknown.marcadores)}</Text>
        </Stack>
      ),
      confirm: texts.confirm,
      cancel: texts.cancel,
      color: 'yellow',
    });
    if (!keep) {
      notify.warning(unknown.detail, texts.notStored);
      return;
    }
    try {
      const advertencias = await upload.mutateAsync({ id: plantilla.id, file, aceptarDesconocidos: true });
      if (advertencias.length > 0) notify.warning(texts.savedWithWarnings(advertencias));
      else notify.success(m.list.uploadOk);
    } catch (error) {
      notify.error(error instanceof ApiError && error.detail ? error.detail : m.list.uploadError);
    }
  };

  return (
    <Paper withBorder p="md" data-testid={`plantilla-${plantilla.id}`}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            <Text fw={700} style={{ wordBreak: 'break-all' }}>
              {plantilla.nombre}
            </Text>
            <Badge variant="light" color="blue" radius="sm" tt="none" styles={wrappingBadgeStyles}>
              {plantilla.tipoEstampado || m.list.sinTipo}
            </Badge>
            {plantilla.url ? (
              <Badge variant="light" color="green" radius="sm" tt="none">
                {m.list.google}
              </Badge>
            ) : null}
            {plantilla.personalizada ? (
              <Badge variant="outline" color="gray" radius="sm" tt="none">
                {m.list.personalizada}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {m.list.receptor}: {plantilla.receptor || '—'} · {m.list.modificada}: {formatDate(plantilla.fechaModificacion, '—')}
          </Text>
        </Stack>
        <Group gap="xs">
          <FileButton
            resetRef={resetUpload}
            onChange={(file) => void onFile(file)}
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          >
            {(props) => (
              <Button {...props} variant="default" size="sm" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
                {m.list.upload}
              </Button>
            )}
          </FileButton>
          <Button size="sm" leftSection={<IconExternalLink size={16} />} onClick={() => void open()} loading={opening}>
            {m.list.open}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function MarcadoresList({ marcadores, loading }: { marcadores: Marcador[]; loading: boolean }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <Stack gap="sm">
        <Title order={4}>{m.markers.section}</Title>
        <Text size="sm" c="dimmed">
          {m.markers.hint}
        </Text>
        {loading ? (
          <Loader size="sm" type="dots" />
        ) : marcadores.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.markers.empty}
          </Text>
        ) : (
          <ScrollArea.Autosize mah="15rem" type="auto" data-testid="marcadores">
            <Stack gap={6} pr="sm">
              {marcadores.map((item) => (
                <Group key={item.marcador} gap="sm" wrap="nowrap" align="flex-start">
                  <Code style={{ whiteSpace: 'nowrap' }}>{`<<${item.marcador}>>`}</Code>
                  <Text size="sm">{item.descripcion?.trim() || m.markers.sinDescripcion}</Text>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}

/** Gestión de Plantillas (spec 02 §2.9). */
export function PlantillasScreen() {
  const plantillas = usePlantillas();
  const marcadores = useMarcadoresReferencia();
  const failed = plantillas.isError || marcadores.isError;

  // One toast per failed load (spec 02 §8); the lists then show empty.
  useEffect(() => {
    if (failed) notify.error(m.loadError);
  }, [failed]);

  const list = plantillas.isError ? [] : (plantillas.data ?? []);
  const markers = failed ? [] : (marcadores.data ?? []);
  const refresh = () => {
    void plantillas.refetch();
    void marcadores.refetch();
  };

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </Box>

      <CreatePlantillaForm />

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>{m.list.section}</Title>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconRefresh size={16} />}
              onClick={refresh}
              loading={plantillas.isFetching || marcadores.isFetching}
            >
              {m.list.refresh}
            </Button>
          </Group>
          {failed ? (
            <Text c="red" size="sm">
              {m.loadError}
            </Text>
          ) : null}
          {plantillas.isPending ? (
            <Loader size="sm" type="dots" />
          ) : list.length === 0 ? (
            <Stack gap={2} align="center" py="lg" ta="center">
              <Text fw={600}>{m.list.empty}</Text>
              <Text size="sm" c="dimmed">
                {m.list.emptyHint}
              </Text>
            </Stack>
          ) : (
            <Stack gap="xs">
              {list.map((plantilla) => (
                <PlantillaRow key={plantilla.id} plantilla={plantilla} />
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>

      <MarcadoresList marcadores={markers} loading={marcadores.isPending && !failed} />
    </Stack>
  );
}
