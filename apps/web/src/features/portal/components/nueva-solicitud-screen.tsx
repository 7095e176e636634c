import { Alert, Button, FileInput, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  COMUNAS,
  ENCARGO_FIELD_LABELS,
  OBSERVACIONES_MAX_LENGTH,
  OBSERVACIONES_SUGERIDAS,
  ROL_MAX_LENGTH,
  type SolicitudDatos,
  type SolicitudResponse,
  encargoMessages,
  LECTURA_NDJSON,
  normalizeRol,
} from '@receptoria/contracts';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCircleCheck, IconFileTypePdf, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import {
  FormDate,
  FormDateTime,
  FormMoney,
  FormRut,
  FormSelect,
  FormSuggestInput,
  FormTextInput,
  preventEnterSubmit,
} from '../../../components/form';
import { DomiciliosField } from '../../../components/encargo-form/domicilios-field';
import { autoFillPartes, type EncargoFormValues } from '../../../components/encargo-form/encargo-form-values';
import { confirmarPendientes } from '../../../components/lectura/confirmar-pendientes';
import { CampoLeido, DomiciliosLeidos, LecturaProvider } from '../../../components/lectura/lectura-context';
import { leerPdfMessages } from '../../../components/lectura/messages';
import { useLectura } from '../../../components/lectura/use-lectura';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { portalKeys, usePortalCatalogos } from '../api/portal-queries';
import { portalApi } from '../lib/portal-api';
import { portalTexts } from '../messages';
import {
  defaultSolicitudValues,
  pdfProblem,
  SOLICITUD_STEPS,
  type SolicitudFormValues,
  type SolicitudStep,
  STEP_FIELDS,
  solicitudBody,
  solicitudResolver,
  stepOf,
} from '../utils/solicitud-form';
import { MisSolicitudes } from './mis-solicitudes';

const m = portalTexts.solicitud;

// 'Leer desde PDF' downloads with this screen only when it is drawn.
const LeerDesdePdf = lazy(() => import('../../../components/lectura/leer-desde-pdf').then((module) => ({ default: module.LeerDesdePdf })));

/** POST /api/v1/portal/solicitudes/leer_documentos/ — the firm's reading, streamed (progress, then the proposal). */
const leerDocumentosPortal = (body: FormData, signal: AbortSignal) =>
  portalApi.stream('/solicitudes/leer_documentos/', body, { headers: { Accept: `${LECTURA_NDJSON}, application/json` }, signal });
const labels = ENCARGO_FIELD_LABELS;

type Archivo = 'demanda' | 'resolucion';

