import { tenantSchema } from '@receptoria/db';
import { type SQL, sql } from 'drizzle-orm';

const { domicilios, encargos } = tenantSchema;

/**
 * Ver Pendientes' search also matches an assignment's active addresses (street and comuna):
 * "peñalolén" finds the assignments with an address in Peñalolén. The addresses' accent-free text
 * is trigram-indexed (tenant migration 0017, domicilios_busqueda_trgm_idx, where pg_trgm exists);
 * the expression below is the index's, character for character, so the planner can use it.
 */
export const domicilioTexto = sql`lower(translate(d.direccion || ' ' || d.comuna, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun'))`;

/**
 * Words shorter than this are not matched against addresses: the trigram index cannot find one or
 * two letters, and 'av', 'de' or 'n°' would match most addresses (checking every candidate row's
 * addresses for them doubled a common search's time). They still match the assignment's own text.
 */
export const ADDRESS_MIN_WORD = 3;

/**
 * Up to this many addresses per word become a list of assignment ids in the word's condition (an
 * index lookup by id beside the other alternatives, combined with the trigram index). A word in more
 * addresses than this (a comuna of half the list) is checked instead on the rows its other
 * alternatives and the other words leave, by each row's own addresses.
 */
export const ADDRESS_IDS_LIMIT = 5000;

/**
 * The union branch of the search's first statement that finds, per word, the assignments whose
 * active addresses contain it (kind 'd'), at most ADDRESS_IDS_LIMIT + 1 addresses per word.
 * `list` is the words' LIKE patterns as a text[]; `words` their 1-based numbers that are long enough.
 */
export function addressMatchesBranch(list: SQL, words: number[]): SQL {
  const wanted = sql`array[${sql.join(
    words.map((n) => sql`${n}`),
    sql`, `,
  )}]::int[]`;
  return sql`
        select w.i, 'd', x.encargo_id from unnest(${list}) with ordinality as w(p, i)
          cross join lateral (
            select d.encargo_id from ${domicilios} d
            where d.activo and ${domicilioTexto} like w.p
            limit ${ADDRESS_IDS_LIMIT + 1}
          ) x
          where w.i = any(${wanted})`;
}

/** What a word's addresses add to its condition: the ids found, or the subquery when they were too many. */
export function addressAlternative(match: AddressMatch, pattern: string): SQL | null {
  if (match.many) {
    // Checked on the rows the other conditions leave, each by its own addresses (the index on
    // encargo_id): listing every address of so common a word costs more. OFFSET 0 keeps PostgreSQL
    // from turning it into one hashed list of all those addresses.
    return sql`exists (select 1 from ${domicilios} d where d.encargo_id = ${encargos.id} and d.activo and ${domicilioTexto} like ${pattern} offset 0)`;
  }
  if (match.ids.length === 0) return null;
  return sql`${encargos.id} = any(${sql.param(match.ids)}::int[])`;
}

export interface AddressMatch {
  ids: number[];
  /** More than ADDRESS_IDS_LIMIT addresses. */
  many: boolean;
}

/** A word's address matches from the first statement's rows (address rows repeat an assignment with several). */
export function addressMatchOf(word: string, found: readonly number[]): AddressMatch {
  if (word.length < ADDRESS_MIN_WORD) return { ids: [], many: false };
  if (found.length > ADDRESS_IDS_LIMIT) return { ids: [], many: true };
  return { ids: [...new Set(found)].sort((a, b) => a - b), many: false };
}

/** A short digest of a word's address matches for the remembered searches' key (FNV-1a over the ids). */
export function addressKey(match: AddressMatch): string {
  if (match.many) return 'many';
  let hash = 0x811c9dc5;
  for (const id of match.ids) {
    hash ^= id;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${match.ids.length}:${hash.toString(36)}`;
}
