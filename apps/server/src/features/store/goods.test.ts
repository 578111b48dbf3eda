import { endpoints, type TGoods } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { DEFAULT_GOODS } from './goods.defaults';
import { BROWSER_UA, IOS_UA, type StoreKit, startStoreKit } from './store.test-kit';

/** GET /api/v1/goods and the operators' goods.save (learning-content §7; decision 034). */
let kit: StoreKit;
beforeAll(async () => {
  kit = await startStoreKit();
});
afterAll(() => kit.close());

const XIAODU_UA = 'Mozilla/5.0 (Linux; Android 9) PicBookApp/1.6.0 (Android 9; xiaodu)';
const goods = async (query = '', ua = BROWSER_UA): Promise<TGoods> =>
  expectOk(await kit.get(`/api/v1/goods${query}`, undefined, ua), endpoints.goods);
const now = () => Math.floor(kit.t.clock.now().getTime() / 1000);

describe('GET /api/v1/goods', () => {
  it('in a browser: membership of 1/3/12 months and lifetime, the library and the growth plan', async () => {
    const g = await goods();
    expect(g.channel).toBe('web');
    // The sandbox stands in for WeChat Pay; Alipay is not configured in the tests.
    expect(g.pay_methods).toEqual(['wechat']);
    expect(g.list.map((i) => [i.product_id, i.price, i.days])).toEqual([
      ['vip_1m', 2500, 31],
      ['vip_3m', 6800, 93],
      ['vip_12m', 19800, 366],
      ['vip_life', 59800, null],
      ['library_12m', 12800, 366],
      ['growth_12m', 16800, 366],
      ['du_vip_1m', 2500, 31],
      ['du_vip_12m', 19800, 366],
    ]);
    const life = g.list.find((i) => i.product_id === 'vip_life');
    expect(life).toMatchObject({
      lifetime: true,
      right_name: 'life_vip',
      price_per_day: null,
      full_method: 1,
    });
    expect(g.list.find((i) => i.product_id === 'vip_12m')).toMatchObject({
      original_price: 30000,
      price_per_day: 55,
      badge: '最受欢迎',
      promo: null,
    });
  });

  it('filters by category and by a native purchase intent (our id or the App Store id)', async () => {
    expect((await goods('?category=du_vip')).list.map((i) => i.product_id)).toEqual([
      'du_vip_1m',
      'du_vip_12m',
    ]);
    expect((await goods('?product_id=vip_3m')).list.map((i) => i.product_id)).toEqual(['vip_3m']);
    expect(
      (await goods('?product_id=com.picbook.vip.12m', IOS_UA)).list.map((i) => i.product_id),
    ).toEqual(['vip_12m']);
    expect((await goods('?product_id=nope')).list).toEqual([]);
    expectError(await kit.get('/api/v1/goods?category=toys'), 400, 10001);
    expectError(await kit.get('/api/v1/goods?app_version=latest'), 400, 10001);
  });

  it('on iOS only goods with an App Store product, full_method 0; Xiaodu sees its own membership', async () => {
    const ios = await goods('', IOS_UA);
    expect(ios.channel).toBe('ios');
    expect(ios.list.map((i) => i.product_id)).not.toContain('du_vip_1m');
    expect(ios.list.every((i) => i.full_method === 0 && i.apple_product_id)).toBe(true);
    // No Apple configuration in this test app: nothing can pay here.
    expect(ios.pay_methods).toEqual([]);
    const xiaodu = await goods('', XIAODU_UA);
    expect(xiaodu.list.map((i) => i.product_id)).toEqual(['du_vip_1m', 'du_vip_12m']);
  });
});

describe('goods.save (operators: prices, promotions, availability)', () => {
  // The default month, as an operator would send it back with changes.
  const vip1m = { ...DEFAULT_GOODS.find((g) => g.product_id === 'vip_1m') };

  it('a promotion applies inside its window and orders are priced with it', async () => {
    const start = now() + 3600;
    expectOk(
      await kit.operator(['commerce'], 'goods.save', {
        ...vip1m,
        promo: { price: 1900, label: '限时特惠', start_time: start, end_time: start + 86_400 },
      }),
      endpoints.opsRunAction,
    );
    const before = (await goods('?product_id=vip_1m')).list[0];
    expect(before).toMatchObject({ price: 2500, promo: null });

    kit.t.clock.advance(3600 * 1000);
    const during = (await goods('?product_id=vip_1m')).list[0];
    expect(during).toMatchObject({
      price: 1900,
      original_price: 2500,
      promo: { label: '限时特惠', price: 1900, end_time: start + 86_400 },
    });
    const family = await kit.family();
    const bought = await kit.buy(family, 'vip_1m');
    expect(bought.order).toMatchObject({ amount: 1900, promo_label: '限时特惠' });
    // The order keeps its price; the sandbox is told 19 yuan; the right is granted.
    await kit.payInSandbox(bought);
    expect((await kit.userInfo(family)).vip).toBe(1);

    kit.t.clock.advance(86_400 * 1000);
    expect((await goods('?product_id=vip_1m')).list[0]).toMatchObject({ price: 2500, promo: null });
  });

  it('a coded promotion needs its code', async () => {
    expectOk(
      await kit.operator(['commerce'], 'goods.save', {
        ...vip1m,
        promo: {
          price: 990,
          label: '老用户回馈',
          start_time: now() - 10,
          end_time: now() + 3600,
          code: 'BACK99',
        },
      }),
      endpoints.opsRunAction,
    );
    expect((await goods('?product_id=vip_1m')).list[0]?.price).toBe(2500);
    expect((await goods('?product_id=vip_1m&promo=BACK99')).list[0]?.price).toBe(990);
    const family = await kit.family();
    expect((await kit.buy(family, 'vip_1m')).order.amount).toBe(2500);
    expect(
      expectOk(await kit.order(family, 'vip_1m', { promo: 'BACK99' }), endpoints.createOrder).order
        .amount,
    ).toBe(990);
  });

  it('taking goods off sale hides them and refuses orders', async () => {
    expectOk(
      await kit.operator(['commerce'], 'goods.save', { ...vip1m, on_sale: false }),
      endpoints.opsRunAction,
    );
    expect((await goods()).list.map((i) => i.product_id)).not.toContain('vip_1m');
    expectError(await kit.order(await kit.family(), 'vip_1m'), 200, 15001);
    expectOk(await kit.operator(['commerce'], 'goods.save', vip1m), endpoints.opsRunAction);
    expect((await goods()).list.map((i) => i.product_id)).toContain('vip_1m');
  });

  it.each([
    ['a price in yuan', { price: 25.5 }, 'price'],
    [
      'a promotion above the price',
      { promo: { price: 3000, label: 'x', start_time: 1, end_time: 2 } },
      'promo.price',
    ],
    [
      'a window that ends before it starts',
      { promo: { price: 100, label: 'x', start_time: 5, end_time: 2 } },
      'promo.end_time',
    ],
    ['an unknown right', { right_name: 'gold' }, 'right_name'],
    ['no channel', { channels: [] }, 'channels'],
  ])('refuses %s, naming the field', async (_, change, field) => {
    const res = expectError(
      await kit.operator(['commerce'], 'goods.save', { ...vip1m, ...change }),
      400,
      10001,
    );
    expect(res.msg).toContain(field);
  });

  it('is for commerce (and admin) only', async () => {
    expectError(await kit.operator(['content'], 'goods.save', vip1m), 403, 10403);
  });
});
