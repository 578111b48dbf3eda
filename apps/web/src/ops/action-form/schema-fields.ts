import { htmlPattern } from '@picbook/contracts';

/**
 * An action's form, made from the JSON Schema of its input (decision 097): the server sends the
 * schema zod makes of the very schema it validates with, so the form asks for exactly what the
 * action takes. Scalars, choices and lists get their own controls; nested shapes (a product, a
 * list of SKUs) a JSON box for that field. Pure functions: the component renders and tests read.
 */

/** The part of JSON Schema (draft 2020-12) that zod's toJSONSchema writes. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: readonly unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** `base64`: the bytes of a file (a recording), chosen with a file picker. */
  contentEncoding?: string;
  /** What kind of file, as a picker's `accept` (e.g. `audio/*`). */
  contentMediaType?: string;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export type Control =
  | 'text'
  | 'textarea'
  | 'integer'
  | 'number'
  | 'datetime'
  | 'checkbox'
  | 'select'
  | 'checkboxes'
  | 'list'
  | 'choice-text'
  | 'file'
  | 'json';

export interface FormField {
  name: string;
  control: Control;
  /** In the schema's `required` list: the form refuses to run without it. */
  required: boolean;
  /** null is allowed: an empty box sends null. */
  nullable: boolean;
  /** The field's whole schema (what its value is checked against). */
  schema: JsonSchema;
  /** The one non-null shape the control is for (ranges, lengths, the pattern). */
  main: JsonSchema;
  /** The choices of a select or of checkboxes. */
  options?: readonly (string | number)[];
  /** The `pattern` attribute (valid under the `v` flag), when the shape has a pattern. */
  htmlPattern?: string;
}

/** What a control holds: text, a checkbox's state, or the ticked choices. */
export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;

/** Integers beyond this are zod's "safe integer" bounds, not a real limit worth showing. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;
/** Strings that may be longer than this get a text area (a password of 256 does not). */
const LONG_TEXT = 300;

const typesOf = (s: JsonSchema): string[] =>
  s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];

function variantsOf(s: JsonSchema): JsonSchema[] {
  const list = s.anyOf ?? s.oneOf;
  if (list) return list.flatMap(variantsOf);
  const types = typesOf(s);
  // `type: ["string", "null"]`: two shapes.
  if (types.length > 1) return types.map((type) => ({ ...s, type }));
  return [s];
}

const isNull = (s: JsonSchema) => typesOf(s).length === 1 && typesOf(s)[0] === 'null';
const isScalarConst = (s: JsonSchema) =>
  s.const !== undefined && (typeof s.const === 'string' || typeof s.const === 'number');
const isTime = (name: string) => /(_at|_time)$/.test(name);

function choicesOf(variants: JsonSchema[]): (string | number)[] | null {
  if (variants.length === 1 && variants[0]?.enum) {
    const options = variants[0].enum;
    return options.every((o) => typeof o === 'string' || typeof o === 'number')
      ? (options as (string | number)[])
      : null;
  }
  if (variants.length > 1 && variants.every(isScalarConst)) {
    return variants.map((v) => v.const as string | number);
  }
  return null;
}

/** The fields of an object schema, in its order; null when the input is not an object of fields. */
export function formFields(schema: JsonSchema): FormField[] | null {
  if (!schema.properties || typesOf(schema)[0] !== 'object') return null;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) =>
    fieldOf(name, property, required.has(name)),
  );
}

function fieldOf(name: string, schema: JsonSchema, required: boolean): FormField {
  const all = variantsOf(schema);
  const nullable = all.some(isNull);
  const variants = all.filter((v) => !isNull(v));
  const main = variants[0] ?? {};
  const base = { name, required, nullable, schema, main };
  const options = choicesOf(variants);
  if (options) return { ...base, control: 'select', options };
  if (variants.length > 1) {
    // A number or a word ("31" or "life"): one box, read as whichever it is.
    const scalar = variants.every((v) =>
      ['integer', 'number', 'string'].includes(typesOf(v)[0] ?? ''),
    );
    return { ...base, control: scalar ? 'choice-text' : 'json' };
  }
  const type = typesOf(main)[0];
  if (type === 'string' && main.contentEncoding === 'base64') return { ...base, control: 'file' };
  if (type === 'string') {
    const pattern = main.pattern ? htmlPattern(main.pattern) : null;
    return {
      ...base,
      control: (main.maxLength ?? 0) > LONG_TEXT ? 'textarea' : 'text',
      ...(pattern ? { htmlPattern: pattern } : {}),
    };
  }
  if (type === 'integer') return { ...base, control: isTime(name) ? 'datetime' : 'integer' };
  if (type === 'number') return { ...base, control: 'number' };
  if (type === 'boolean') return { ...base, control: 'checkbox' };
  if (type === 'array' && main.items) {
    const itemChoices = choicesOf(variantsOf(main.items));
    if (itemChoices) return { ...base, control: 'checkboxes', options: itemChoices };
    const itemType = typesOf(main.items)[0];
    if (itemType === 'integer' || itemType === 'number' || itemType === 'string') {
      return { ...base, control: 'list' };
    }
  }
  return { ...base, control: 'json' };
}