function toOptions(list: readonly { id: number; nombre: string }[] | undefined) {
  return (list ?? []).map((item) => ({ value: String(item.id), label: item.nombre }));
}

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={3} fz="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/**
 * /portal/nueva-solicitud — a guided form (four steps) with Nuevo Encargo's fields, inputs and rules,
 * less the firm (the user's own), plus the claim's and the resolution's PDFs.
 */
export function NuevaSolicitudScreen() {
  useDocumentTitle(`${m.title} · ${portalTexts.product}`);
  const catalogos = usePortalCatalogos();
  const queryClient = useQueryClient();
  const form = useForm<SolicitudFormValues, unknown, SolicitudDatos>({
    defaultValues: defaultSolicitudValues(),
    resolver: solicitudResolver(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, getValues, setValue } = form;
  const [step, setStep] = useState<SolicitudStep>('causa');
  const values = useWatch({ control }) as EncargoFormValues;
  const opcionesLectura = useMemo(
    () => ({
      tribunales: catalogos.data?.tribunales ?? [],
      tiposCausa: catalogos.data?.tipos_causa ?? [],
      partes: catalogos.data?.partes_demandantes ?? [],
    }),
    [catalogos.data],
  );
  const describir = useCallback(
    (campo: string, valor: string | number) => {
      const list = campo === 'tribunal' ? opcionesLectura.tribunales : campo === 'tipo_causa' ? opcionesLectura.tiposCausa : campo === 'parte_demandante' ? opcionesLectura.partes : null;
      return list ? (list.find((item) => String(item.id) === String(valor))?.nombre ?? String(valor)) : String(valor);
    },
    [opcionesLectura],
  );
  // The PDFs chosen to be read are the request's own PDFs (step Documentos shows the same two).
  const lectura = useLectura(form, values, opcionesLectura, describir);
  const files = lectura.archivos;
  const setFiles = lectura.setArchivos;
  const [fileErrors, setFileErrors] = useState<Partial<Record<Archivo, string>>>({});
  const [sent, setSent] = useState<string | null>(null);
  const index = SOLICITUD_STEPS.indexOf(step);
  const stepTitle = m.steps[step];

  const partes = catalogos.data?.partes_demandantes ?? [];
  const comunas = catalogos.data?.comunas.map((comuna) => comuna.nombre) ?? [...COMUNAS];
  const partyName = (id: string | null) => partes.find((parte) => String(parte.id) === id)?.nombre;

  const send = useMutation({
    mutationFn: (body: FormData) => portalApi.post<SolicitudResponse>('/solicitudes/', body),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: portalKeys.solicitudes });
      setSent(answer.solicitud.numero_rol);
      form.reset(defaultSolicitudValues());
      lectura.reset();
      setStep('causa');
      notify.success(m.sent);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const fields = Object.entries(error.errors ?? {});
        for (const [field, messages] of fields) {
          const message = messages[0];
          if (!message) continue;
          if (field === 'demanda' || field === 'resolucion') setFileErrors((current) => ({ ...current, [field]: message }));
          else form.setError(field as FieldPath<SolicitudFormValues>, { type: 'server', message });
        }
        const first = fields[0]?.[0];
        if (first) setStep(first === 'demanda' || first === 'resolucion' ? 'documentos' : stepOf(first));
        notify.error(m.error(error.detail ?? m.errorFallback));
      } else notify.error(m.connectionError);
    },
  });

  const next = async () => {
    if (await form.trigger([...STEP_FIELDS[step]])) {
      const following = SOLICITUD_STEPS[index + 1];
      if (following) setStep(following);
      window.scrollTo({ top: 0 });
    } else notify.error(m.fixFields);
  };

  const submit = form.handleSubmit(
    async (datos) => {
      const problems: Partial<Record<Archivo, string>> = {};
      for (const campo of ['demanda', 'resolucion'] as const) {
        const problem = await pdfProblem(files[campo]);
        if (problem) problems[campo] = problem;
      }
      setFileErrors(problems);
      if (problems.demanda || problems.resolucion || !files.demanda || !files.resolucion) {
        notify.error(m.fixFields);
        return;
      }
      if (!(await confirmarPendientes(lectura.pendientes()))) return;
      send.mutate(solicitudBody(datos, files.demanda, files.resolucion));
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) setStep(stepOf(first));
      notify.error(m.fixFields);
    },
  );

  const fileInput = (campo: Archivo, label: string) => (
    <FileInput
      label={label}
      placeholder={m.pdfPlaceholder}
      accept="application/pdf,.pdf"
      leftSection={<IconFileTypePdf size={16} />}
      withAsterisk
      clearable
      value={files[campo]}
      error={fileErrors[campo]}
      onChange={(file) => {
        setFiles({ ...files, [campo]: file });
        void pdfProblem(file).then((problem) => setFileErrors((current) => ({ ...current, [campo]: file ? (problem ?? undefined) : undefined })));
      }}
    />
  );

  return (
    <Stack gap="md">
      <Title order={2}>{m.title}</Title>
      <Text size="sm" c="dimmed">
        {m.subtitle}
      </Text>
      {sent && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} withCloseButton onClose={() => setSent(null)} data-testid="solicitud-enviada">
          {m.sent} ({sent})
        </Alert>
      )}
      {catalogos.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {m.lookupsError}
        </Alert>
      )}
      <Suspense fallback={<Paper withBorder p="lg" mih={180} aria-busy="true" />}>
        <LeerDesdePdf
          archivos={files}
          onArchivos={(next) => {
            setFiles(next);
            setFileErrors({});
          }}
          enviar={leerDocumentosPortal}
          onLeido={lectura.aplicar}
          nota={leerPdfMessages.adjuntosSolicitud}
          disabled={send.isPending}
        />
      </Suspense>
      <Stack gap={4}>
        <Text size="sm" fw={600} data-testid="solicitud-paso">
          {`${index + 1}/${SOLICITUD_STEPS.length} · ${stepTitle}`}
        </Text>
        <Progress value={((index + 1) / SOLICITUD_STEPS.length) * 100} size="sm" aria-label={stepTitle} />
      </Stack>

      <form onSubmit={(event) => void submit(event)} onKeyDown={preventEnterSubmit} noValidate>
        <LecturaProvider value={lectura.context}>
          <Stack gap="md">
            {step === 'causa' && (
              <Step title={m.steps.causa}>
                <CampoLeido campo="numero_rol">
                  <FormTextInput
                    control={control}
                    name="numero_rol"
                    normalizeOnBlur={normalizeRol}
                    label={labels.numero_rol}
                    placeholder="C-1234-2024"
                    withAsterisk
                    maxLength={ROL_MAX_LENGTH}
                    autoComplete="off"
                  />
                </CampoLeido>
                <CampoLeido campo="tribunal">
                  <FormSelect control={control} name="tribunal" label={labels.tribunal} data={toOptions(catalogos.data?.tribunales)} withAsterisk />
                </CampoLeido>
                <CampoLeido campo="parte_demandante">
                  <FormSelect
                    control={control}
                    name="parte_demandante"
                    label={labels.parte_demandante}
                    data={toOptions(partes)}
                    withAsterisk
                    onValueChange={(nextId, previousId) => {
                      const nombre = partyName(nextId);
                      if (!nombre) return;
                      const updated = autoFillPartes(getValues('partes'), nombre, [partyName(previousId)]);
                      if (updated !== null) setValue('partes', updated, { shouldDirty: true });
                    }}
                  />
                </CampoLeido>
                <CampoLeido campo="tipo_causa">
                  <FormSelect control={control} name="tipo_causa" label={labels.tipo_causa} data={toOptions(catalogos.data?.tipos_causa)} withAsterisk />
                </CampoLeido>
                <FormSelect control={control} name="tipo_encargo" label={labels.tipo_encargo} data={toOptions(catalogos.data?.tipos_encargo)} withAsterisk />
                <CampoLeido campo="cuantia">
                  <FormMoney control={control} name="cuantia" label={labels.cuantia} withAsterisk />
                </CampoLeido>
                <CampoLeido campo="fecha_demanda">
                  <FormDate control={control} name="fecha_demanda" label={labels.fecha_demanda} placeholder="dd/mm/aaaa" withAsterisk />
                </CampoLeido>
                <CampoLeido campo="fecha_resolucion">
                  <FormDate control={control} name="fecha_resolucion" label={labels.fecha_resolucion} placeholder="dd/mm/aaaa" withAsterisk />
                </CampoLeido>
              </Step>
            )}
            {step === 'partes' && (
              <Step title={m.steps.partes}>
                <CampoLeido campo="partes">
                  <FormTextInput control={control} name="partes" label={labels.partes} withAsterisk maxLength={500} />
                </CampoLeido>
                <CampoLeido campo="ejecutados">
                  <FormTextInput control={control} name="ejecutados" label={labels.ejecutados} withAsterisk maxLength={500} />
                </CampoLeido>
                <CampoLeido campo="rut_ejecutado">
                  <FormRut
                    control={control}
                    name="rut_ejecutado"
                    label={labels.rut_ejecutado}
                    placeholder="12345678-9"
                    withAsterisk
                    invalidMessages={[encargoMessages.rutEjecutadoInvalido]}
                  />
                </CampoLeido>
                <CampoLeido campo="rut_representante_legal">
                  <FormRut
                    control={control}
                    name="rut_representante_legal"
                    label={labels.rut_representante_legal}
                    placeholder="12345678-9"
                    invalidMessages={[encargoMessages.rutRepresentanteInvalido]}
                  />
                </CampoLeido>
                <CampoLeido campo="numero_operacion">
                  <FormTextInput control={control} name="numero_operacion" label={labels.numero_operacion} maxLength={50} />
                </CampoLeido>
              </Step>
            )}
            {step === 'domicilios' && (
              <Step title={m.steps.domicilios}>
                <DomiciliosLeidos />
                <DomiciliosField form={form} comunas={comunas} />
              </Step>
            )}
            {step === 'documentos' && (
              <Step title={m.steps.documentos}>
                {fileInput('demanda', m.demanda)}
                {fileInput('resolucion', m.resolucion)}
                <FormSuggestInput
                  control={control}
                  name="observaciones_encargo"
                  label={labels.observaciones_encargo}
                  withAsterisk
                  suggestions={OBSERVACIONES_SUGERIDAS}
                  max={OBSERVACIONES_MAX_LENGTH}
                />
                <FormDateTime control={control} name="fecha_comparendo" label={labels.fecha_comparendo} placeholder="dd/mm/aaaa hh:mm" />
                <FormDateTime control={control} name="fecha_prueba" label={labels.fecha_prueba} placeholder="dd/mm/aaaa hh:mm" />
              </Step>
            )}

            <Group justify="space-between" wrap="nowrap">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                disabled={index === 0 || send.isPending}
                onClick={() => setStep(SOLICITUD_STEPS[index - 1] ?? 'causa')}
              >
                {m.back}
              </Button>
              {/* Two elements, never one reused: 'Siguiente' on step 3 must not become the submit button
                  before its own click ends (the browser would then send the form of step 4, still empty). */}
              {step === 'documentos' ? (
                <Button key="enviar" type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
                  {m.submit}
                </Button>
              ) : (
                <Button
                  key="siguiente"
                  type="button"
                  rightSection={<IconArrowRight size={16} />}
                  onClick={(event) => {
                    event.preventDefault();
                    void next();
                  }}
                >
                  {m.next}
                </Button>
              )}
            </Group>
          </Stack>
        </LecturaProvider>
      </form>

      <MisSolicitudes />
    </Stack>
  );
}
