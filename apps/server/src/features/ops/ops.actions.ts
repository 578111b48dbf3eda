import { z } from 'zod';
import { invalidParams } from '../../platform/errors';
import { defineOperatorAction, OPERATOR_ROLES } from '../../platform/ops/operator-action';
import { createConfigQueries } from '../configs/configs.queries';
import { configSchemaFor } from '../configs/configs.store';
import { createOperator } from './operator-accounts';

/** Operator accounts: only admins make them. */
export const createOperatorAction = defineOperatorAction({
  name: 'operators.create',
  summary: 'Create an operator account with roles (and a TOTP secret for the authenticator app)',
  roles: ['admin'],
  input: z.object({
    username: z
      .string()
      .regex(/^[a-z][a-z0-9_.-]{2,31}$/, 'username: 3–32 lower-case letters, digits, _ . -'),
    password: z.string().min(12, 'password needs at least 12 characters').max(256),
    roles: z.array(z.enum(OPERATOR_ROLES)).min(1),
    totp: z.boolean().default(true),
  }),
  async run({ tx, input }) {
    const created = await createOperator(tx, input);
    return {
      result: { id: created.id, totp_uri: created.totpUri },
      target: `operator:${input.username}`,
      after: { username: input.username, roles: input.roles, totp: input.totp },
    };
  },
});

/**
 * Any stored configuration value (library rewards, gray options, promotions …), checked against
 * the same schema the API reads it with, so an operator cannot store a value the app rejects.
 */
export const setConfigAction = defineOperatorAction({
  name: 'configs.set',
  summary: 'Set one configuration value (validated against its schema)',
  roles: ['admin'],
  input: z.object({ key: z.string().min(1).max(64), value: z.unknown() }),
  async run({ tx, input }) {
    const schema = configSchemaFor(input.key);
    if (!schema) throw invalidParams('key', '不是已知的配置项');
    const parsed = schema.safeParse(input.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalidParams(
        ['value', ...(issue?.path ?? [])].join('.'),
        issue?.message ?? '格式不正确',
      );
    }
    const queries = createConfigQueries(tx);
    const before = (await queries.findValues([input.key])).get(input.key) ?? null;
    await queries.upsert(input.key, parsed.data);
    return {
      result: { key: input.key },
      target: `config:${input.key}`,
      before,
      after: parsed.data,
    };
  },
});
