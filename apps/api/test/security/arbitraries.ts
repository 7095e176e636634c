import { computeRutDv } from '@receptoria/contracts';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries derived from a route's zod schemas (through their JSON Schema): plausible
 * values chosen by field name and type, mixed with hostile ones.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};

export const MEGABYTE = 'x'.repeat(1024 * 1024);
const LONG = 'ñ'.repeat(100_000);

/** The JSON Schema of a zod schema (input side), or {} when it cannot be expressed. */
export function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!schema || typeof schema !== 'object') return {};
  if (!('_zod' in schema)) return schema as JsonSchema;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

export function zodOf(schema: unknown): z.ZodType | undefined {
  return schema && typeof schema === 'object' && '_zod' in schema ? (schema as z.ZodType) : undefined;
}

function flatten(schema: JsonSchema): JsonSchema {
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice && choice.length > 0) return flatten(choice.find((item) => item.type !== 'null') ?? choice[0]!);
  if (schema.allOf && schema.allOf.length > 0) return flatten(Object.assign({}, ...schema.allOf) as JsonSchema);
  return schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  return type;
}

export const ID_FIELD = /(^id$|_id$|_ids$|^(estudio|estudio_juridico|parte_demandante|tribunal|tipo_causa|tipo_encargo|encargo|encargo_id|plantilla|tipo_estampado|diligencia|usuario|receptor)$)/;

function rut(seed: number): string {
  const body = 10_000_000 + (seed % 80_000_000);
  return `${body}-${computeRutDv(body)}`;
}

/** A plausible value for a field, from its name and JSON Schema (used to reach the handlers). */
export function plausible(name: string, schema: JsonSchema, idValue: () => number, seed = 1): unknown {
  const flat = flatten(schema);
  if (flat.const !== undefined) return flat.const;
  if (flat.enum && flat.enum.length > 0) return flat.enum[seed % flat.enum.length];
  const type = typeOf(flat);
  if (ID_FIELD.test(name)) return type === 'array' || name.endsWith('_ids') ? [idValue()] : idValue();
  if (type === 'boolean') return seed % 2 === 0;
  if (type === 'integer' || type === 'number') {
    const low = flat.minimum ?? 1;
    return Math.max(low, Math.min(flat.maximum ?? low + 10, low + (seed % 10)));
  }
  if (type === 'array') return [plausible(name.replace(/s$/, ''), flat.items ?? {}, idValue, seed)];
  if (type === 'object' && flat.properties) return plausibleObject(flat, idValue, seed);
  const lower = name.toLowerCase();
  if (lower.includes('email')) return `fuzz${seed}@ejemplo.cl`;
  if (lower.includes('rut')) return rut(seed);
  if (lower.includes('rol')) return `C-${100 + (seed % 900)}-2024`;
  if (lower.includes('fecha') || lower.includes('desde') || lower.includes('hasta')) return '2025-03-10';
  if (lower.includes('mes')) return '2025-03';
  if (lower.includes('anio') || lower.includes('año')) return 2025;
  if (lower.includes('telefono') || lower.includes('fax')) return '+56 2 2345 6789';
  if (lower.includes('carpeta') || lower.includes('url') || lower.includes('link')) return 'https://drive.google.com/drive/folders/x';
  if (lower.includes('password')) return 'clave-segura-123';
  if (lower.includes('username')) return `fuzz_usuario_${seed}`;
  if (lower.includes('cuantia') || lower.includes('monto')) return 150000;
  if (lower.includes('page')) return 1;
  return `Texto de prueba ${seed}`;
}

export function plausibleObject(schema: JsonSchema, idValue: () => number, seed = 1): Record<string, unknown> {
  const flat = flatten(schema);
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(flat.properties ?? {})) result[key] = plausible(key, property, idValue, seed);
  return result;
}

/** Hostile single values: wrong types, edge numbers, NUL, odd Unicode, huge strings, nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<unknown>(
    null, true, false, 0, -1, 1.5, -0.0001, 2147483647, 2147483648, -2147483649, 1e308, -1e308, Number.MAX_SAFE_INTEGER,
    '', ' ', '\u0000', 'a\u0000b', '\uFEFF', '\u202Eatrás', 'İstanbul', 'ǅ', 'Z̷̢͎a̶l̸g̵o̵', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🧨👩‍👩‍👧', '\uD800', '<script>alert(1)</script>',
    "' OR 1=1 --", '../../etc/passwd', '%00', 'NaN', 'Infinity', '1e309', '-0', '0x10', '2147483648', '99999999999999999999',
    '2025-02-30', '31-12-2024', 'C-1-99999', '12.345.678-K', 'a@' + 'a.'.repeat(2000), [], {}, [null], { a: { b: { c: {} } } },
  ) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(LONG, MEGABYTE) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom<unknown>(1, 'a', null, {}), { maxLength: 5 }) },
);

/** A value for a field: mostly plausible, often hostile. */
export function fieldValue(name: string, schema: JsonSchema, idValue: () => number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.nat(1000).map((seed) => plausible(name, schema, idValue, seed)) },
    { weight: 3, arbitrary: hostileValue },
  );
}

/** Deep nesting of arrays or objects. */
export const deepNesting = fc.integer({ min: 40, max: 5000 }).chain((depth) =>
  fc.constantFrom(`${'['.repeat(depth)}${']'.repeat(depth)}`, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
);

export type BodyCase =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; payload: string; contentType: string };

