import 'fake-indexeddb/auto';
import { visitaMessages } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { outcomeOf } from '../api/field-transport';
import { terrenoMessages } from '../messages';
import { type FieldDb, type VisitaBody, openFieldDb } from './field-db';
import { type FieldTransport, type SendOutcome, countPorEnviar, enqueueVisita, listVisitas, syncQueue } from './field-queue';

let dbCount = 0;
const freshDb = () => openFieldDb(`terreno-test-${++dbCount}-${Date.now()}`);

function body(overrides: Partial<VisitaBody> = {}): VisitaBody {
  return {
    uuid: crypto.randomUUID(),
    domicilio_id: 7,
    fecha_hora: '2026-03-10T12:30:00.000Z',
    tipo: 'busqueda',
    resultado: 'domicilio_confirmado',
    informante: { nombre: 'Juan Pérez', relacion: 'conserje' },
    apuntes: 'Edificio con conserjería',
    ubicacion: { lat: -33.4263, lon: -70.6172, precision_m: 12 },
    origen: 'terreno',
    ...overrides,
  };
}

const jpeg = () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).buffer;

let clock = 1_700_000_000_000;

async function queue(db: FieldDb, userId = 1, fotos = 0, overrides: Partial<VisitaBody> = {}) {
  clock += 1000;
  return enqueueVisita(
    db,
    {
    userId,
    encargoId: 40,
    body: body(overrides),
    resumen: { numeroRol: 'C-1234-2024', direccion: 'Av. Providencia 1234, Providencia' },
    fotos: Array.from({ length: fotos }, () => ({ tipo: 'image/jpeg', datos: jpeg() })),
    },
    clock,
  );
}

/**
 * A server that stores each uuid once and counts photos per visit. Scripted answers, in order: 'store'
 * (store and answer ok, as without a script), 'lost' (store, but the answer never arrives), or an
 * outcome given without storing anything.
 */
function fakeServer() {
  const visitas = new Map<string, string>();
  const fotos = new Map<string, number>();
  const calls = { visitas: 0, fotos: 0, counts: 0 };
  type Step = SendOutcome | 'store' | 'lost';
  const script: { visita: Step[]; foto: Step[] } = { visita: [], foto: [] };
  const transport: FieldTransport = {
    async postVisita(_encargoId, sent) {
      calls.visitas += 1;
      const next = script.visita.shift() ?? 'store';
      if (next !== 'store' && next !== 'lost') return next;
      const content = JSON.stringify(sent);
      const stored = visitas.get(sent.uuid);
      if (stored !== undefined && stored !== content) return { kind: 'rejected', message: visitaMessages.visitaConflicto };
      visitas.set(sent.uuid, content);
      return next === 'lost' ? { kind: 'retry', reason: 'network' } : { kind: 'ok' };
    },
    async postFoto(uuid) {
      calls.fotos += 1;
      const next = script.foto.shift() ?? 'store';
      if (next !== 'store' && next !== 'lost') return next;
      fotos.set(uuid, (fotos.get(uuid) ?? 0) + 1);
      return next === 'lost' ? { kind: 'retry', reason: 'network' } : { kind: 'ok' };
    },
    async countFotos(_encargoId, uuid) {
      calls.counts += 1;
      return fotos.get(uuid) ?? 0;
    },
  };
  return { visitas, fotos, calls, script, transport };
}

