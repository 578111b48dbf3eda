import type { OperatorAction } from '../../platform/ops/operator-action';
import { activityActions } from '../activity/activity.actions';
import { giftCardActions } from '../gift-cards/gift-cards.actions';
import { catalogueActions } from '../library/catalogue.actions';
import { importUploadAction } from '../library/content-imports';
import { setNoteVoiceAction } from '../library/note-voice.actions';
import { lotteryActions } from '../lottery/lottery.actions';
import { campActions } from '../missions/camps.actions';
import { pointsActions } from '../points/points.actions';
import { promotionActions } from '../promotions/promotions.actions';
import { sendTestPushAction } from '../push/push.ops';
import { reportActions } from '../reports/reports.actions';
import {
  closeOrderAction,
  inspectOrderAction,
  recheckOrderAction,
  refundOrderAction,
  saveGoodsAction,
} from '../store/store.actions';
import {
  createOperatorAction,
  disableOperatorAction,
  resetTotpAction,
  setConfigAction,
} from './ops.actions';

/**
 * Every operator action of the product, by name. An area adds its actions here (gift-card
 * batches, refunds, goods and stock, camps, popups …); the API, `npm run ops` and the console all
 * run them through `runOperatorAction`, so each change has one audited path.
 */
const all: readonly OperatorAction[] = [
  createOperatorAction,
  resetTotpAction,
  disableOperatorAction,
  setConfigAction,
  ...pointsActions,
  ...lotteryActions,
  ...giftCardActions,
  ...promotionActions,
  ...campActions,
  saveGoodsAction,
  refundOrderAction,
  closeOrderAction,
  inspectOrderAction,
  recheckOrderAction,
  ...activityActions,
  ...catalogueActions,
  importUploadAction,
  setNoteVoiceAction,
  ...reportActions,
  sendTestPushAction,
] as readonly OperatorAction[];

export const operatorActions: ReadonlyMap<string, OperatorAction> = new Map(
  all.map((action) => [action.name, action]),
);
