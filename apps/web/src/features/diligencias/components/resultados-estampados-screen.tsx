import { Alert, Box, Stack, Text, Title } from '@mantine/core';
import {
  type EncargoConResultados,
  RESULTADO_VISITA_LABELS,
  diligenciaMessages as dm,
  formatCLP,
  formatDate,
  formatDateTime,
} from '@receptoria/contracts';
import { IconHistory, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { confirmClearForm } from '../../../components/confirm-action';
import { type EncargoPickerDetail, EncargoPickerModal } from '../../../components/encargo-picker-modal';
import { useSession } from '../../../lib/auth/use-session';
import { notify } from '../../../lib/notify';
import { useEncargoOpciones } from '../api/get-lookups';
import { visitasEncargoQueryOptions } from '../api/get-visitas';
import { tiposEstampadoQueryOptions, useTiposEstampado } from '../api/get-tipos-estampado';
import { diligenciasMessages } from '../messages';
import { EMPTY_INFO, type InfoFormValues, encargoToInfoValues } from '../utils/info-form';
import {
  EMPTY_RESULTADOS,
  type ResultadosFormValues,
  actionAvailability,
  admiteResultados,
  encargoToResultadosValues,
  tieneDiligencia,
} from '../utils/resultados-form';
import { valoresDeVisita, visitaDelActo } from '../utils/visita-prefill';
import { BackToDiligencias } from './back-link';
import { DocumentosEncargoPanel } from './documentos-encargo-panel';
import { InfoEncargoSection } from './info-encargo-section';
import { PreviewModal } from './preview-modal';
import { ResultadosActionsBar } from './resultados-actions-bar';
import { ResultadosSection } from './resultados-section';
import { ResumenSection } from './resumen-section';
import { SearchRolForm } from './search-rol-form';
import { useResultadosActions } from './use-resultados-actions';
import { useRolSearch } from './use-rol-search';

const m = diligenciasMessages;

/** What each card of the picker shows when several assignments share the rol (spec 02 §2.1). */
function pickerDetails(encargo: EncargoConResultados): EncargoPickerDetail[] {
  const p = m.picker;
  return [
    { label: p.fechaIngreso, value: formatDate(encargo.fecha_creacion || encargo.fecha_encargo, '') },
    { label: p.estudio, value: encargo.estudio_nombre },
    { label: p.ejecutado, value: encargo.ejecutados },
    { label: p.demandante, value: encargo.parte_demandante_nombre },
    { label: p.demandado, value: [encargo.ejecutados, encargo.rut_ejecutado].filter(Boolean).join(' · ') },
    { label: p.valor, value: formatCLP(encargo.valor_asociado ?? encargo.cuantia, '') },
  ];
}

/**
 * Resultados y Estampados (spec 02 §2.1) at /diligencias and /diligencias/generar-estampado: the
 * sections compose here; the actions live in useResultadosActions. Without the Estampar module the
 * screen opens read-only with a notice (issue 30).
 */
export interface ResultadosEstampadosScreenProps {
  /** The loaded assignment's field visits (features meet in app/: the router plugs them in). */
  visitasPanel?: (encargo: EncargoConResultados) => ReactNode;
}

export function ResultadosEstampadosScreen({ visitasPanel }: ResultadosEstampadosScreenProps = {}) {
  const [encargo, setEncargo] = useState<EncargoConResultados | null>(null);
  /** The visit the results were pre-filled from (issue 23), while the form still shows it. */
  const [prefill, setPrefill] = useState<{ encargoId: number; texto: string } | null>(null);
  const loadedId = useRef<number | null>(null);
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<{ rol: string; encargos: EncargoConResultados[] } | null>(null);
  const readOnly = !useSession().hasModule('estampar');

  const infoForm = useForm<InfoFormValues>({ defaultValues: EMPTY_INFO });
  const resultadosForm = useForm<ResultadosFormValues>({ defaultValues: EMPTY_RESULTADOS });
  const resultados = useWatch({ control: resultadosForm.control }) as ResultadosFormValues;

  const opciones = useEncargoOpciones();
  const tiposQuery = useTiposEstampado();
  const tipos = tiposQuery.data ?? [];
  const actions = useResultadosActions({ encargo, setEncargo, infoForm, resultadosForm, tipos });

  const reported = useRef(false);
  useEffect(() => {
    if ((tiposQuery.isError || opciones.isError) && !reported.current) {
      reported.current = true;
      notify.error(dm.errorCargarDatos);
    }
  }, [tiposQuery.isError, opciones.isError]);

  /** An assignment without results on record starts from its latest field visit (date, hour, notes, result). */
  const prefillFromVisitas = async (next: EncargoConResultados) => {
    if (tieneDiligencia(next) || !admiteResultados(next.estado)) return;
    // The stamp types too: an assignment opened from a link loads before they arrive.
    const [data, tiposCargados] = await Promise.all([
      queryClient.fetchQuery(visitasEncargoQueryOptions(next.id)).catch(() => null),
      queryClient.fetchQuery(tiposEstampadoQueryOptions()).catch(() => tipos),
    ]);
    const visita = data ? visitaDelActo(data.visitas) : null;
    if (!visita || loadedId.current !== next.id || resultadosForm.formState.isDirty) return;
    resultadosForm.reset({ ...resultadosForm.getValues(), ...valoresDeVisita(visita, tiposCargados) });
    setPrefill({ encargoId: next.id, texto: m.desdeVisita(formatDateTime(visita.fecha_hora), RESULTADO_VISITA_LABELS[visita.resultado]) });
  };

  const load = (next: EncargoConResultados) => {
    setEncargo(next);
    loadedId.current = next.id;
    setPrefill(null);
    infoForm.reset(encargoToInfoValues(next));
    resultadosForm.reset(encargoToResultadosValues(next));
    notify.success(dm.encargoCargado);
    void prefillFromVisitas(next);
  };

  const search = useRolSearch((found, rol) => {
    if (found.length === 1 && found[0]) load(found[0]);
    else setChoices({ rol, encargos: found });
  });

  const clear = async () => {
    if (!(await confirmClearForm(infoForm.formState.isDirty || resultadosForm.formState.isDirty))) return;
    setEncargo(null);
    loadedId.current = null;
    setPrefill(null);
    search.setText('');
    infoForm.reset(EMPTY_INFO);
    resultadosForm.reset(EMPTY_RESULTADOS);
  };

  const available = { ...actionAvailability(resultados, encargo), preview: encargo !== null };

  return (
    <Stack gap="lg">
      <BackToDiligencias />
      <Box>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </Box>
      {readOnly ? (
        <Alert color="gray" variant="light" icon={<IconLock />} title={m.readOnly.title} data-testid="solo-lectura">
          {m.readOnly.text}
        </Alert>
      ) : null}

      <SearchRolForm value={search.text} onChange={search.setText} onSearch={(value) => void search.search(value)} loading={search.searching} />

      <InfoEncargoSection
        form={infoForm}
        encargo={encargo}
        tribunales={opciones.tribunales}
        tiposCausa={opciones.tiposCausa}
        tiposEncargo={opciones.tiposEncargo}
        readOnly={readOnly}
      />

      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!readOnly) void actions.stampLater(true);
        }}
        noValidate
      >
        <Stack gap="lg">
          {prefill && prefill.encargoId === encargo?.id ? (
            <Alert color="blue" variant="light" icon={<IconHistory />} data-testid="resultados-desde-visita">
              {prefill.texto}
            </Alert>
          ) : null}
          <ResultadosSection form={resultadosForm} encargo={encargo} tipos={tipos} readOnly={readOnly} />
          {encargo && visitasPanel ? visitasPanel(encargo) : null}
          <ResumenSection encargo={encargo} values={resultados} tipos={tipos} />
          {encargo ? (
            <DocumentosEncargoPanel
              encargoId={encargo.id}
              numeroRol={encargo.numero_rol}
              onStamped={(id, info) => setEncargo((current) => (current?.id === id ? { ...current, ...info } : current))}
            />
          ) : null}
          <ResultadosActionsBar
            available={available}
            busy={actions.busy}
            generating={actions.generating}
            readOnly={readOnly}
            onClear={() => void clear()}
            onPreview={() => void actions.openPreview()}
            onGenerate={() => void actions.generate()}
          />
        </Stack>
      </form>

      <EncargoPickerModal
        rol={choices?.rol ?? ''}
        encargos={choices?.encargos ?? []}
        opened={choices !== null}
        onClose={() => setChoices(null)}
        onSelect={(selected) => {
          setChoices(null);
          load(selected);
        }}
        details={pickerDetails}
      />
      <PreviewModal
        preview={actions.preview}
        onClose={actions.closePreview}
        onGenerate={
          readOnly || !available.generate
            ? undefined
            : () => {
                actions.closePreview();
                void actions.generate();
              }
        }
      />
      {actions.dialog}
    </Stack>
  );
}