/** A request body for a route: schema-shaped with hostile fields, wrong shapes, duplicate keys, wrong types. */
export function bodyCase(schema: JsonSchema, idValue: () => number): fc.Arbitrary<BodyCase> {
  const flat = flatten(schema);
  const properties = Object.entries(flat.properties ?? {});
  const shaped: fc.Arbitrary<Record<string, unknown>> =
    properties.length > 0
      ? fc.record(
          Object.fromEntries(properties.map(([key, property]) => [key, fieldValue(key, property, idValue)])),
          { requiredKeys: [] },
        )
      : fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 4 });
  const keys = properties.map(([key]) => key);
  const duplicateKeys = fc
    .tuple(fc.constantFrom(...(keys.length > 0 ? keys : ['id'])), hostileValue, fc.nat(1000))
    .map(([key, value, seed]): BodyCase => {
      const good = plausibleObject(flat, idValue, seed);
      const head = JSON.stringify({ [key]: value ?? null }).slice(1, -1);
      const tail = JSON.stringify(good).slice(1);
      return { kind: 'raw', payload: `{${head}${tail === '}' ? '}' : `,${tail}`}`, contentType: 'application/json' };
    });
  return fc.oneof(
    { weight: 8, arbitrary: shaped.map((value): BodyCase => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: fc.nat(1000).map((seed): BodyCase => ({ kind: 'json', value: plausibleObject(flat, idValue, seed) })) },
    { weight: 2, arbitrary: hostileValue.map((value): BodyCase => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: duplicateKeys },
    { weight: 1, arbitrary: deepNesting.map((payload): BodyCase => ({ kind: 'raw', payload, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'image/png'),
          fc.constantFrom('{"a":1}', 'a=1&b=2', '<a/>', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', '\u0000\u0001'),
        )
        .map(([contentType, payload]): BodyCase => ({ kind: 'raw', payload, contentType })),
    },
    { weight: 1, arbitrary: fc.constantFrom<BodyCase>({ kind: 'raw', payload: '{"a":', contentType: 'application/json' }, { kind: 'raw', payload: '', contentType: 'application/json' }) },
  );
}

/** File names a client may send: long (in characters and in UTF-8 bytes), format characters only, paths, NUL. */
const hostileFileName = fc.constantFrom(
  'demanda.pdf', '', ' ', '\u202E', '\u202Efdp.exe', 'a'.repeat(255), 'a'.repeat(256), 'ñ'.repeat(128), 'ñ'.repeat(127),
  'x'.repeat(100_000), '../../etc/passwd', 'a\u0000b.pdf', '𝔘🧨.pdf', 'C:\\fakepath\\demanda.pdf',
);

function multipartText(body: BodyCase): string {
  return body.kind === 'json' ? (JSON.stringify(body.value) ?? '') : body.payload;
}

/**
 * A multipart/form-data body for a route whose fields carry JSON (`config.multipartJson`): each field
 * holds what bodyCase makes of its schema (shaped, hostile, deep, duplicate keys, broken JSON), now
 * and then with a small PDF under a hostile file name.
 */
export function multipartCase(fields: Record<string, JsonSchema>, files: readonly string[], idValue: () => number): fc.Arbitrary<BodyCase> {
  const boundary = 'fuzzlimite';
  const values = fc.record(Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, bodyCase(schema, idValue).map(multipartText)])), {
    requiredKeys: [],
  });
  const file = fc.option(fc.tuple(fc.constantFrom(...(files.length > 0 ? files : ['archivo'])), hostileFileName), { freq: 2 });
  return fc.tuple(values, file).map(([texts, chosen]): BodyCase => {
    const parts = Object.entries(texts as Record<string, string>).map(
      ([name, text]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`,
    );
    if (chosen) {
      const [name, filename] = chosen;
      parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 fuzz\r\n`);
    }
    return { kind: 'raw', payload: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
  });
}

/** Query strings: the schema's keys with hostile or plausible values, repeated keys, unknown keys. */
export function queryCase(schema: JsonSchema, idValue: () => number): fc.Arbitrary<Record<string, string | string[]>> {
  const properties = Object.entries(flatten(schema).properties ?? {});
  const asText = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 4000) : JSON.stringify(value) ?? '');
  const value = (key: string, property: JsonSchema) =>
    fc.oneof(
      fieldValue(key, property, idValue).map(asText),
      fc.array(fieldValue(key, property, idValue).map(asText), { minLength: 2, maxLength: 3 }),
    );
  const entries = properties.map(([key, property]) => [key, value(key, property)] as const);
  entries.push(['zz_desconocido', value('zz', {})] as const);
  return fc.record(Object.fromEntries(entries), { requiredKeys: [] }) as fc.Arbitrary<Record<string, string | string[]>>;
}

/** Path parameter values: ids at and beyond the integer bounds, text, NUL, odd Unicode. */
export const pathValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('1', '2', '0', '-1', '2147483647', '2147483648', '99999999999999999999', '1.5', '1e3', 'abc', '\u0000', 'ñandú', '🧨', '%', ' ', 'null'),
  fc.integer({ min: 1, max: 50 }).map(String),
  fc.string({ maxLength: 20 }),
);
