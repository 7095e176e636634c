import { ENCARGO_FIELD_LABELS, LECTURA_CONFIANZA_ALTA, type LecturaDocumentosResponse } from '@receptoria/contracts';
import { useCallback, useMemo, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { EncargoFormValues } from '../encargo-form/encargo-form-values';
import type { ResumenLectura } from './leer-desde-pdf';
import type { LecturaContextValue } from './lectura-context';
import { applyLectura, type CampoLeible, type LecturaEnForm, type OpcionesLectura, pendientesDeRevision } from './lectura-fill';

export type ArchivosElegidos = { demanda: File | null; resolucion: File | null };
export const sinArchivos = (): ArchivosElegidos => ({ demanda: null, resolucion: null });

type EncargoForm = UseFormReturn<EncargoFormValues, unknown, FieldValues>;

/**
 * A screen's reading of PDFs: the files chosen, the last reading put into the form and the
 * low-confidence values the person confirmed. Filling goes through `setValue`, so every value stays
 * editable and nothing is saved until the screen saves.
 */
export function useLectura<TOut>(
  form: UseFormReturn<EncargoFormValues, unknown, TOut>,
  values: EncargoFormValues,
  opciones: OpcionesLectura,
  describir: LecturaContextValue['describir'],
) {
  const [archivos, setArchivos] = useState<ArchivosElegidos>(sinArchivos);
  const [lectura, setLectura] = useState<LecturaEnForm | null>(null);
  const [confirmados, setConfirmados] = useState<ReadonlySet<string>>(() => new Set());
  const [comparacion, setComparacion] = useState(false);
  const { setValue, getValues } = form as unknown as EncargoForm;

  const aplicar = useCallback(
    (respuesta: LecturaDocumentosResponse): ResumenLectura => {
      const result = applyLectura(getValues(), respuesta, opciones, lectura ?? undefined);
      for (const campo of result.llenados) {
        setValue(campo, result.values[campo], { shouldDirty: true, shouldValidate: false });
      }
      if (result.domiciliosAgregados > 0) setValue('domicilios', result.values.domicilios, { shouldDirty: true });
      setLectura({ leidos: result.leidos, domicilios: result.domicilios, advertencias: result.advertencias });
      setConfirmados(new Set());
      setComparacion(false);
      return {
        llenados: result.llenados.length + result.domiciliosAgregados,
        revisar: result.llenados.filter((campo) => (result.leidos[campo]?.fuente.confianza ?? 1) < LECTURA_CONFIANZA_ALTA).length,
        conservados: result.conservados.map((campo) => ENCARGO_FIELD_LABELS[campo]),
        advertencias: result.advertencias,
      };
    },
    [getValues, setValue, opciones, lectura],
  );

  /** A reading set beside the form's values without changing any (the office checking a request). */
  const comparar = useCallback(
    (respuesta: LecturaDocumentosResponse): LecturaEnForm => {
      const result = applyLectura(getValues(), respuesta, opciones, undefined, { rellenar: false });
      const enForm = { leidos: result.leidos, domicilios: result.domicilios, advertencias: result.advertencias };
      setLectura(enForm);
      setConfirmados(new Set());
      setComparacion(true);
      return enForm;
    },
    [getValues, opciones],
  );

  const confirmar = useCallback((campo: CampoLeible) => setConfirmados((current) => new Set([...current, campo])), []);
  const usarLeido = useCallback(
    (campo: CampoLeible) => {
      const leido = lectura?.leidos[campo];
      if (leido) setValue(campo, leido.valor, { shouldDirty: true, shouldValidate: true });
    },
    [lectura, setValue],
  );

  const context: LecturaContextValue | null = useMemo(
    () => (lectura ? { lectura, confirmados, values, confirmar, usarLeido, describir, comparacion } : null),
    [lectura, confirmados, values, confirmar, usarLeido, describir, comparacion],
  );

  const reset = useCallback(() => {
    setArchivos(sinArchivos());
    setLectura(null);
    setConfirmados(new Set());
  }, []);

  return {
    archivos,
    setArchivos,
    lectura,
    context,
    aplicar,
    comparar,
    reset,
    /** Labels of read values still waiting for review. */
    pendientes: () => pendientesDeRevision(values, lectura, confirmados),
  };
}
