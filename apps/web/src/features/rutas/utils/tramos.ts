import { MAX_PARADAS_POR_TRAMO, type RutaGenerada, type RutaTramo } from '@receptoria/contracts';

/**
 * The route's Google Maps legs: 'Abrir en Google Maps' opens the first (at most
 * MAX_PARADAS_POR_TRAMO places, what one directions link takes: origin, 8 stops, destination) and
 * the others are listed with their own links. A route without legs is one leg when it fits.
 */
export function tramosDeRuta(ruta: RutaGenerada): { primero: RutaTramo | null; siguientes: RutaTramo[] } {
  const tramos = ruta.tramos.length > 0 ? ruta.tramos : [];
  if (tramos.length === 0) {
    const total = ruta.domicilios.length || ruta.total_domicilios;
    if (!ruta.url_google_maps || total > MAX_PARADAS_POR_TRAMO) return { primero: null, siguientes: [] };
    return { primero: { numero: 1, desde: 1, hasta: total, url_google_maps: ruta.url_google_maps }, siguientes: [] };
  }
  const [primero, ...siguientes] = tramos;
  return { primero: primero ?? null, siguientes };
}

/** Places in a directions link (the path after /maps/dir/). */
export function paradasDelEnlace(url: string): string[] {
  const path = new URL(url).pathname.replace(/^\/maps\/dir\//, '');
  return path.split('/').filter(Boolean).map(decodeURIComponent);
}

/** What 'Copiar Ruta' writes: the ordered stops, then each leg's link. */
export function textoParaCopiar(ruta: RutaGenerada, tramoLabel: (tramo: RutaTramo) => string): string {
  const { primero, siguientes } = tramosDeRuta(ruta);
  const legs = primero ? [primero, ...siguientes] : [];
  if (legs.length <= 1) return `${ruta.ruta_google_maps_texto}\n\n${primero?.url_google_maps ?? ruta.url_google_maps}`;
  return `${ruta.ruta_google_maps_texto}\n\n${legs.map((leg) => `${tramoLabel(leg)}\n${leg.url_google_maps}`).join('\n\n')}`;
}
