import type { OperatorView } from '../../platform/ops/operator-view';
import { activityView } from '../activity';
import { configsView } from '../configs';
import { giftBatchesView } from '../gift-cards';
import { booksView, importsView } from '../library';
import { lotteryView } from '../lottery';
import { campsView } from '../missions';
import { pointsGoodsView } from '../points';
import { pushDeliveriesView } from '../push';
import { goodsView, ordersView } from '../store';
import { familyView, findFamilyView, recordingsView } from './support.views';

/**
 * Every console view by name (the read side; the changes are in action-registry.ts): each area's
 * views live beside its actions (`<area>.views.ts`); support's family pages are the console's own.
 */
const all: readonly OperatorView[] = [
  booksView,
  importsView,
  goodsView,
  ordersView,
  giftBatchesView,
  pointsGoodsView,
  lotteryView,
  activityView,
  campsView,
  configsView,
  findFamilyView,
  familyView,
  recordingsView,
  pushDeliveriesView,
] as readonly OperatorView[];

export const operatorViews: ReadonlyMap<string, OperatorView> = new Map(
  all.map((view) => [view.name, view]),
);
