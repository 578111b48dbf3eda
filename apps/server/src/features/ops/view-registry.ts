import type { OperatorView } from '../../platform/ops/operator-view';
import { importsView } from '../library/content-imports';
import { pushDeliveriesView } from '../push/push.ops';
import {
  activityView,
  booksView,
  campsView,
  configsView,
  giftBatchesView,
  goodsView,
  lotteryView,
  ordersView,
  pointsGoodsView,
} from './console.views';
import { familyView, findFamilyView, recordingsView } from './support.views';

/** Every console view by name (the read side; the changes are in action-registry.ts). */
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
