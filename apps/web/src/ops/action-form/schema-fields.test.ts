import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  chinaLocal,
  draftInput,
  type FormValues,
  formFields,
  fromChinaLocal,
  initialValues,
  type JsonSchema,
  readInput,
  valuesFromInput,
} from './schema-fields';

/** A schema as the server sends it: zod's own JSON Schema of the action's input side. */
const jsonOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

// Shaped like giftcards.createBatch, operators.create and the goods/camps inputs.
const batch = z.object({
  title: z.string().trim().min(1).max(40),
  channel: z.string().regex(/^[A-Za-z0-9_.:-]{1,40}$/),
  product: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('right'),
      right: z.enum(['vip', 'library']),
      days: z.union([z.number().int().min(1).max(3660), z.literal('life')]),
    }),
    z.object({ kind: z.literal('prize'), title: z.string().min(1).max(40) }),
  ]),
  count: z.number().int().min(1).max(10_000),
  expires_at: z.number().int().min(1),
  starts_at: z.number().int().min(1).nullable().default(null),
});
const operator = z.object({
  username: z.string().regex(/^[a-z][a-z0-9_.-]{2,31}$/),
  password: z.string().min(12).max(256),
  roles: z.array(z.enum(['content', 'commerce', 'support', 'admin'])).min(1),
  totp: z.boolean().default(true),
});
const misc = z.object({
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  days: z.union([z.number().int().min(1).max(3660), z.literal('life')]),
  levels: z.array(z.number().int().min(1).max(12)).max(12).default([]),
  promo: z.string().nullable().default(null),
  note: z.string().max(2000).default(''),
  payload: z.record(z.string(), z.unknown()),
  item_id: z.number().int().positive().optional(),
});

const fieldsOf = (schema: z.ZodType) => {
  const fields = formFields(jsonOf(schema));
  if (!fields) throw new Error('not a form');
  return fields;
};

describe('formFields', () => {
  it('gives each field the control its shape needs', () => {
    const controls = (s: z.ZodType) =>
      Object.fromEntries(fieldsOf(s).map((f) => [f.name, [f.control, f.required, f.nullable]]));
    expect(controls(batch)).toEqual({
      title: ['text', true, false],
      channel: ['text', true, false],
      product: ['json', true, false],
      count: ['integer', true, false],
      expires_at: ['datetime', true, false],
      starts_at: ['datetime', false, true],
    });
    expect(controls(operator)).toEqual({
      username: ['text', true, false],
      password: ['text', true, false],
      roles: ['checkboxes', true, false],
      totp: ['checkbox', false, false],
    });
    expect(controls(misc)).toEqual({
      status: ['select', false, false],
      days: ['choice-text', true, false],
      levels: ['list', false, false],
      promo: ['text', false, true],
      note: ['textarea', false, false],
      payload: ['json', true, false],
      item_id: ['integer', false, false],
    });
  });

  it('asks for a file where the input takes its bytes as base64 (a recording)', () => {
    const voice = z.object({
      page: z.number().int().positive(),
      audio: z.base64().max(100).meta({ contentMediaType: 'audio/*' }),
    });
    const audio = fieldsOf(voice).find((f) => f.name === 'audio');
    expect(audio?.control).toBe('file');
    expect(audio?.main.contentMediaType).toBe('audio/*');
    // The file's base64 is checked as the server will: not base64, or too long, is named.
    expect(readInput(fieldsOf(voice), { page: '2', audio: 'UklGRg==' })).toEqual({
      input: { page: 2, audio: 'UklGRg==' },
      problems: {},
    });
    expect(
      readInput(fieldsOf(voice), { page: '2', audio: 'not base64!' }).problems.audio?.key,
    ).toBe('pattern');
    expect(
      readInput(fieldsOf(voice), { page: '2', audio: 'A'.repeat(104) }).problems.audio?.key,
    ).toBe('maxLength');
  });

  it('makes every pattern attribute valid under the v flag', () => {
    const channel = fieldsOf(batch).find((f) => f.name === 'channel');
    expect(channel?.htmlPattern).toBe('^[A-Za-z0-9_\\.\\:\\-]{1,40}$');
    const attribute = new RegExp(`^(?:${channel?.htmlPattern})$`, 'v');
    expect(attribute.test('school:sunshine')).toBe(true);
    expect(attribute.test('school sunshine')).toBe(false);
  });

  it('is null for an input that is not an object of fields', () => {
    expect(formFields(jsonOf(z.record(z.string(), z.number())))).toBeNull();
    expect(formFields(jsonOf(z.object({})))).toEqual([]);
  });
});

