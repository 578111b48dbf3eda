import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries for the schema-driven fuzz of the endpoint table: values shaped by an
 * endpoint's own zod schema (through its JSON Schema, so every later endpoint is covered without
 * code here), mixed with the hostile values a black-box probe sends.
 */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: JsonSchema | boolean;
}

/** Known good values (ids of books, works and users that exist), so requests get past lookups. */
export interface FuzzHints {
  ints: number[];
  strings: string[];
  /**
   * false: values stay inside the schema (to reach the code behind validation); true: hostile
   * values are mixed in at every level.
   */
  hostile: boolean;
}

export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '0x10',
  '1e309',
  '-1',
  '99999999999999999999999',
  'NaN',
  'true',
  'null',
  '../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\uD800',
  '😀'.repeat(40),
  'x'.repeat(5000),
  '/uploads/../../secret',
  'p0s0',
  'p999s99',
];

const HOSTILE_NUMBERS = [
  0,
  -1,
  0.5,
  -0.5,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
];

const hostileArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    ...HOSTILE_STRINGS,
    ...HOSTILE_NUMBERS,
    true,
    false,
    null,
    [],
    {},
    [null],
    ['\u0000'],
    { a: { b: { c: [1] } } },
    { '\u0000': 1 },
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 2 }),
);

const MAX_STRING = 300;
const MAX_ARRAY = 6;

function intArb(s: JsonSchema, hints: FuzzHints): fc.Arbitrary<number> {
  const min = Math.max(s.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
  const max = Math.min(s.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
  const edges = [min, max, min - 1, max + 1].filter(Number.isSafeInteger);
  const inRange = hints.ints.filter((n) => n >= min && n <= max);
  const known = inRange.length ? fc.constantFrom(...inRange) : fc.constant(min);
  if (!hints.hostile) {
    return fc.oneof({ weight: 3, arbitrary: known }, fc.integer({ min, max }), fc.constant(max));
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min, max }) },
    { weight: 2, arbitrary: known },
    { weight: 1, arbitrary: fc.constantFrom(...edges) },
  );
}

function stringArb(s: JsonSchema, hints: FuzzHints): fc.Arbitrary<string> {
  if (s.pattern) {
    const matching = fc.stringMatching(new RegExp(s.pattern));
    if (!hints.hostile) return matching;
    return fc.oneof(
      { weight: 4, arbitrary: fc.stringMatching(new RegExp(s.pattern)) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    );
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, MAX_STRING));
  const inLength = hints.strings.filter((t) => t.length >= minLength && t.length <= maxLength);
  if (!hints.hostile) {
    return inLength.length
      ? fc.oneof(fc.constantFrom(...inLength), fc.string({ minLength, maxLength }))
      : fc.string({ minLength, maxLength });
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom(...hints.strings, ...HOSTILE_STRINGS) },
  );
}

/** A value shaped by `schema`; when hints.hostile, a hostile one now and then. */
export function valueArb(schema: JsonSchema, hints: FuzzHints, depth = 0): fc.Arbitrary<unknown> {
  if (!hints.hostile) return shapedArb(schema, hints, depth);
  return fc.oneof(
    { weight: 6, arbitrary: shapedArb(schema, hints, depth) },
    { weight: 1, arbitrary: hostileArb },
  );
}

function shapedArb(s: JsonSchema, hints: FuzzHints, depth: number): fc.Arbitrary<unknown> {
  if (depth > 5) return hostileArb;
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const choices = s.oneOf ?? s.anyOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => shapedArb(c, hints, depth + 1)));
  if (s.allOf?.[0]) return shapedArb(s.allOf[0], hints, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArb(s, hints);
    case 'integer':
      return intArb(s, hints);
    case 'number':
      if (!hints.hostile) return fc.integer({ min: s.minimum ?? 0, max: s.maximum ?? 1000 });
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: s.minimum ?? -1e9,
        max: s.maximum ?? 1e9,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? valueArb(s.items, hints, depth + 1) : hostileArb, {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? MAX_ARRAY, MAX_ARRAY)),
      });
    case 'object':
      return objectArb(s, hints, depth);
    default:
      return hostileArb;
  }
}

function objectArb(s: JsonSchema, hints: FuzzHints, depth: number): fc.Arbitrary<unknown> {
  const properties = s.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, child]) => [key, valueArb(child, hints, depth + 1)]),
  );
  const required = (s.required ?? []).filter((key) => key in properties);
  const record = fc.record(model, { requiredKeys: required });
  if (!hints.hostile) return record;
  if (s.additionalProperties && typeof s.additionalProperties === 'object') {
    const extra = fc.dictionary(
      fc.string({ maxLength: 20 }),
      valueArb(s.additionalProperties, hints, depth + 1),
      { maxKeys: 4 },
    );
    return fc.tuple(record, extra).map(([known, more]) => ({ ...more, ...known }));
  }
  // Now and then a field the schema does not know, or one it requires left out.
  return fc.oneof(
    { weight: 8, arbitrary: record },
    {
      weight: 1,
      arbitrary: fc
        .tuple(record, fc.string({ maxLength: 12 }), hostileArb)
        .map(([known, key, value]) => ({ ...known, [key]: value })),
    },
    {
      weight: 1,
      arbitrary: fc.record(model, { requiredKeys: [] }),
    },
  );
}

/** The JSON Schema of what a client sends for `schema` (input side of transforms and pipes). */
export function inputSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A query string or path segment value: what a URL can carry of any generated value. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
