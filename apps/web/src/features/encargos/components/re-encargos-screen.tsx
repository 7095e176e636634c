import { Alert, Box, Button, Group, Paper, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import {
  type Encargo,
  ReEncargoSchema,
  type ReEncargoValue,
  auditoriaMessages,
  encargoMessages,
  estampadoMessages,
  formatCLP,
  formatDate,
  normalizeRol,
} from '@receptoria/contracts';
import { IconCopyPlus, IconEdit, IconEraser, IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { confirmAction, confirmClearForm } from '../../../components/confirm-action';
import { type EncargoPickerDetail, EncargoPickerModal } from '../../../components/encargo-picker-modal';
import { EstadoBadge } from '../../../components/estado-badge';
import { preventEnterSubmit, useUnsavedChangesPrompt } from '../../../components/form';
import { ReEncargoBadge } from '../../../components/re-encargo-badge';
import { VersionConflictAlert } from '../../../components/version-conflict-alert';
import { ApiError, api } from '../../../lib/api-client';
import { useFindEncargosByRol } from '../../../lib/find-encargos-by-rol';
import { notify } from '../../../lib/notify';
import { isVersionConflict } from '../../../lib/version-conflict';
import { useCreateReEncargo } from '../api/create-re-encargo';
import { downloadFichaTerreno, downloadMembrete } from '../api/generate-documents';
import { useModifyEncargo } from '../api/modify-encargo';
import { useEncargoLookups } from '../api/use-encargo-lookups';
import { encargosMessages } from '../messages';
import { errorMessage, serverDetail, serverText } from '../utils/api-errors';
import { fichaTerrenoRequest, membreteRequest } from '../utils/documents';
import {
  type EncargoFormValues,
  type ReEncargoFormContext,
  defaultEncargoValues,
  encargoToFormValues,
  erasedByModify,
  incompleteFields,
  reEncargoResolver,
  toModifyPayload,
  toReEncargoPayload,
} from '../utils/encargo-form';
import { announceAlarms } from '../utils/announce-alarms';
import { reportInvalidForm } from '../utils/report-invalid-form';
import { type DocumentKind, DocumentButtons } from './document-buttons';
import { EncargoFormFields } from './encargo-form-fields';

const m = encargosMessages;
const r = encargosMessages.reEncargos;

type Action = 'modify' | 'reassign';

/** What each card of the picker shows when several assignments share the rol. */
function pickerDetails(encargo: Encargo): EncargoPickerDetail[] {
  return [
    { label: r.fechaEncargo, value: formatDate(encargo.fecha_encargo, '') },
    { label: r.estudio, value: encargo.estudio_nombre ?? encargo.estudio_juridico?.nombre ?? '' },
    { label: r.ejecutado, value: encargo.ejecutados },
    { label: r.demandante, value: encargo.parte_demandante_nombre ?? encargo.parte_demandante?.nombre ?? '' },
    { label: r.cuantia, value: formatCLP(encargo.cuantia, '') },
  ];
}

function LoadedSummary({ encargo }: { encargo: Encargo }) {
  return (
    <Paper withBorder p="md" shadow="xs" data-testid="encargo-encontrado">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            {r.foundTitle}
          </Text>
          <Group gap="xs">
            <Text fw={700} size="lg">
              {encargo.numero_rol}
            </Text>
            <ReEncargoBadge re={encargo.es_re_encargo} />
            <EstadoBadge estado={encargo.estado} />
          </Group>
        </Stack>
        <Group gap="xl">
          <Box>
            <Text size="xs" c="dimmed">
              ID
            </Text>
            <Text size="sm" fw={600}>
              {encargo.id}
            </Text>
          </Box>
          <Box>
            <Text size="xs" c="dimmed">
              {r.estudio}
            </Text>
            <Text size="sm" fw={600}>
              {encargo.estudio_nombre ?? encargo.estudio_juridico?.nombre}
            </Text>
          </Box>
          <Box>
            <Text size="xs" c="dimmed">
              {r.fechaEncargo}
            </Text>
            <Text size="sm" fw={600}>
              {formatDate(encargo.fecha_encargo)}
            </Text>
          </Box>
        </Group>
      </Group>
    </Paper>
  );
}

export interface ReEncargosScreenProps {
  /** The 'Historial' tab of the loaded assignment (features meet in app/: the router plugs it in). */
  historialPanel?: (encargo: Encargo) => ReactNode;
  /** The 'Documentos' tab: the loaded assignment's generated certificates (plugged in the same way). */
  documentosPanel?: (encargo: Encargo) => ReactNode;
  /** The 'Visitas' tab: every field visit of the loaded assignment (plugged in the same way). */
  visitasPanel?: (encargo: Encargo) => ReactNode;
}

export function ReEncargosScreen({ historialPanel, documentosPanel, visitasPanel }: ReEncargosScreenProps = {}) {
  const { lookups, comunas, loading } = useEncargoLookups('re');
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('rol') ?? '');
  const [loaded, setLoaded] = useState<Encargo | null>(null);
  const [choices, setChoices] = useState<{ rol: string; encargos: Encargo[] } | null>(null);
  const [busyDocument, setBusyDocument] = useState<DocumentKind | null>(null);
  const [busyAction, setBusyAction] = useState<Action | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [tab, setTab] = useState<string | null>('encargo');

  const form = useForm<EncargoFormValues, ReEncargoFormContext, ReEncargoValue>({
    defaultValues: defaultEncargoValues({ retiroToday: true }),
    resolver: reEncargoResolver(),
    context: { originalId: loaded?.id ?? null },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const find = useFindEncargosByRol();
  const modify = useModifyEncargo();
  const reassign = useCreateReEncargo();

  const values = useWatch({ control: form.control }) as EncargoFormValues;
  useUnsavedChangesPrompt(form.formState.isDirty && busyAction === null);
  const incomplete = loaded ? incompleteFields(values, ReEncargoSchema, { encargo_original_id: loaded.id }) : [];
  const blockedReason = !loaded ? encargoMessages.primeroBuscarOriginal : incomplete.length ? encargoMessages.botonDeshabilitado : null;

  const load = (encargo: Encargo, message: string) => {
    if (encargo.estado === 'pendiente') {
      notify.error(encargoMessages.rolEnPendiente(encargo.numero_rol));
      return;
    }
    setLoaded(encargo);
    setConflict(false);
    setTab('encargo');
    form.reset(encargoToFormValues(encargo));
    notify.success(message);
  };

  const runSearch = async (text: string) => {
    const rol = normalizeRol(text);
    setSearch(rol);
    if (!rol) {
      notify.error(encargoMessages.rolBusquedaVacia);
      return;
    }
    try {
      const found = await find.mutateAsync(rol);
      if (found.length === 0) notify.error(encargoMessages.rolNoEncontrado(rol));
      else if (found.length === 1 && found[0]) load(found[0], r.found);
      else {
        // A link from Ver Pendientes names the assignment it means ('Ver original').
        const wanted = found.find((encargo) => String(encargo.id) === searchParams.get('id'));
        if (wanted) load(wanted, r.loaded);
        else setChoices({ rol, encargos: found });
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notify.error(encargoMessages.rolNoEncontrado(rol));
      else notify.error(r.searchError(errorMessage(error)));
    }
  };

  const autoSearched = useRef(false);
  useEffect(() => {
    const rol = searchParams.get('rol');
    if (rol && !autoSearched.current) {
      autoSearched.current = true;
      void runSearch(rol);
    }
    // Only the rol given in the address on arrival is searched by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const resetAll = () => {
    setLoaded(null);
    setConflict(false);
    setTab('encargo');
    setSearch('');
    form.reset(defaultEncargoValues({ retiroToday: true }));
  };

  const clearForm = async () => {
    if (await confirmClearForm(form.formState.isDirty)) resetAll();
  };

  const submit = (action: Action) => {
    if (!loaded) {
      notify.error(encargoMessages.primeroBuscarOriginal);
      return;
    }
    save(action, loaded);
  };

  const save = (action: Action, loaded: Encargo) => {
    void form.handleSubmit(
      async (value) => {
        if (action === 'modify') {
          // Modifying replaces the stored data: when that erases something, say what before doing it.
          const erased = erasedByModify(encargoToFormValues(loaded), form.getValues());
          if (
            erased.length > 0 &&
            !(await confirmAction({ title: r.modifyConfirmTitle, text: r.modifyConfirmText(loaded.numero_rol, erased), confirm: r.modify }))
          ) {
            return;
          }
        }
        setBusyAction(action);
        try {
          if (action === 'modify') {
            // The version read travels back: a stale edit is refused with 409 (optimistic concurrency).
            announceAlarms(await modify.mutateAsync({ id: loaded.id, payload: { ...toModifyPayload(value), version: loaded.version } }));
            notify.success(r.modifyOk);
          } else {
            announceAlarms(await reassign.mutateAsync(toReEncargoPayload(value, encargoMessages.motivoReEncargo)));
            notify.success(r.reassignOk);
          }
          resetAll();
        } catch (error) {
          if (action === 'modify' && isVersionConflict(error)) {
            setConflict(true);
            notify.error(error.detail ?? auditoriaMessages.registroModificado);
          } else if (action === 'modify') {
            if (error instanceof ApiError) notify.error(r.modifyError(serverText(error) ?? r.modifyFallback));
            else notify.error(r.modifyConnection);
          } else if (error instanceof ApiError) {
            notify.error(serverDetail(error) ?? r.reassignFallback);
          } else {
            notify.error(r.reassignConnection);
          }
        } finally {
          setBusyAction(null);
        }
      },
      (errors) => reportInvalidForm(form.getValues(), errors),
    )();
  };

  /** After a 409: reads the assignment as it is now and shows it in the form. */
  const reloadLoaded = async () => {
    if (!loaded) return;
    setReloading(true);
    try {
      const fresh = await api.get<Encargo>(`/encargos/${loaded.id}/`);
      setLoaded(fresh);
      setConflict(false);
      form.reset(encargoToFormValues(fresh));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setReloading(false);
    }
  };

  const generate = async (kind: DocumentKind) => {
    if (!loaded) {
      notify.error(encargoMessages.primeroBuscarOriginal);
      return;
    }
    const current = form.getValues();
    const missing = incompleteFields(current, ReEncargoSchema, { encargo_original_id: loaded.id });
    if (missing.length) {
      notify.error(kind === 'membrete' ? encargoMessages.membreteFaltantes(missing) : encargoMessages.fichaFaltantes(missing));
      void form.trigger();
      return;
    }
    setBusyDocument(kind);
    try {
      if (kind === 'membrete') {
        await downloadMembrete(membreteRequest(current, lookups));
        notify.success(m.documentos.reMembreteOk);
      } else {
        await downloadFichaTerreno(fichaTerrenoRequest(current, lookups));
        notify.success(m.documentos.reFichaOk);
      }
    } catch (error) {
      const detail = error instanceof ApiError ? (serverText(error) ?? error.message) : errorMessage(error);
      notify.error(kind === 'membrete' ? m.documentos.reMembreteError(detail) : m.documentos.reFichaError(detail));
    } finally {
      setBusyDocument(null);
    }
  };

  const busy = busyAction !== null || busyDocument !== null;

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>{r.title}</Title>
        <Text c="dimmed">{r.subtitle}</Text>
      </Box>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void runSearch(search);
          }}
          noValidate
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label={r.searchLabel}
              placeholder={r.searchPlaceholder}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              leftSection={<IconSearch size={16} />}
              style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
              autoComplete="off"
              maxLength={30}
            />
            <Button type="submit" loading={find.isPending} leftSection={<IconSearch size={16} />}>
              {r.search}
            </Button>
          </Group>
        </form>
      </Paper>

      {loaded ? (
        <LoadedSummary encargo={loaded} />
      ) : (
        <Alert variant="light" color="blue" icon={<IconInfoCircle />}>
          {r.hint}
        </Alert>
      )}

      {conflict && <VersionConflictAlert onReload={() => void reloadLoaded()} reloading={reloading} />}

      <Tabs value={tab} onChange={setTab}>
        {(historialPanel || documentosPanel || visitasPanel) && (
          <Tabs.List mb="md">
            <Tabs.Tab value="encargo">{auditoriaMessages.datosEncargo}</Tabs.Tab>
            {historialPanel && (
              <Tabs.Tab value="historial" disabled={!loaded}>
                {auditoriaMessages.historial}
              </Tabs.Tab>
            )}
            {documentosPanel && (
              <Tabs.Tab value="documentos" disabled={!loaded}>
                {estampadoMessages.documentosEncargo}
              </Tabs.Tab>
            )}
            {visitasPanel && (
              <Tabs.Tab value="visitas" disabled={!loaded}>
                {r.visitas}
              </Tabs.Tab>
            )}
          </Tabs.List>
        )}
        <Tabs.Panel value="encargo">
          <form
            onSubmit={(event) => {
              event.preventDefault();
            }}
            onKeyDown={preventEnterSubmit}
            noValidate
          >
            <Stack gap="lg">
              <EncargoFormFields form={form} lookups={lookups} comunas={comunas} loading={loading} variant="re" />
              <Paper withBorder p="md" shadow="xs" pos={{ base: 'static', sm: 'sticky' }} bottom={0} style={{ zIndex: 5 }}>
                <Group justify="space-between" gap="sm">
                  <Button variant="default" leftSection={<IconEraser size={16} />} onClick={() => void clearForm()} disabled={busy}>
                    {m.form.clear}
                  </Button>
                  <Group gap="sm">
                    <DocumentButtons blockedReason={blockedReason} busy={busyDocument} onGenerate={generate} />
                    <Button
                      variant="outline"
                      leftSection={<IconEdit size={16} />}
                      onClick={() => submit('modify')}
                      loading={busyAction === 'modify'}
                      disabled={busy && busyAction !== 'modify'}
                    >
                      {r.modify}
                    </Button>
                    <Button
                      leftSection={<IconCopyPlus size={16} />}
                      onClick={() => submit('reassign')}
                      loading={busyAction === 'reassign'}
                      disabled={busy && busyAction !== 'reassign'}
                    >
                      {r.reassign}
                    </Button>
                  </Group>
                </Group>
              </Paper>
            </Stack>
          </form>
        </Tabs.Panel>
        {historialPanel && loaded && <Tabs.Panel value="historial">{historialPanel(loaded)}</Tabs.Panel>}
        {documentosPanel && loaded && <Tabs.Panel value="documentos">{documentosPanel(loaded)}</Tabs.Panel>}
        {visitasPanel && loaded && <Tabs.Panel value="visitas">{visitasPanel(loaded)}</Tabs.Panel>}
      </Tabs>

      <EncargoPickerModal
        rol={choices?.rol ?? ''}
        encargos={choices?.encargos ?? []}
        opened={choices !== null}
        onClose={() => setChoices(null)}
        onSelect={(encargo) => {
          setChoices(null);
          load(encargo, r.loaded);
        }}
        details={pickerDetails}
        showId
      />
    </Stack>
  );
}
