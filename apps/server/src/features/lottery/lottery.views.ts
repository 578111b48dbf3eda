import { publishedOdds } from '@picbook/domain';
import { z } from 'zod';
import { defineOperatorView } from '../../platform/ops/operator-view';
import { unixSecondsOrNull as secs } from '../../platform/time';
import { createLotteryQueries } from './lottery.queries';

/** The wheels as the console lists them (decision 066); their changes are lottery.actions.ts. */
export const lotteryView = defineOperatorView({
  name: 'lottery.prizes',
  summary: 'Lucky wheels with their prizes, weights, stock and the published odds',
  roles: ['commerce'],
  input: z.object({}),
  async read({ deps }) {
    const { wheels, prizes } = await createLotteryQueries(deps.db).listAllWithPrizes();
    return {
      result: wheels.map((w) => {
        const own = prizes.filter((p) => p.lotteryId === w.id);
        // The same numbers the wheel publishes to families (presentAwards).
        const odds = publishedOdds(own);
        return {
          id: w.id,
          title: w.title,
          starts_time: secs(w.startAt),
          ends_time: secs(w.endAt),
          // In the shape lottery.savePrize takes, with the published odds (percent) beside.
          prizes: own.map((p, i) => ({
            id: p.id,
            lottery_id: w.id,
            name: p.name,
            image: p.image,
            kind: p.kind,
            amount: p.amount,
            weight: p.weight,
            stock: p.stock,
            sort: p.sort,
            probability: odds[i] ?? 0,
          })),
        };
      }),
    };
  },
});
