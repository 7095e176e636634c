import 'fake-indexeddb/auto';
import { visitaMessages } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { type FieldDb, type VisitaBody, borradorKey, openFieldDb } from './field-db';
import { type FieldTransport, enqueueVisita, listVisitas, syncQueue } from './field-queue';
import { corregirRechazada, countRechazadas, descartarRechazada } from './rechazadas';

let dbCount = 0;
const freshDb = () => openFieldDb(`terreno-rechazos-${++dbCount}-${Date.now()}`);

const refusingServer: FieldTransport = {
  async postVisita(_encargoId, body) {
    return body.resultado === 'notificado_art44' ? { kind: 'rejected', message: visitaMessages.art44Requisitos } : { kind: 'ok' };
  },
  async postFoto() {
    return { kind: 'ok' };
  },
  async countFotos() {
    return 0;
  },
};

async function queue(db: FieldDb, resultado: VisitaBody['resultado'], userId = 1, fotos = 1) {
  return enqueueVisita(db, {
    userId,
    encargoId: 40,
    body: {
      uuid: crypto.randomUUID(),
      domicilio_id: 7,
      fecha_hora: '2026-03-10T22:24:54.000Z',
      tipo: 'notificacion',
      resultado,
      informante: { nombre: 'Rosa Muñoz', relacion: 'vecina' },
      apuntes: 'Copias en la puerta',
      origen: 'terreno',
    },
    resumen: { numeroRol: 'C-18596-2025', direccion: 'Av. Providencia 1234, Providencia' },
    fotos: Array.from({ length: fotos }, () => ({ tipo: 'image/jpeg', datos: new Uint8Array([0xff, 0xd8, 1]).buffer })),
  });
}

describe('refused visits on the phone', () => {
  it('counts a refused visit apart from the sent ones, so the phone never says all were sent', async () => {
    const db = await freshDb();
    await queue(db, 'notificado_art44');
    await queue(db, 'domicilio_confirmado');
    const result = await syncQueue(db, refusingServer, 1);
    expect(result).toMatchObject({ enviadas: 1, rechazadas: 1 });
    const visitas = await listVisitas(db, 1);
    expect(countRechazadas(visitas)).toBe(1);
    expect(visitas.find((visita) => visita.estado === 'rechazada')?.mensaje).toBe(visitaMessages.art44Requisitos);
  });

  it('turns a refused visit back into the stop draft with its photos, and takes it off the queue', async () => {
    const db = await freshDb();
    const refused = await queue(db, 'notificado_art44', 1, 2);
    await syncQueue(db, refusingServer, 1);
    expect(await corregirRechazada(db, 1, refused.uuid, 5)).toEqual({ kind: 'abierta', encargoId: 40, domicilioId: 7 });
    const borrador = await db.get('borradores', borradorKey(1, 40, 7));
    expect(borrador).toMatchObject({
      tipo: 'notificacion',
      resultado: 'notificado_art44',
      informanteNombre: 'Rosa Muñoz',
      informanteRelacion: 'vecina',
      apuntes: 'Copias en la puerta',
      actualizadoEn: 5,
    });
    expect(borrador?.fotos).toHaveLength(2);
    expect(await listVisitas(db, 1)).toEqual([]);
    expect(await db.getAll('fotos')).toEqual([]);
  });

  it('never overwrites a draft being typed at that stop: the refused visit stays', async () => {
    const db = await freshDb();
    const refused = await queue(db, 'notificado_art44');
    await syncQueue(db, refusingServer, 1);
    const clave = borradorKey(1, 40, 7);
    const typing = { clave, tipo: 'busqueda', resultado: 'no_habido', informanteNombre: '', informanteRelacion: '', apuntes: 'otra', fotos: [], actualizadoEn: 1 };
    await db.put('borradores', typing);
    expect(await corregirRechazada(db, 1, refused.uuid)).toEqual({ kind: 'borrador_en_curso' });
    expect(await db.get('borradores', clave)).toEqual(typing);
    expect(countRechazadas(await listVisitas(db, 1))).toBe(1);
  });

  it('discards only a refused visit of the same user, with its photos', async () => {
    const db = await freshDb();
    const refused = await queue(db, 'notificado_art44', 1, 1);
    const sent = await queue(db, 'domicilio_confirmado', 1, 0);
    await syncQueue(db, refusingServer, 1);
    expect(await descartarRechazada(db, 2, refused.uuid)).toBe(false);
    expect(await descartarRechazada(db, 1, sent.uuid)).toBe(false);
    expect(await corregirRechazada(db, 1, sent.uuid)).toEqual({ kind: 'no_encontrada' });
    expect(await descartarRechazada(db, 1, refused.uuid)).toBe(true);
    const left = await listVisitas(db, 1);
    expect(left.map((visita) => visita.uuid)).toEqual([sent.uuid]);
    expect(await db.getAll('fotos')).toEqual([]);
  });
});
