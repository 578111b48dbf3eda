import { endpoints } from '@picbook/contracts';
import { chinaDayEnd, ORDER_PAY_WINDOW_MS } from '@picbook/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import {
  bookUnlocks,
  campMembers,
  camps,
  giftCards,
  operatorAudit,
  orders,
  payments,
  rightGrants,
} from '../../platform/db/schema';
import { post } from '../../platform/ledger/ledger';
import { seedCamps } from '../missions';
import { sweepOrders } from './close-orders';
import { type StoreKit, startStoreKit } from './store.test-kit';

/** Orders through the real API, the payment sandbox and a real database (decision 034). */
let kit: StoreKit;
beforeAll(async () => {
  kit = await startStoreKit();
});
afterAll(() => kit.close());

const DAY = 86_400_000;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('buying a month in the sandbox', () => {
  it("members' book pages become readable after payment and not before", async () => {
    const family = await kit.family();
    // A guest family (the kit's families are guests; a guest may buy): members' book locked.
    expect(await kit.membersBook(family)).toEqual({ access_code: 12, pages: 0 });

    const created = await kit.buy(family, 'vip_1m');
    expect(created.order).toMatchObject({
      product_id: 'vip_1m',
      amount: 2500,
      currency: 'CNY',
      status: 'created',
      pay_method: 'wechat',
      receipt: null,
    });
    expect(created.order.id).toMatch(/^PB\d{18}$/);
    expect(created.pay).toMatchObject({ kind: 'qr' });
    // Created but unpaid: still locked.
    expect(await kit.membersBook(family)).toEqual({ access_code: 12, pages: 0 });
    expect((await kit.userInfo(family)).vip).toBe(0);

    expect(await kit.payInSandbox(created)).toBe(true);
    const now = kit.t.clock.now();
    const order = expectOk(
      await kit.get(`/api/v1/order/${created.order.id}`, family),
      endpoints.order,
    );
    expect(order.status).toBe('fulfilled');
    expect(order.right_expire_time).toBe(seconds(chinaDayEnd(new Date(now.getTime() + 31 * DAY))));
    expect(order.receipt).toMatchObject({ pay_method: 'wechat', amount: 2500, refunded_amount: 0 });

    const book = await kit.membersBook(family);
    expect(book.access_code).toBe(0);
    expect(book.pages).toBeGreaterThan(0);

    const user = await kit.userInfo(family);
    expect(user.vip).toBe(1);
    expect(user.vip_expire_time).toBe(order.right_expire_time);
    expect(user.vip_expire_duration).toBe((order.right_expire_time ?? 0) - seconds(now));
    expect(user.rights).toEqual([
      expect.objectContaining({ name: 'vip', vip_type: 1, expire_time: order.right_expire_time }),
    ]);
    expect(user.paid).toEqual(['vip_1m']);
    expect(user.buy_info).toMatchObject({ paid_count: 1, last_product_id: 'vip_1m', life_vip: 0 });
  });

  it('a second purchase extends from the current expiry, not from now', async () => {
    const family = await kit.family();
    await kit.payInSandbox(await kit.buy(family, 'vip_1m'));
    const first = (await kit.userInfo(family)).vip_expire_time;
    kit.t.clock.advance(5 * DAY);
    await kit.payInSandbox(await kit.buy(family, 'vip_3m'));
    const user = await kit.userInfo(family);
    expect(user.vip_expire_time).toBe(first + 93 * 86_400);
    expect(user.paid).toEqual(['vip_1m', 'vip_3m']);
    expect(user.buy_info.paid_count).toBe(2);
  });

  it('lifetime: vip_type 2, an expiry year from 2038, life_vip in buy_info', async () => {
    const family = await kit.family();
    await kit.payInSandbox(await kit.buy(family, 'vip_life'));
    const user = await kit.userInfo(family);
    const life = user.rights.find((r) => r.name === 'life_vip');
    expect(life?.vip_type).toBe(2);
    expect(new Date((life?.expire_time ?? 0) * 1000).getUTCFullYear()).toBeGreaterThanOrEqual(2038);
    expect(user.vip).toBe(1);
    expect(user.buy_info.life_vip).toBe(1);
    expect((await kit.membersBook(family)).access_code).toBe(0);
  });
});

