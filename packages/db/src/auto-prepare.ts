import type pg from 'pg';

/**
 * Named prepared statements for the queries a connection sends repeatedly. Every request runs the
 * same few statement texts with new values; without a name PostgreSQL parses, analyses and plans
 * each of them again on every call, which on the hot paths (assignment list, search by rol, saving
 * results) costs more than executing them. A text seen a second time on a connection gets a name
 * there, so from then on PostgreSQL only binds and executes it.
 *
 * Bounded per connection: at most `MAX_NAMED` statements get a name (one-off texts, such as an
 * IN-list of a new length, are never named), and the texts seen only once are forgotten in bulk
 * when they pile up. A connection's statements go away with it (pools close idle connections).
 * Only single data statements are named: transaction control and multi-statement scripts keep
 * the simple protocol they need. A statement carrying PLAN_PER_CALL is never named either: its best
 * plan depends on its values (a text-search pattern), which a named statement's generic plan does
 * not see; the trigram index then goes unused and a search of 20 matches takes half a second.
 */
export const MAX_NAMED = 150;

/** Marks a statement to be planned on every call with its values (see above); put it in its SQL. */
export const PLAN_PER_CALL = '/* plan_per_call */';
const MAX_SEEN_ONCE = 2_000;
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

interface QueryConfig {
  text: string;
  name?: string;
  values?: unknown[];
  submit?: unknown;
}

type QueryFn = (...args: unknown[]) => unknown;

function preparable(config: unknown): config is QueryConfig {
  if (!config || typeof config !== 'object') return false;
  const c = config as QueryConfig;
  return (
    typeof c.text === 'string' &&
    c.name === undefined &&
    c.submit === undefined &&
    DATA_STATEMENT.test(c.text) &&
    !c.text.includes(';') &&
    !c.text.includes(PLAN_PER_CALL)
  );
}

/** Makes `client` name the statements it sends repeatedly (see above). Idempotent. */
export function autoPrepare(client: pg.ClientBase): void {
  const target = client as unknown as { query: QueryFn; __autoPrepared?: true };
  if (target.__autoPrepared) return;
  target.__autoPrepared = true;
  const named = new Map<string, string>();
  const seenOnce = new Set<string>();
  const original = target.query.bind(client) as QueryFn;
  target.query = (config: unknown, ...rest: unknown[]) => {
    if (!preparable(config)) return original(config, ...rest);
    let name = named.get(config.text);
    if (name === undefined && named.size < MAX_NAMED) {
      if (seenOnce.delete(config.text)) {
        name = `receptoria_${named.size + 1}`;
        named.set(config.text, name);
      } else {
        if (seenOnce.size >= MAX_SEEN_ONCE) seenOnce.clear();
        seenOnce.add(config.text);
      }
    }
    return original(name === undefined ? config : { ...config, name }, ...rest);
  };
}
