import { Box, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  type EncargoConResultados,
  type EncargoEstado,
  diligenciaMessages as dm,
  formatCLP,
  formatDate,
  parseFechaDiligencia,
} from '@receptoria/contracts';
import { IconClockPause, IconEraser, IconCertificate } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { confirmClearForm } from '../../../components/confirm-action';
import { type EncargoPickerDetail, EncargoPickerModal } from '../../../components/encargo-picker-modal';
import { notify } from '../../../lib/notify';
import { useEncargoOpciones } from '../api/get-lookups';
import { useTiposEstampado } from '../api/get-tipos-estampado';
import { useGuardarResultados } from '../api/guardar-resultados';
import { usePatchEncargo } from '../api/patch-encargo';
import { diligenciasMessages } from '../messages';
import { saveResultsErrorMessage } from '../utils/errors';
import { stampDateParts, tituloEstampado } from '../utils/fecha-diligencia';
import {
  EMPTY_INFO,
  type InfoField,
  type InfoFormValues,
  encargoToInfoValues,
  modifiedFields,
  patchErrors,
  toPatchPayload,
} from '../utils/info-form';
import {
  EMPTY_RESULTADOS,
  type ResultadosFormValues,
  actionAvailability,
  encargoToResultadosValues,
  resultadosProblem,
  toGuardarResultados,
} from '../utils/resultados-form';
import { BackToDiligencias } from './back-link';
import { InfoEncargoSection } from './info-encargo-section';
import { ResultadosSection } from './resultados-section';
import { ResumenSection } from './resumen-section';
import { SearchRolForm } from './search-rol-form';
import { useRolSearch } from './use-rol-search';
import { useStampFlow } from './use-stamp-flow';

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

