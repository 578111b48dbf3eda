import { endpoints } from '@picbook/contracts';
import { chinaDayEnd } from '@picbook/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import {
  operatorAudit,
  orders,
  paymentNotifications,
  payments,
  rightGrants,
} from '../../platform/db/schema';
import { type Family, type StoreKit, startStoreKit } from './store.test-kit';

/**
 * Payment notifications and refunds through the real endpoints (decision 034). On PostgreSQL
 * (TEST_DATABASE_URL) the concurrent deliveries really race; PGlite runs them one by one.
 */
let kit: StoreKit;
beforeAll(async () => {
  kit = await startStoreKit();
});
afterAll(() => kit.close());

const DAY = 86_400_000;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const db = () => kit.t.database.db;

async function orderRow(orderNo: string) {
  const [row] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!row) throw new Error('no order');
  return row;
}
const grantsOf = async (orderNo: string) =>
  db()
    .select()
    .from(rightGrants)
    .where(eq(rightGrants.source, `order:${(await orderRow(orderNo)).id}`));
/** Every grant and revocation of the family (right_grants). */
const familyGrants = (family: Family) =>
  db().select().from(rightGrants).where(eq(rightGrants.userId, family.userId));
const outcomes = async (orderNo: string) =>
  (
    await db()
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNo, orderNo))
      .orderBy(asc(paymentNotifications.id))
  ).map((n) => n.outcome);

async function newOrder(family: Family, productId = 'vip_1m') {
  return (await kit.buy(family, productId)).order;
}

