import { describe, expect, it } from 'vitest';
import { estampadoMessages } from '../estampados/messages';
import { receptorFaltantes, receptorFaltantesTexto } from './faltantes';

const completo = { nombre: 'Ana Rojas', rut: '12.345.678-5', titulo: 'Receptora Judicial', direccion: 'Huérfanos 1160', comuna: 'Santiago' };

describe("the receiver's missing data", () => {
  it('lists every empty identity field in one order', () => {
    const datos = { ...completo, rut: '', titulo: ' ', direccion: '', comuna: '' };
    expect(receptorFaltantes(datos)).toEqual(['rut', 'titulo', 'direccion', 'comuna']);
    expect(receptorFaltantesTexto(receptorFaltantes(datos))).toBe('RUT, título, dirección, comuna');
  });
  it('is empty when nothing is missing', () => {
    expect(receptorFaltantes(completo)).toEqual([]);
  });
  it('is the list the certificate warning names', () => {
    expect(estampadoMessages.receptorIncompleto(['RUT', 'comuna'])).toContain('RUT, comuna');
  });
});