/** Resultados y Estampados (spec 02 §2.1) at /diligencias and /diligencias/generar-estampado. */
export function ResultadosEstampadosScreen() {
  const [encargo, setEncargo] = useState<EncargoConResultados | null>(null);
  const [choices, setChoices] = useState<{ rol: string; encargos: EncargoConResultados[] } | null>(null);
  const [busy, setBusy] = useState<'later' | 'generate' | null>(null);

  const infoForm = useForm<InfoFormValues>({ defaultValues: EMPTY_INFO });
  const resultadosForm = useForm<ResultadosFormValues>({ defaultValues: EMPTY_RESULTADOS });
  const resultados = useWatch({ control: resultadosForm.control }) as ResultadosFormValues;

  const opciones = useEncargoOpciones();
  const tiposQuery = useTiposEstampado();
  const tipos = tiposQuery.data ?? [];
  const patch = usePatchEncargo();
  const guardar = useGuardarResultados();
  const stamp = useStampFlow((encargoId, info) => {
    setEncargo((current) => (current?.id === encargoId ? { ...current, ...info } : current));
  });

  const reported = useRef(false);
  useEffect(() => {
    if ((tiposQuery.isError || opciones.isError) && !reported.current) {
      reported.current = true;
      notify.error(dm.errorCargarDatos);
    }
  }, [tiposQuery.isError, opciones.isError]);

  const load = (next: EncargoConResultados) => {
    setEncargo(next);
    infoForm.reset(encargoToInfoValues(next));
    resultadosForm.reset(encargoToResultadosValues(next));
    notify.success(dm.encargoCargado);
  };

  const search = useRolSearch((found, rol) => {
    if (found.length === 1 && found[0]) load(found[0]);
    else setChoices({ rol, encargos: found });
  });

  const clear = async () => {
    if (!(await confirmClearForm(infoForm.formState.isDirty || resultadosForm.formState.isDirty))) return;
    setEncargo(null);
    search.setText('');
    infoForm.reset(EMPTY_INFO);
    resultadosForm.reset(EMPTY_RESULTADOS);
  };

  /** Saves the fields flagged 'Campo modificado' (PATCH) and clears the flags; false when it failed. */
  const saveModified = async (current: EncargoConResultados): Promise<boolean> => {
    const changed = modifiedFields(infoForm.formState.dirtyFields as Partial<Record<InfoField, boolean>>);
    if (changed.length === 0) return true;
    const values = infoForm.getValues();
    const payload = toPatchPayload(values, changed, current);
    const errors = patchErrors(payload);
    if (Object.keys(errors).length > 0) {
      for (const [field, message] of Object.entries(errors)) infoForm.setError(field as InfoField, { message });
      notify.error(dm.errorGuardarCambios);
      return false;
    }
    try {
      const saved = await patch.mutateAsync({ id: current.id, cambios: payload });
      setEncargo((prev) => (prev?.id === current.id ? { ...prev, ...saved } : prev));
      infoForm.reset(values);
      notify.success(dm.cambiosGuardados);
      return true;
    } catch {
      notify.error(dm.errorGuardarCambios);
      return false;
    }
  };

  const stampLater = async (submitted: boolean) => {
    const values = resultadosForm.getValues();
    if (!encargo && submitted) {
      notify.error(dm.diligenciaRequerida);
      return;
    }
    const problem = resultadosProblem(encargo, values, tipos, false);
    if (problem || !encargo) {
      notify.error(problem ?? dm.encargoRequerido);
      return;
    }
    setBusy('later');
    try {
      if (!(await saveModified(encargo))) return;
      try {
        const answer = await guardar.mutateAsync(toGuardarResultados(encargo, values));
        setEncargo((prev) =>
          prev?.id === encargo.id ? { ...prev, estado: answer.estado as EncargoEstado } : prev,
        );
        resultadosForm.reset(values);
        notify.success(dm.resultadosGuardados);
      } catch (error) {
        notify.error(saveResultsErrorMessage(error));
      }
    } finally {
      setBusy(null);
    }
  };

  const generate = async () => {
    const values = resultadosForm.getValues();
    const problem = resultadosProblem(encargo, values, tipos, true);
    const tipo = tipos.find((item) => String(item.id) === values.tipo_estampado);
    const fecha = parseFechaDiligencia(values.fecha_diligencia);
    if (problem || !encargo || !tipo || !fecha) {
      notify.error(problem ?? dm.encargoRequerido);
      return;
    }
    setBusy('generate');
    try {
      if (!(await saveModified(encargo))) return;
      const { fecha: fechaDiligencia, hora } = stampDateParts(fecha);
      const valor = values.valor_personalizado !== '' ? Number(values.valor_personalizado) : tipo.valor_por_defecto;
      await stamp.generate(encargo.id, encargo.numero_rol, {
        tipo_estampado: tipo.id,
        encargo_id: encargo.id,
        datos: {
          numero_rol: encargo.numero_rol,
          tipo_estampado: tipo.nombre,
          resultado_diligencia: tipo.nombre,
          fecha_diligencia: fechaDiligencia,
          hora_diligencia: hora,
          tratamiento: values.tratamiento ?? '',
          apuntes_terreno: values.apuntes_terreno.trim(),
          valor_cobrado: valor,
          observaciones_diligencia: values.observaciones_diligencia.trim(),
        },
        titulo_documento: tituloEstampado(tipo.nombre, encargo.numero_rol),
        validar_marcadores: true,
      });
    } finally {
      setBusy(null);
    }
  };

  const available = actionAvailability(resultados);

  return (
    <Stack gap="lg">
      <BackToDiligencias />
      <Box>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </Box>

      <SearchRolForm value={search.text} onChange={search.setText} onSearch={(value) => void search.search(value)} loading={search.searching} />

      <InfoEncargoSection
        form={infoForm}
        encargo={encargo}
        tribunales={opciones.tribunales}
        tiposCausa={opciones.tiposCausa}
        tiposEncargo={opciones.tiposEncargo}
      />

      <form
        onSubmit={(event) => {
          event.preventDefault();
          void stampLater(true);
        }}
        noValidate
      >
        <Stack gap="lg">
          <ResultadosSection form={resultadosForm} encargo={encargo} tipos={tipos} />
          <ResumenSection encargo={encargo} values={resultados} tipos={tipos} />
          <Paper withBorder p="md" shadow="xs" pos={{ base: 'static', sm: 'sticky' }} bottom={0} style={{ zIndex: 5 }}>
            <Group justify="space-between" gap="sm">
              <Button variant="default" leftSection={<IconEraser size={16} />} onClick={() => void clear()} disabled={busy !== null}>
                {m.actions.clear}
              </Button>
              <Group gap="sm">
                <Tooltip label={m.actions.disabledLater} disabled={available.later}>
                  <Button
                    type="submit"
                    variant="outline"
                    leftSection={<IconClockPause size={16} />}
                    disabled={!available.later || (busy !== null && busy !== 'later')}
                    loading={busy === 'later'}
                  >
                    {m.actions.later}
                  </Button>
                </Tooltip>
                <Tooltip label={m.actions.disabledGenerate} disabled={available.generate}>
                  <Button
                    leftSection={<IconCertificate size={16} />}
                    onClick={() => void generate()}
                    disabled={!available.generate || (busy !== null && busy !== 'generate')}
                    loading={busy === 'generate' || stamp.generating}
                  >
                    {m.actions.generate}
                  </Button>
                </Tooltip>
              </Group>
            </Group>
          </Paper>
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
    </Stack>
  );
}
