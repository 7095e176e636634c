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
 * the new form names each list (or says 'Error cargando datos del formulario' when most fail), the
 * re-encargo screen says 'Error cargando datos del sistema'.
 * Both screens offer Chile's 346 comunas from the system (the spec's 16 while they load).
 */
export function useEncargoLookups(screen: 'nuevo' | 're') {
  const tribunales = useTribunales();
  const tipos = useTiposEncargo();
  const causas = useTiposCausa();
  const estudios = useEstudiosOptions();
  const comunas = useComunas();
  const reported = useRef(new Set<string>());

  const failures: string[] = [];
  if (tribunales.isError) failures.push(m.tribunales);
  if (tipos.isError) failures.push(m.tipos);
  if (causas.isError) failures.push(m.causas);
  if (estudios.isError) failures.push(m.estudios);
  if (screen === 're' && comunas.isError) failures.push(m.sistema);
  const failureKey = failures.join('|');
  // Reported once every list has answered (a failed one is retried first): lists failing a moment
  // apart are still one 'Error cargando datos del formulario', not one message each.
  const settled = [tribunales, tipos, causas, estudios, ...(screen === 're' ? [comunas] : [])].every((query) => !query.isPending);

  useEffect(() => {
    if (!failureKey || !settled) return;
    const fresh = failureKey.split('|').filter((message) => !reported.current.has(message));
    fresh.forEach((message) => reported.current.add(message));
    if (fresh.length === 0) return;
    if (screen === 're') {
      if (!reported.current.has('re')) notify.error(m.sistema);
      reported.current.add('re');
    } else if (fresh.length >= 3) notify.error(m.formulario);
    else fresh.forEach((message) => notify.error(message));
  }, [failureKey, screen, settled]);

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
    comunas: comunas.data ?? COMUNAS,
    loading: tribunales.isPending || tipos.isPending || causas.isPending || estudios.isPending,
  };
}
