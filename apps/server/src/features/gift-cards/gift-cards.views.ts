import { offsetOf, ZPaging } from '../../platform/ops/inputs';
import { defineOperatorView } from '../../platform/ops/operator-view';
import { unixSecondsOrNull as secs } from '../../platform/time';
import { createGiftCardQueries } from './gift-cards.queries';

/** Gift-card batches as the console lists them (decision 066); changes: gift-cards.actions.ts. */
export const giftBatchesView = defineOperatorView({
  name: 'giftcards.batches',
  summary: 'Gift-card batches with how many of their codes were redeemed',
  roles: ['commerce', 'support'],
  input: ZPaging,
  async read({ deps, input }) {
    const rows = await createGiftCardQueries(deps.db).batchesWithRedeemed({
      limit: input.page_size,
      offset: offsetOf(input),
    });
    return {
      result: rows.map(({ batch: b, redeemed: n }) => ({
        id: b.id,
        title: b.title,
        channel: b.channel,
        product: b.product,
        count: b.count,
        redeemed: Number(n ?? 0),
        status: b.status,
        starts_time: secs(b.startsAt),
        expire_time: secs(b.expiresAt),
        created_by: b.createdBy,
        create_time: secs(b.createdAt),
      })),
    };
  },
});
