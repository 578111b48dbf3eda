import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notifyPath } from '../../platform/payments';
import {
  type NotificationAnswer,
  PaymentVerificationError,
  type WebPaymentProvider,
} from '../../platform/payments/types';
import { createGoodsQueries } from './goods.queries';
import { createOrderQueries } from './orders.queries';
import { refundOrderInTx } from './refund-order';
import { settlePayment } from './settle-payment';

/** Refused notifications per IP and minute before we stop reading them (they cost a signature check). */
const REFUSALS_PER_MINUTE = 30;

function headersOf(request: FastifyRequest): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(request.headers)) {
    out[key.toLowerCase()] = Array.isArray(value) ? value[0] : value;
  }
  return out;
}

const send = (reply: FastifyReply, answer: NotificationAnswer) =>
  reply.code(answer.status).type(answer.contentType).send(answer.body);

/**
 * The providers' notification endpoints (decision 034). They are not contract endpoints: each
 * provider sends its own format and expects its own answer, and the signature covers the body
 * exactly as sent, so these routes read it as a string. Every notification is recorded with its
 * outcome; a bad signature is refused (nothing granted) and logged.
 */
export function registerPaymentNotifyRoutes(app: FastifyInstance): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );

    const web = (method: 'wechat' | 'alipay') =>
      scope.post(notifyPath(method), { schema: { hide: true } }, async (request, reply) => {
        const provider = app.deps.payments.web[method];
        if (!provider) return reply.code(404).send();
        return handleWebNotification(app, provider, request, reply);
      });
    web('wechat');
    web('alipay');

    scope.post(notifyPath('apple'), { schema: { hide: true } }, async (request, reply) => {
      const apple = app.deps.payments.apple;
      if (!apple) return reply.code(404).send();
      return handleAppleNotification(app, request, reply);
    });
  });
}

async function tooManyRefusals(app: FastifyInstance, ip: string): Promise<boolean> {
  const count = await app.deps.rateLimiter.count(
    `pay-notify-refused:${ip}`,
    60_000,
    app.deps.clock.now().getTime(),
  );
  return count >= REFUSALS_PER_MINUTE;
}

async function noteRefusal(app: FastifyInstance, ip: string) {
  await app.deps.rateLimiter.record(
    `pay-notify-refused:${ip}`,
    60_000,
    app.deps.clock.now().getTime(),
  );
}

async function handleWebNotification(
  app: FastifyInstance,
  provider: WebPaymentProvider,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const body = typeof request.body === 'string' ? request.body : '';
  const q = createOrderQueries(app.deps.db);
  if (await tooManyRefusals(app, request.ip)) return send(reply, provider.ack.fail);
  let event: Awaited<ReturnType<WebPaymentProvider['parseNotification']>>;
  try {
    event = await provider.parseNotification({ headers: headersOf(request), body });
  } catch (error) {
    if (!(error instanceof PaymentVerificationError)) throw error;
    request.log.warn(
      { method: provider.method, why: error.message },
      'payment notification refused',
    );
    await noteRefusal(app, request.ip);
    await q.recordNotification({
      method: provider.method,
      outcome: 'bad_signature',
      detail: error.message,
      body,
    });
    return send(reply, provider.ack.fail);
  }
  if (event.type === 'paid') {
    const settled = await settlePayment(app.deps, request.log, event.payment);
    await q.recordNotification({
      method: provider.method,
      orderNo: event.payment.orderNo,
      providerTxnId: event.payment.providerTxnId,
      outcome: settled.outcome,
      body,
    });
    // Money for a cancelled order that could not be given back yet: not acknowledged, so the
    // provider sends it again and the refund is tried again (decision 093).
    if (settled.outcome === 'cancelled_order') return send(reply, provider.ack.fail);
    // Acknowledged even when refused on amount: a retry would be refused the same way; the
    // record and the error log are for the operators.
    return send(reply, provider.ack.ok);
  }
  await q.recordNotification({
    method: provider.method,
    orderNo: event.orderNo,
    providerTxnId: event.type === 'refunded' ? event.refundId : null,
    outcome: event.type === 'refunded' ? `refund_${event.status.toLowerCase()}` : 'ignored',
    detail: event.type === 'ignored' ? event.reason : null,
    body,
  });
  return send(reply, provider.ack.ok);
}

/**
 * App Store Server Notifications V2: a one-time purchase for one of our orders (the app may have
 * died before sending its receipt) settles it; a refund or revocation by Apple refunds the order
 * and takes the right back.
 */
async function handleAppleNotification(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const apple = app.deps.payments.apple;
  const q = createOrderQueries(app.deps.db);
  const body = typeof request.body === 'string' ? request.body : '';
  if (!apple) return reply.code(404).send();
  if (await tooManyRefusals(app, request.ip)) return reply.code(429).send();
  let signedPayload = '';
  try {
    signedPayload = String((JSON.parse(body) as { signedPayload?: unknown }).signedPayload ?? '');
  } catch {
    // Not JSON: refused below like a bad signature.
  }
  let notice: Awaited<ReturnType<typeof apple.verifyNotification>>;
  try {
    notice = await apple.verifyNotification(signedPayload);
  } catch (error) {
    if (!(error instanceof PaymentVerificationError)) throw error;
    await noteRefusal(app, request.ip);
    await q.recordNotification({
      method: 'apple',
      outcome: 'bad_signature',
      detail: error.message,
    });
    return reply.code(401).send();
  }
  const t = notice.transaction;
  const known = t ? await q.findPayment('apple', t.transactionId) : undefined;
  let outcome = 'ignored';
  let orderNo: string | null = null;
  if (t && (notice.type === 'REFUND' || notice.type === 'REVOKE') && known) {
    const now = app.deps.clock.now();
    const refunded = await app.deps.db
      .transaction((tx) =>
        refundOrderInTx(tx, app.deps, {
          orderId: known.orderId,
          reason: `App Store ${notice.type}`,
          external: { refundId: `apple-${notice.type.toLowerCase()}-${t.transactionId}` },
          now,
        }),
      )
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'apple refund not applied');
        return null;
      });
    outcome = refunded ? 'refunded' : 'refund_not_applied';
    orderNo = refunded?.order.orderNo ?? null;
  } else if (t && notice.type === 'ONE_TIME_CHARGE' && t.appAccountToken) {
    const order = await q.findByUuid(t.appAccountToken.toLowerCase());
    const goods = order ? await createGoodsQueries(app.deps.db).findById(order.goodsId) : null;
    if (order && order.payMethod === 'apple' && goods?.appleProductId === t.productId) {
      const settled = await settlePayment(app.deps, request.log, {
        method: 'apple',
        orderNo: order.orderNo,
        providerTxnId: t.transactionId,
        amount: order.amount,
        currency: order.currency,
        paidAt: t.purchaseDate,
        detail: { product_id: t.productId, store_price: t.price, store_currency: t.currency },
      });
      outcome = settled.outcome;
      orderNo = order.orderNo;
    } else {
      outcome = 'unknown_order';
    }
  }
  await q.recordNotification({
    method: 'apple',
    orderNo,
    providerTxnId: t?.transactionId ?? null,
    outcome,
    detail: `${notice.type}${notice.subtype ? `/${notice.subtype}` : ''}`,
  });
  return reply.code(200).send();
}
