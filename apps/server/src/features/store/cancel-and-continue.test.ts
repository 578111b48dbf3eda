import { endpoints, type TCreateOrderResult } from '@picbook/contracts';
import { validUntilDate } from '@picbook/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import {
  orders,
  parentMessages,
  paymentNotifications,
  payments,
  rightGrants,
} from '../../platform/db/schema';
import { type Family, type StoreKit, startStoreKit } from './store.test-kit';

/**
 * Issue 40 items 3 and 7 (decision 093): a parent cancels an unpaid order (closed here and at the
 * provider), continues paying the same order, and a cancel racing a payment ends one way only; a
 * cancelled order never grants. "Valid until" is one rule in the messages, and a refund says so.
 */
let kit: StoreKit;
beforeAll(async () => {
  kit = await startStoreKit();
});
afterAll(() => kit.close());

const prepayOf = (created: TCreateOrderResult) => {
  if (created.pay.kind !== 'qr' || !created.pay.cashier_url) throw new Error('not a sandbox order');
  return created.pay.cashier_url.split('/').pop() ?? '';
};
const sandbox = () => {
  const s = kit.t.app.deps.payments.sandbox;
  if (!s) throw new Error('the payment sandbox is off');
  return s;
};
const rowOf = async (orderNo: string) =>
  (await kit.t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0];
const grantsOf = async (orderId: number) =>
  kit.t.database.db
    .select()
    .from(rightGrants)
    .where(and(eq(rightGrants.source, `order:${orderId}`), eq(rightGrants.kind, 'grant')));
const messagesOf = async (family: Family) =>
  expectOk(await kit.get('/api/v1/parent_space/messages', family), endpoints.parentMessages).list;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cancel = (family: Family, orderNo: string) =>
  kit.post(`/api/v1/order/${orderNo}/cancel`, family);

describe('cancel', () => {
  it('closes the order here and at the provider; the cashier then refuses it', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_12m');
    const answer = expectOk(await cancel(family, created.order.id), endpoints.cancelStoreOrder);
    expect(answer).toMatchObject({
      id: created.order.id,
      status: 'closed',
      close_reason: 'cancelled',
    });
    expect(sandbox().session(prepayOf(created))?.status).toBe('closed');
    await expect(kit.payInSandbox(created)).rejects.toThrow('已关闭');
    // Cancelling again answers the closed order; continuing it is refused.
    expect(
      expectOk(await cancel(family, created.order.id), endpoints.cancelStoreOrder).status,
    ).toBe('closed');
    expectError(
      await kit.post(`/api/v1/order/${created.order.id}/pay`, family, { client: 'qr' }),
      200,
      15003,
    );
    expect((await kit.userInfo(family)).vip).toBe(0);
  });

  it('a paid order cannot be cancelled, and a payment the provider holds wins', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    // Paid at the provider, but its notification is lost: the cancel finds the payment there.
    const session = sandbox().session(prepayOf(created));
    if (!session) throw new Error('no session');
    Object.assign(session, { status: 'paid', transactionId: `4200lost${Date.now()}` });
    expect(expectError(await cancel(family, created.order.id), 200, 10400).msg).toBe(
      '订单已支付，不能取消',
    );
    expect((await rowOf(created.order.id))?.status).toBe('fulfilled');
    expect((await kit.userInfo(family)).vip).toBe(1);
  });
});

describe('continue paying', () => {
  it('answers the same order number and pays that order; no second order is made', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_12m');
    const again = expectOk(
      await kit.post(`/api/v1/order/${created.order.id}/pay`, family, { client: 'qr' }),
      endpoints.continueOrder,
    );
    expect(again.order.id).toBe(created.order.id);
    expect(again.pay).toEqual(created.pay);
    // On a phone the provider's page is asked for again, for the same order.
    const page = expectOk(
      await kit.post(`/api/v1/order/${created.order.id}/pay`, family, { client: 'h5' }),
      endpoints.continueOrder,
    );
    expect(page.order.id).toBe(created.order.id);
    expect(page.pay.kind).toBe('redirect');
    expect(await kit.payInSandbox(again)).toBe(true);
    const rows = await kit.t.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, family.userId));
    expect(rows.map((r) => [r.orderNo, r.status])).toEqual([[created.order.id, 'fulfilled']]);
    // Paid now: nothing to continue.
    expectError(
      await kit.post(`/api/v1/order/${created.order.id}/pay`, family, { client: 'qr' }),
      200,
      15003,
    );
    // Another family's order does not exist for them.
    const other = await kit.family();
    expectError(
      await kit.post(`/api/v1/order/${created.order.id}/pay`, other, { client: 'qr' }),
      200,
      10024,
    );
  });
});

