import type { VisitaInput } from '@receptoria/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** What a queued visit or photo is on its way to the server. */
export type EstadoEnvio = 'pendiente' | 'enviada' | 'rechazada';

/** The body of POST /encargos/{id}/visitas/, exactly as it will be sent (issue 23). */
export type VisitaBody = VisitaInput & { uuid: string; fecha_hora: string; origen: 'terreno' };

/** A visit recorded on this phone: stored before anything is sent. */
export interface QueuedVisita {
  uuid: string;
  /** Whose visit it is: only that user's session sends it. */
  userId: number;
  encargoId: number;
  body: VisitaBody;
  /** What the list of queued visits shows without the server. */
  resumen: { numeroRol: string; direccion: string | null };
  estado: EstadoEnvio;
  /** The server's Spanish reason for a rejection. */
  mensaje?: string;
  creadaEn: number;
  enviadaEn?: number;
  intentos: number;
}

/** A photo of a queued visit, already resized to JPEG. */
export interface QueuedFoto {
  id: string;
  visitaUuid: string;
  userId: number;
  orden: number;
  tipo: string;
  datos: ArrayBuffer;
  estado: EstadoEnvio;
  mensaje?: string;
  /** An upload was started and its answer never arrived: it may be on the server already. */
  intentada: boolean;
}

/** The last copy of today's stops, shown while there is no signal. */
export interface StoredHoy {
  userId: number;
  guardadoEn: number;
  datos: unknown;
}

/** What is typed for a stop before 'Guardar visita': it survives a reload or a closed tab. */
export interface Borrador {
  /** `${userId}:${encargoId}:${domicilioId ?? 0}` (borradorKey). */
  clave: string;
  tipo: string;
  resultado: string | null;
  informanteNombre: string;
  informanteRelacion: string;
  apuntes: string;
  fotos: { tipo: string; datos: ArrayBuffer }[];
  /** What was done with the copies (absent in drafts written before it was asked). */
  entrega?: { modo: string; nombre: string; relacion: string; detalle: string };
  actualizadoEn: number;
}

export const borradorKey = (userId: number, encargoId: number, domicilioId: number | null) =>
  `${userId}:${encargoId}:${domicilioId ?? 0}`;

interface FieldSchema extends DBSchema {
  visitas: { key: string; value: QueuedVisita; indexes: { porUsuario: number } };
  fotos: { key: string; value: QueuedFoto; indexes: { porVisita: string } };
  hoy: { key: number; value: StoredHoy };
  borradores: { key: string; value: Borrador };
}

export type FieldDb = IDBPDatabase<FieldSchema>;

export const FIELD_DB_NAME = 'receptoria-terreno';

let opening: Promise<FieldDb> | null = null;

/** The phone's field database (one per browser profile; items carry their user). */
export function openFieldDb(name: string = FIELD_DB_NAME): Promise<FieldDb> {
  if (name !== FIELD_DB_NAME) return create(name);
  opening ??= create(name).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

function create(name: string) {
  return openDB<FieldSchema>(name, 1, {
    upgrade(db) {
      db.createObjectStore('visitas', { keyPath: 'uuid' }).createIndex('porUsuario', 'userId');
      db.createObjectStore('fotos', { keyPath: 'id' }).createIndex('porVisita', 'visitaUuid');
      db.createObjectStore('hoy', { keyPath: 'userId' });
      db.createObjectStore('borradores', { keyPath: 'clave' });
    },
  });
}
