import type { TipoEstampado, Visita } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_RESULTADOS, toGuardarResultados, typedStampDatos } from './resultados-form';
import { codigoTipoEstampado, ultimaVisita, valoresDeVisita, visitaDelActo } from './visita-prefill';

const tipos: TipoEstampado[] = [
  { id: 3, nombre: 'Búsqueda positiva', codigo: 'busqueda_positiva', valor_por_defecto: 30000, tiene_plantilla: true },
  { id: 7, nombre: 'Búsqueda negativa (no reside)', codigo: 'busqueda_negativa_no_reside', valor_por_defecto: 30000, tiene_plantilla: true },
];

function visita(overrides: Partial<Visita> = {}): Visita {
  return {
    uuid: crypto.randomUUID(),
    encargo_id: 1,
    domicilio_id: 2,
    domicilio_texto: 'Av. Providencia 1234, Providencia',
    fecha_hora: '2026-03-10T09:30:00-03:00',
    tipo: 'busqueda',
    resultado: 'domicilio_confirmado',
    informante: { nombre: 'Juan Pérez', relacion: 'el_mismo' },
    apuntes: 'Edificio con conserjería',
    ubicacion: null,
    origen: 'terreno',
    corrige_a: null,
    corregida_por: null,
    autor: { id: 1, nombre: 'María González' },
    registrada_en: '2026-03-10T09:31:00-03:00',
    fotos: [],
    entrega_copias: null,
    diligencia_id: null,
    ...overrides,
  };
}

describe('results pre-filled from the latest visit', () => {
  it('fills date and hour, notes, informant and the stamp type of the result', () => {
    const v = visita();
    expect(valoresDeVisita(v, tipos)).toEqual({
      visita_uuid: v.uuid,
      entrega_modo: null,
      entrega_nombre: '',
      entrega_relacion: '',
      entrega_detalle: '',
      fecha_diligencia: '10/03/2026 09:30',
      apuntes_terreno: 'Edificio con conserjería',
      informante: 'Juan Pérez',
      informante_relacion: 'el mismo',
      tipo_estampado: '3',
    });
  });

  it('leaves the stamp type alone when the result names none or the receiver has no such type', () => {
    expect(valoresDeVisita(visita({ resultado: 'otro', informante: null }), tipos)).not.toHaveProperty('tipo_estampado');
    expect(valoresDeVisita(visita({ resultado: 'notificado_cedula' }), tipos)).not.toHaveProperty('tipo_estampado');
    expect(codigoTipoEstampado('notificacion', 'habido')).toBe('notificacion_personal');
    expect(codigoTipoEstampado('busqueda', 'negativa_inmueble_deshabitado')).toBe('busqueda_negativa');
  });

  it('takes the latest visit that no later one corrects', () => {
    const first = visita({ fecha_hora: '2026-03-09T10:00:00-03:00' });
    const corrected = visita({ corregida_por: 'b' });
    expect(ultimaVisita([first, corrected])).toBe(first);
    expect(ultimaVisita([])).toBeNull();
  });
});

describe('results from the visit of the act (field → office)', () => {
  const art44: TipoEstampado = { id: 9, nombre: 'Notificación subsidiaria art. 44', codigo: 'notificacion_subsidiaria_art_44', valor_por_defecto: 45000, tiene_plantilla: true };
  const encargo = { id: 1, numero_rol: 'C-1-2026' } as Parameters<typeof toGuardarResultados>[0];
  const busqueda = visita({ fecha_hora: '2026-03-10T19:24:45-03:00', informante: { nombre: 'Rosa Muñoz', relacion: 'vecino' } });
  const acto = visita({
    fecha_hora: '2026-03-10T19:24:54-03:00',
    tipo: 'notificacion',
    resultado: 'notificado_art44',
    informante: { nombre: 'Rosa Muñoz', relacion: 'vecino' },
    apuntes: 'Notificada en el acceso',
    entrega_copias: { modo: 'persona_adulta', nombre: 'Rosa Muñoz', relacion: 'hija' },
  });

  it('takes the act, not a later search, and fills the informant agreeing with her and the copies', () => {
    const despues = visita({ fecha_hora: '2026-03-10T19:40:00-03:00' });
    expect(visitaDelActo([busqueda, acto, despues])).toBe(acto);
    expect(visitaDelActo([busqueda])).toBe(busqueda);
    expect(visitaDelActo([busqueda, { ...acto, corregida_por: 'x' }])).toBe(busqueda);
    expect(valoresDeVisita(acto, [...tipos, art44])).toMatchObject({
      visita_uuid: acto.uuid,
      tipo_estampado: '9',
      fecha_diligencia: '10/03/2026 19:24',
      informante: 'Rosa Muñoz',
      informante_relacion: 'vecina',
      entrega_modo: 'persona_adulta',
      entrega_nombre: 'Rosa Muñoz',
      entrega_relacion: 'hija',
    });
  });

  it('the save and the preview carry the link, the copies and the signature', () => {
    const values = { ...EMPTY_RESULTADOS, ...valoresDeVisita(acto, [...tipos, art44]), firma_notificado: 'no_quiso' };
    // The hour as shown (its minute): the API takes the visit's exact instant for that minute.
    expect(toGuardarResultados(encargo, values, [art44])).toMatchObject({
      fecha_diligencia: '2026-03-10T19:24:00-03:00',
      visita_uuid: acto.uuid,
      entrega_copias: { modo: 'persona_adulta', nombre: 'Rosa Muñoz', relacion: 'hija' },
      firma_notificado: 'no_quiso',
    });
    const datos = typedStampDatos('C-1-2026', values, art44);
    expect(datos).toMatchObject({ visita_uuid: acto.uuid, firma_notificado: 'no_quiso', hora_diligencia: '19:24' });
    expect(JSON.parse(String(datos.entrega_copias))).toEqual({ modo: 'persona_adulta', nombre: 'Rosa Muñoz', relacion: 'hija' });
    const sinEntrega = toGuardarResultados(encargo, { ...values, entrega_modo: null, visita_uuid: null, firma_notificado: null }, [art44]);
    expect(sinEntrega).not.toHaveProperty('entrega_copias');
    expect(sinEntrega).not.toHaveProperty('visita_uuid');
  });
});