describe('cancel against pay, 50 at once (PostgreSQL in CI)', () => {
  it('ends one way only: closed with nothing granted, or paid with one grant and every cancel refused', async () => {
    const family = await kit.family();
    const seen = { closed: 0, fulfilled: 0 };
    for (let round = 0; round < 6; round++) {
      const created = await kit.buy(family, 'vip_1m');
      // The cashier marks a payment in the same tick it is called, a cancel first goes through
      // the API: round by round the pays start later (0 to 900 ms, spread over the burst), so
      // each side wins some rounds and many rounds land in the middle.
      const delay = [0, 600, 30, 300, 120, 900][round] ?? 0;
      const tasks = Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? cancel(family, created.order.id).then((r) => ({ kind: 'cancel' as const, r }))
          : sleep(delay + (i % 5)).then(() =>
              kit.payInSandbox(created).then(
                (delivered) => ({ kind: 'pay' as const, ok: delivered }),
                () => ({ kind: 'pay' as const, ok: false }),
              ),
            ),
      );
      const answers = await Promise.all(tasks);
      const row = await rowOf(created.order.id);
      const grants = await grantsOf(row?.id ?? 0);
      const cancels = answers.flatMap((a) => (a.kind === 'cancel' ? [a.r.json()] : []));
      const pays = answers.flatMap((a) => (a.kind === 'pay' ? [a.ok] : []));
      expect(cancels).toHaveLength(25);
      if (row?.status === 'closed') {
        seen.closed++;
        expect(row.closeReason).toBe('cancelled');
        expect(cancels.every((c) => c.code === 0 && c.data.status === 'closed')).toBe(true);
        expect(pays.every((ok) => !ok)).toBe(true);
        expect(grants).toHaveLength(0);
        expect(sandbox().session(prepayOf(created))?.status).toBe('closed');
      } else {
        seen.fulfilled++;
        expect(row?.status).toBe('fulfilled');
        expect(cancels.every((c) => c.code === 10400)).toBe(true);
        expect(grants).toHaveLength(1);
      }
    }
    expect(seen.closed + seen.fulfilled).toBe(6);
    expect(seen.closed).toBeGreaterThan(0);
    expect(seen.fulfilled).toBeGreaterThan(0);
    // Every fulfilled round granted one month, every closed one nothing.
    expect((await kit.userInfo(family)).buy_info.paid_count).toBe(seen.fulfilled);
  });

  it('a cancelled order never grants: money that arrives anyway goes back once (50 copies)', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_3m');
    expectOk(await cancel(family, created.order.id), endpoints.cancelStoreOrder);
    const row = await rowOf(created.order.id);
    if (!row) throw new Error('no order');
    const txn = `4200anyway${Date.now()}`;
    const notification = await kit.wechatNotification({
      orderNo: created.order.id,
      amount: created.order.amount,
      transactionId: txn,
    });

    // The provider's refund fails first (it holds no payment): not acknowledged, so it comes again.
    const refused = await kit.notify('wechat', notification);
    expect(refused.statusCode).toBe(400);
    expect((await rowOf(created.order.id))?.status).toBe('closed');

    // The provider took the money after all: 50 copies of its notification at once.
    const session = sandbox().session(prepayOf(created));
    if (!session) throw new Error('no session');
    Object.assign(session, { status: 'paid', transactionId: txn });
    const copies = await Promise.all(
      Array.from({ length: 50 }, () => kit.notify('wechat', notification)),
    );
    expect(copies.every((r) => r.statusCode === 204)).toBe(true);

    const db = kit.t.database.db;
    expect((await rowOf(created.order.id))?.status).toBe('closed');
    expect(await grantsOf(row.id)).toHaveLength(0);
    expect((await kit.userInfo(family)).vip).toBe(0);
    const moved = await db.select().from(payments).where(eq(payments.orderId, row.id));
    expect(moved.map((p) => [p.kind, p.amount]).sort()).toEqual([
      ['payment', created.order.amount],
      ['refund', created.order.amount],
    ]);
    expect(sandbox().session(prepayOf(created))?.refunded).toBe(created.order.amount);
    const outcomes = (
      await db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.orderNo, created.order.id))
    ).map((n) => n.outcome);
    expect(outcomes.filter((o) => o === 'cancelled_refunded')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'cancelled_order')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(49);
    const returned = (await messagesOf(family)).filter((m) => m.title === '款项已退回');
    expect(returned).toHaveLength(1);
    expect(returned[0]?.body).toContain('¥68.00');
    // The order shows the money and its return.
    const seenOrder = expectOk(
      await kit.get(`/api/v1/order/${created.order.id}`, family),
      endpoints.order,
    );
    expect(seenOrder).toMatchObject({ status: 'closed', close_reason: 'cancelled' });
    expect(seenOrder.receipt?.refunded_amount).toBe(created.order.amount);
  });
});

