import { z } from 'zod';
import { invalidParams } from '../../platform/errors';
import { defineOperatorAction } from '../../platform/ops/operator-action';
import { createConfigQueries } from './configs.queries';
import { configSchemaFor } from './configs.store';

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
