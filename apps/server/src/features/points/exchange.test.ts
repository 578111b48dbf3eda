import { endpoints } from '@picbook/contracts';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { type MallKit, type Member, startMallKit } from '../../../test/mall-kit';
import { ledgerEntries, operatorAudit, pointsOrders } from '../../platform/db/schema';

/**
 * Goods exchange and cancel: points and stock move together in one transaction; no overselling,
 * no negative points, refunds once — every once-only payment (exchange, cancel, support's
 * correction) with 50 concurrent requests on PostgreSQL (TEST_DATABASE_URL); on PGlite the same
 * tests run one connection at a time.
 */
let kit: MallKit;
const EXCHANGE = '/api/v1/points_mall/goods/exchange';
const CANCEL = '/api/v1/points_mall/order/cancel';

beforeAll(async () => {
  kit = await startMallKit();
});
afterAll(() => kit.close());
beforeEach(() => kit.t.clock.set(new Date('2026-11-21T02:00:00Z')));

const points = async (m: Member) =>
  expectOk(await kit.get('/api/v1/points_mall/points/detail', m), endpoints.pointsDetail).points;
const skuStock = async (itemId: number, m: Member) =>
  expectOk(
    await kit.get(`/api/v1/points_mall/goods/detail?item_id=${itemId}`, m),
    endpoints.goodsDetail,
  ).skus[0]?.stock;
/** The ledger rows of these families whose idempotency key starts with the prefix. */
const ledgerRows = (userIds: number[], prefix: string) =>
  kit.t.database.db
    .select()
    .from(ledgerEntries)
    .where(
      and(inArray(ledgerEntries.userId, userIds), like(ledgerEntries.idempotencyKey, `${prefix}%`)),
    );
const ordersOfSku = (skuId: number | undefined) =>
  kit.t.database.db
    .select()
    .from(pointsOrders)
    .where(eq(pointsOrders.skuId, skuId ?? 0));

