import {
  type EncargoConResultados,
  type EncargoEstado,
  type PreviewEstampadoResponse,
  type TipoEstampado,
  diligenciaMessages as dm,
  formatDate,
  parseFechaDiligencia,
} from '@receptoria/contracts';
import { type Dispatch, type SetStateAction, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { findEncargosByRol } from '../../../lib/find-encargos-by-rol';
import { notify } from '../../../lib/notify';
import { useGuardarResultados } from '../api/guardar-resultados';
import { usePatchEncargo } from '../api/patch-encargo';
import { previewEstampado } from '../api/preview-estampado';
import { diligenciasMessages } from '../messages';
import { saveResultsErrorMessage, stampErrorMessage } from '../utils/errors';
import { tituloEstampado } from '../utils/fecha-diligencia';
import { type InfoField, type InfoFormValues, modifiedFields, patchErrors, toPatchPayload } from '../utils/info-form';
import {
  type ResultadosFormValues,
  encargoToResultadosValues,
  planGenerate,
  resultadosProblem,
  toGuardarResultados,
  typedStampDatos,
} from '../utils/resultados-form';
import { useStampFlow } from './use-stamp-flow';

export type Busy = 'later' | 'generate' | 'preview' | null;

interface Options {
  encargo: EncargoConResultados | null;
  setEncargo: Dispatch<SetStateAction<EncargoConResultados | null>>;
  infoForm: UseFormReturn<InfoFormValues>;
  resultadosForm: UseFormReturn<ResultadosFormValues>;
  tipos: TipoEstampado[];
}

/**
 * The actions of Resultados y Estampados: 'Estampar Más Tarde', 'Generar Estampado' (the typed results
 * saved first, issue 30) and 'Vista previa'. Each first saves the fields flagged 'Campo modificado'.
 */
export function useResultadosActions({ encargo, setEncargo, infoForm, resultadosForm, tipos }: Options) {
  const [busy, setBusy] = useState<Busy>(null);
  const [preview, setPreview] = useState<PreviewEstampadoResponse | null>(null);
  const patch = usePatchEncargo();
  const guardar = useGuardarResultados();
  const stamp = useStampFlow((encargoId, info) => {
    setEncargo((current) => (current?.id === encargoId ? { ...current, ...info } : current));
  });

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

  /** Stores the typed results; false when refused (the reason is shown). */
  const saveResultados = async (current: EncargoConResultados, values: ResultadosFormValues, message: string) => {
    try {
      const answer = await guardar.mutateAsync(toGuardarResultados(current, values, tipos));
      setEncargo((prev) => (prev?.id === current.id ? { ...prev, estado: answer.estado as EncargoEstado } : prev));
      resultadosForm.reset(values);
      notify.success(message);
      return true;
    } catch (error) {
      notify.error(saveResultsErrorMessage(error));
      return false;
    }
  };

  /** Reads the assignment again (its stored diligence, state and stamp) and shows its results as stored. */
  const reload = async (current: EncargoConResultados) => {
    try {
      const fresh = (await findEncargosByRol(current.numero_rol)).find((item) => item.id === current.id);
      if (!fresh) return;
      setEncargo((prev) => {
        if (prev?.id !== fresh.id) return prev;
        // Opened from the toast meanwhile: the stamp the screen already shows stays.
        return prev.estado === 'estampado' && fresh.estado !== 'estampado' ? { ...fresh, ...pickStamp(prev) } : fresh;
      });
      resultadosForm.reset(encargoToResultadosValues(fresh));
    } catch {
      // The screen keeps what it shows; the next search reads it again.
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
      await saveResultados(encargo, values, dm.resultadosGuardados);
    } finally {
      setBusy(null);
    }
  };

  const generate = async () => {
    const values = resultadosForm.getValues();
    const plan = planGenerate(encargo, values, tipos);
    if (plan.kind === 'error' || !encargo) {
      notify.error(plan.kind === 'error' ? plan.message : dm.encargoRequerido);
      return;
    }
    const tipo = tipos.find((item) => item.id === plan.tipoId);
    const fecha =
      plan.kind === 'save'
        ? formatDate(parseFechaDiligencia(values.fecha_diligencia), '')
        : formatDate(encargo.ultima_diligencia_fecha ?? encargo.diligencia?.fecha_diligencia ?? null, '');
    setBusy('generate');
    try {
      if (!(await saveModified(encargo))) return;
      if (plan.kind === 'save' && !(await saveResultados(encargo, values, diligenciasMessages.resultadosGuardadosAntes))) return;
      const generated = await stamp.generate(
        encargo.id,
        encargo.numero_rol,
        {
          tipo_estampado: plan.tipoId,
          encargo_id: encargo.id,
          datos: { numero_rol: encargo.numero_rol },
          titulo_documento: tituloEstampado(tipo?.nombre ?? encargo.ultima_diligencia_tipo_estampado_nombre ?? '', encargo.numero_rol),
          validar_marcadores: true,
        },
        { sinHora: plan.sinHora, fecha },
      );
      if (generated || plan.kind === 'save') await reload(encargo);
    } finally {
      setBusy(null);
    }
  };

  const openPreview = async () => {
    const values = resultadosForm.getValues();
    if (!encargo) {
      notify.error(dm.encargoRequerido);
      return;
    }
    const tipo =
      tipos.find((item) => String(item.id) === values.tipo_estampado) ??
      tipos.find((item) => item.id === encargo.ultima_diligencia_tipo_estampado);
    if (!tipo) {
      notify.error(dm.tipoRequerido);
      return;
    }
    setBusy('preview');
    try {
      setPreview(
        await previewEstampado({ tipo_estampado: tipo.id, encargo_id: encargo.id, datos: typedStampDatos(encargo.numero_rol, values, tipo) }),
      );
    } catch (error) {
      notify.error(diligenciasMessages.preview.error(stampErrorMessage(error)));
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    generating: stamp.generating,
    stampLater,
    generate,
    openPreview,
    preview,
    closePreview: () => setPreview(null),
    dialog: stamp.dialog,
  };
}

function pickStamp(encargo: EncargoConResultados) {
  return { estado: encargo.estado, estado_estampado: encargo.estado_estampado, fecha_estampado: encargo.fecha_estampado };
}
