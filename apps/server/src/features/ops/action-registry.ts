import type { OperatorAction } from '../../platform/ops/operator-action';
import { activityActions } from '../activity';
import { setConfigAction } from '../configs';
import { giftCardActions } from '../gift-cards';
import { catalogueActions, importUploadAction, setNoteVoiceAction } from '../library';
import { lotteryActions } from '../lottery';
import { campActions } from '../missions';
import { pointsActions } from '../points';
import { promotionActions } from '../promotions';
import { sendTestPushAction } from '../push';
import { reportActions } from '../reports';
import {
  closeOrderAction,
  inspectOrderAction,
  recheckOrderAction,
  refundOrderAction,
  saveGoodsAction,
} from '../store';
import { createOperatorAction, disableOperatorAction, resetTotpAction } from './ops.actions';

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
