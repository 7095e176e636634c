import type { PlazoItem } from '@receptoria/contracts/calendario/constants';
import { describe, expect, it } from 'vitest';
import { colorDePlazo, contarPorTipo, encargoHref, fechaCorta, semanaSantiago, vencenEstaSemana } from './plazos';

const plazo = (id: number, tipo: PlazoItem['tipo'], vence: string, estado: PlazoItem['estado'] = 'pendiente'): PlazoItem => ({
  id,
  encargo_id: 100 + id,
  numero_rol: `C-${id}-2026`,
  estudio_id: 1,
  estudio: 'Estudio Uno',
  tipo,
  vence,
  estado,
  origen: `diligencia:${id}`,
  cumplido_en: null,
  referencia: null,
});

describe('colorDePlazo', () => {
  it('colours by kind, overdue in red, met ones grey', () => {
    expect(colorDePlazo({ tipo: 'excepciones', estado: 'pendiente' })).toBe('grape');
    expect(colorDePlazo({ tipo: 'carta_art_46', estado: 'pendiente' })).toBe('blue');
    expect(colorDePlazo({ tipo: 'subida_estampado', estado: 'pendiente' })).toBe('teal');
    expect(colorDePlazo({ tipo: 'carta_art_46', estado: 'vencido' })).toBe('red');
    expect(colorDePlazo({ tipo: 'excepciones', estado: 'cumplido' })).toBe('gray');
  });
});

describe('semanaSantiago', () => {
  it('is Monday to Sunday of the Santiago day, not the UTC one', () => {
    // Wednesday 25-11-2026 at 12:00 Santiago (UTC-3 in summer).
    expect(semanaSantiago(new Date('2026-11-25T15:00:00Z'))).toEqual({ desde: '2026-11-23', hasta: '2026-11-29' });
    // Monday 30-11 at 01:30 UTC is still Sunday 29-11 at 22:30 in Santiago: the week before.
    expect(semanaSantiago(new Date('2026-11-30T01:30:00Z'))).toEqual({ desde: '2026-11-23', hasta: '2026-11-29' });
    // Sunday 29-11 in Santiago, just before midnight, and Monday 30-11 just after.
    expect(semanaSantiago(new Date('2026-11-30T02:59:00Z')).desde).toBe('2026-11-23');
    expect(semanaSantiago(new Date('2026-11-30T03:01:00Z'))).toEqual({ desde: '2026-11-30', hasta: '2026-12-06' });
  });

  it('crosses months and years; winter time too', () => {
    expect(semanaSantiago(new Date('2027-01-01T12:00:00Z'))).toEqual({ desde: '2026-12-28', hasta: '2027-01-03' });
    // Monday 6-7-2026 at 00:30 Santiago (UTC-4 in winter) = 04:30 UTC.
    expect(semanaSantiago(new Date('2026-07-06T04:30:00Z')).desde).toBe('2026-07-06');
    expect(semanaSantiago(new Date('2026-07-06T03:30:00Z')).desde).toBe('2026-06-29');
  });
});

describe('contarPorTipo', () => {
  it('counts each kind, zero for the absent ones', () => {
    expect(contarPorTipo([])).toEqual({ excepciones: 0, carta_art_46: 0, subida_estampado: 0 });
    expect(
      contarPorTipo([plazo(1, 'excepciones', '2026-11-24'), plazo(2, 'excepciones', '2026-11-25'), plazo(3, 'subida_estampado', '2026-11-26')]),
    ).toEqual({ excepciones: 2, carta_art_46: 0, subida_estampado: 1 });
  });
});

describe('vencenEstaSemana', () => {
  it('lists the overdue first, then the week by date; once each; met ones left out', () => {
    const semana = [
      plazo(5, 'subida_estampado', '2026-11-27'),
      plazo(4, 'excepciones', '2026-11-23', 'vencido'),
      plazo(6, 'carta_art_46', '2026-11-25'),
      plazo(7, 'carta_art_46', '2026-11-24', 'cumplido'),
    ];
    const vencidos = [plazo(2, 'excepciones', '2026-11-10', 'vencido'), plazo(4, 'excepciones', '2026-11-23', 'vencido')];
    expect(vencenEstaSemana(semana, vencidos).map((p) => p.id)).toEqual([2, 4, 6, 5]);
  });
});

describe('helpers', () => {
  it('formats the due date and the assignment link', () => {
    expect(fechaCorta('2026-09-23')).toBe('23-09-2026');
    expect(encargoHref('/re-encargos', 'C-1/2026', 9)).toBe('/re-encargos?rol=C-1%2F2026&id=9');
  });
});