describe('valid until and the messages (issue 40 item 7)', () => {
  it('the 已开通 message names the last full day; a refund says so and withdraws it', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_12m');
    await kit.payInSandbox(created);
    const order = expectOk(
      await kit.get(`/api/v1/order/${created.order.id}`, family),
      endpoints.order,
    );
    const expire = new Date((order.right_expire_time ?? 0) * 1000);
    const day = validUntilDate(expire);
    // The expiry is the China midnight after that day.
    expect(new Date(expire.getTime() + 8 * 3600_000).toISOString().slice(0, 10) > day).toBe(true);
    const done = (await messagesOf(family)).find((m) => m.title === '订单已完成');
    expect(done?.body).toBe(`您购买的「${order.title}」已开通，有效期至 ${day}。`);
    expect(done?.link).toBe(`/parents/store/orderResult/${created.order.id}`);

    expectOk(
      await kit.operator(['commerce'], 'orders.refund', { order_id: created.order.id }, '家长申请'),
      endpoints.opsRunAction,
    );
    const after = await messagesOf(family);
    expect(after.find((m) => m.title === '订单已完成')).toBeUndefined();
    const refunded = after.filter((m) => m.title === '订单已退款');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]?.body).toBe(
      `您购买的「${order.title}」已退款 ¥198.00，款项原路退回，此订单开通的权益已收回（该权益现已结束）。`,
    );
    const stored = await kit.t.database.db
      .select()
      .from(parentMessages)
      .where(eq(parentMessages.userId, family.userId));
    expect(stored.map((m) => m.title).sort()).toEqual(['订单已退款']);
  });

  it('a refund with another order still running names the day it now ends', async () => {
    const family = await kit.family();
    const first = await kit.buy(family, 'vip_1m');
    await kit.payInSandbox(first);
    const second = await kit.buy(family, 'vip_3m');
    await kit.payInSandbox(second);
    const firstOrder = expectOk(
      await kit.get(`/api/v1/order/${first.order.id}`, family),
      endpoints.order,
    );
    expectOk(
      await kit.operator(['commerce'], 'orders.refund', { order_id: second.order.id }, '家长申请'),
      endpoints.opsRunAction,
    );
    const until = validUntilDate(new Date((firstOrder.right_expire_time ?? 0) * 1000));
    const list = await messagesOf(family);
    expect(list.find((m) => m.title === '订单已退款')?.body).toContain(
      `（该权益现在有效期至 ${until}）`,
    );
    // The first order's 已开通 message stays; the refunded one's is withdrawn.
    expect(list.filter((m) => m.title === '订单已完成')).toHaveLength(1);
    expect((await kit.userInfo(family)).vip_expire_time).toBe(firstOrder.right_expire_time);
  });
});
