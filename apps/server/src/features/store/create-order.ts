import { randomInt, randomUUID } from 'node:crypto';
import { ErrorCode, type TCreateOrderResult, type TPayAction } from '@picbook/contracts';
import {
  type AppEnv,
  effectivePrice,
  isPromoActive,
  ORDER_PAY_WINDOW_MS,
  orderNumber,
  type PayMethod,
  salesChannel,
} from '@picbook/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../platform/db/errors';
import { orders, type PayActionJson } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError, invalidParams } from '../../platform/errors';
import { publicUrlOf } from '../../platform/payments';
import { unixSeconds } from '../../platform/time';
import { createGoodsQueries, type GoodsRow } from './goods.queries';
import { availablePayMethods, isSoldHere } from './list-goods';
import { createOrderQueries, type OrderRow } from './orders.queries';
import { presentOrders } from './present-order';

export interface CreateOrderInput {
  userId: number;
  env: AppEnv;
  productId: string;
  payMethod: PayMethod;
  idempotencyKey: string;
  promo?: string | undefined;
  client: 'qr' | 'h5' | 'page';
  clientIp: string;
}

/** New orders per family: 30 an hour. */
const ORDER_LIMITS = [{ limit: 30, windowMs: 3600_000 }] as const;

const random12 = () => String(randomInt(0, 1e12)).padStart(12, '0');

/**
 * POST /api/v1/order (decision 034): one order per purchase attempt (the client's idempotency
 * key), priced now — the promotional price while its window runs — for goods sold to this device
 * with one of its payment methods; then the provider is asked how to pay (a QR code, a payment
 * page, or the native in-app purchase). A repeated attempt answers the same order.
 */
export async function createOrder(
  deps: AppDeps,
  log: FastifyBaseLogger,
  input: CreateOrderInput,
): Promise<TCreateOrderResult> {
  const q = createOrderQueries(deps.db);
  const repeat = await q.findAttempt(input.userId, input.idempotencyKey);
  if (repeat) return answerRepeat(deps, repeat, input);

  const goods = await createGoodsQueries(deps.db).findOnSale(input.productId);
  if (!goods || !isSoldHere(goods, input.env)) throw new AppError(ErrorCode.GoodsUnavailable);
  if (!availablePayMethods(deps, input.env).includes(input.payMethod)) {
    throw new AppError(ErrorCode.PayMethodUnavailable);
  }
  const now = deps.clock.now();
  // Each new order asks a provider to start a payment: a family makes a few, a script many.
  const allowed = await deps.rateLimiter.hit(`orders:${input.userId}`, ORDER_LIMITS, now.getTime());
  if (!allowed.allowed) throw new AppError(ErrorCode.TooManyRequests);
  const at = unixSeconds(now);
  const amount = effectivePrice({ price: goods.price, promo: goods.promo }, at, input.promo);
  const values = {
    userId: input.userId,
    idempotencyKey: input.idempotencyKey,
    uuid: randomUUID(),
    goodsId: goods.id,
    productId: goods.productId,
    title: goods.title,
    rightName: goods.rightName,
    days: goods.days,
    amount,
    payMethod: input.payMethod,
    channel: salesChannel(input.env),
    promoLabel: isPromoActive(goods.promo, at, input.promo) ? goods.promo.label : null,
    createdAt: now,
    expireAt: new Date(now.getTime() + ORDER_PAY_WINDOW_MS),
  };
  let order: OrderRow | undefined;
  for (let attempt = 0; !order && attempt < 3; attempt++) {
    try {
      [order] = await deps.db
        .insert(orders)
        .values({ ...values, orderNo: orderNumber(now, random12()) })
        .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
        .returning();
    } catch (error) {
      // An order number drawn twice (one in a trillion a day): draw again.
      if (!isUniqueViolation(error)) throw error;
      continue;
    }
    if (!order) {
      // The same attempt, sent twice at once: the other request made the order.
      const made = await q.findAttempt(input.userId, input.idempotencyKey);
      if (made) return answerRepeat(deps, made, input);
    }
  }
  if (!order) throw new Error('could not make an order number');

  let pay: PayActionJson;
  try {
    pay = await payActionFor(deps, order, goods, input);
  } catch (error) {
    log.warn({ err: error, orderNo: order.orderNo }, 'payment could not be started');
    await deps.db
      .update(orders)
      .set({ status: 'closed', closedAt: deps.clock.now(), closeReason: 'provider_error' })
      .where(eq(orders.id, order.id));
    throw new AppError(ErrorCode.PaymentProviderFailed);
  }
  const [saved] = await deps.db
    .update(orders)
    .set({ payAction: pay })
    .where(eq(orders.id, order.id))
    .returning();
  const [presented] = await presentOrders(deps.db, [saved ?? order]);
  if (!presented) throw new Error('order vanished');
  return { order: presented, pay };
}

