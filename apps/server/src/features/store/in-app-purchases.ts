import { randomInt, randomUUID } from 'node:crypto';
import { ErrorCode, type TOrder, type TRestoreResult } from '@picbook/contracts';
import { ORDER_PAY_WINDOW_MS, orderNumber } from '@picbook/domain';
import type { FastifyBaseLogger } from 'fastify';
import { orders } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { AppleTransaction } from '../../platform/payments/apple-iap';
import { PaymentVerificationError, type VerifiedPayment } from '../../platform/payments/types';
import { createGoodsQueries } from './goods.queries';
import { createOrderQueries, type OrderRow } from './orders.queries';
import { presentOrders } from './present-order';
import { findOwnOrder } from './read-order';
import { type SettleOutcome, settlePayment } from './settle-payment';

/**
 * In-app purchases (decision 035). The store charges the family at the price of its storefront;
 * what we check is that the receipt is genuine (signature chain / Huawei's signature), that it is
 * for this order's product and this order (StoreKit's appAccountToken = the order's uuid,
 * Huawei's developerPayload = the order number), and that no other order used it. A price that
 * differs from ours (another storefront, a price change not yet mirrored) is recorded, not
 * refused: the family paid the store.
 */

async function present(deps: AppDeps, order: OrderRow): Promise<TOrder> {
  const latest = (await createOrderQueries(deps.db).findById(order.id)) ?? order;
  const [answer] = await presentOrders(deps.db, [latest]);
  if (!answer) throw new Error('order vanished');
  return answer;
}

async function record(
  deps: AppDeps,
  payment: VerifiedPayment,
  outcome: SettleOutcome | 'bad_signature' | 'mismatch',
  detail?: string,
) {
  await createOrderQueries(deps.db).recordNotification({
    method: payment.method,
    orderNo: payment.orderNo,
    providerTxnId: payment.providerTxnId,
    outcome,
    detail: detail ?? null,
  });
}

const refuse = async (deps: AppDeps, method: string, orderNo: string, why: string) => {
  await createOrderQueries(deps.db).recordNotification({
    method,
    orderNo,
    outcome: 'mismatch',
    detail: why,
  });
  return new AppError(ErrorCode.ReceiptInvalid);
};

function applePayment(order: OrderRow, t: AppleTransaction): VerifiedPayment {
  return {
    method: 'apple',
    orderNo: order.orderNo,
    providerTxnId: t.transactionId,
    amount: order.amount,
    currency: order.currency,
    paidAt: t.purchaseDate,
    detail: {
      product_id: t.productId,
      original_transaction_id: t.originalTransactionId,
      store_price: t.price,
      store_currency: t.currency,
    },
  };
}

/** ReceiptUsed when another order recorded this store transaction already. */
async function refuseIfUsed(deps: AppDeps, order: OrderRow, method: string, txnId: string) {
  const used = await createOrderQueries(deps.db).findPayment(method, txnId);
  if (used && used.orderId !== order.id) {
    await createOrderQueries(deps.db).recordNotification({
      method,
      orderNo: order.orderNo,
      providerTxnId: txnId,
      outcome: 'mismatch',
      detail: `transaction belongs to order id ${used.orderId}`,
    });
    throw new AppError(ErrorCode.ReceiptUsed);
  }
}

/**
 * Settles a verified store payment for an order (the unique transaction is the last guard). A
 * copy that passed the "used by another order" check while a copy for another order was recording
 * the same transaction learns it from the settlement (`txn_elsewhere`) and is refused the same
 * way: every answer for the order that did not get paid is ReceiptUsed, never that order unpaid.
 */
async function settleStorePayment(
  deps: AppDeps,
  log: FastifyBaseLogger,
  order: OrderRow,
  payment: VerifiedPayment,
): Promise<TOrder> {
  await refuseIfUsed(deps, order, payment.method, payment.providerTxnId);
  const settled = await settlePayment(deps, log, payment);
  if (settled.outcome === 'txn_elsewhere') {
    // The other order's payment is committed now: recorded and refused like any later copy.
    await refuseIfUsed(deps, order, payment.method, payment.providerTxnId);
    throw new AppError(ErrorCode.ReceiptUsed);
  }
  await record(deps, payment, settled.outcome, 'receipt from the app');
  return present(deps, settled.order ?? order);
}

async function verifyApple(deps: AppDeps, orderNo: string, signed: string) {
  const apple = deps.payments.apple;
  if (!apple) throw new AppError(ErrorCode.PayMethodUnavailable);
  try {
    return await apple.verifyTransaction(signed);
  } catch (error) {
    if (!(error instanceof PaymentVerificationError)) throw error;
    await createOrderQueries(deps.db).recordNotification({
      method: 'apple',
      orderNo,
      outcome: 'bad_signature',
      detail: error.message,
    });
    throw new AppError(ErrorCode.ReceiptInvalid);
  }
}

/** POST /api/v1/order/{id}/apple: StoreKit's signed transaction for this order. */
export async function appleReceipt(
  deps: AppDeps,
  log: FastifyBaseLogger,
  input: { userId: number; orderNo: string; signedTransaction: string },
): Promise<TOrder> {
  const order = await findOwnOrder(deps, input.userId, input.orderNo);
  if (order.payMethod !== 'apple') throw new AppError(ErrorCode.PayMethodUnavailable);
  const t = await verifyApple(deps, order.orderNo, input.signedTransaction);
  await refuseIfUsed(deps, order, 'apple', t.transactionId);
  const goods = await createGoodsQueries(deps.db).findById(order.goodsId);
  if (!goods?.appleProductId || t.productId !== goods.appleProductId) {
    throw await refuse(deps, 'apple', order.orderNo, `product ${t.productId}`);
  }
  if (t.appAccountToken && t.appAccountToken.toLowerCase() !== order.uuid.toLowerCase()) {
    throw await refuse(deps, 'apple', order.orderNo, 'appAccountToken of another order');
  }
  if (t.revocationDate) throw await refuse(deps, 'apple', order.orderNo, 'refunded by Apple');
  logPriceDifference(log, order, t.price === null ? null : t.price / 10, t.currency);
  return settleStorePayment(deps, log, order, applePayment(order, t));
}

