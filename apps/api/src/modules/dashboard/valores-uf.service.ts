import type { IndicadoresResponse, ValorUf, ValorUfCreate, ValoresUfQuery } from '@receptoria/contracts';
import { VALORES_UF_LIMITE } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, desc, gte, lte, sql } from 'drizzle-orm';

const { valoresUf } = tenantSchema;

const aValorUf = (row: { fecha: string; valor: string; origen: 'indicadores' | 'manual' }): ValorUf => ({
  fecha: row.fecha,
  valor: Number(row.valor),
  origen: row.origen,
});

/** The stored UF values, newest first (at most VALORES_UF_LIMITE), optionally between two dates. */
export async function listarValoresUf(db: TenantDb, query: ValoresUfQuery): Promise<ValorUf[]> {
  const filtros = [query.desde ? gte(valoresUf.fecha, query.desde) : undefined, query.hasta ? lte(valoresUf.fecha, query.hasta) : undefined];
  const rows = await db
    .select({ fecha: valoresUf.fecha, valor: valoresUf.valor, origen: valoresUf.origen })
    .from(valoresUf)
    .where(and(...filtros))
    .orderBy(desc(valoresUf.fecha))
    .limit(VALORES_UF_LIMITE);
  return rows.map(aValorUf);
}

/** A value entered by hand: replaces whatever that day held. */
export async function registrarValorUf(db: TenantDb, body: ValorUfCreate, usuarioId: number): Promise<ValorUf> {
  const valor = (Math.round(body.valor * 100) / 100).toFixed(2);
  const [row] = await db
    .insert(valoresUf)
    .values({ fecha: body.fecha, valor, origen: 'manual', usuarioId })
    .onConflictDoUpdate({
      target: valoresUf.fecha,
      set: { valor, origen: 'manual', usuarioId, registradoEn: sql`now()` },
    })
    .returning({ fecha: valoresUf.fecha, valor: valoresUf.valor, origen: valoresUf.origen });
  return aValorUf(row!);
}

/**
 * The day's UF from fetched indicators, kept in the receiver's history; a value entered by hand for that
 * day is left as it is. The fixed defaults (no date) are never stored.
 */
export async function guardarUfDeIndicadores(db: TenantDb, respuesta: IndicadoresResponse): Promise<void> {
  const { uf } = respuesta.indicadores;
  if (respuesta.fuente === 'defecto' || !uf.fecha || !(uf.valor > 0)) return;
  await db
    .insert(valoresUf)
    .values({ fecha: uf.fecha, valor: (Math.round(uf.valor * 100) / 100).toFixed(2), origen: 'indicadores' })
    .onConflictDoNothing({ target: valoresUf.fecha });
}

/** Every stored UF value by date (the reading's lookup). */
export async function mapaValoresUf(db: TenantDb): Promise<Map<string, number>> {
  const rows = await db.select({ fecha: valoresUf.fecha, valor: valoresUf.valor }).from(valoresUf);
  return new Map(rows.map((row) => [row.fecha, Number(row.valor)]));
}