describe('exchange', () => {
  it('a physical goods: points and stock go down together; the order keeps the address', async () => {
    const m = await kit.member();
    await kit.givePoints(m, 250);
    const { itemId, skuIds } = await kit.goods({ skus: [{ title: '红色', price: 100, stock: 5 }] });
    const addressId = await kit.address(m);

    // Goods sent by post need an address.
    const noAddress = expectError(
      await kit.post(EXCHANGE, m, { item_id: itemId, sku_id: skuIds[0] }),
      400,
      10001,
    );
    expect(noAddress.msg).toBe('请选择收货地址');

    const { order, points: left } = expectOk(
      await kit.post(EXCHANGE, m, { item_id: itemId, sku_id: skuIds[0], address_id: addressId }),
      endpoints.exchangeGoods,
    );
    expect(left).toBe(150);
    expect(order).toMatchObject({
      item_id: itemId,
      sku_title: '红色',
      points: 100,
      status: 1,
      can_cancel: true,
      address: { name: '王小明', region: '北京市 朝阳区', street: '朝阳路100号1单元101' },
    });
    expect(await skuStock(itemId, m)).toBe(4);
    const detail = expectOk(
      await kit.get(`/api/v1/points_mall/order/detail?order_id=${order.order_id}`, m),
      endpoints.orderDetail,
    );
    expect(detail.order.order_id).toBe(order.order_id);
    const list = expectOk(await kit.get('/api/v1/points_mall/order/list', m), endpoints.orderList);
    expect(list).toMatchObject({ total: 1, points: 150 });
    // Someone else's order does not exist for me.
    expectError(
      await kit.get(
        `/api/v1/points_mall/order/detail?order_id=${order.order_id}`,
        await kit.member(),
      ),
      200,
      10024,
    );
  });

  it('10019 with not enough points, 10025 out of stock; nothing changes', async () => {
    const m = await kit.member();
    await kit.givePoints(m, 99);
    const { itemId, skuIds } = await kit.goods({ skus: [{ title: '一个', price: 100, stock: 1 }] });
    const addressId = await kit.address(m);
    const body = { item_id: itemId, sku_id: skuIds[0], address_id: addressId };
    const poor = expectError(await kit.post(EXCHANGE, m, body), 200, 10019);
    expect(poor.msg).toContain('积分不足');
    expect(await points(m)).toBe(99);
    expect(await skuStock(itemId, m)).toBe(1);

    const rich = await kit.member();
    await kit.givePoints(rich, 1000);
    const richAddress = await kit.address(rich);
    expectOk(
      await kit.post(EXCHANGE, rich, { ...body, address_id: richAddress }),
      endpoints.exchangeGoods,
    );
    const gone = expectError(
      await kit.post(EXCHANGE, rich, { ...body, address_id: richAddress }),
      200,
      10025,
    );
    expect(gone.msg).toContain('兑完');
    expect(await points(rich)).toBe(900);
  });

  it('someone else’s address, an unknown SKU and goods off the shelf are refused', async () => {
    const m = await kit.member();
    await kit.givePoints(m, 500);
    const other = await kit.member();
    const { itemId, skuIds } = await kit.goods();
    const theirs = await kit.address(other);
    expectError(
      await kit.post(EXCHANGE, m, { item_id: itemId, sku_id: skuIds[0], address_id: theirs }),
      200,
      10024,
    );
    expectError(
      await kit.post(EXCHANGE, m, { item_id: itemId, sku_id: 999_999, address_id: theirs }),
      200,
      10024,
    );
  });

  it('membership days and coins are delivered at once; virtual orders cannot be cancelled', async () => {
    const m = await kit.member();
    await kit.givePoints(m, 1000);
    const vip = await kit.goods({
      kind: 'vip',
      skus: [{ title: '7天', price: 300, stock: 100, grant_days: 7 }],
    });
    const coins = await kit.goods({
      kind: 'coins',
      skus: [{ title: '100金币', price: 100, stock: 100, grant_coins: 100 }],
    });
    const bought = expectOk(
      await kit.post(EXCHANGE, m, { item_id: vip.itemId, sku_id: vip.skuIds[0] }),
      endpoints.exchangeGoods,
    );
    expect(bought.order).toMatchObject({
      status: 3,
      can_cancel: false,
      address: null,
      kind: 'vip',
    });
    const user = expectOk(await kit.get('/api/v1/user', m), endpoints.userInfo);
    expect(user.vip).toBe(1);
    const vipRight = user.rights.find((r) => r.name === 'vip');
    // Rights run to the end of a China calendar day (decision 033): 7 days and the rest of today.
    expect(vipRight?.expire_duration).toBeGreaterThanOrEqual(7 * 86_400);
    expect(vipRight?.expire_duration).toBeLessThan(8 * 86_400);
    // A second one extends the same right.
    expectOk(
      await kit.post(EXCHANGE, m, { item_id: vip.itemId, sku_id: vip.skuIds[0] }),
      endpoints.exchangeGoods,
    );
    const again = expectOk(await kit.get('/api/v1/user', m), endpoints.userInfo);
    expect(again.rights.filter((r) => r.name === 'vip')).toHaveLength(1);
    const extended = again.rights.find((r) => r.name === 'vip')?.expire_duration ?? 0;
    expect(extended - (vipRight?.expire_duration ?? 0)).toBe(7 * 86_400);

    expectOk(
      await kit.post(EXCHANGE, m, { item_id: coins.itemId, sku_id: coins.skuIds[0] }),
      endpoints.exchangeGoods,
    );
    const after = expectOk(await kit.get('/api/v1/user', m), endpoints.userInfo);
    expect(after.coins).toBe(100);
    expect(await points(m)).toBe(300);
    const refused = expectError(
      await kit.post(CANCEL, m, { order_id: bought.order.order_id }),
      200,
      10400,
    );
    expect(refused.msg).toContain('不能取消');
  });

  it('one exchange sent 50 times at once with one request id is made and paid once', async () => {
    const m = await kit.member();
    await kit.givePoints(m, 1000);
    const { itemId, skuIds } = await kit.goods({
      skus: [{ title: '一个', price: 100, stock: 10 }],
    });
    const addressId = await kit.address(m);
    const body = {
      item_id: itemId,
      sku_id: skuIds[0],
      address_id: addressId,
      request_id: 'tap-1234abcd',
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => kit.post(EXCHANGE, m, body)),
    );
    // All 50 succeed and answer the one order.
    const ids = answers.map((r) => expectOk(r, endpoints.exchangeGoods).order.order_id);
    expect(new Set(ids).size).toBe(1);
    expect(await points(m)).toBe(900);
    expect(await skuStock(itemId, m)).toBe(9);
    expect((await ordersOfSku(skuIds[0])).map((o) => o.id)).toEqual([ids[0]]);
    const rows = await ledgerRows([m.userId], 'points-exchange:');
    expect(rows.map((r) => [r.idempotencyKey, r.delta, r.balanceAfter])).toEqual([
      [`points-exchange:${ids[0]}:points`, -100, 900],
    ]);
  });

  it('50 concurrent exchanges of the last 3 sell exactly 3 and take exactly 3 × price', async () => {
    const price = 120;
    const { itemId, skuIds } = await kit.goods({ skus: [{ title: '最后三件', price, stock: 3 }] });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => kit.member()));
    const addresses: number[] = [];
    for (const buyer of buyers) {
      await kit.givePoints(buyer, 500);
      addresses.push(await kit.address(buyer));
    }
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        kit.post(EXCHANGE, buyer, { item_id: itemId, sku_id: skuIds[0], address_id: addresses[i] }),
      ),
    );
    const codes = answers.map((r) => r.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.filter((c) => c === 10025)).toHaveLength(47);
    const balances = await Promise.all(buyers.map(points));
    expect(balances.reduce((sum, b) => sum + (500 - b), 0)).toBe(3 * price);
    expect(await skuStock(itemId, buyers[0] as Member)).toBe(0);
    // Three orders, each paid by one ledger row of its buyer — the buyers who got a success.
    const winners = buyers.filter((_, i) => codes[i] === 0).map((b) => b.userId);
    const sold = await ordersOfSku(skuIds[0]);
    expect(sold.map((o) => o.userId).sort()).toEqual([...winners].sort());
    const rows = await ledgerRows(
      buyers.map((b) => b.userId),
      'points-exchange:',
    );
    expect(rows.map((r) => [r.userId, r.idempotencyKey, r.delta]).sort()).toEqual(
      sold.map((o) => [o.userId, `points-exchange:${o.id}:points`, -price]).sort(),
    );
  });

  it('one family exchanging 50 times at once cannot go below zero points', async () => {
    const m = await kit.member();
    await kit.givePoints(m, 350);
    const { itemId, skuIds } = await kit.goods({
      skus: [{ title: '一个', price: 100, stock: 60 }],
    });
    const addressId = await kit.address(m);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        kit.post(EXCHANGE, m, { item_id: itemId, sku_id: skuIds[0], address_id: addressId }),
      ),
    );
    const codes = answers.map((r) => r.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.filter((c) => c === 10019)).toHaveLength(47);
    expect(await points(m)).toBe(50);
    // A refused exchange takes no stock (or gives back what it took).
    expect(await skuStock(itemId, m)).toBe(57);
    const made = await ordersOfSku(skuIds[0]);
    expect(made).toHaveLength(3);
    const rows = await ledgerRows([m.userId], 'points-exchange:');
    expect(rows.map((r) => [r.idempotencyKey, r.delta]).sort()).toEqual(
      made.map((o) => [`points-exchange:${o.id}:points`, -100]).sort(),
    );
    expect(rows.map((r) => r.balanceAfter).sort((x, y) => x - y)).toEqual([50, 150, 250]);
  });
});

