import { Anchor, Box, Button, Fieldset, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  EncargoCreateSchema,
  type EncargoCreateValue,
  type EncargoDetail,
  encargoMessages,
} from '@receptoria/contracts';
import { IconDeviceFloppy, IconEraser } from '@tabler/icons-react';
import { type FormEvent, lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { preventEnterSubmit, useUnsavedChangesPrompt } from '../../../components/form';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { whenModalsReady } from '../../../lib/modals-host';
import { confirmClearForm } from '../../../components/confirm-action';
import { confirmarPendientes } from '../../../components/lectura/confirmar-pendientes';
import { LecturaProvider } from '../../../components/lectura/lectura-context';
import { leerPdfMessages } from '../../../components/lectura/messages';
import { useLectura } from '../../../components/lectura/use-lectura';
import { notify } from '../../../lib/notify';
import { newIdempotencyKey, useCreateEncargo } from '../api/create-encargo';
import { findCoincidenciasRol } from '../../../lib/find-encargos-by-rol';
import { downloadFichaTerreno, downloadMembrete } from '../api/generate-documents';
import { leerDocumentos } from '../api/leer-documentos';
import { useEncargoLookups } from '../api/use-encargo-lookups';
import { encargosMessages } from '../messages';
import { isNetworkError, serverText } from '../utils/api-errors';
import { fichaTerrenoRequest, membreteRequest } from '../utils/documents';
import {
  type EncargoFormValues,
  createResolver,
  defaultEncargoValues,
  incompleteFields,
  toCreatePayload,
} from '../utils/encargo-form';
import { announceAlarms } from '../utils/announce-alarms';
import { reportInvalidForm } from '../utils/report-invalid-form';
import { type DocumentKind, DocumentButtons } from './document-buttons';
import { EncargoCreatedBox } from './encargo-created-box';
import { EncargoFormFields } from './encargo-form-fields';

const m = encargosMessages;

// 'Leer desde PDF' (drop area, progress, the reading's rules) downloads only when Nuevo Encargo opens.
const LeerDesdePdf = lazy(() => import('../../../components/lectura/leer-desde-pdf').then((module) => ({ default: module.LeerDesdePdf })));
const CompararConPdf = lazy(() => import('../../../components/lectura/comparar-con-pdf').then((module) => ({ default: module.CompararConPdf })));

interface Created {
  id: number;
  numero_rol: string;
}

/** What saving returns: the created assignment (its alarms when the server sent them). */
type Saved = Pick<EncargoDetail, 'id' | 'alarmas'> & Partial<Pick<EncargoDetail, 'numero_rol'>>;

/**
 * A request sent from the law-firm portal (issue 27): the form starts from its data for the secretary to
 * check, `header` tells what is being reviewed, and saving accepts the request instead of creating.
 */
export interface NuevoEncargoIntake {
  initialValues: EncargoFormValues;
  header: ReactNode;
  save: (payload: EncargoCreateValue, idempotencyKey: string) => Promise<Saved>;
  /** Reads the request's own PDFs, to set the values read beside the firm's. */
  leer?: (signal: AbortSignal) => Promise<Response>;
}

type DuplicateChoice = 'proceed' | 'open' | 'cancel';

/** Asks what to do when the rol is already registered: open it in Re-encargos, register anyway or cancel. */
async function askAboutDuplicate(rol: string, count: number): Promise<DuplicateChoice> {
  await whenModalsReady();
  return new Promise((resolve) => {
    const id = `rol-duplicado-${rol}`;
    const choose = (choice: DuplicateChoice) => {
      resolve(choice);
      modals.close(id);
    };
    modals.open({
      modalId: id,
      title: m.nuevo.duplicateTitle,
      onClose: () => resolve('cancel'),
      children: (
        <Stack gap="md">
          <Text size="sm">{m.nuevo.duplicateText(rol, count)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => choose('cancel')}>
              {m.nuevo.duplicateCancel}
            </Button>
            <Button variant="light" onClick={() => choose('open')}>
              {m.nuevo.duplicateOpen}
            </Button>
            <Button onClick={() => choose('proceed')}>{m.nuevo.duplicateProceed}</Button>
          </Group>
        </Stack>
      ),
    });
  });
}

export function NuevoEncargoScreen({ intake }: { intake?: NuevoEncargoIntake } = {}) {
  const { lookups, comunas, loading } = useEncargoLookups('nuevo');
  const startValues = () => intake?.initialValues ?? defaultEncargoValues();
  const form = useForm<EncargoFormValues, unknown, EncargoCreateValue>({
    defaultValues: startValues(),
    resolver: createResolver(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const create = useCreateEncargo();
  const navigate = useNavigate();
  const [created, setCreated] = useState<Created | null>(null);
  const [busyDocument, setBusyDocument] = useState<DocumentKind | null>(null);
  const [saving, setSaving] = useState(false);
  /** One key per submission of this form; 'Limpiar Formulario' starts a new one. */
  const idempotencyKey = useRef(newIdempotencyKey());
  /** The save in flight: 'Registrar Encargo' and the document buttons share it instead of racing. */
  const inFlight = useRef<Promise<Saved | null> | null>(null);
  const { isDirty } = form.formState;
  const leaving = useUnsavedChangesPrompt(isDirty && !created && !saving);

  const values = useWatch({ control: form.control }) as EncargoFormValues;
  const estudioElegido = lookups.estudios.find((item) => String(item.id) === values.estudio_juridico);
  const opcionesLectura = useMemo(
    () => ({ tribunales: lookups.tribunales, tiposCausa: lookups.tiposCausa, partes: estudioElegido?.partes_demandantes ?? [] }),
    [lookups.tribunales, lookups.tiposCausa, estudioElegido],
  );
  const describir = useCallback(
    (campo: string, valor: string | number) => {
      const list = campo === 'tribunal' ? lookups.tribunales : campo === 'tipo_causa' ? lookups.tiposCausa : campo === 'parte_demandante' ? opcionesLectura.partes : null;
      return list ? (list.find((item) => String(item.id) === String(valor))?.nombre ?? String(valor)) : String(valor);
    },
    [lookups.tribunales, lookups.tiposCausa, opcionesLectura.partes],
  );
  const lectura = useLectura(form, values, opcionesLectura, describir);
  const incomplete = incompleteFields(values, EncargoCreateSchema);
  const blockedReason = created || incomplete.length === 0 ? null : encargoMessages.botonDeshabilitado;

  const reportCreateError = (error: unknown) => {
    if (error instanceof ApiError) {
      notify.error(m.nuevo.serverError(serverText(error) ?? m.nuevo.serverErrorFallback));
    } else if (isNetworkError(error)) {
      notify.error(m.nuevo.connectionError);
    } else {
      notify.error(m.nuevo.serverError(m.nuevo.serverErrorFallback));
    }
  };

  /** Warns when the rol exists; null when the user chose not to register. */
  const confirmNewRol = async (rol: string): Promise<boolean> => {
    let existing: number;
    try {
      existing = (await findCoincidenciasRol(rol)).length;
    } catch {
      return true;
    }
    if (existing === 0) return true;
    const choice = await askAboutDuplicate(rol, existing);
    if (choice === 'open') {
      leaving.allowNextNavigation();
      navigate(`${paths.reEncargos}?rol=${encodeURIComponent(rol)}`);
    }
    return choice === 'proceed';
  };

  /**
   * Registers the assignment once: a second call while the first runs gets the same promise, and
   * the idempotency key makes any repeat reaching the server return the same assignment.
   */
  const register = async (payload: EncargoCreateValue): Promise<{ detail: Saved; first: boolean } | null> => {
    if (inFlight.current) {
      const detail = await inFlight.current;
      return detail ? { detail, first: false } : null;
    }
    const run = (async () => {
      setSaving(true);
      try {
        if (!(await confirmarPendientes(lectura.pendientes()))) return null;
        if (!(await confirmNewRol(payload.numero_rol))) return null;
        const result: Saved = intake
          ? await intake.save(payload, idempotencyKey.current)
          : await create.mutateAsync({ payload, idempotencyKey: idempotencyKey.current, documentos: lectura.archivos });
        setCreated({ id: result.id, numero_rol: result.numero_rol ?? payload.numero_rol });
        return result;
      } finally {
        setSaving(false);
        inFlight.current = null;
      }
    })();
    inFlight.current = run;
    const detail = await run;
    return detail ? { detail, first: true } : null;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    void form.handleSubmit(
    async (payload) => {
      if (created || inFlight.current) return;
      try {
        const registered = await register(payload);
        if (!registered?.first) return;
        notify.success(m.nuevo.success);
        announceAlarms(registered.detail);
      } catch (error) {
        reportCreateError(error);
      }
    },
    (errors) => reportInvalidForm(form.getValues(), errors),
  )(event);

  const generate = async (kind: DocumentKind) => {
    const current = form.getValues();
    if (!created) {
      const missing = incompleteFields(current, EncargoCreateSchema);
      if (missing.length) {
        notify.error(
          kind === 'membrete' ? encargoMessages.membreteFaltantes(missing) : encargoMessages.fichaFaltantes(missing),
        );
        void form.trigger();
        return;
      }
    }
    setBusyDocument(kind);
    let registeredNow: Saved | null = null;
    try {
      if (!created) {
        try {
          const registered = await register(toCreatePayload(current));
          if (!registered) return;
          if (registered.first) registeredNow = registered.detail;
        } catch (error) {
          reportCreateError(error);
          return;
        }
      }
      if (kind === 'membrete') await downloadMembrete(membreteRequest(current, lookups));
      else await downloadFichaTerreno(fichaTerrenoRequest(current, lookups));
      if (kind === 'membrete') notify.success(registeredNow ? m.documentos.membreteCreated : m.documentos.membreteOnly);
      else notify.success(registeredNow ? m.documentos.fichaCreated : m.documentos.fichaOnly);
      if (registeredNow) announceAlarms(registeredNow);
    } catch (error) {
      if (error instanceof ApiError) notify.error(m.documentos.error(serverText(error) ?? error.message));
      else notify.error(m.nuevo.connectionError);
    } finally {
      setBusyDocument(null);
    }
  };

  const clear = async () => {
    if (!(await confirmClearForm(isDirty && !created))) return;
    form.reset(startValues());
    lectura.reset();
    setCreated(null);
    idempotencyKey.current = newIdempotencyKey();
  };

  const busy = saving || busyDocument !== null;

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>{m.nuevo.title}</Title>
        <Text c="dimmed">{m.nuevo.subtitle}</Text>
        {!intake && (
          <Anchor component={Link} to={paths.importarEncargos} size="sm" data-testid="nuevo-encargo-importar">
            {m.nuevo.importarVarios}
          </Anchor>
        )}
      </Box>
      {intake?.header}
      {intake?.leer && (
        <Suspense fallback={<Paper withBorder p="md" shadow="xs" mih={60} aria-busy="true" />}>
          <CompararConPdf enviar={intake.leer} valoresEstudio={intake.initialValues} onLeido={lectura.comparar} describir={describir} />
        </Suspense>
      )}
      {created && <EncargoCreatedBox id={created.id} numeroRol={created.numero_rol} />}
      {!intake && (
        <Suspense fallback={<Paper withBorder p="lg" shadow="xs" mih={180} aria-busy="true" />}>
          <LeerDesdePdf
            archivos={lectura.archivos}
            onArchivos={lectura.setArchivos}
            enviar={leerDocumentos}
            estudio={values.estudio_juridico}
            onLeido={lectura.aplicar}
            nota={leerPdfMessages.adjuntos}
            disabled={Boolean(created) || busy}
          />
        </Suspense>
      )}
      <form onSubmit={onSubmit} onKeyDown={preventEnterSubmit} noValidate>
        <Stack gap="lg">
          <Fieldset variant="unstyled" disabled={Boolean(created)} p={0} m={0}>
            <LecturaProvider value={lectura.context}>
              <EncargoFormFields
                form={form}
                lookups={lookups}
                comunas={comunas}
                loading={loading}
                variant="nuevo"
                disabled={Boolean(created)}
              />
            </LecturaProvider>
          </Fieldset>
          <Paper withBorder p="md" shadow="xs" pos={{ base: 'static', sm: 'sticky' }} bottom={0} style={{ zIndex: 5 }}>
            <Group justify="space-between" gap="sm">
              <Button variant="default" leftSection={<IconEraser size={16} />} onClick={() => void clear()} disabled={busy}>
                {m.form.clear}
              </Button>
              <Group gap="sm">
                <DocumentButtons
                  blockedReason={blockedReason}
                  busy={busyDocument}
                  saving={saving && busyDocument === null}
                  onGenerate={generate}
                />
                <Button
                  type="submit"
                  leftSection={<IconDeviceFloppy size={16} />}
                  loading={saving && busyDocument === null}
                  disabled={Boolean(created) || busy}
                >
                  {m.nuevo.submit}
                </Button>
              </Group>
            </Group>
          </Paper>
        </Stack>
      </form>
    </Stack>
  );
}
