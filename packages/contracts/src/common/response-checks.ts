/**
 * Checks of the API's answers without zod, for the screens that must not download it (the dashboard and
 * the top bar). Each check accepts exactly what the zod type it stands for accepts and returns what that
 * type's `parse` returns: an object keeps only the keys its shape names (zod strips the rest). Any other
 * value throws `UnexpectedResponseError`, where `parse` throws a ZodError. The `*.test.ts` beside each use
 * keeps it in step with its zod schema.
 */

/** An answer of another shape than the contract's; `path` names the first value that does not fit. */
export class UnexpectedResponseError extends Error {
  constructor(readonly path: string) {
    super(`Respuesta inesperada del servidor (${path || 'raíz'})`);
    this.name = 'UnexpectedResponseError';
  }
}

/** Returns the checked value or throws; `path` only serves the error. */
export type Check<T> = (value: unknown, path: string) => T;

function fail(path: string): never {
  throw new UnexpectedResponseError(path);
}

/** z.number(): a finite number. */
export const number: Check<number> = (value, path) => (typeof value === 'number' && Number.isFinite(value) ? value : fail(path));

/** z.number().int(): a safe integer. */
export const integer: Check<number> = (value, path) => (Number.isSafeInteger(value) ? (value as number) : fail(path));

/** z.number().int().nonnegative(). */
export const nonNegativeInteger: Check<number> = (value, path) => (integer(value, path) >= 0 ? (value as number) : fail(path));

/** z.string(). */
export const string: Check<string> = (value, path) => (typeof value === 'string' ? value : fail(path));

/** z.boolean(). */
export const boolean: Check<boolean> = (value, path) => (typeof value === 'boolean' ? value : fail(path));

/** `.nullable()`. */
export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, path) => (value === null ? null : check(value, path));
}

/** z.enum(values). */
export function oneOf<const V extends readonly string[]>(values: V): Check<V[number]> {
  return (value, path) => (values.includes(value as string) ? (value as V[number]) : fail(path));
}

/** z.array(check): a new array of the checked items (a hole is an undefined item, as for zod). */
export function arrayOf<T>(check: Check<T>): Check<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) fail(path);
    const items: T[] = [];
    for (let index = 0; index < value.length; index += 1) items.push(check(value[index], `${path}[${index}]`));
    return items;
  };
}

/** z.object(shape): a new object with the shape's keys only, in the shape's order. */
export function object<S extends Record<string, Check<unknown>>>(shape: S): Check<{ [K in keyof S]: ReturnType<S[K]> }> {
  return (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path);
    const input = value as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) output[key] = check(input[key], path ? `${path}.${key}` : key);
    return output as { [K in keyof S]: ReturnType<S[K]> };
  };
}
