import { z } from 'zod';
import { defineOperatorView } from '../../platform/ops/operator-view';
import { createConfigQueries } from './configs.queries';

/** The stored configuration as the console lists it (decision 066); changes: configs.actions.ts. */
export const configsView = defineOperatorView({
  name: 'configs.list',
  summary: 'Stored configuration values (library rewards, gray options, promotions …)',
  roles: ['content', 'commerce'],
  input: z.object({}),
  async read({ deps }) {
    const rows = await createConfigQueries(deps.db).listAll();
    return { result: rows.map((r) => ({ key: r.key, value: r.value })) };
  },
});
