import { comunaCentroid, normalizeComuna } from './comunas-coordenadas';

/** Where a route starts when the receiver's office comuna is unknown. */
export const DEFAULT_START_COMUNA = 'Santiago';

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres. */
export function distanceKm(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b[0] - a[0]);
  const dLng = rad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const streetOrder = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

export interface Stop {
  direccion: string;
  comuna: string;
}

/**
 * Orders stops as a short tour: from the start comuna, always on to the nearest comuna not yet
 * visited (centroid distance), and within a comuna by street name and number. Comunas without
 * known coordinates go last, by name.
 */
export function orderStops<T extends Stop>(stops: readonly T[], startComuna: string): T[] {
  const groups = new Map<string, T[]>();
  for (const stop of stops) {
    const key = normalizeComuna(stop.comuna);
    const group = groups.get(key);
    if (group) group.push(stop);
    else groups.set(key, [stop]);
  }
  for (const group of groups.values()) group.sort((a, b) => streetOrder.compare(a.direccion, b.direccion));

  const located = [...groups.keys()].filter((key) => comunaCentroid(key));
  const unknown = [...groups.keys()].filter((key) => !comunaCentroid(key)).sort((a, b) => streetOrder.compare(a, b));

  let here = comunaCentroid(startComuna) ?? comunaCentroid(DEFAULT_START_COMUNA)!;
  const ordered: T[] = [];
  const pending = new Set(located);
  while (pending.size > 0) {
    let best: string | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const key of pending) {
      const distance = distanceKm(here, comunaCentroid(key)!);
      // Ties (same centroid distance) are broken by name so the order is stable.
      if (distance < bestDistance || (distance === bestDistance && best !== undefined && key < best)) {
        best = key;
        bestDistance = distance;
      }
    }
    if (best === undefined) break;
    pending.delete(best);
    ordered.push(...groups.get(best)!);
    here = comunaCentroid(best)!;
  }
  for (const key of unknown) ordered.push(...groups.get(key)!);
  return ordered;
}

/**
 * Splits a list of places into consecutive legs of at most `size` places; each leg starts at the
 * place where the previous one ended, so following the legs one after another covers the route.
 * Answers 1-based inclusive [from, to] positions.
 */
export function splitLegs(total: number, size: number): [number, number][] {
  if (total <= 0) return [];
  if (size < 2) throw new Error('a leg needs at least two places');
  if (total <= size) return [[1, total]];
  const legs: [number, number][] = [];
  let from = 1;
  while (from < total) {
    const to = Math.min(total, from + size - 1);
    legs.push([from, to]);
    from = to;
  }
  return legs;
}
