import { useEffect, useState } from 'react';

export type GeoState =
  | { kind: 'buscando' }
  | { kind: 'ok'; lat: number; lon: number; precision: number; at: number }
  | { kind: 'denegada' }
  | { kind: 'no_disponible' };

/** A newer fix replaces the kept one when it is as precise, or when the kept one is a minute old. */
function better(current: GeoState, next: Extract<GeoState, { kind: 'ok' }>): boolean {
  if (current.kind !== 'ok') return true;
  return next.precision <= current.precision || next.at - current.at > 60_000;
}

/**
 * The phone's position while a visit is being typed (watchPosition, high accuracy): the most precise
 * recent fix, or why there is none (permission refused, no GPS). A refusal is final for the visit: it
 * is saved without coordinates, and the screen says so.
 */
export function useGeolocation(active: boolean): GeoState {
  const [state, setState] = useState<GeoState>(() =>
    typeof navigator !== 'undefined' && 'geolocation' in navigator ? { kind: 'buscando' } : { kind: 'no_disponible' },
  );
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('geolocation' in navigator)) return;
    const id = navigator.geolocation.watchPosition(
      (position) => {
        const next = {
          kind: 'ok' as const,
          lat: position.coords.latitude,
          lon: position.coords.longitude,
          precision: Math.round(position.coords.accuracy),
          at: position.timestamp || Date.now(),
        };
        setState((current) => (better(current, next) ? next : current));
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setState({ kind: 'denegada' });
        else setState((current) => (current.kind === 'ok' ? current : { kind: 'no_disponible' }));
      },
      { enableHighAccuracy: true, maximumAge: 30_000, timeout: 20_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [active]);
  return state;
}
