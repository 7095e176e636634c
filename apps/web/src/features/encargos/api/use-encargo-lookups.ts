import { COMUNAS } from '@receptoria/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { notify } from '../../../lib/notify';
import { encargosMessages } from '../messages';
import type { EncargoLookups } from '../utils/documents';
import { useComunas } from './get-comunas';
import { useEstudiosOptions } from './get-estudios-options';
import { useTiposCausa } from './get-tipos-causa';
import { useTiposEncargo } from './get-tipos-encargo';
import { useTribunales } from './get-tribunales';

const m = encargosMessages.loading;

/**
 * Everything the assignment form lists. A failed list stays empty and is reported once (spec 01 §8):
 * the new form names each list, the re-encargo screen says 'Error cargando datos del sistema'.
 * The modify screen loads comunas from the system; the new form uses the fixed 16.
 */
export function useEncargoLookups(screen: 'nuevo' | 're') {
  const tribunales = useTribunales();
  const tipos = useTiposEncargo();
  const causas = useTiposCausa();
  const estudios = useEstudiosOptions();
  const comunas = useComunas();
  const reported = useRef(false);

  const failures: string[] = [];
  if (tribunales.isError) failures.push(m.tribunales);
  if (tipos.isError) failures.push(m.tipos);
  if (causas.isError) failures.push(m.causas);
  if (estudios.isError) failures.push(m.estudios);
  const failureKey = failures.join('|');

  useEffect(() => {
    if (!failureKey || reported.current) return;
    reported.current = true;
    const list = failureKey.split('|');
    if (screen === 're') notify.error(m.sistema);
    else if (list.length >= 3) notify.error(m.formulario);
    else list.forEach((message) => notify.error(message));
  }, [failureKey, screen]);

  const lookups = useMemo<EncargoLookups>(
    () => ({
      tribunales: tribunales.data ?? [],
      tiposEncargo: tipos.data ?? [],
      tiposCausa: causas.data ?? [],
      estudios: estudios.data ?? [],
    }),
    [tribunales.data, tipos.data, causas.data, estudios.data],
  );

  return {
    lookups,
    comunas: screen === 're' ? (comunas.data ?? COMUNAS) : COMUNAS,
    loading: tribunales.isPending || tipos.isPending || causas.isPending || estudios.isPending,
  };
}
