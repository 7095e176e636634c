import type { TipoEstampado, Visita } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { codigoTipoEstampado, ultimaVisita, valoresDeVisita } from './visita-prefill';

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
    ...overrides,
  };
}

describe('results pre-filled from the latest visit', () => {
  it('fills date and hour, notes, informant and the stamp type of the result', () => {
    expect(valoresDeVisita(visita(), tipos)).toEqual({
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
