import type { TMyEarnings } from '@picbook/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n';
import { queryClient } from '../../shared/request/query-client';
import { useSession } from '../../shared/session/session';
import { useStartup } from '../../shared/startup/startup-store';
import { stubApi } from '../../test/api-stub';
import { buildConfigs, buildUserInfo } from '../../test/factories';
import { ChildTopBar } from './ChildTopBar';

const credits: TMyEarnings = {
  balances: { coins: 22, credits: 19, diamonds: 7 },
  totals: { coins: 22, credits: 29, diamonds: 7 },
  list: [
    {
      reason: 'kob:1101',
      kind: 'kob',
      title_cn: '阅读挑战',
      book_title: '红风筝',
      currency: 'credits',
      amount: -10,
      created_at: 1_780_000_100,
    },
    {
      reason: 'finish:1101:repeat',
      kind: 'finish',
      title_cn: '绘本跟读得分',
      book_title: '红风筝',
      currency: 'credits',
      amount: 3,
      created_at: 1_780_000_000,
    },
  ],
};

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  queryClient.clear();
  useSession.getState().setLogin('token-1');
  useStartup.setState({
    configs: buildConfigs(),
    configsState: 'done',
    user: { ...buildUserInfo({ id: 100001 }), coins: 22, credits: 19, diamonds: 7 },
    userState: 'done',
  });
});
afterEach(() => cleanup());

const renderBar = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <ChildTopBar /> }])} />
    </QueryClientProvider>,
  );

describe('ChildTopBar: one name per balance, each pill opens its own record', () => {
  it('names each pill once (金币, 学分, 钻石) and shows its balance', () => {
    renderBar();
    expect(screen.getByRole('button', { name: '金币 22' }).textContent).toBe('22');
    expect(screen.getByRole('button', { name: '学分 19' }).textContent).toBe('19');
    expect(screen.getByRole('button', { name: '钻石 7' }).textContent).toBe('7');
    expect(screen.queryByText(/积分/)).toBeNull();
  });

  it('the 学分 pill opens the credits record: what it is for, in and out, with the book', async () => {
    const api = stubApi({ myAward: () => credits });
    renderBar();
    fireEvent.click(screen.getByTestId('pill-credits'));
    const dialog = await screen.findByRole('dialog', { name: '学分' });
    await waitFor(() => expect(within(dialog).getByText('现在有 19 学分')).toBeTruthy());
    expect(within(dialog).getByText(/攒够 10 学分/)).toBeTruthy();
    expect(within(dialog).getByText('挑战赛 · 红风筝')).toBeTruthy();
    expect(within(dialog).getByText('-10')).toBeTruthy();
    expect(within(dialog).getByText('+3')).toBeTruthy();
    expect(api.calls()).toEqual(['GET /api/v1/user/my_award?currency=credits']);
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
