import { endpoints, htmlPattern } from '@picbook/contracts';
import fc from 'fast-check';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formFields, type JsonSchema } from '../../../../web/src/ops/action-form/schema-fields';
import { opsEn, opsZh } from '../../../../web/src/ops/locales';
import { expectOk } from '../../../test/envelope';
import { operatorToken } from '../../../test/ops-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { inputJsonSchema } from '../../platform/ops/operator-action';
import { operatorActions } from './action-registry';
import { createOperator } from './operator-accounts';

/**
 * The console's form of every action (decision 097): made from the JSON Schema of the very zod
 * schema the action validates with; every field named in Chinese and English; every `pattern`
 * a browser is given compiles under the `v` flag and means what the server checks.
 */
const actions = [...operatorActions.values()];

function patternsIn(schema: unknown, found: string[] = []): string[] {
  if (Array.isArray(schema)) for (const s of schema) patternsIn(s, found);
  else if (typeof schema === 'object' && schema !== null) {
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'pattern' && typeof v === 'string') found.push(v);
      else patternsIn(v, found);
    }
  }
  return found;
}

describe('each action’s form', () => {
  it.each(actions.map((a) => [a.name, a]))('%s: a form of labelled fields', (name, action) => {
    const schema = inputJsonSchema(action) as JsonSchema;
    expect(schema.type).toBe('object');
    const fields = formFields(schema);
    expect(fields, `${name} has no form`).not.toBeNull();
    const [area, verb] = name.split('.') as [string, string];
    for (const [lang, strings] of [
      ['zh', opsZh],
      ['en', opsEn],
    ] as const) {
      const by = (strings.fieldsBy as Record<string, Record<string, Record<string, string>>>)[
        area
      ]?.[verb];
      const missing = (fields ?? [])
        .map((f) => f.name)
        .filter((f) => !(by?.[f] ?? (strings.fields as Record<string, string>)[f]));
      expect(missing, `${lang} labels missing for ${name}`).toEqual([]);
    }
  });

  const patterns = [...new Set(actions.flatMap((a) => patternsIn(inputJsonSchema(a))))];

  it('finds the patterns of the actions (channel, order number, username …)', () => {
    expect(patterns).toEqual(
      expect.arrayContaining([
        '^[A-Za-z0-9_.:-]{1,40}$',
        '^PB\\d{18}$',
        '^[a-z][a-z0-9_.-]{2,31}$',
      ]),
    );
  });

  it.each(patterns)(
    '%s: its pattern attribute compiles under v and agrees with the server',
    (p) => {
      const attribute = htmlPattern(p);
      expect(attribute).not.toBeNull();
      const browser = new RegExp(`^(?:${attribute})$`, 'v');
      const server = new RegExp(p);
      // Values the server accepts, and any values at all: the browser answers alike.
      fc.assert(
        fc.property(fc.stringMatching(server), (value) => browser.test(value)),
        { numRuns: 200 },
      );
      fc.assert(
        fc.property(
          fc.string({ unit: 'binary', maxLength: 70 }),
          (value) => browser.test(value) === server.test(value),
        ),
        { numRuns: 300 },
      );
    },
  );
});

describe('GET /api/ops/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const me = async (token: string) =>
    expectOk(
      await t.app.inject({ url: '/api/ops/me', headers: { ops_token: token } }),
      endpoints.opsMe,
    );

  it('answers each action’s input schema and whether it needs a reason', async () => {
    const answer = await me(await operatorToken(t, ['commerce']));
    const batch = answer.actions.find((a) => a.name === 'giftcards.createBatch');
    expect(batch?.needs_reason).toBe(false);
    expect(batch?.input_schema).toMatchObject({
      type: 'object',
      required: ['title', 'channel', 'product', 'count', 'expires_at'],
    });
    expect(answer.actions.find((a) => a.name === 'orders.refund')?.needs_reason).toBe(true);
    // Views are listed by name only.
    expect(answer.views.every((v) => v.input_schema === undefined)).toBe(true);
  });

  it('says when the operator signed in without a second factor (development only)', async () => {
    expect((await me(await operatorToken(t, ['support']))).development_account).toBe(true);

    const made = await createOperator(t.database.db, {
      username: 'erin',
      password: 'erin-long-password',
      roles: ['support'],
      totp: true,
    });
    const totp = OTPAuth.URI.parse(made.totpUri ?? '') as OTPAuth.TOTP;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/ops/login',
      payload: {
        username: 'erin',
        password: 'erin-long-password',
        totp: totp.generate({ timestamp: t.clock.now().getTime() }),
      },
      remoteAddress: '10.7.0.1',
    });
    const token = expectOk(login, endpoints.opsLogin).token;
    expect((await me(token)).development_account).toBe(false);
  });
});
