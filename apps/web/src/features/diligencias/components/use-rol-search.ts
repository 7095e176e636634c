import { type EncargoConResultados, diligenciaMessages, normalizeRol } from '@receptoria/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify';
import { useFindEncargosByRol } from '../../../lib/find-encargos-by-rol';

/** A rol given in the address is searched by itself about half a second after arrival (spec 02 §2.1). */
export const AUTO_SEARCH_DELAY_MS = 500;

/**
 * Rol search shared by both stamp screens: empty text, not found (404 with the rol), errors, one
 * result or several.
 */
export function useRolSearch(onFound: (encargos: EncargoConResultados[], rol: string) => void) {
  const [searchParams] = useSearchParams();
  const [text, setText] = useState(() => searchParams.get('rol') ?? '');
  const find = useFindEncargosByRol();

  const search = async (value: string, wantedId: string | null = null) => {
    const rol = normalizeRol(value);
    setText(rol);
    if (!rol) {
      notify.error(diligenciaMessages.rolBusquedaVacia);
      return;
    }
    try {
      const found = await find.mutateAsync(rol);
      // A link that names the assignment (the work queue's) opens it even when the rol was re-assigned.
      const wanted = wantedId ? found.find((encargo) => String(encargo.id) === wantedId) : undefined;
      if (found.length === 0) notify.error(diligenciaMessages.rolNoEncontrado(rol));
      else onFound(wanted ? [wanted] : found, rol);
    } catch {
      notify.error(diligenciaMessages.errorBuscarEncargo);
    }
  };

  const initialRol = searchParams.get('rol');
  const initialId = searchParams.get('id');
  useEffect(() => {
    if (!initialRol) return;
    const timer = window.setTimeout(() => void search(initialRol, initialId), AUTO_SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
    // Only the rol of the address on arrival searches by itself; the setters search uses are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialRol, initialId]);

  return { text, setText, search, searching: find.isPending };
}
