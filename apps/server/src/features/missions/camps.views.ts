import { z } from 'zod';
import { defineOperatorView } from '../../platform/ops/operator-view';
import { createCampQueries } from './camps.queries';

/** The camps as the console lists them (decision 066); their changes are camps.actions.ts. */
export const campsView = defineOperatorView({
  name: 'camps.list',
  summary: 'Camps with their calendars (a book per day and level)',
  roles: ['content'],
  input: z.object({}),
  async read({ deps }) {
    const { camps: list, days } = await createCampQueries(deps.db).listAllWithDays();
    return {
      result: list.map((c) => ({
        id: c.id,
        slug: c.slug,
        kind: c.kind,
        name: c.name,
        days: c.days,
        active: c.active,
        reward_coins: c.rewardCoins,
        reward_diamonds: c.rewardDiamonds,
        calendar: days
          .filter((d) => d.campId === c.id)
          .map((d) => ({ day: d.day, level: d.level, book_id: d.bookId, title: d.title })),
      })),
    };
  },
});
