import type { RutaGenerada } from '@receptoria/contracts';
import { describe, expect, it, vi } from 'vitest';
import { copyRoute } from './rutas-screen';

const ruta: RutaGenerada = {
  total_domicilios: 1,
  ruta_google_maps_texto: '1. Los Leones 120, Providencia, Santiago, Chile (Rol C-1-2025)',
  url_google_maps: 'https://www.google.com/maps/dir/Los%20Leones%20120%2C%20Providencia%2C%20Santiago%2C%20Chile',
  punto_partida: 'Santiago',
  domicilios: [],
  tramos: [],
};

describe('copying the route', () => {
  it('writes the ordered text and the link, and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    await expect(copyRoute(ruta, { writeText })).resolves.toEqual({ ok: true, message: 'Ruta copiada al portapapeles' });
    expect(writeText).toHaveBeenCalledWith(`${ruta.ruta_google_maps_texto}\n\n${ruta.url_google_maps}`);
  });

  it('reports a refused clipboard and a missing route with the spec texts', async () => {
    const writeText = vi.fn(async () => Promise.reject(new Error('denied')));
    await expect(copyRoute(ruta, { writeText })).resolves.toEqual({ ok: false, message: 'Error al copiar la ruta' });
    await expect(copyRoute(null, { writeText })).resolves.toEqual({ ok: false, message: 'No hay ruta generada para copiar' });
  });
});
