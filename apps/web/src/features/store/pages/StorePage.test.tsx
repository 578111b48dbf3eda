import type { TGoods, TGoodsItem, TOrder, TPayAction } from '@picbook/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { queryClient } from '../../../shared/request/query-client';
import { useSession } from '../../../shared/session/session';
import { useStartup } from '../../../shared/startup/startup-store';
import { stubApi } from '../../../test/api-stub';
import { buildUserInfo } from '../../../test/factories';
import StorePage from './StorePage';

const item = (productId: string, overrides: Partial<TGoodsItem> = {}): TGoodsItem => ({
  id: 1,
  product_id: productId,
  category: 'vip',
  title: productId,
  subtitle: '',
  right_name: 'vip',
  days: 31,
  lifetime: false,
  price: 2500,
  original_price: null,
  promo: null,
  price_per_day: 81,
  badge: null,
  full_method: 1,
  apple_product_id: `com.picbook.${productId}`,
  huawei_product_id: null,
  ...overrides,
});
const goods: TGoods = {
  list: [
    item('vip_1m'),
    item('vip_12m', { price: 19800, badge: '最受欢迎' }),
    item('library_12m', { category: 'library', price: 12800 }),
  ],
  channel: 'web',
  pay_methods: ['wechat', 'alipay'],
  sandbox: true,
  now: 1_800_000_000,
};
const orders = { list: [], page: 1, page_size: 3, total: 0 };

function renderStore(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/parents/store', element: <StorePage /> },
      { path: '*', element: <p data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  queryClient.clear();
  useSession.getState().setLogin('token-1');
  useStartup.setState({ user: buildUserInfo(), userState: 'done' });
});
afterEach(cleanup);

const selected = () =>
  screen
    .getAllByTestId('goods-card')
    .filter((c) => c.getAttribute('aria-pressed') === 'true')
    .map((c) => c.getAttribute('data-product'));

describe('StorePage', () => {
  it('chooses the badge product, the first payment method, and shows the price on the button', async () => {
    stubApi({ goods: () => goods, orders: () => orders });
    renderStore('/parents/store');
    await waitFor(() => expect(selected()).toEqual(['vip_12m']));
    expect(screen.getByTestId('pay-button').textContent).toBe('立即支付 ¥198');
    const wechat = within(screen.getByTestId('method-wechat')).getByRole('radio');
    expect((wechat as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('membership-status').textContent).toBe('还不是会员');
    fireEvent.click(screen.getByRole('tab', { name: '绘本馆' }));
    expect(screen.getAllByTestId('goods-card').map((c) => c.getAttribute('data-product'))).toEqual([
      'library_12m',
    ]);
  });

  it('a native purchase intent (pageRef=appStore&productId) lands on its product', async () => {
    stubApi({ goods: () => goods, orders: () => orders });
    renderStore('/parents/store?pageRef=appStore&productId=com.picbook.vip_1m');
    await waitFor(() => expect(selected()).toEqual(['vip_1m']));
    expect(screen.getByTestId('pay-button').textContent).toBe('立即支付 ¥25');
  });

  it('a member sees the last day covered; a device without methods is told so', async () => {
    useStartup.setState({
      user: buildUserInfo({
        vip: 1,
        rights: [
          {
            name: 'vip',
            vip_type: 1,
            expire_duration: 1,
            expire_time: 4_102_444_800,
            create_time: 1,
          },
        ],
      }),
    });
    stubApi({
      goods: () => ({ ...goods, pay_methods: [] }),
      orders: () => orders,
    });
    renderStore('/parents/store');
    expect(await screen.findByText('终身会员 · 永久有效')).toBeTruthy();
    expect(screen.getByText('当前设备暂不支持购买，请在绘本岛 App 或网页中购买')).toBeTruthy();
    expect(screen.queryByTestId('pay-button')).toBeNull();
  });

  it('a pay tap while an order of the goods is unpaid offers to continue that same order', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const waiting: TOrder = {
      id: 'PB261207000000000042',
      product_id: 'vip_12m',
      title: '绘本岛会员·12个月',
      right_name: 'vip',
      days: 366,
      amount: 19800,
      currency: 'CNY',
      pay_method: 'wechat',
      status: 'created',
      promo_label: null,
      create_time: nowS - 60,
      expire_time: nowS + 1700,
      paid_time: null,
      fulfilled_time: null,
      closed_time: null,
      close_reason: null,
      refunded_time: null,
      right_expire_time: null,
      receipt: null,
    };
    const pay: TPayAction = {
      kind: 'qr',
      code_url: 'weixin://wxpay/bizpayurl?pr=abc',
      cashier_url: null,
    };
    const api = stubApi({
      goods: () => goods,
      orders: () => ({ ...orders, list: [waiting], total: 1 }),
      continueOrder: () => ({ order: waiting, pay }),
    });
    renderStore('/parents/store');
    await waitFor(() => expect(selected()).toEqual(['vip_12m']));
    fireEvent.click(screen.getByTestId('pay-button'));
    const offer = await screen.findByTestId('pending-order');
    expect(offer.textContent).toContain('有一笔订单还没有支付');
    expect(offer.textContent).toContain('PB261207000000000042');
    fireEvent.click(within(offer).getByTestId('pending-continue'));
    expect(await screen.findByTestId('qr-pay-sheet')).toBeTruthy();
    expect(screen.queryByTestId('pending-order')).toBeNull();
    // The same order was continued; no new order was made.
    expect(api.calls().filter((c) => c.startsWith('POST'))).toEqual([
      'POST /api/v1/order/PB261207000000000042/pay',
    ]);
  });
});