describe('readInput checks as the schema does', () => {
  const fill = (schema: z.ZodType, values: FormValues) => {
    const fields = fieldsOf(schema);
    return readInput(fields, { ...initialValues(fields), ...values });
  };
  const keysAndPlaces = (problems: Record<string, { key: string; path: string }>) =>
    Object.values(problems).map((p) => `${p.path}:${p.key}`);

  const cases: [string, z.ZodType, FormValues, string[]][] = [
    [
      'an empty batch form',
      batch,
      { product: '' },
      [
        'title:required',
        'channel:required',
        'product:required',
        'count:required',
        'expires_at:required',
      ],
    ],
    [
      'a channel with a space, a count of 0',
      batch,
      {
        title: '阳光小学',
        channel: 'school sunshine',
        product: '{"kind":"right","right":"vip","days":31}',
        count: '0',
        expires_at: '2027-03-01T00:00',
      },
      ['channel:pattern', 'count:min'],
    ],
    [
      'a product whose days are out of range',
      batch,
      {
        title: '阳光小学',
        channel: 'school:sunshine',
        product: '{"kind":"right","right":"vip","days":0}',
        count: '3',
        expires_at: '2027-03-01T00:00',
      },
      ['product.days:min'],
    ],
    [
      'a prize without its title, and JSON that is not JSON',
      batch,
      {
        title: 'x',
        channel: 'x',
        product: '{"kind":"prize"}',
        count: '1.5',
        expires_at: 'tomorrow',
      },
      ['product.title:required', 'count:type', 'expires_at:type'],
    ],
    [
      'no roles, a short password, a bad username',
      operator,
      {
        username: 'Zhang San',
        password: 'short',
        roles: [],
      },
      ['username:pattern', 'password:minLength', 'roles:minItems'],
    ],
    [
      'days neither a number nor life; levels out of range',
      misc,
      {
        days: 'forever',
        levels: '1, 13',
        payload: '[1]',
      },
      ['days:const', 'levels.1:max', 'payload:type'],
    ],
    ['broken JSON', misc, { days: 'life', payload: '{"a":' }, ['payload:json']],
  ];
  it.each(cases)('%s', (_, schema, values, expected) => {
    expect(keysAndPlaces(fill(schema, values).problems)).toEqual(expected);
  });

  const good: [string, z.ZodType, FormValues][] = [
    [
      'a gift-card batch',
      batch,
      {
        title: '阳光小学赠卡',
        channel: 'school:sunshine',
        product: '{"kind":"right","right":"vip","days":"life"}',
        count: '30',
        expires_at: '2027-03-01T23:59',
      },
    ],
    [
      'an operator',
      operator,
      {
        username: 'zhang.san',
        password: 'a-long-enough-password',
        roles: ['support', 'content'],
        totp: false,
      },
    ],
    [
      'a camp-like record',
      misc,
      {
        status: '0',
        days: '31',
        levels: '1，2、3',
        promo: '',
        payload: '{"a":1}',
        item_id: '',
      },
    ],
  ];
  it.each(good)('%s: no problems, and the server schema accepts the input', (_, schema, values) => {
    const { input, problems } = fill(schema, values);
    expect(problems).toEqual({});
    expect(schema.safeParse(input).success).toBe(true);
  });

  it('reads each control as the value the schema means', () => {
    expect(fill(misc, { days: '31', levels: '1, 2', payload: '{}', status: '0' }).input).toEqual({
      status: 0,
      days: 31,
      levels: [1, 2],
      promo: null,
      payload: {},
    });
    expect(fill(misc, { days: 'life', payload: '{}' }).input.days).toBe('life');
    const roles = fill(operator, {
      username: 'abc',
      password: 'x'.repeat(12),
      roles: ['admin', 'content'],
    }).input.roles;
    // In the schema's order, whatever order they were ticked in.
    expect(roles).toEqual(['content', 'admin']);
  });
});

describe('China time and the JSON box', () => {
  it('reads a datetime-local value as China time', () => {
    expect(fromChinaLocal('2027-01-01T00:00')).toBe(Date.parse('2026-12-31T16:00:00Z') / 1000);
    expect(chinaLocal(Date.parse('2026-12-31T16:00:00Z') / 1000)).toBe('2027-01-01T00:00');
    expect(fromChinaLocal('')).toBeNaN();
  });

  it('goes from the form to JSON and back without losing anything', () => {
    const fields = fieldsOf(batch);
    const input = {
      title: '阳光小学赠卡',
      channel: 'school:sunshine',
      product: { kind: 'right', right: 'vip', days: 31 },
      count: 30,
      expires_at: fromChinaLocal('2027-03-01T23:59'),
      starts_at: null,
    };
    expect(draftInput(fields, valuesFromInput(fields, input))).toEqual(input);
  });

  it('starts a required JSON field with an example of its shape', () => {
    const product = initialValues(fieldsOf(batch)).product as string;
    expect(JSON.parse(product)).toEqual({ kind: 'right', right: 'vip', days: 1 });
  });
});