describe('purchase attempts', () => {
  it('the same idempotency key answers the same order; 20 at once make one order', async () => {
    const family = await kit.family();
    const key = `attempt-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => kit.order(family, 'vip_3m', { key })),
    );
    const ids = new Set(answers.map((r) => expectOk(r, endpoints.createOrder).order.id));
    expect(ids.size).toBe(1);
    const rows = await kit.t.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, family.userId));
    expect(rows).toHaveLength(1);
    // The key cannot be reused for something else.
    expectError(await kit.order(family, 'vip_1m', { key }), 400, 10001);
  });

  it('refuses goods that are not sold here, a payment method the device lacks, and bad input', async () => {
    const family = await kit.family();
    expectError(await kit.order(family, 'no_such_goods'), 200, 15001);
    // Xiaodu membership is not sold to iOS; Alipay is not configured in the tests.
    expectError(await kit.order(family, 'vip_1m', { method: 'alipay' }), 200, 15002);
    expectError(await kit.order(family, 'vip_1m', { method: 'apple' }), 200, 15002);
    const bad = expectError(await kit.order(family, 'vip_1m', { key: 'x' }), 400, 10001);
    expect(bad.msg).toContain('idempotency_key');
    expectError(await kit.post('/api/v1/order', family, { product_id: 'vip_1m' }), 400, 10001);
  });

  it('a family makes at most 30 new orders an hour', async () => {
    const family = await kit.family();
    for (let i = 0; i < 30; i++) expectOk(await kit.order(family, 'vip_1m'), endpoints.createOrder);
    expectError(await kit.order(family, 'vip_1m'), 429, 10429);
    kit.t.clock.advance(3600_000);
    expectOk(await kit.order(family, 'vip_1m'), endpoints.createOrder);
  });

  it('lists my orders newest first, paged; another family cannot see them', async () => {
    const family = await kit.family();
    const a = await kit.buy(family, 'vip_1m');
    kit.t.clock.advance(1000);
    const b = await kit.buy(family, 'library_12m');
    await kit.payInSandbox(b);
    const page = expectOk(
      await kit.get('/api/v1/orders?page=1&page_size=1', family),
      endpoints.orders,
    );
    expect(page).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(page.list.map((o) => [o.id, o.status])).toEqual([[b.order.id, 'fulfilled']]);
    const second = expectOk(
      await kit.get('/api/v1/orders?page=2&page_size=1', family),
      endpoints.orders,
    );
    expect(second.list.map((o) => o.id)).toEqual([a.order.id]);

    const other = await kit.family();
    expectError(await kit.get(`/api/v1/order/${a.order.id}`, other), 200, 10024);
    expectError(await kit.post(`/api/v1/order/${a.order.id}/cancel`, other), 200, 10024);
    expectError(await kit.get('/api/v1/order/PB12', family), 400, 10001);
    expectError(await kit.get(`/api/v1/order/${a.order.id}`), 401, 10008);
  });

  it('a parent cancels an unpaid order; a paid one cannot be cancelled', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    const cancelled = expectOk(
      await kit.post(`/api/v1/order/${created.order.id}/cancel`, family),
      endpoints.cancelStoreOrder,
    );
    expect(cancelled.status).toBe('closed');
    const paid = await kit.buy(family, 'vip_1m');
    await kit.payInSandbox(paid);
    expectError(await kit.post(`/api/v1/order/${paid.order.id}/cancel`, family), 200, 10400);
  });

  it('a cancel racing the cashier answers what became of the order (20 rounds)', async () => {
    const family = await kit.family();
    const seen = { closed: 0, paid: 0 };
    for (let round = 0; round < 20; round++) {
      const created = await kit.buy(family, 'vip_1m');
      const [cancel] = await Promise.all([
        kit.post(`/api/v1/order/${created.order.id}/cancel`, family),
        // The pay starts a little later round by round, so both sides win some rounds. The
        // cashier refuses an order the cancel closed first ('该订单已关闭…').
        sleep((round % 5) * 5).then(() => kit.payInSandbox(created).catch(() => false)),
      ]);
      const [row] = await kit.t.database.db
        .select()
        .from(orders)
        .where(eq(orders.orderNo, created.order.id));
      if (row?.status === 'closed') {
        expect(expectOk(cancel, endpoints.cancelStoreOrder).status).toBe('closed');
        seen.closed++;
      } else {
        // Paid, by the cashier or at the same moment: the right was granted and the cancel says so.
        expect(row?.status).toBe('fulfilled');
        expect(expectError(cancel, 200, 10400).msg).toBe('订单已支付，不能取消');
        seen.paid++;
      }
    }
    expect(seen.closed + seen.paid).toBe(20);
    // Every paid order granted a month; every closed one granted nothing.
    const user = await kit.userInfo(family);
    expect(user.buy_info.paid_count).toBe(seen.paid);
  });
});

describe('timeout', () => {
  it('an unpaid order closes after 30 minutes; the cashier refuses it then', async () => {
    const family = await kit.family();
    const key = `timeout-${Date.now()}`;
    const created = await kit.buy(family, 'vip_1m', { key });
    const status = async () =>
      (await kit.t.database.db.select().from(orders).where(eq(orders.orderNo, created.order.id)))[0]
        ?.status;
    kit.t.clock.advance(ORDER_PAY_WINDOW_MS - 1000);
    await sweepOrders(kit.t.app.deps, kit.t.app.log);
    expect(await status()).toBe('created');
    kit.t.clock.advance(1000);
    const swept = await sweepOrders(kit.t.app.deps, kit.t.app.log);
    expect(swept.closed).toBeGreaterThanOrEqual(1);
    expect(await status()).toBe('closed');
    const order = expectOk(
      await kit.get(`/api/v1/order/${created.order.id}`, family),
      endpoints.order,
    );
    expect(order).toMatchObject({ status: 'closed' });
    expect(order.closed_time).toBe(seconds(kit.t.clock.now()));
    await expect(kit.payInSandbox(created)).rejects.toThrow('已关闭');
    expect((await kit.userInfo(family)).vip).toBe(0);
    // Trying the same attempt again does not reopen it.
    expectError(await kit.order(family, 'vip_1m', { key }), 200, 15003);
  });

  it('reading an expired order closes it too', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    kit.t.clock.advance(ORDER_PAY_WINDOW_MS + 1);
    const order = expectOk(
      await kit.get(`/api/v1/order/${created.order.id}`, family),
      endpoints.order,
    );
    expect(order.status).toBe('closed');
  });

  it('money that arrives after the close still counts: closed → paid → fulfilled', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    kit.t.clock.advance(ORDER_PAY_WINDOW_MS + 1);
    await sweepOrders(kit.t.app.deps, kit.t.app.log);
    const late = await kit.wechatNotification({ orderNo: created.order.id, amount: 2500 });
    expect((await kit.notify('wechat', late)).statusCode).toBe(204);
    const order = expectOk(
      await kit.get(`/api/v1/order/${created.order.id}`, family),
      endpoints.order,
    );
    expect(order.status).toBe('fulfilled');
    expect((await kit.userInfo(family)).vip).toBe(1);
  });
});

describe('account deletion', () => {
  it('keeps orders and grants for the books, without the person', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    await kit.payInSandbox(created);
    expectOk(await kit.post('/api/v1/user/cancel', family, {}), endpoints.cancelAccount);
    const [row] = await kit.t.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNo, created.order.id));
    expect(row).toMatchObject({ userId: null, status: 'fulfilled' });
    expect(row?.anonymisedAt).toBeInstanceOf(Date);
    const grants = await kit.t.database.db
      .select()
      .from(rightGrants)
      .where(eq(rightGrants.source, `order:${row?.id}`));
    expect(grants).toEqual([expect.objectContaining({ userId: null, kind: 'grant', days: 31 })]);
  });

  it('the summary names every right and balance with its value before deletion (decision 094)', async () => {
    const family = await kit.family();
    const empty = expectOk(
      await kit.get('/api/v1/user/cancel/summary', family),
      endpoints.deletionSummary,
    );
    expect(empty).toEqual({
      rights: [],
      points: 0,
      coins: 0,
      credits: 0,
      diamonds: 0,
      gift_cards: [],
      undelivered_prizes: 0,
      unlocked_books: 0,
      camps: [],
      lottery_chances: 0,
      paid_orders: 0,
    });

    const created = await kit.buy(family, 'vip_1m');
    await kit.payInSandbox(created);
    const paid = expectOk(
      await kit.get(`/api/v1/order/${created.order.id}`, family),
      endpoints.order,
    );
    const db = kit.t.database.db;
    await post(db, {
      userId: family.userId,
      lines: [
        { currency: 'points', delta: 1710 },
        { currency: 'coins', delta: 12 },
        { currency: 'diamonds', delta: 3 },
      ],
      reason: 'test',
      idempotencyKey: `summary-${family.userId}`,
    });
    await db.insert(bookUnlocks).values({ userId: family.userId, bookId: 1101 });
    await db.insert(giftCards).values({
      userId: family.userId,
      product: { kind: 'right', right: 'vip', days: 31 },
      source: 'invite',
      status: 0,
    });
    await seedCamps(db);
    const [camp] = await db.select().from(camps).limit(1);
    if (!camp) throw new Error('no camp');
    await db.insert(campMembers).values({
      campId: camp.id,
      userId: family.userId,
      startDay: '2026-12-01',
      level: 1,
      joinedAt: kit.t.clock.now(),
    });

    const summary = expectOk(
      await kit.get('/api/v1/user/cancel/summary', family),
      endpoints.deletionSummary,
    );
    expect(summary).toEqual({
      rights: [{ name: 'vip', expire_time: paid.right_expire_time, lifetime: false }],
      points: 1710,
      coins: 12,
      credits: 0,
      diamonds: 3,
      gift_cards: [{ kind: 'right', right: 'vip', days: 31, title: null }],
      undelivered_prizes: 0,
      unlocked_books: 1,
      camps: [{ name: camp.name }],
      lottery_chances: 0,
      paid_orders: 1,
    });
    // The VIP is the one user info shows (one valid-until everywhere).
    expect((await kit.userInfo(family)).vip_expire_time).toBe(paid.right_expire_time);
  });

  it("an operator refunds a deleted family's order to the original payment; nothing is re-granted", async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    await kit.payInSandbox(created);
    expectOk(await kit.post('/api/v1/user/cancel', family, {}), endpoints.cancelAccount);
    // The same person starts again (a new account); the old order is not theirs to see.
    const again = await kit.family();
    expectError(await kit.get(`/api/v1/order/${created.order.id}`, again), 200, 10024);

    // One operator session before the burst; 50 refunds at once: one refund.
    expectOk(
      await kit.operator(['commerce'], 'orders.inspect', { order_id: created.order.id }, '查询'),
      endpoints.opsRunAction,
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        kit.operator(
          ['commerce'],
          'orders.refund',
          { order_id: created.order.id },
          '已注销家庭申请退款',
        ),
      ),
    );
    const codes = answers.map((r) => r.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 10400)).toHaveLength(49);
    const done = answers.find((r) => r.json().code === 0);
    const result = expectOk(done as NonNullable<typeof done>, endpoints.opsRunAction).result as {
      order: { status: string; receipt: { refunded_amount: number } };
      rights?: unknown;
    };
    expect(result.order.status).toBe('refunded');
    expect(result.order.receipt.refunded_amount).toBe(2500);
    expect(result.rights).toBeUndefined();

    const db = kit.t.database.db;
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, created.order.id));
    expect(row).toMatchObject({ userId: null, status: 'refunded' });
    const moved = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, row?.id ?? 0));
    expect(moved.map((p) => [p.kind, p.amount, p.method]).sort()).toEqual([
      ['payment', 2500, 'wechat'],
      ['refund', 2500, 'wechat'],
    ]);
    // The grant is marked taken back, anonymised like it; nobody's right changes.
    const grants = await db
      .select()
      .from(rightGrants)
      .where(eq(rightGrants.source, `order:${row?.id}`));
    expect(grants.map((g) => [g.kind, g.userId]).sort()).toEqual([
      ['grant', null],
      ['revoke', null],
    ]);
    const [audit] = await db
      .select()
      .from(operatorAudit)
      .where(
        and(
          eq(operatorAudit.action, 'orders.refund'),
          eq(operatorAudit.target, `order:${created.order.id}`),
        ),
      );
    expect(audit).toMatchObject({ reason: '已注销家庭申请退款' });
    expect((await kit.userInfo(again)).vip).toBe(0);
  });

  it('money that arrives after deletion is held for an operator, who refunds it', async () => {
    const family = await kit.family();
    const created = await kit.buy(family, 'vip_1m');
    expectOk(await kit.post('/api/v1/user/cancel', family, {}), endpoints.cancelAccount);
    // The cashier page was still open: the parent pays after deleting.
    expect(await kit.payInSandbox(created)).toBe(true);
    const db = kit.t.database.db;
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, created.order.id));
    // Paid, granted to nobody.
    expect(row).toMatchObject({ userId: null, status: 'paid', fulfilledAt: null });
    expectOk(
      await kit.operator(
        ['commerce'],
        'orders.refund',
        { order_id: created.order.id },
        '注销后到账',
      ),
      endpoints.opsRunAction,
    );
    const [after] = await db.select().from(orders).where(eq(orders.orderNo, created.order.id));
    expect(after?.status).toBe('refunded');
    const grants = await db
      .select()
      .from(rightGrants)
      .where(eq(rightGrants.source, `order:${row?.id}`));
    expect(grants).toEqual([]);
  });
});
