import type { TerrenoParada } from '@receptoria/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Borrador, borradorKey, openFieldDb } from '../queue/field-db';

export type VisitaDraft = Omit<Borrador, 'clave' | 'actualizadoEn'>;

const EMPTY: VisitaDraft = { tipo: 'busqueda', resultado: null, informanteNombre: '', informanteRelacion: '', apuntes: '', fotos: [] };

/**
 * The visit being typed at a stop, written to the phone on every change: a reload, a closed tab or a
 * dead battery brings it back as it was. Discarded once the visit is saved.
 */
export function useBorrador(userId: number, parada: TerrenoParada) {
  const clave = borradorKey(userId, parada.encargo.id, parada.domicilio?.id ?? null);
  const [draft, setDraft] = useState<VisitaDraft>(EMPTY);
  const [ready, setReady] = useState(false);
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef<VisitaDraft>(EMPTY);

  useEffect(() => {
    // The form is keyed by its stop: a new stop mounts a new hook, which starts not ready.
    let cancelled = false;
    openFieldDb()
      .then((db) => db.get('borradores', clave))
      .then((stored) => {
        if (cancelled) return;
        let loaded = EMPTY;
        if (stored) {
          const { clave: _clave, actualizadoEn: _at, ...rest } = stored;
          loaded = rest;
        }
        latest.current = loaded;
        setDraft(loaded);
      })
      .catch((error: unknown) => console.warn('No se pudo leer el borrador de la visita', error))
      .finally(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clave]);

  const update = useCallback(
    (change: Partial<VisitaDraft>) => {
      const next = { ...latest.current, ...change };
      latest.current = next;
      setDraft(next);
      writes.current = writes.current
        .then(() => openFieldDb())
        .then((db) => db.put('borradores', { ...next, clave, actualizadoEn: Date.now() }))
        .catch((error: unknown) => console.warn('No se pudo guardar el borrador de la visita', error));
    },
    [clave],
  );

  const discard = useCallback(async () => {
    await writes.current;
    const db = await openFieldDb();
    await db.delete('borradores', clave);
    latest.current = EMPTY;
    setDraft(EMPTY);
  }, [clave]);

  return { draft, update, discard, ready };
}