describe('cancel', () => {
  it('returns points and stock once, also when asked 50 times at once', async () => {
    const m = await kit.member();
    await kit.givePoints(m, 300);
    const { itemId, skuIds } = await kit.goods({ skus: [{ title: '一个', price: 200, stock: 2 }] });
    const addressId = await kit.address(m);
    const { order } = expectOk(
      await kit.post(EXCHANGE, m, { item_id: itemId, sku_id: skuIds[0], address_id: addressId }),
      endpoints.exchangeGoods,
    );
    expect(await points(m)).toBe(100);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => kit.post(CANCEL, m, { order_id: order.order_id })),
    );
    const codes = answers.map((r) => r.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 10400)).toHaveLength(49);
    const cancelled = answers.find((r) => r.json().code === 0);
    expect(cancelled && expectOk(cancelled, endpoints.cancelOrder)).toMatchObject({
      points: 300,
      order: { order_id: order.order_id, status: 4 },
    });
    expect(await points(m)).toBe(300);
    expect(await skuStock(itemId, m)).toBe(2);
    const refunds = await ledgerRows([m.userId], 'points-refund:');
    expect(refunds.map((r) => [r.idempotencyKey, r.delta, r.balanceAfter])).toEqual([
      [`points-refund:${order.order_id}:points`, 200, 300],
    ]);
    const done = expectOk(
      await kit.get(`/api/v1/points_mall/order/detail?order_id=${order.order_id}`, m),
      endpoints.orderDetail,
    );
    expect(done.order).toMatchObject({ status: 4, can_cancel: false });
    expect(done.order.cancel_time).toBeTypeOf('number');
    const records = expectOk(
      await kit.get('/api/v1/points_mall/points/record', m),
      endpoints.pointsRecord,
    );
    expect(records.list[0]?.title).toMatch(/^取消兑换退回 · 测试商品/);
  });

  it('a shipped order is no longer the family’s to cancel; support can, with a reason', async () => {
    const m = await kit.member();
    await kit.givePoints(m, 100);
    const { itemId, skuIds } = await kit.goods({ skus: [{ title: '一个', price: 100, stock: 3 }] });
    const addressId = await kit.address(m);
    const { order } = expectOk(
      await kit.post(EXCHANGE, m, { item_id: itemId, sku_id: skuIds[0], address_id: addressId }),
      endpoints.exchangeGoods,
    );
    expectOk(
      await kit.action('points.shipOrder', {
        order_id: order.order_id,
        carrier: '顺丰速运',
        tracking_no: 'SF1234567890',
      }),
      endpoints.opsRunAction,
    );
    const shipped = expectOk(
      await kit.get(`/api/v1/points_mall/order/detail?order_id=${order.order_id}`, m),
      endpoints.orderDetail,
    ).order;
    expect(shipped).toMatchObject({ status: 2, carrier: '顺丰速运', tracking_no: 'SF1234567890' });
    expectError(await kit.post(CANCEL, m, { order_id: order.order_id }), 200, 10400);
    expectError(await kit.action('points.cancelOrder', { order_id: order.order_id }), 400, 10001);
    expectOk(
      await kit.action('points.cancelOrder', { order_id: order.order_id }, '包裹丢失'),
      endpoints.opsRunAction,
    );
    expect(await points(m)).toBe(100);
    // Shipped goods do not come back to the shelf.
    expect(await skuStock(itemId, m)).toBe(2);
  });
});

