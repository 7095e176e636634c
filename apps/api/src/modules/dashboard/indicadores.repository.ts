import type { Indicadores } from '@receptoria/contracts';
import { type ControlDb, controlSchema } from '@receptoria/db';
import { sql } from 'drizzle-orm';

const { indicadoresCache } = controlSchema;

export interface CachedIndicadores {
  indicadores: Indicadores;
  /** When the oldest of the three values was obtained. */
  obtenidoEn: Date;
}

/** The cached indicators, or null unless all three are there. */
export async function readIndicadoresCache(db: ControlDb): Promise<CachedIndicadores | null> {
  const rows = await db.select().from(indicadoresCache);
  const byCodigo = new Map(rows.map((row) => [row.codigo, row]));
  const uf = byCodigo.get('uf');
  const ipc = byCodigo.get('ipc');
  const dolar = byCodigo.get('dolar');
  if (!uf || !ipc || !dolar) return null;
  const oldest = Math.min(uf.obtenidoEn.getTime(), ipc.obtenidoEn.getTime(), dolar.obtenidoEn.getTime());
  return {
    indicadores: {
      uf: { valor: uf.valor, fecha: uf.fecha },
      ipc: { valor: ipc.valor, fecha: ipc.fecha },
      dolar: { valor: dolar.valor, fecha: dolar.fecha },
    },
    obtenidoEn: new Date(oldest),
  };
}

/** Replaces the cached indicators in one statement (rows always in the same order). */
export async function writeIndicadoresCache(db: ControlDb, indicadores: Indicadores, obtenidoEn: Date) {
  await db
    .insert(indicadoresCache)
    .values(
      (['dolar', 'ipc', 'uf'] as const).map((codigo) => ({
        codigo,
        valor: indicadores[codigo].valor,
        fecha: indicadores[codigo].fecha,
        obtenidoEn,
      })),
    )
    .onConflictDoUpdate({
      target: indicadoresCache.codigo,
      set: { valor: sql`excluded.valor`, fecha: sql`excluded.fecha`, obtenidoEn: sql`excluded.obtenido_en` },
    });
}