/**
 * POST /api/v1/order/{id}/pay (decision 093): continue paying an unpaid order — the same order
 * number, never a new order. A QR code is answered as it was (the provider keeps it for the
 * order's window); a provider's page for a phone's browser is asked for again (those links
 * expire within minutes; WeChat Pay and Alipay answer the same unpaid order for the same order
 * number); an in-app purchase answers its product and token again.
 */
export async function continueOrder(
  deps: AppDeps,
  log: FastifyBaseLogger,
  input: { order: OrderRow; client: 'qr' | 'h5' | 'page'; clientIp: string },
): Promise<TCreateOrderResult> {
  let order = input.order;
  if (order.status !== 'created' || order.expireAt.getTime() <= deps.clock.now().getTime()) {
    throw new AppError(ErrorCode.OrderNotPayable);
  }
  const stored = order.payAction;
  const isWeb = order.payMethod === 'wechat' || order.payMethod === 'alipay';
  if (!stored || (isWeb && !(stored.kind === 'qr' && input.client === 'qr'))) {
    const goods = await createGoodsQueries(deps.db).findById(order.goodsId);
    if (!goods) throw new AppError(ErrorCode.GoodsUnavailable);
    let pay: PayActionJson;
    try {
      pay = await payActionFor(deps, order, goods, {
        client: input.client,
        clientIp: input.clientIp,
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.warn({ err: error, orderNo: order.orderNo }, 'payment could not be continued');
      throw new AppError(ErrorCode.PaymentProviderFailed);
    }
    const [saved] = await deps.db
      .update(orders)
      .set({ payAction: pay })
      .where(eq(orders.id, order.id))
      .returning();
    order = saved ?? order;
  }
  const [presented] = await presentOrders(deps.db, [order]);
  if (!presented || !order.payAction) throw new AppError(ErrorCode.OrderNotPayable);
  return { order: presented, pay: order.payAction as TPayAction };
}

/** How the family pays this order: the web provider's QR code or page, or the in-app purchase. */
async function payActionFor(
  deps: AppDeps,
  order: OrderRow,
  goods: GoodsRow,
  input: Pick<CreateOrderInput, 'client' | 'clientIp'>,
): Promise<PayActionJson> {
  if (order.payMethod === 'apple' || order.payMethod === 'huawei') {
    const productId = order.payMethod === 'apple' ? goods.appleProductId : goods.huaweiProductId;
    if (!productId) throw new AppError(ErrorCode.GoodsUnavailable);
    // StoreKit takes a UUID as appAccountToken; Huawei's developerPayload takes the order number.
    return {
      kind: 'iap',
      provider: order.payMethod,
      product_id: productId,
      app_account_token: order.payMethod === 'apple' ? order.uuid : order.orderNo,
    };
  }
  const provider = deps.payments.web[order.payMethod as 'wechat' | 'alipay'];
  if (!provider) throw new AppError(ErrorCode.PayMethodUnavailable);
  return provider.createPayment({
    orderNo: order.orderNo,
    description: `PicBook 绘本岛 - ${order.title}`,
    amount: order.amount,
    currency: 'CNY',
    expireAt: order.expireAt,
    returnUrl: `${publicUrlOf(deps.config)}/parents/store/orderResult/${order.orderNo}`,
    client: input.client,
    clientIp: input.clientIp,
  });
}

/** The same attempt again: the same order and the same way to pay it. */
async function answerRepeat(
  deps: AppDeps,
  attempt: OrderRow,
  input: CreateOrderInput,
): Promise<TCreateOrderResult> {
  let order = attempt;
  if (order.productId !== input.productId || order.payMethod !== input.payMethod) {
    throw invalidParams('idempotency_key', '这个购买编号已用于另一件商品，请重新下单');
  }
  // A double tap: the first request may still be asking the provider how to pay.
  for (let wait = 0; !order.payAction && order.status === 'created' && wait < 20; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    order = (await createOrderQueries(deps.db).findById(order.id)) ?? order;
  }
  if (order.status === 'closed' || !order.payAction) {
    throw new AppError(ErrorCode.OrderNotPayable);
  }
  const [presented] = await presentOrders(deps.db, [order]);
  if (!presented) throw new Error('order vanished');
  return { order: presented, pay: order.payAction as TPayAction };
}