describe('operator actions', () => {
  it('stock is adjusted without going below zero; goods are validated and audited', async () => {
    const { itemId, skuIds } = await kit.goods({ skus: [{ title: '一个', price: 10, stock: 2 }] });
    const m = await kit.member();
    expectOk(
      await kit.action('points.adjustStock', { sku_id: skuIds[0], delta: 5 }),
      endpoints.opsRunAction,
    );
    expect(await skuStock(itemId, m)).toBe(7);
    const below = expectError(
      await kit.action('points.adjustStock', { sku_id: skuIds[0], delta: -8 }),
      400,
      10001,
    );
    expect(below.msg).toContain('delta');
    const noDays = expectError(
      await kit.action('points.saveGoods', {
        title: '会员',
        image: '/media/mall/vip.svg',
        kind: 'vip',
        skus: [{ title: '7天', price: 10, stock: 1 }],
      }),
      400,
      10001,
    );
    expect(noDays.msg).toContain('skus.0.grant_days');
    // Off the shelf: gone from the list and the detail.
    expectOk(
      await kit.action('points.saveGoods', {
        item_id: itemId,
        title: '下架的',
        image: '/media/mall/plush.svg',
        kind: 'physical',
        status: 0,
        skus: [{ sku_id: skuIds[0], title: '一个', price: 10 }],
      }),
      endpoints.opsRunAction,
    );
    const list = expectOk(await kit.get('/api/v1/points_mall/goods/list', m), endpoints.goodsList);
    expect(list.list.some((g) => g.item_id === itemId)).toBe(false);
    expectError(await kit.get(`/api/v1/points_mall/goods/detail?item_id=${itemId}`, m), 200, 10024);
  });

  it('support corrects points once per request id', async () => {
    const m = await kit.member();
    const input = { user_id: m.userId, points: 40, request_id: 'fix-0001-abc' };
    expectOk(await kit.action('points.grant', input, '补发活动积分'), endpoints.opsRunAction);
    expectError(await kit.action('points.grant', input, '补发活动积分'), 200, 10104);
    expectError(
      await kit.action(
        'points.grant',
        { ...input, points: -100, request_id: 'fix-0002-abc' },
        '扣回',
      ),
      400,
      10001,
    );
    expect(await points(m)).toBe(40);
  });

  it('a correction sent 50 times at once with one request id moves the points once', async () => {
    const m = await kit.member();
    await kit.givePoints(m, 10);
    const requestId = `fix-${m.userId}-race`;
    const input = { user_id: m.userId, points: 40, request_id: requestId };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => kit.action('points.grant', input, '补发活动积分')),
    );
    const codes = answers.map((r) => r.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 10104)).toHaveLength(49);
    const granted = answers.find((r) => r.json().code === 0);
    expect(granted && expectOk(granted, endpoints.opsRunAction).result).toEqual({
      user_id: m.userId,
      points: 50,
    });
    expect(await points(m)).toBe(50);
    const rows = await ledgerRows([m.userId], 'ops-points:');
    expect(rows.map((r) => [r.reason, r.idempotencyKey, r.delta, r.balanceAfter])).toEqual([
      [`ops-points:${requestId}`, `ops-points:${requestId}:points`, 40, 50],
    ]);
    // One audit row: each refused copy rolled back with its audit row.
    const audit = await kit.t.database.db
      .select()
      .from(operatorAudit)
      .where(
        and(eq(operatorAudit.action, 'points.grant'), eq(operatorAudit.target, `user:${m.userId}`)),
      );
    expect(audit.map((a) => [a.before, a.after])).toEqual([[{ points: 10 }, { points: 50 }]]);
  });

  it('the marketing stock never shows more than the real stock', async () => {
    const { itemId } = await kit.goods({
      show_fake_stock: true,
      skus: [{ title: '一个', price: 10, stock: 3 }],
    });
    const m = await kit.member();
    const list = expectOk(await kit.get('/api/v1/points_mall/goods/list', m), endpoints.goodsList);
    const goods = list.list.find((g) => g.item_id === itemId);
    expect(goods?.fake_stock).toEqual({ total: 421, remaining: 3 });
  });
});
