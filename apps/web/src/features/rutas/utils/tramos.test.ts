import { googleMapsDirUrl, MAX_PARADAS_POR_TRAMO, type RutaGenerada } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { rutasScreenMessages as m } from '../messages';
import { paradasDelEnlace, textoParaCopiar, tramosDeRuta } from './tramos';

const places = (n: number) => Array.from({ length: n }, (_, i) => `Calle ${i + 1}, Santiago, Santiago, Chile`);

function ruta(n: number, legs: [number, number][]): RutaGenerada {
  const all = places(n);
  return {
    total_domicilios: n,
    ruta_google_maps_texto: all.map((p, i) => `${i + 1}. ${p} (Rol C-${i}-2026)`).join('\n'),
    url_google_maps: googleMapsDirUrl(all),
    punto_partida: 'Santiago',
    domicilios: all.map((p, i) => ({ orden: i + 1, numero_rol: `C-${i}-2026`, direccion: `Calle ${i + 1}`, comuna: 'Santiago', ciudad: 'Santiago', direccion_google_maps: p })),
    tramos: legs.map(([desde, hasta], i) => ({ numero: i + 1, desde, hasta, url_google_maps: googleMapsDirUrl(all.slice(desde - 1, hasta)) })),
  };
}

describe('the Google Maps legs of a route', () => {
  it('opens a first leg of at most ten places and lists the others', () => {
    const long = ruta(23, [
      [1, 10],
      [10, 19],
      [19, 23],
    ]);
    const { primero, siguientes } = tramosDeRuta(long);
    expect(paradasDelEnlace(primero!.url_google_maps)).toEqual(places(23).slice(0, 10));
    expect(paradasDelEnlace(primero!.url_google_maps).length).toBeLessThanOrEqual(MAX_PARADAS_POR_TRAMO);
    expect(siguientes.map((leg) => [leg.desde, leg.hasta])).toEqual([
      [10, 19],
      [19, 23],
    ]);
  });

  it('opens the whole route when it fits in one link, and never a link past the limit', () => {
    const short = ruta(4, [[1, 4]]);
    expect(tramosDeRuta(short)).toEqual({ primero: short.tramos[0], siguientes: [] });
    const noLegs = { ...ruta(4, []), tramos: [] };
    expect(tramosDeRuta(noLegs).primero?.url_google_maps).toBe(noLegs.url_google_maps);
    expect(tramosDeRuta({ ...ruta(12, []), tramos: [] }).primero).toBeNull();
  });

  it('copies the stops and every leg link', () => {
    const long = ruta(12, [
      [1, 10],
      [10, 12],
    ]);
    const text = textoParaCopiar(long, (leg) => m.tramo(leg.numero, leg.desde, leg.hasta));
    expect(text).toContain('Tramo 1: paradas 1 a 10\nhttps://www.google.com/maps/dir/');
    expect(text).toContain(`Tramo 2: paradas 10 a 12\n${long.tramos[1]!.url_google_maps}`);
    expect(text).not.toContain(long.url_google_maps);
  });
});

describe('the route counts', () => {
  it('words one and many', () => {
    expect(m.estadisticas(1, 1, 1)).toBe('1 domicilio de 1 encargo en 1 comuna');
    expect(m.estadisticas(4, 3, 2)).toBe('4 domicilios de 3 encargos en 2 comunas');
    expect(m.seleccionados(1, 1)).toBe('1 de 1 seleccionado');
  });
});
