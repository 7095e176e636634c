import { describe, expect, it } from 'vitest';
import {
  fechaDiligenciaToWire,
  horaInformada,
  normalizeFechaDiligencia,
  normalizeHora,
  stampDateParts,
  tituloEstampado,
} from './fecha-diligencia';

describe('normalizeFechaDiligencia', () => {
  it('writes a date typed without time as DD/MM/YYYY, without inventing an hour', () => {
    expect(normalizeFechaDiligencia('2025-03-10')).toBe('10/03/2025');
    expect(normalizeFechaDiligencia('10/03/2025')).toBe('10/03/2025');
  });

  it('keeps the time typed with the date', () => {
    expect(normalizeFechaDiligencia('10/03/2025 16:45')).toBe('10/03/2025 16:45');
  });

  it('leaves text that is not a date as typed', () => {
    expect(normalizeFechaDiligencia('31/02/2025')).toBe('31/02/2025');
    expect(normalizeFechaDiligencia('ayer')).toBe('ayer');
    expect(normalizeFechaDiligencia('')).toBe('');
  });
});

describe('horaInformada', () => {
  it('is true only when the typed date carries its time', () => {
    expect(horaInformada('10/03/2025 16:45')).toBe(true);
    expect(horaInformada('2025-03-10 08:05')).toBe(true);
    expect(horaInformada('10/03/2025')).toBe(false);
    expect(horaInformada('2025-03-10')).toBe(false);
  });
});

describe('normalizeHora', () => {
  it('reads the usual ways of typing an hour as HH:MM', () => {
    expect(normalizeHora('16:45')).toBe('16:45');
    expect(normalizeHora(' 9:05 ')).toBe('09:05');
    expect(normalizeHora('1645')).toBe('16:45');
    expect(normalizeHora('16.45')).toBe('16:45');
    expect(normalizeHora('00:00')).toBe('00:00');
  });

  it('refuses what is not an hour of the day', () => {
    for (const text of ['', '24:00', '12:60', 'mediodía', '16:4', '1:2:3']) expect(normalizeHora(text)).toBeNull();
  });
});

describe('fechaDiligenciaToWire', () => {
  it('sends Santiago wall time with its offset (summer and winter time)', () => {
    expect(fechaDiligenciaToWire('10/01/2025 16:45')).toBe('2025-01-10T16:45:00-03:00');
    expect(fechaDiligenciaToWire('2025-07-10')).toBe('2025-07-10T09:00:00-04:00');
    expect(fechaDiligenciaToWire('no')).toBeNull();
  });
});

describe('stamp formats', () => {
  it('gives DD-MM-YYYY and HH:MM in Santiago', () => {
    expect(stampDateParts(new Date('2025-03-10T12:30:00Z'))).toEqual({ fecha: '10-03-2025', hora: '09:30' });
  });

  it('titles the document with the type in words, the rol and today', () => {
    expect(tituloEstampado('busqueda_positiva', 'C-123-2024', new Date('2025-03-10T15:00:00Z'))).toBe(
      'Estampado busqueda positiva - C-123-2024 - 10-03-2025',
    );
    expect(tituloEstampado('Notificación personal', 'C-9-2025', new Date('2025-12-31T23:30:00Z'))).toBe(
      'Estampado Notificación personal - C-9-2025 - 31-12-2025',
    );
  });
});
