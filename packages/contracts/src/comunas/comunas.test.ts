import { describe, expect, it } from 'vitest';
import { COMUNAS } from '../format/lists';
import {
  buscarComunas,
  ComunaSchema,
  COMUNAS_CHILE,
  COMUNAS_ORDENADAS,
  comunaOficial,
  comunaPorCodigo,
  nombreComunaOficial,
  TOTAL_COMUNAS,
} from './index';

describe("Chile's comunas (CUT)", () => {
  it('has the 346 comunas, each with a unique five-digit code and a unique name', () => {
    expect(COMUNAS_CHILE).toHaveLength(346);
    expect(TOTAL_COMUNAS).toBe(346);
    for (const comuna of COMUNAS_CHILE) expect(ComunaSchema.parse(comuna)).toEqual(comuna);
    expect(new Set(COMUNAS_CHILE.map((comuna) => comuna.codigo)).size).toBe(346);
    expect(new Set(COMUNAS_CHILE.map((comuna) => comuna.nombre)).size).toBe(346);
  });

  it('knows the official codes', () => {
    expect(comunaPorCodigo('13130')).toEqual({
      codigo: '13130',
      nombre: 'San Miguel',
      provincia: 'Santiago',
      region: 'Metropolitana de Santiago',
    });
    expect(comunaPorCodigo('13106')?.nombre).toBe('Estación Central');
    expect(comunaPorCodigo('13120')?.nombre).toBe('Ñuñoa');
    expect(comunaPorCodigo('13122')?.nombre).toBe('Peñalolén');
    expect(comunaPorCodigo('13101')?.nombre).toBe('Santiago');
    expect(comunaPorCodigo('16101')).toMatchObject({ nombre: 'Chillán', provincia: 'Diguillín', region: 'Ñuble' });
    expect(comunaPorCodigo('11101')).toMatchObject({ nombre: 'Coyhaique', provincia: 'Coyhaique' });
    expect(comunaPorCodigo('11201')?.nombre).toBe('Aysén');
    expect(comunaPorCodigo('12201')).toMatchObject({ nombre: 'Cabo de Hornos', provincia: 'Antártica Chilena' });
    expect(comunaPorCodigo('12202')?.nombre).toBe('Antártica');
    expect(comunaPorCodigo('15101')?.region).toBe('Arica y Parinacota');
    expect(comunaPorCodigo('08301')?.nombre).toBe('Los Ángeles');
    expect(comunaPorCodigo('05201')?.nombre).toBe('Isla de Pascua');
  });

  it('counts the comunas of each of the 16 regions', () => {
    const porRegion = new Map<string, number>();
    for (const comuna of COMUNAS_CHILE) porRegion.set(comuna.codigo.slice(0, 2), (porRegion.get(comuna.codigo.slice(0, 2)) ?? 0) + 1);
    expect(Object.fromEntries([...porRegion].sort())).toEqual({
      '01': 7,
      '02': 9,
      '03': 9,
      '04': 15,
      '05': 38,
      '06': 33,
      '07': 30,
      '08': 33,
      '09': 32,
      '10': 30,
      '11': 10,
      '12': 11,
      '13': 52,
      '14': 12,
      '15': 4,
      '16': 21,
    });
    expect(new Set(COMUNAS_CHILE.map((comuna) => comuna.region)).size).toBe(16);
    expect(new Set(COMUNAS_CHILE.map((comuna) => `${comuna.region}/${comuna.provincia}`)).size).toBe(56);
  });

  it('offers the spec’s 16 first, then the rest in Spanish order', () => {
    expect(COMUNAS_ORDENADAS).toHaveLength(346);
    expect(COMUNAS_ORDENADAS.slice(0, 16).map((comuna) => comuna.nombre)).toEqual([...COMUNAS]);
    const resto = COMUNAS_ORDENADAS.slice(16).map((comuna) => comuna.nombre);
    expect(resto).toEqual([...resto].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })));
    expect(resto[0]).toBe('Algarrobo');
  });

  it('finds comunas ignoring case and accents', () => {
    expect(buscarComunas('estacion central').map((comuna) => comuna.nombre)).toEqual(['Estación Central']);
    expect(buscarComunas('nunoa').map((comuna) => comuna.nombre)).toEqual(['Ñuñoa']);
    expect(buscarComunas('SAN MIGUEL').map((comuna) => comuna.nombre)).toEqual(['San Miguel']);
    expect(buscarComunas('penalolen').map((comuna) => comuna.nombre)).toEqual(['Peñalolén']);
    expect(buscarComunas('paihuano').map((comuna) => comuna.nombre)).toEqual(['Paiguano']);
    expect(buscarComunas('')).toHaveLength(346);
    expect(buscarComunas('zzz')).toEqual([]);
  });

  it('resolves typed names to the official spelling and leaves other text as typed', () => {
    expect(comunaOficial('  san   miguel ')?.codigo).toBe('13130');
    expect(comunaOficial('Llay-Llay')?.nombre).toBe('Llaillay');
    expect(comunaOficial('Santiago Centro')?.codigo).toBe('13101');
    expect(comunaOficial('Villa Los Héroes')).toBeUndefined();
    expect(nombreComunaOficial('estación central')).toBe('Estación Central');
    expect(nombreComunaOficial(' Villa Los Héroes ')).toBe('Villa Los Héroes');
  });
});
