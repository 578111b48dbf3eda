import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../shared/request/query-client';
import { getDeviceSetting } from '../../../shared/settings/device-settings';
import { chinaToday } from '../../child';
import { DailyLotteryModal } from './DailyLotteryModal';

/** §4 daily lottery modal: shown when the last shown day differs from today; marked on close. */
const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const info = {
  id: 3,
  title: '每日幸运转盘',
  rules: '规则',
  start_time: 1,
  end_time: 4_000_000_000,
  status: 1,
  awards: [],
  chances_count: 0,
  apply_methods: [],
  daily_benefit: { chances: 1, status: 0 },
  points: 0,
};
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  queryClient.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      if (String(input).includes('/lottery/get_reward')) {
        return json({ chances_count: 1, daily_benefit: { chances: 1, status: 1 } });
      }
      return json(info);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(userId = 42) {
  const router = createMemoryRouter(
    [
      { path: '/parents/points', element: <DailyLotteryModal lotteryId={3} userId={userId} /> },
      { path: '/act/lotteryWheel/:id', element: <p data-testid="wheel-page" /> },
    ],
    { initialEntries: ['/parents/points'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('daily lottery modal', () => {
  it('shows once a day: closing marks today for this user', async () => {
    show();
    const dialog = await screen.findByTestId('daily-lottery-modal');
    expect(dialog.textContent).toContain('今天的 1 次免费抽奖机会已经准备好啦');
    fireEvent.click(screen.getByRole('button', { name: '明天再说' }));
    expect(screen.queryByTestId('daily-lottery-modal')).toBeNull();
    expect(getDeviceSetting('modal_last_shown', 42)).toBe(chinaToday());
    cleanup();
    calls.length = 0;
    show();
    await waitFor(() => expect(calls).toEqual([]));
    expect(screen.queryByTestId('daily-lottery-modal')).toBeNull();
    // Another child's account on the same tablet still sees it.
    cleanup();
    show(43);
    expect(await screen.findByTestId('daily-lottery-modal')).toBeTruthy();
  });

  it('collects the free spins and opens the wheel', async () => {
    const router = show();
    fireEvent.click(await screen.findByRole('button', { name: '领取并去抽奖' }));
    await screen.findByTestId('wheel-page');
    expect(router.state.location.pathname).toBe('/act/lotteryWheel/3');
    expect(calls.some((c) => c.includes('/api/v1/lottery/get_reward'))).toBe(true);
    expect(getDeviceSetting('modal_last_shown', 42)).toBe(chinaToday());
  });
});
