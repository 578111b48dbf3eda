import { z } from 'zod';
import { defineOperatorView } from '../../platform/ops/operator-view';
import { createMallQueries } from './mall.queries';

/** The points mall as the console lists it (decision 066); its changes are points.actions.ts. */
export const pointsGoodsView = defineOperatorView({
  name: 'points.goods',
  summary: 'Points-mall goods with their SKUs, prices and stock',
  roles: ['commerce'],
  input: z.object({}),
  async read({ deps }) {
    const { goods: list, skus } = await createMallQueries(deps.db).listAllWithSkus();
    return {
      result: list.map((g) => ({
        id: g.id,
        title: g.title,
        kind: g.kind,
        status: g.status,
        skus: skus
          .filter((s) => s.goodsId === g.id)
          .map((s) => ({ id: s.id, title: s.title, price: s.price, stock: s.stock, sold: s.sold })),
      })),
    };
  },
});
