import type { TGiftCard } from '@picbook/contracts';
import { giftCodeCheckChar } from '@picbook/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { queryClient } from '../../../shared/request/query-client';
import { useSession } from '../../../shared/session/session';
import { useStartup } from '../../../shared/startup/startup-store';
import { apiError, stubApi } from '../../../test/api-stub';
import { buildUserInfo } from '../../../test/factories';
import ActivationPage from './ActivationPage';

const body = 'K7QM4XRT9BWH3NP';
const code = body + giftCodeCheckChar(body);
const card: TGiftCard = {
  id: 500001,
  product: { kind: 'right', title: 'VIP会员 31天', right_name: 'vip', days: 31, lifetime: false },
  code_mask: `****-****-****-${code.slice(-4)}`,
  source: 'code',
  status: 1,
  redeemed_at: 1_800_000_000,
  activated_at: 1_800_000_000,
  expire_time: 1_802_678_400,
  delivery_status: 'none',
};

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <ActivationPage /> }], {
    initialEntries: ['/parents/store/activation'],
  });
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

const input = () => screen.getByTestId('gift-code-input');

describe('ActivationPage', () => {
  it('a typo is caught by the check character without asking the server', () => {
    const api = stubApi({});
    renderPage();
    const typo = `${code.slice(0, 5)}${code[5] === 'A' ? 'B' : 'A'}${code.slice(6)}`;
    fireEvent.input(input(), { target: { value: typo } });
    expect(screen.getByTestId('gift-code-problem').textContent).toBe(
      '兑换码有误，请核对后重新输入',
    );
    fireEvent.click(screen.getByRole('button', { name: '查看兑换内容' }));
    expect(api.calls()).toEqual([]);
    fireEvent.input(input(), { target: { value: `${code.slice(0, 3)}0` } });
    expect(screen.getByTestId('gift-code-problem').textContent).toBe(
      '兑换码中没有这个字符，请核对（0）',
    );
  });

  it('checks, then redeems the canonical code once', async () => {
    const api = stubApi({
      giftCardCheck: () => ({
        product: card.product,
        redeem_before: 1_802_000_000,
        batch_title: '阳光小学',
        redeemed_at: null,
      }),
      giftCardRedeem: () => ({ card, repeated: false }),
    });
    renderPage();
    fireEvent.input(input(), { target: { value: code.toLowerCase().replace(/(.{4})/g, '$1 ') } });
    fireEvent.click(screen.getByRole('button', { name: '查看兑换内容' }));
    expect((await screen.findByTestId('gift-code-gives')).textContent).toContain('VIP会员 31天');
    fireEvent.click(screen.getByRole('button', { name: '立即兑换' }));
    expect((await screen.findByTestId('redeem-done')).textContent).toContain('兑换成功');
    expect(api.calls().filter((c) => c.includes('gift_card'))).toEqual([
      `GET /api/v1/gift_card/check?gift_code=${code}`,
      'POST /api/v1/gift_card/redeem',
    ]);
  });

  it('a code this family already redeemed says when, and offers the cards instead of redeeming', async () => {
    const api = stubApi({
      giftCardCheck: () => ({
        product: card.product,
        redeem_before: 1_802_000_000,
        batch_title: '阳光小学',
        redeemed_at: card.redeemed_at,
      }),
    });
    renderPage();
    fireEvent.input(input(), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: '查看兑换内容' }));
    const used = await screen.findByTestId('gift-code-used');
    expect(used.textContent).toMatch(/^这个兑换码已由你的家庭于 .+ 兑换过，不能再次兑换$/);
    expect(screen.queryByTestId('gift-code-gives')).toBeNull();
    expect(screen.queryByRole('button', { name: '立即兑换' })).toBeNull();
    expect(screen.getByRole('button', { name: '查看我的礼品卡' })).toBeTruthy();
    expect(api.calls().filter((c) => c.includes('redeem'))).toEqual([]);
  });

  it('a code another family used says so (the server’s 16005 message)', async () => {
    stubApi({
      giftCardCheck: () => apiError(16005, '该兑换码已被其他家庭使用'),
    });
    renderPage();
    fireEvent.input(input(), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: '查看兑换内容' }));
    expect((await screen.findByTestId('gift-code-problem')).textContent).toBe(
      '该兑换码已被其他家庭使用',
    );
    expect(screen.queryByRole('button', { name: '立即兑换' })).toBeNull();
  });

  it('a refused code shows the server message', async () => {
    stubApi({
      giftCardCheck: () => apiError(16002, '该兑换码已过期，无法兑换'),
    });
    renderPage();
    fireEvent.input(input(), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: '查看兑换内容' }));
    expect((await screen.findByTestId('gift-code-problem')).textContent).toBe(
      '该兑换码已过期，无法兑换',
    );
  });
});