describe('a notification delivered many times', () => {
  it('50 concurrent copies of one payment grant once', async () => {
    const family = await kit.family();
    const order = await newOrder(family);
    const copy = await kit.wechatNotification({
      orderNo: order.id,
      amount: 2500,
      transactionId: '4200000000000042',
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => kit.notify('wechat', copy)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(204));

    expect(await grantsOf(order.id)).toHaveLength(1);
    const row = await orderRow(order.id);
    expect(row.status).toBe('fulfilled');
    const paid = await db().select().from(payments).where(eq(payments.orderId, row.id));
    expect(paid).toHaveLength(1);
    const seen = await outcomes(order.id);
    expect(seen.filter((o) => o === 'fulfilled')).toHaveLength(1);
    expect(seen.filter((o) => o === 'duplicate')).toHaveLength(49);
    expect(await familyGrants(family)).toHaveLength(1);

    const user = await kit.userInfo(family);
    expect(user.vip_expire_time).toBe(
      seconds(chinaDayEnd(new Date(kit.t.clock.now().getTime() + 31 * DAY))),
    );
  });

  it('50 concurrent notifications of two provider transactions for one order (paid twice) grant once', async () => {
    const family = await kit.family();
    const order = await newOrder(family);
    const copies = await Promise.all(
      ['4200000000000045', '4200000000000046'].map((transactionId) =>
        kit.wechatNotification({ orderNo: order.id, amount: 2500, transactionId }),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        kit.notify('wechat', copies[i % 2] as (typeof copies)[0]),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(204));
    const row = await orderRow(order.id);
    expect(row.status).toBe('fulfilled');
    // Both payments are recorded (the second is money to give back), the right granted once.
    const paid = await db().select().from(payments).where(eq(payments.orderId, row.id));
    expect(paid.map((p) => p.providerTxnId).sort()).toEqual([
      '4200000000000045',
      '4200000000000046',
    ]);
    expect(await grantsOf(order.id)).toHaveLength(1);
    expect(await familyGrants(family)).toHaveLength(1);
    const seen = await outcomes(order.id);
    expect(seen.filter((o) => o === 'fulfilled')).toHaveLength(1);
    expect(seen.filter((o) => o === 'double_paid')).toHaveLength(1);
    expect(seen.filter((o) => o === 'duplicate')).toHaveLength(48);
    expect((await kit.userInfo(family)).vip_expire_time).toBe(
      seconds(chinaDayEnd(new Date(kit.t.clock.now().getTime() + 31 * DAY))),
    );
  });

  it('a copy arriving a day late, and one for another transaction of a paid order, grant nothing more', async () => {
    const family = await kit.family();
    const order = await newOrder(family);
    const first = await kit.wechatNotification({
      orderNo: order.id,
      amount: 2500,
      transactionId: '4200000000000043',
    });
    await kit.notify('wechat', first);
    const expireBefore = (await kit.userInfo(family)).vip_expire_time;
    kit.t.clock.advance(DAY);
    const late = await kit.wechatNotification({
      orderNo: order.id,
      amount: 2500,
      transactionId: '4200000000000043',
    });
    expect((await kit.notify('wechat', late)).statusCode).toBe(204);
    const second = await kit.wechatNotification({
      orderNo: order.id,
      amount: 2500,
      transactionId: '4200000000000044',
    });
    expect((await kit.notify('wechat', second)).statusCode).toBe(204);
    expect((await kit.userInfo(family)).vip_expire_time).toBe(expireBefore);
    expect(await grantsOf(order.id)).toHaveLength(1);
    expect(await outcomes(order.id)).toEqual(['fulfilled', 'duplicate', 'double_paid']);
  });

  it('notifications out of order: the second order paid first, then the first', async () => {
    const family = await kit.family();
    const a = await newOrder(family, 'vip_1m');
    const b = await newOrder(family, 'vip_3m');
    await kit.notify('wechat', await kit.wechatNotification({ orderNo: b.id, amount: 6800 }));
    await kit.notify('wechat', await kit.wechatNotification({ orderNo: a.id, amount: 2500 }));
    const now = kit.t.clock.now().getTime();
    expect((await kit.userInfo(family)).vip_expire_time).toBe(
      seconds(chinaDayEnd(new Date(now + 93 * DAY))) + 31 * 86_400,
    );
  });
});

describe('refused notifications: nothing granted, the refusal recorded', () => {
  it('a wrong amount', async () => {
    const family = await kit.family();
    const order = await newOrder(family);
    const cheap = await kit.wechatNotification({ orderNo: order.id, amount: 1 });
    // Acknowledged (a retry would be refused the same way), but nothing granted.
    expect((await kit.notify('wechat', cheap)).statusCode).toBe(204);
    expect((await orderRow(order.id)).status).toBe('created');
    expect(await grantsOf(order.id)).toHaveLength(0);
    expect(await outcomes(order.id)).toEqual(['amount_mismatch']);
    expect((await kit.userInfo(family)).vip).toBe(0);
  });

  it('a wrong currency', async () => {
    const family = await kit.family();
    const order = await newOrder(family);
    const usd = await kit.wechatNotification({ orderNo: order.id, amount: 2500, currency: 'USD' });
    await kit.notify('wechat', usd);
    expect(await outcomes(order.id)).toEqual(['amount_mismatch']);
    expect(await grantsOf(order.id)).toHaveLength(0);
  });

  it.each([
    [
      'a body changed after signing',
      (n: { body: string }) => ({ body: n.body.replace('"id":"', '"id":"x') }),
    ],
    [
      'a forged signature',
      () => ({ headers: { 'wechatpay-signature': Buffer.alloc(256, 1).toString('base64') } }),
    ],
    [
      'a WeChat probe signature',
      () => ({ headers: { 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' } }),
    ],
    [
      'a stale timestamp',
      (n: { headers: Record<string, string> }) => ({
        headers: { 'wechatpay-timestamp': String(Number(n.headers['wechatpay-timestamp']) - 600) },
      }),
    ],
  ])('%s', async (_, change) => {
    const family = await kit.family();
    const order = await newOrder(family);
    const genuine = await kit.wechatNotification({ orderNo: order.id, amount: 2500 });
    const altered = change(genuine) as { body?: string; headers?: Record<string, string> };
    const res = await kit.notify('wechat', {
      body: altered.body ?? genuine.body,
      headers: { ...genuine.headers, ...altered.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'FAIL', message: '失败' });
    expect((await orderRow(order.id)).status).toBe('created');
    expect(await grantsOf(order.id)).toHaveLength(0);
    const [refused] = await db()
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.outcome, 'bad_signature'))
      .orderBy(paymentNotifications.id)
      .limit(1);
    expect(refused?.detail).toMatch(/wechatpay/);
  });

  it('an order we never made', async () => {
    const n = await kit.wechatNotification({ orderNo: 'PB261121999999999999', amount: 2500 });
    expect((await kit.notify('wechat', n)).statusCode).toBe(204);
    expect(await outcomes('PB261121999999999999')).toEqual(['unknown_order']);
  });

  it('a provider that is not configured has no endpoint', async () => {
    const res = await kit.t.app.inject({
      method: 'POST',
      url: '/api/v1/pay/notify/alipay',
      payload: 'a=1',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('refunds (operator action, audited) revoke the right', () => {
  it('refunding the first of two months takes back exactly its days', async () => {
    const family = await kit.family();
    const first = await kit.buy(family, 'vip_1m');
    await kit.payInSandbox(first);
    kit.t.clock.advance(2 * DAY);
    const second = await kit.buy(family, 'vip_3m');
    await kit.payInSandbox(second);
    const secondAt = kit.t.clock.now().getTime();

    const res = await kit.operator(
      ['commerce'],
      'orders.refund',
      { order_id: first.order.id },
      '家长误购，申请退款',
    );
    const result = expectOk(res, endpoints.opsRunAction).result as {
      order: { status: string; receipt: { refunded_amount: number } };
      rights: Array<{ name: string; expire_time: number }>;
    };
    expect(result.order.status).toBe('refunded');
    expect(result.order.receipt.refunded_amount).toBe(2500);
    // What is left: the three months, counted from their own purchase.
    const left = seconds(chinaDayEnd(new Date(secondAt + 93 * DAY)));
    expect(result.rights).toEqual([{ name: 'vip', expire_time: left }]);
    const user = await kit.userInfo(family);
    expect(user.vip_expire_time).toBe(left);
    expect(user.paid).toEqual(['vip_3m']);

    const order = expectOk(
      await kit.get(`/api/v1/order/${first.order.id}`, family),
      endpoints.order,
    );
    expect(order.status).toBe('refunded');
    expect(order.refunded_time).toBe(seconds(kit.t.clock.now()));
    const [audit] = await db()
      .select()
      .from(operatorAudit)
      .where(
        and(
          eq(operatorAudit.action, 'orders.refund'),
          eq(operatorAudit.target, `order:${first.order.id}`),
        ),
      );
    expect(audit).toMatchObject({ reason: '家长误购，申请退款' });
    expect(audit?.before).toMatchObject({ status: 'fulfilled' });
    expect(audit?.after).toMatchObject({ status: 'refunded' });
    const revocations = (await grantsOf(first.order.id)).filter((g) => g.kind === 'revoke');
    expect(revocations).toHaveLength(1);
  });

  it("refunding the only month locks the members' book again; a second refund is refused", async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    await kit.payInSandbox(created);
    expect((await kit.membersBook(family)).access_code).toBe(0);
    expectOk(
      await kit.operator(['commerce'], 'orders.refund', { order_id: created.order.id }, '测试退款'),
      endpoints.opsRunAction,
    );
    expect(await kit.membersBook(family)).toEqual({ access_code: 12, pages: 0 });
    expect((await kit.userInfo(family)).vip).toBe(0);
    expectError(
      await kit.operator(['commerce'], 'orders.refund', { order_id: created.order.id }, '再退一次'),
      200,
      10400,
    );
    // A payment notification arriving after the refund grants nothing.
    const again = await kit.wechatNotification({ orderNo: created.order.id, amount: 2500 });
    await kit.notify('wechat', again);
    expect((await kit.userInfo(family)).vip).toBe(0);
  });

  it('50 refunds of one order at once: one refund, one revocation', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    await kit.payInSandbox(created);
    // One operator session (made before the burst), 50 refunds at once.
    expectOk(
      await kit.operator(['commerce'], 'orders.inspect', { order_id: created.order.id }, '查询'),
      endpoints.opsRunAction,
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        kit.operator(['commerce'], 'orders.refund', { order_id: created.order.id }, '测试退款'),
      ),
    );
    const codes = answers.map((r) => r.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 10400)).toHaveLength(49);
    const row = await orderRow(created.order.id);
    expect(row.status).toBe('refunded');
    const moved = await db().select().from(payments).where(eq(payments.orderId, row.id));
    expect(moved.map((p) => p.kind).sort()).toEqual(['payment', 'refund']);
    expect((await familyGrants(family)).map((g) => g.kind).sort()).toEqual(['grant', 'revoke']);
    expect((await kit.userInfo(family)).vip).toBe(0);
  });

  it('needs the commerce role and a reason; an unpaid order cannot be refunded', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    expectError(
      await kit.operator(['support'], 'orders.refund', { order_id: created.order.id }, 'x'),
      403,
      10403,
    );
    expectError(
      await kit.operator(['commerce'], 'orders.refund', { order_id: created.order.id }),
      400,
      10001,
    );
    expectError(
      await kit.operator(['commerce'], 'orders.refund', { order_id: created.order.id }, '未支付'),
      200,
      10400,
    );
    expectError(
      await kit.operator(['commerce'], 'orders.refund', { order_id: 'PB1' }, 'x'),
      400,
      10001,
    );
  });

  it('support closes a stuck unpaid order and inspects it', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    expectOk(
      await kit.operator(
        ['support'],
        'orders.close',
        { order_id: created.order.id },
        '家长来电取消',
      ),
      endpoints.opsRunAction,
    );
    expect((await orderRow(created.order.id)).status).toBe('closed');
    const inspected = expectOk(
      await kit.operator(['support'], 'orders.inspect', { order_id: created.order.id }, '客服查询'),
      endpoints.opsRunAction,
    ).result as { order: { status: string }; user_id: number };
    expect(inspected).toMatchObject({ order: { status: 'closed' }, user_id: family.userId });
  });
});
