import { useEffect, useState, useSyncExternalStore } from 'react';
import { openFieldDb } from './field-db';
import { type VisitaEnCola, countPorEnviar, listVisitas } from './field-queue';
import { getSyncStatus, subscribeFieldQueue } from './field-sync';

/** The user's queued visits as stored on the phone, re-read on every change (this tab's or another's). */
export function useFieldQueue(userId: number) {
  const [visitas, setVisitas] = useState<VisitaEnCola[] | null>(null);
  const status = useSyncExternalStore(subscribeFieldQueue, getSyncStatus);
  useEffect(() => {
    let cancelled = false;
    const load = () => {
      openFieldDb()
        .then((db) => listVisitas(db, userId))
        .then((items) => {
          if (!cancelled) setVisitas(items);
        })
        .catch((error: unknown) => console.warn('No se pudo leer la cola de visitas', error));
    };
    load();
    const unsubscribe = subscribeFieldQueue(load);
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [userId]);
  // null until the phone's queue has been read: never "all sent" before it is known.
  return { visitas, porEnviar: visitas ? countPorEnviar(visitas) : null, status };
}
