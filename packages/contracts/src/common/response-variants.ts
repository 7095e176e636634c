/**
 * Test support for the zod-free answer checks (response-checks.ts): from one valid answer, every
 * variant a check and its zod schema must judge alike. Each value in the answer in turn is removed,
 * replaced by a value of another kind or by a border value of its own kind, and every object gets an
 * unknown key.
 */

const ODD_VALUES: readonly unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  -1,
  1.5,
  -2.5,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  '1',
  'comparendo',
  'cache',
  [],
  [1],
  {},
  { valor: 1 },
];

type Path = (string | number)[];

/** A deep copy that keeps undefined, NaN and the infinities (JSON would not). */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item)]));
  return value;
}

function leavesAndBranches(value: unknown, path: Path = [], found: Path[] = []): Path[] {
  found.push(path);
  if (Array.isArray(value)) value.forEach((item, index) => leavesAndBranches(item, [...path, index], found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) leavesAndBranches(item, [...path, key], found);
  }
  return found;
}

function withAt(value: unknown, path: Path, change: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  const changed = copy(value);
  if (path.length === 0) return changed;
  let parent = changed as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path[path.length - 1]!);
  return changed;
}

/** The valid answer, then every variant of it. */
export function answerVariants(valid: unknown): unknown[] {
  const variants: unknown[] = [valid, ...ODD_VALUES];
  for (const path of leavesAndBranches(valid)) {
    if (path.length === 0) continue;
    variants.push(withAt(valid, path, (parent, key) => void delete parent[key]));
    for (const odd of ODD_VALUES) variants.push(withAt(valid, path, (parent, key) => void (parent[key] = copy(odd))));
  }
  for (const path of leavesAndBranches(valid)) {
    variants.push(
      path.length === 0
        ? { ...(valid as object), extra: 1 }
        : withAt(valid, path, (parent, key) => {
            const item = parent[key];
            if (typeof item === 'object' && item !== null && !Array.isArray(item)) parent[key] = { ...item, extra: 'x' };
          }),
    );
  }
  return variants;
}
