import type { EstadoEnvio, FieldDb, QueuedFoto, QueuedVisita, VisitaBody } from './field-db';

/** What the server said to one send: stored, refused for good, or to be tried again later. */
export type SendOutcome =
  | { kind: 'ok' }
  | { kind: 'rejected'; message: string }
  | { kind: 'retry'; reason: 'network' | 'server' | 'session' };

/** How the queue reaches the API (api/field-transport.ts; a fake in tests). */
export interface FieldTransport {
  postVisita(encargoId: number, body: VisitaBody): Promise<SendOutcome>;
  postFoto(visitaUuid: string, foto: Blob, filename: string): Promise<SendOutcome>;
  /** How many photos the server holds for the visit; null when it cannot be read now. */
  countFotos(encargoId: number, visitaUuid: string): Promise<number | null>;
}

export interface NewVisita {
  userId: number;
  encargoId: number;
  body: VisitaBody;
  resumen: QueuedVisita['resumen'];
  fotos: { tipo: string; datos: ArrayBuffer }[];
}

/** Stores a visit and its photos in one transaction, before anything is sent. */
export async function enqueueVisita(db: FieldDb, visita: NewVisita, now: number = Date.now()): Promise<QueuedVisita> {
  const item: QueuedVisita = {
    uuid: visita.body.uuid,
    userId: visita.userId,
    encargoId: visita.encargoId,
    body: visita.body,
    resumen: visita.resumen,
    estado: 'pendiente',
    creadaEn: now,
    intentos: 0,
  };
  const tx = db.transaction(['visitas', 'fotos'], 'readwrite');
  await tx.objectStore('visitas').add(item);
  for (const [orden, foto] of visita.fotos.entries()) {
    await tx.objectStore('fotos').add({
      id: crypto.randomUUID(),
      visitaUuid: item.uuid,
      userId: item.userId,
      orden,
      tipo: foto.tipo,
      datos: foto.datos,
      estado: 'pendiente',
      intentada: false,
    });
  }
  await tx.done;
  return item;
}

/** A visit as the phone shows it: its own state and its photos'. */
export interface VisitaEnCola extends QueuedVisita {
  fotos: Pick<QueuedFoto, 'id' | 'orden' | 'estado' | 'mensaje'>[];
  /** pendiente while the visit or one of its photos waits; rechazada when the visit itself was refused. */
  estadoGeneral: EstadoEnvio;
}

export function estadoGeneral(visita: Pick<QueuedVisita, 'estado'>, fotos: readonly Pick<QueuedFoto, 'estado'>[]): EstadoEnvio {
  if (visita.estado !== 'enviada') return visita.estado;
  return fotos.some((foto) => foto.estado === 'pendiente') ? 'pendiente' : 'enviada';
}

/** The user's queued visits, newest first, with their photos' states (not their bytes). */
export async function listVisitas(db: FieldDb, userId: number): Promise<VisitaEnCola[]> {
  const tx = db.transaction(['visitas', 'fotos'], 'readonly');
  const visitas = await tx.objectStore('visitas').index('porUsuario').getAll(userId);
  const fotosIndex = tx.objectStore('fotos').index('porVisita');
  const result: VisitaEnCola[] = [];
  for (const visita of visitas) {
    const fotos = (await fotosIndex.getAll(visita.uuid))
      .sort((a, b) => a.orden - b.orden)
      .map(({ id, orden, estado, mensaje }) => ({ id, orden, estado, mensaje }));
    result.push({ ...visita, fotos, estadoGeneral: estadoGeneral(visita, fotos) });
  }
  await tx.done;
  return result.sort((a, b) => b.creadaEn - a.creadaEn);
}

/** How many of the visits still wait for the network (the visit or one of its photos). */
export function countPorEnviar(visitas: readonly Pick<VisitaEnCola, 'estadoGeneral'>[]): number {
  return visitas.filter((visita) => visita.estadoGeneral === 'pendiente').length;
}

export interface SyncResult {
  enviadas: number;
  rechazadas: number;
  fotosEnviadas: number;
  /** Why the run stopped before the end of the queue, if it did. */
  detenida?: 'network' | 'server' | 'session';
}

/**
 * Sends what the user's queue holds, oldest first: each visit, then its photos. A visit's uuid makes
 * every retry idempotent (the server answers 200 with the same visit); a photo whose answer was lost is
 * not sent again when the server already holds more photos of the visit than the phone knows of. The
 * run stops at the first answer that says "later" (no network, server trouble, no session), leaving
 * the rest queued.
 */