describe('field queue', () => {
  it('keeps a visit and its photos as pendiente until sent, and counts it', async () => {
    const db = await freshDb();
    const stored = await queue(db, 1, 2);
    const [visita] = await listVisitas(db, 1);
    expect(visita?.uuid).toBe(stored.uuid);
    expect(visita?.estadoGeneral).toBe('pendiente');
    expect(visita?.fotos.map((foto) => foto.estado)).toEqual(['pendiente', 'pendiente']);
    expect(countPorEnviar(await listVisitas(db, 1))).toBe(1);
  });

  it('sends each visit once and then its photos; a second run sends nothing', async () => {
    const db = await freshDb();
    await queue(db, 1, 1);
    await queue(db, 1, 0);
    const server = fakeServer();
    const first = await syncQueue(db, server.transport, 1);
    expect(first).toEqual({ enviadas: 2, rechazadas: 0, fotosEnviadas: 1 });
    expect(server.visitas.size).toBe(2);
    const second = await syncQueue(db, server.transport, 1);
    expect(second).toEqual({ enviadas: 0, rechazadas: 0, fotosEnviadas: 0 });
    expect(server.calls).toEqual({ visitas: 2, fotos: 1, counts: 0 });
    const visitas = await listVisitas(db, 1);
    expect(visitas.map((visita) => visita.estadoGeneral)).toEqual(['enviada', 'enviada']);
    expect(countPorEnviar(visitas)).toBe(0);
  });

  it('stops at a dead zone and sends the same visit (same uuid and content) when the signal returns', async () => {
    const db = await freshDb();
    const stored = await queue(db);
    const server = fakeServer();
    // The server stored the visit but the answer was lost on the way back.
    server.script.visita.push('lost');
    expect(await syncQueue(db, server.transport, 1)).toMatchObject({ enviadas: 0, detenida: 'network' });
    expect((await listVisitas(db, 1))[0]?.estadoGeneral).toBe('pendiente');
    expect(await syncQueue(db, server.transport, 1)).toMatchObject({ enviadas: 1 });
    expect([...server.visitas.keys()]).toEqual([stored.uuid]);
    expect((await listVisitas(db, 1))[0]).toMatchObject({ estadoGeneral: 'enviada', intentos: 2 });
  });

  it('marks a refused visit rechazada with the server message and goes on with the next', async () => {
    const db = await freshDb();
    const refused = await queue(db, 1, 0, { resultado: 'notificado_art44' });
    await queue(db);
    const server = fakeServer();
    server.script.visita.push({ kind: 'rejected', message: visitaMessages.art44Requisitos });
    expect(await syncQueue(db, server.transport, 1)).toMatchObject({ enviadas: 1, rechazadas: 1 });
    const visitas = await listVisitas(db, 1);
    const rechazada = visitas.find((visita) => visita.uuid === refused.uuid);
    expect(rechazada).toMatchObject({ estadoGeneral: 'rechazada', mensaje: visitaMessages.art44Requisitos });
    expect(countPorEnviar(visitas)).toBe(0);
    // A refused visit is not sent again.
    await syncQueue(db, server.transport, 1);
    expect(server.calls.visitas).toBe(2);
  });

  it('keeps visits queued when the session cannot be renewed', async () => {
    const db = await freshDb();
    await queue(db, 1, 1);
    const server = fakeServer();
    server.script.visita.push({ kind: 'retry', reason: 'session' });
    expect(await syncQueue(db, server.transport, 1)).toMatchObject({ detenida: 'session' });
    expect(countPorEnviar(await listVisitas(db, 1))).toBe(1);
    expect(await syncQueue(db, server.transport, 1)).toMatchObject({ enviadas: 1, fotosEnviadas: 1 });
  });

  it('does not upload again a photo the server stored before its answer was lost', async () => {
    const db = await freshDb();
    await queue(db, 1, 2);
    const server = fakeServer();
    server.script.foto.push('store', 'lost');
    expect(await syncQueue(db, server.transport, 1)).toMatchObject({ enviadas: 1, fotosEnviadas: 1, detenida: 'network' });
    expect(await syncQueue(db, server.transport, 1)).toMatchObject({ fotosEnviadas: 1 });
    const [uuid] = [...server.fotos.keys()];
    // Both photos stored once: the second was counted on the server instead of sent again.
    expect(server.fotos.get(uuid ?? '')).toBe(2);
    expect(server.calls.counts).toBe(1);
    expect(server.calls.fotos).toBe(2);
    expect((await listVisitas(db, 1))[0]?.estadoGeneral).toBe('enviada');
  });

  it('uploads a photo again when the server did not get it', async () => {
    const db = await freshDb();
    await queue(db, 1, 1);
    const server = fakeServer();
    server.script.foto.push({ kind: 'retry', reason: 'network' });
    await syncQueue(db, server.transport, 1);
    await syncQueue(db, server.transport, 1);
    expect(server.calls.fotos).toBe(2);
    expect([...server.fotos.values()]).toEqual([1]);
  });

  it('leaves a refused photo rechazada without holding back the visit', async () => {
    const db = await freshDb();
    await queue(db, 1, 1);
    const server = fakeServer();
    server.script.foto.push({ kind: 'rejected', message: visitaMessages.fotoLimite });
    await syncQueue(db, server.transport, 1);
    const [visita] = await listVisitas(db, 1);
    expect(visita?.estadoGeneral).toBe('enviada');
    expect(visita?.fotos[0]).toMatchObject({ estado: 'rechazada', mensaje: visitaMessages.fotoLimite });
  });

  it("sends only the signed-in user's visits", async () => {
    const db = await freshDb();
    await queue(db, 1);
    await queue(db, 2);
    const server = fakeServer();
    expect(await syncQueue(db, server.transport, 2)).toMatchObject({ enviadas: 1 });
    expect(countPorEnviar(await listVisitas(db, 1))).toBe(1);
    expect(countPorEnviar(await listVisitas(db, 2))).toBe(0);
  });
});

describe('field transport answers', () => {
  it('reads a 409 as a rejection with the server message and keeps other failures for later', () => {
    expect(outcomeOf(new ApiError(409, { detail: visitaMessages.art44Requisitos }))).toEqual({
      kind: 'rejected',
      message: visitaMessages.art44Requisitos,
    });
    expect(outcomeOf(new ApiError(400, {}))).toEqual({ kind: 'rejected', message: terrenoMessages.rechazoSinDetalle(400) });
    expect(outcomeOf(new ApiError(401, {}))).toEqual({ kind: 'retry', reason: 'session' });
    expect(outcomeOf(new ApiError(503, {}))).toEqual({ kind: 'retry', reason: 'server' });
    expect(outcomeOf(new ApiError(429, {}))).toEqual({ kind: 'retry', reason: 'server' });
    expect(outcomeOf(new NetworkError(new TypeError('Failed to fetch')))).toEqual({ kind: 'retry', reason: 'network' });
  });
});

describe('counter wording', () => {
  it('says "1 visita por enviar" and "N visitas por enviar"', () => {
    expect(terrenoMessages.porEnviar(1)).toBe('1 visita por enviar');
    expect(terrenoMessages.porEnviar(2)).toBe('2 visitas por enviar');
    expect(terrenoMessages.porEnviar(0)).toBe('0 visitas por enviar');
  });
});