/** POST /api/v1/order/{id}/huawei: the Huawei IAP purchase token for this order. */
export async function huaweiReceipt(
  deps: AppDeps,
  log: FastifyBaseLogger,
  input: { userId: number; orderNo: string; purchaseToken: string; productId: string },
): Promise<TOrder> {
  const huawei = deps.payments.huawei;
  if (!huawei) throw new AppError(ErrorCode.PayMethodUnavailable);
  const order = await findOwnOrder(deps, input.userId, input.orderNo);
  if (order.payMethod !== 'huawei') throw new AppError(ErrorCode.PayMethodUnavailable);
  const goods = await createGoodsQueries(deps.db).findById(order.goodsId);
  if (!goods?.huaweiProductId || input.productId !== goods.huaweiProductId) {
    throw await refuse(deps, 'huawei', order.orderNo, `product ${input.productId}`);
  }
  let purchase: Awaited<ReturnType<typeof huawei.verifyPurchase>>;
  try {
    purchase = await huawei.verifyPurchase({
      purchaseToken: input.purchaseToken,
      productId: input.productId,
    });
  } catch (error) {
    if (!(error instanceof PaymentVerificationError)) throw error;
    throw await refuse(deps, 'huawei', order.orderNo, error.message);
  }
  if (purchase.purchaseState !== 0) {
    throw await refuse(deps, 'huawei', order.orderNo, `purchaseState ${purchase.purchaseState}`);
  }
  if (purchase.productId !== goods.huaweiProductId) {
    throw await refuse(deps, 'huawei', order.orderNo, `purchase of ${purchase.productId}`);
  }
  if (purchase.developerPayload && purchase.developerPayload !== order.orderNo) {
    throw await refuse(deps, 'huawei', order.orderNo, 'developerPayload of another order');
  }
  logPriceDifference(log, order, purchase.price, purchase.currency);
  const answer = await settleStorePayment(deps, log, order, {
    method: 'huawei',
    orderNo: order.orderNo,
    providerTxnId: purchase.orderId,
    amount: order.amount,
    currency: order.currency,
    paidAt: purchase.purchaseTime,
    detail: { store_price: purchase.price, store_currency: purchase.currency },
  });
  // Consumables must be confirmed, or Huawei treats them as undelivered; a retry confirms later.
  await huawei
    .confirm({ purchaseToken: input.purchaseToken, productId: input.productId })
    .catch((error: unknown) => log.warn({ err: error, orderNo: order.orderNo }, 'huawei confirm'));
  return answer;
}

function logPriceDifference(
  log: FastifyBaseLogger,
  order: OrderRow,
  storeFen: number | null,
  currency: string | null,
) {
  if (currency === 'CNY' && storeFen !== null && storeFen !== order.amount) {
    log.warn({ orderNo: order.orderNo, storeFen, amount: order.amount }, 'store price differs');
  }
}

/**
 * POST /api/v1/order/restore: App Store transactions the app found (restore purchases). Ones we
 * recorded for this account are answered; ones recorded for another account are skipped; ones we
 * never saw (the app died before it told us) become a fulfilled order here.
 */
export async function restorePurchases(
  deps: AppDeps,
  log: FastifyBaseLogger,
  input: { userId: number; signedTransactions: string[] },
): Promise<TRestoreResult> {
  const result: TRestoreResult = { restored: [], skipped: [] };
  const q = createOrderQueries(deps.db);
  for (const signed of input.signedTransactions) {
    const t = await verifyApple(deps, '', signed).catch(() => null);
    if (!t) {
      result.skipped.push({ transaction_id: '', reason: 'invalid' });
      continue;
    }
    if (t.revocationDate) {
      result.skipped.push({ transaction_id: t.transactionId, reason: 'refunded' });
      continue;
    }
    const known = await q.findPayment('apple', t.transactionId);
    if (known) {
      const order = await q.findById(known.orderId);
      if (order?.userId === input.userId) result.restored.push(await present(deps, order));
      else result.skipped.push({ transaction_id: t.transactionId, reason: 'other_account' });
      continue;
    }
    const goods = await createGoodsQueries(deps.db).findByAppleProductId(t.productId);
    if (!goods) {
      result.skipped.push({ transaction_id: t.transactionId, reason: 'unknown_product' });
      continue;
    }
    const now = deps.clock.now();
    const [made] = await deps.db
      .insert(orders)
      .values({
        orderNo: orderNumber(now, String(randomInt(0, 1e12)).padStart(12, '0')),
        userId: input.userId,
        idempotencyKey: `restore-${t.transactionId}`.slice(0, 64),
        uuid: randomUUID(),
        goodsId: goods.id,
        productId: goods.productId,
        title: goods.title,
        rightName: goods.rightName,
        days: goods.days,
        amount: goods.price,
        payMethod: 'apple',
        channel: 'ios',
        createdAt: now,
        expireAt: new Date(now.getTime() + ORDER_PAY_WINDOW_MS),
      })
      .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
      .returning();
    const order = made ?? (await q.findAttempt(input.userId, `restore-${t.transactionId}`));
    if (!order) continue;
    result.restored.push(await settleStorePayment(deps, log, order, applePayment(order, t)));
  }
  return result;
}
