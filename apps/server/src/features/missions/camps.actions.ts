import { eq } from 'drizzle-orm';
import { camps } from '../../platform/db/schema';
import { defineOperatorAction } from '../../platform/ops/operator-action';
import { saveCamp, ZCampInput } from './camp-admin';

/** Operators define camps (decision 055): the days, the levels, the reward, the promotion. */
export const saveCampAction = defineOperatorAction({
  name: 'camps.save',
  summary:
    "Create or change a camp (by slug): kind, name, days, levels, reward, promotion, each day's books",
  roles: ['content'],
  input: ZCampInput,
  async run({ tx, input }) {
    const before = (await tx.select().from(camps).where(eq(camps.slug, input.slug)))[0] ?? null;
    const id = await saveCamp(tx, input);
    return { result: { id }, target: `camp:${id}`, before, after: input };
  },
});

export const campActions = [saveCampAction] as const;