/** The lowest and highest number a numeric shape allows (null: no real bound). */
export function rangeOf(s: JsonSchema): { min: number | null; max: number | null } {
  const integer = typesOf(s)[0] === 'integer';
  let min = s.minimum ?? null;
  if (s.exclusiveMinimum !== undefined) {
    min = integer ? Math.floor(s.exclusiveMinimum) + 1 : s.exclusiveMinimum;
  }
  let max = s.maximum ?? null;
  if (s.exclusiveMaximum !== undefined) {
    max = integer ? Math.ceil(s.exclusiveMaximum) - 1 : s.exclusiveMaximum;
  }
  return {
    min: min !== null && Math.abs(min) >= UNBOUNDED ? null : min,
    max: max !== null && Math.abs(max) >= UNBOUNDED ? null : max,
  };
}

// ————— China time for Unix-second fields —————

const CHINA_MS = 8 * 3600 * 1000;

/** Unix seconds as the `datetime-local` value of that moment in China. */
export function chinaLocal(seconds: number): string {
  return new Date(seconds * 1000 + CHINA_MS).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as China time; NaN when it is not one. */
export function fromChinaLocal(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return Number.NaN;
  const full = value.length === 16 ? `${value}:00` : value;
  return Math.floor(Date.parse(`${full}+08:00`) / 1000);
}

// ————— Examples —————

/** A value of the shape with its required parts filled (a starting point for a JSON box). */
export function sampleOf(s: JsonSchema): unknown {
  if (s.default !== undefined) return s.default;
  const variants = variantsOf(s).filter((v) => !isNull(v));
  const v = variants[0];
  if (!v) return null;
  if (v.const !== undefined) return v.const;
  if (v.enum) return v.enum[0];
  switch (typesOf(v)[0]) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(v.required ?? []);
      for (const [k, p] of Object.entries(v.properties ?? {})) {
        if (required.has(k)) out[k] = sampleOf(p);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, v.minItems ?? 0) }, () =>
        v.items ? sampleOf(v.items) : null,
      );
    case 'integer':
    case 'number':
      return rangeOf(v).min ?? 0;
    case 'boolean':
      return false;
    case 'string':
      return '';
    default:
      return {};
  }
}

// ————— Form values ↔ input —————

/** The starting values: each field's default where it has one. */
export function initialValues(fields: readonly FormField[]): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    const d = f.schema.default ?? f.main.default;
    if (f.control === 'checkbox') values[f.name] = d === true;
    else if (f.control === 'checkboxes') values[f.name] = Array.isArray(d) ? d.map(String) : [];
    else if (f.control === 'json') {
      values[f.name] =
        d !== undefined
          ? JSON.stringify(d, null, 2)
          : f.required
            ? JSON.stringify(sampleOf(f.schema), null, 2)
            : '';
    } else values[f.name] = d === undefined || d === null ? '' : textOf(f, d);
  }
  return values;
}

function textOf(f: FormField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (f.control === 'datetime' && typeof value === 'number') return chinaLocal(value);
  if (f.control === 'list' && Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The form's values for an input (switching back from the JSON box): unknown keys are dropped. */
export function valuesFromInput(fields: readonly FormField[], input: unknown): FormValues {
  const values = initialValues(fields);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return values;
  const given = input as Record<string, unknown>;
  for (const f of fields) {
    if (!(f.name in given)) continue;
    const v = given[f.name];
    if (f.control === 'checkbox') values[f.name] = v === true;
    else if (f.control === 'checkboxes') values[f.name] = Array.isArray(v) ? v.map(String) : [];
    else if (f.control === 'json') values[f.name] = v === null ? '' : JSON.stringify(v, null, 2);
    else values[f.name] = textOf(f, v);
  }
  return values;
}

/** Why a value does not fit: a key of `actionForm.problems` and where (`product.days`). */
export interface Problem {
  path: string;
  key:
    | 'required'
    | 'json'
    | 'type'
    | 'const'
    | 'enum'
    | 'minLength'
    | 'maxLength'
    | 'pattern'
    | 'min'
    | 'max'
    | 'minItems'
    | 'maxItems'
    | 'unknownKey'
    | 'shape';
  params?: Record<string, string | number>;
}

const ABSENT = Symbol('absent');

function parseField(f: FormField, raw: FieldValue): unknown | typeof ABSENT {
  if (f.control === 'checkbox') return raw === true;
  if (f.control === 'checkboxes') {
    const ticked = raw as string[];
    return (f.options ?? []).filter((o) => ticked.includes(String(o)));
  }
  const text = String(raw).trim();
  if (text === '') return f.nullable ? null : ABSENT;
  switch (f.control) {
    case 'integer':
    case 'number':
      return Number(text);
    case 'datetime':
      return fromChinaLocal(text);
    case 'select':
      return (f.options ?? []).find((o) => String(o) === text) ?? text;
    case 'list': {
      const itemType = typesOf(f.main.items ?? {})[0];
      const parts = text.split(/[\s,，、]+/).filter(Boolean);
      return itemType === 'string' ? parts : parts.map((p) => (/^-?\d+$/.test(p) ? Number(p) : p));
    }
    case 'choice-text':
      return /^-?\d+(\.\d+)?$/.test(text) && variantsOf(f.schema).some(isNumeric)
        ? Number(text)
        : text;
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        return ABSENT_JSON;
      }
    default:
      // Text exactly as typed: spaces may matter (the server trims where its schema says so).
      return String(raw);
  }
}
const ABSENT_JSON = Symbol('bad-json');
const isNumeric = (s: JsonSchema) => ['integer', 'number'].includes(typesOf(s)[0] ?? '');

/**
 * The action's input from the form, checked against the schema as the server will check it
 * (but for cross-field rules, which only the server knows): the input and each field's first
 * problem. Empty optional fields are left out, so the server's defaults apply.
 */
export function readInput(
  fields: readonly FormField[],
  values: FormValues,
): { input: Record<string, unknown>; problems: Record<string, Problem> } {
  const input: Record<string, unknown> = {};
  const problems: Record<string, Problem> = {};
  for (const f of fields) {
    const value = parseField(f, values[f.name] ?? '');
    if (value === ABSENT_JSON) {
      problems[f.name] = { path: f.name, key: 'json' };
      continue;
    }
    if (value === ABSENT) {
      if (f.required) problems[f.name] = { path: f.name, key: 'required' };
      continue;
    }
    input[f.name] = value;
    const problem = check(f.schema, value, f.name);
    if (problem) problems[f.name] = problem;
  }
  return { input, problems };
}

/**
 * The whole input as it stands, for the JSON box (no checks; a JSON field that does not parse
 * is left out).
 */
export function draftInput(
  fields: readonly FormField[],
  values: FormValues,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of fields) {
    const value = parseField(f, values[f.name] ?? '');
    if (value !== ABSENT && value !== ABSENT_JSON) input[f.name] = value;
  }
  return input;
}

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return true;
  }
}

