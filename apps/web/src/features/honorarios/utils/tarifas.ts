import type { ArancelFila, Tarifa, TarifaInput } from '@receptoria/contracts';

/** A row as the table edits it: amounts as numbers, 'hasta' empty for no limit. */
export interface FilaTarifa {
  key: string;
  tipo_estampado_id: number | null;
  cuantia_desde: number;
  cuantia_hasta: number | null;
  modo: 'clp' | 'utm';
  monto_clp: number;
  porcentaje_utm: number;
  recargos: { comuna: string; monto_clp: number }[];
}

let seq = 0;
export const nuevaClave = () => `fila-${++seq}`;

export function filaVacia(): FilaTarifa {
  return { key: nuevaClave(), tipo_estampado_id: null, cuantia_desde: 0, cuantia_hasta: null, modo: 'clp', monto_clp: 0, porcentaje_utm: 0, recargos: [] };
}

export function filaDeTarifa(tarifa: Tarifa): FilaTarifa {
  return {
    key: `tarifa-${tarifa.id}`,
    tipo_estampado_id: tarifa.tipo_estampado_id,
    cuantia_desde: tarifa.cuantia_desde,
    cuantia_hasta: tarifa.cuantia_hasta,
    modo: tarifa.porcentaje_utm !== null ? 'utm' : 'clp',
    monto_clp: tarifa.monto_clp ?? 0,
    porcentaje_utm: tarifa.porcentaje_utm ?? 0,
    recargos: tarifa.recargos.map((r) => ({ ...r })),
  };
}

export function tarifaDeFila(fila: FilaTarifa, estudioId: number | null): TarifaInput {
  return {
    estudio_id: estudioId,
    tipo_estampado_id: fila.tipo_estampado_id,
    cuantia_desde: fila.cuantia_desde,
    cuantia_hasta: fila.cuantia_hasta,
    monto_clp: fila.modo === 'clp' ? fila.monto_clp : null,
    porcentaje_utm: fila.modo === 'utm' ? fila.porcentaje_utm : null,
    recargos: fila.recargos.map((r) => ({ comuna: r.comuna.trim(), monto_clp: r.monto_clp })),
  };
}

/**
 * What PUT receives: this list's rows as edited (in table order, first, so that the API's row numbers
 * are the table's), then every other list as it is.
 */
export function listaCompleta(todas: readonly Tarifa[], estudioId: number | null, filas: readonly FilaTarifa[]): TarifaInput[] {
  const otras = todas
    .filter((t) => t.estudio_id !== estudioId)
    .map(({ id: _id, ...rest }) => ({ ...rest, recargos: rest.recargos.map((r) => ({ ...r })) }));
  return [...filas.map((f) => tarifaDeFila(f, estudioId)), ...otras];
}

const sinTildes = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/**
 * The schedule's row for a price row: the actuación named like the stamp type (accents and case aside;
 * one name containing the other) whose cuantía band holds the row's 'desde'.
 */
export function arancelDe(fila: Pick<FilaTarifa, 'cuantia_desde'>, tipoNombre: string | null, arancel: readonly ArancelFila[]): ArancelFila | null {
  if (!tipoNombre) return null;
  const nombre = sinTildes(tipoNombre);
  if (!nombre) return null;
  return (
    arancel.find((a) => {
      const actuacion = sinTildes(a.actuacion);
      const coincide = actuacion === nombre || actuacion.includes(nombre) || nombre.includes(actuacion);
      return coincide && fila.cuantia_desde >= a.cuantia_desde && (a.cuantia_hasta === null || fila.cuantia_desde < a.cuantia_hasta);
    }) ?? null
  );
}

/** A percentage of the UTM in whole pesos. */
export function pesosDeUtm(porcentaje: number, utm: number): number {
  return Math.round((porcentaje * utm) / 100);
}