export async function syncQueue(db: FieldDb, transport: FieldTransport, userId: number, now: () => number = Date.now): Promise<SyncResult> {
  const result: SyncResult = { enviadas: 0, rechazadas: 0, fotosEnviadas: 0 };
  const visitas = (await db.getAllFromIndex('visitas', 'porUsuario', userId)).sort((a, b) => a.creadaEn - b.creadaEn);
  for (const visita of visitas) {
    if (visita.estado === 'rechazada') continue;
    if (visita.estado === 'pendiente') {
      const outcome = await transport.postVisita(visita.encargoId, visita.body);
      if (outcome.kind === 'retry') {
        await updateVisita(db, visita.uuid, (current) => ({ ...current, intentos: current.intentos + 1 }));
        return { ...result, detenida: outcome.reason };
      }
      if (outcome.kind === 'rejected') {
        await updateVisita(db, visita.uuid, (current) => ({
          ...current,
          estado: 'rechazada',
          mensaje: outcome.message,
          intentos: current.intentos + 1,
        }));
        result.rechazadas += 1;
        continue;
      }
      await updateVisita(db, visita.uuid, (current) => ({
        ...current,
        estado: 'enviada',
        mensaje: undefined,
        enviadaEn: now(),
        intentos: current.intentos + 1,
      }));
      result.enviadas += 1;
    }
    const stopped = await sendFotos(db, transport, visita, result);
    if (stopped) return { ...result, detenida: stopped };
  }
  return result;
}

async function sendFotos(
  db: FieldDb,
  transport: FieldTransport,
  visita: QueuedVisita,
  result: SyncResult,
): Promise<SyncResult['detenida']> {
  const fotos = (await db.getAllFromIndex('fotos', 'porVisita', visita.uuid)).sort((a, b) => a.orden - b.orden);
  for (const foto of fotos) {
    if (foto.estado !== 'pendiente') continue;
    if (foto.intentada) {
      const held = await transport.countFotos(visita.encargoId, visita.uuid);
      if (held === null) return 'network';
      const known = fotos.filter((other) => other.estado === 'enviada').length;
      if (held > known) {
        await updateFoto(db, foto.id, { estado: 'enviada', intentada: false });
        foto.estado = 'enviada';
        result.fotosEnviadas += 1;
        continue;
      }
    }
    await updateFoto(db, foto.id, { intentada: true });
    const outcome = await transport.postFoto(visita.uuid, new Blob([foto.datos], { type: foto.tipo }), `foto-${foto.orden + 1}.jpg`);
    if (outcome.kind === 'retry') {
      // A network failure may have happened after the server stored it; a server error did not store it.
      if (outcome.reason !== 'network') await updateFoto(db, foto.id, { intentada: false });
      return outcome.reason;
    }
    if (outcome.kind === 'rejected') {
      await updateFoto(db, foto.id, { estado: 'rechazada', mensaje: outcome.message, intentada: false });
      foto.estado = 'rechazada';
      continue;
    }
    await updateFoto(db, foto.id, { estado: 'enviada', intentada: false });
    foto.estado = 'enviada';
    result.fotosEnviadas += 1;
  }
  return undefined;
}

async function updateVisita(db: FieldDb, uuid: string, change: (current: QueuedVisita) => QueuedVisita) {
  const tx = db.transaction('visitas', 'readwrite');
  const current = await tx.store.get(uuid);
  if (current) await tx.store.put(change(current));
  await tx.done;
}

async function updateFoto(db: FieldDb, id: string, change: Partial<QueuedFoto>) {
  const tx = db.transaction('fotos', 'readwrite');
  const current = await tx.store.get(id);
  if (current) await tx.store.put({ ...current, ...change });
  await tx.done;
}

/** Removes the user's visits the server holds in full, older than `before` (their photos too). */
export async function pruneEnviadas(db: FieldDb, userId: number, before: number): Promise<number> {
  const visitas = await listVisitas(db, userId);
  const old = visitas.filter((visita) => visita.estadoGeneral === 'enviada' && (visita.enviadaEn ?? visita.creadaEn) < before);
  if (old.length === 0) return 0;
  const tx = db.transaction(['visitas', 'fotos'], 'readwrite');
  for (const visita of old) {
    await tx.objectStore('visitas').delete(visita.uuid);
    for (const foto of visita.fotos) await tx.objectStore('fotos').delete(foto.id);
  }
  await tx.done;
  return old.length;
}