/** The first way a value does not fit a schema (null: it fits). */
export function check(s: JsonSchema, value: unknown, path: string): Problem | null {
  const union = s.anyOf ?? s.oneOf;
  if (union) {
    const results = union.map((v) => check(v, value, path));
    if (results.some((r) => r === null)) return null;
    // The variant the value means (its type, and for objects its `kind`-like constants): its
    // problem is the helpful one.
    const meant = union.findIndex((v) => {
      if (!typesOf(v).some((type) => typeMatches(type, value))) return false;
      if (typeof value !== 'object' || value === null || !v.properties) return true;
      return Object.entries(v.properties).every(
        ([k, p]) => p.const === undefined || (value as Record<string, unknown>)[k] === p.const,
      );
    });
    return meant >= 0 ? (results[meant] ?? null) : { path, key: 'shape' };
  }
  if (s.const !== undefined && value !== s.const) {
    return { path, key: 'const', params: { value: JSON.stringify(s.const) } };
  }
  if (s.enum && !s.enum.includes(value)) {
    return { path, key: 'enum', params: { options: s.enum.map(String).join(' / ') } };
  }
  const types = typesOf(s);
  if (types.length > 0 && !types.some((type) => typeMatches(type, value))) {
    return { path, key: 'type', params: { type: types.filter((x) => x !== 'null')[0] ?? '' } };
  }
  if (typeof value === 'string') {
    if (s.minLength !== undefined && value.length < s.minLength) {
      return s.minLength === 1
        ? { path, key: 'required' }
        : { path, key: 'minLength', params: { n: s.minLength } };
    }
    if (s.maxLength !== undefined && value.length > s.maxLength) {
      return { path, key: 'maxLength', params: { n: s.maxLength } };
    }
    if (s.pattern !== undefined && !new RegExp(s.pattern).test(value)) {
      return { path, key: 'pattern' };
    }
  }
  if (typeof value === 'number') {
    const { min, max } = rangeOf(s);
    if (min !== null && value < min) return { path, key: 'min', params: { n: min } };
    if (max !== null && value > max) return { path, key: 'max', params: { n: max } };
  }
  if (Array.isArray(value)) {
    if (s.minItems !== undefined && value.length < s.minItems) {
      return { path, key: 'minItems', params: { n: s.minItems } };
    }
    if (s.maxItems !== undefined && value.length > s.maxItems) {
      return { path, key: 'maxItems', params: { n: s.maxItems } };
    }
    if (s.items) {
      for (let i = 0; i < value.length; i++) {
        const problem = check(s.items, value[i], `${path}.${i}`);
        if (problem) return problem;
      }
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const k of s.required ?? []) {
      if (record[k] === undefined) return { path: `${path}.${k}`, key: 'required' };
    }
    for (const [k, v] of Object.entries(record)) {
      const property = s.properties?.[k];
      if (property) {
        const problem = check(property, v, `${path}.${k}`);
        if (problem) return problem;
      } else if (s.additionalProperties === false) {
        return { path: `${path}.${k}`, key: 'unknownKey' };
      } else if (typeof s.additionalProperties === 'object') {
        const problem = check(s.additionalProperties, v, `${path}.${k}`);
        if (problem) return problem;
      }
    }
  }
  return null;
}
