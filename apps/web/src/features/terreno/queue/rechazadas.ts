import type { VisitaValue } from '@receptoria/contracts';
import { type Borrador, type FieldDb, type QueuedVisita, borradorKey } from './field-db';

/** How many of the visits the server refused and still wait for the receiver to correct or discard. */
export function countRechazadas(visitas: readonly Pick<QueuedVisita, 'estado'>[]): number {
  return visitas.filter((visita) => visita.estado === 'rechazada').length;
}

/** Removes a refused visit and its photos from the phone (the server never stored it). */
export async function descartarRechazada(db: FieldDb, userId: number, uuid: string): Promise<boolean> {
  const tx = db.transaction(['visitas', 'fotos'], 'readwrite');
  const visita = await tx.objectStore('visitas').get(uuid);
  if (!visita || visita.userId !== userId || visita.estado !== 'rechazada') {
    await tx.done;
    return false;
  }
  const fotos = await tx.objectStore('fotos').index('porVisita').getAllKeys(uuid);
  for (const id of fotos) await tx.objectStore('fotos').delete(id);
  await tx.objectStore('visitas').delete(uuid);
  await tx.done;
  return true;
}

export type Correccion =
  | { kind: 'abierta'; encargoId: number; domicilioId: number | null }
  | { kind: 'borrador_en_curso' }
  | { kind: 'no_encontrada' };

const borradorVacio = (borrador: Borrador) =>
  !borrador.resultado && !borrador.informanteNombre.trim() && !borrador.apuntes.trim() && borrador.fotos.length === 0;

/**
 * Turns a refused visit back into the stop's draft (what was typed, photos included) and removes it
 * from the queue, in one transaction: nothing typed is lost, and saving the draft sends a new visit.
 * A draft already being typed at that stop is never overwritten.
 */
export async function corregirRechazada(db: FieldDb, userId: number, uuid: string, now: number = Date.now()): Promise<Correccion> {
  const tx = db.transaction(['visitas', 'fotos', 'borradores'], 'readwrite');
  const visita = await tx.objectStore('visitas').get(uuid);
  if (!visita || visita.userId !== userId || visita.estado !== 'rechazada') {
    await tx.done;
    return { kind: 'no_encontrada' };
  }
  const body = visita.body as VisitaValue;
  const domicilioId = body.domicilio_id ?? null;
  const clave = borradorKey(userId, visita.encargoId, domicilioId);
  const enCurso = await tx.objectStore('borradores').get(clave);
  if (enCurso && !borradorVacio(enCurso)) {
    await tx.done;
    return { kind: 'borrador_en_curso' };
  }
  const fotos = (await tx.objectStore('fotos').index('porVisita').getAll(uuid)).sort((a, b) => a.orden - b.orden);
  await tx.objectStore('borradores').put({
    clave,
    tipo: body.tipo,
    resultado: body.resultado,
    informanteNombre: body.informante?.nombre ?? '',
    informanteRelacion: body.informante?.relacion ?? '',
    apuntes: body.apuntes ?? '',
    fotos: fotos.map((foto) => ({ tipo: foto.tipo, datos: foto.datos })),
    actualizadoEn: now,
  });
  for (const foto of fotos) await tx.objectStore('fotos').delete(foto.id);
  await tx.objectStore('visitas').delete(uuid);
  await tx.done;
  return { kind: 'abierta', encargoId: visita.encargoId, domicilioId };
}
