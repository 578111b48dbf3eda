import type { TStageFinishInfo } from '@picbook/contracts';
import { courseRewardState } from '@picbook/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../shared/request/query-client';
import { stubApi } from '../../../test/api-stub';
import FinishPage from './FinishPage';

vi.mock(import('../../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

type Pay = { coins: number; diamonds: number };

function finishInfo(score: number, stars: number, paidNow: Pay, paidInAll: Pay): TStageFinishInfo {
  return {
    course: {
      uuid: 'c-2-2',
      process_id: 101212,
      kind: 'parts',
      title_cn: '自己读',
      title_en: 'Read',
      duration: 5,
      sub_path: 1,
      position: 2,
      part_types: ['book_read'],
      status: 2,
      best_score: score,
      stars,
    },
    last: {
      report_id: 9,
      score,
      stars,
      ...paidNow,
      reward_state: courseRewardState(paidNow, paidInAll),
    },
    stage: { status: 1, reward: { coins: 5, diamonds: 1, status: 0 } },
    week: { status: 1, reward: { coins: 10, diamonds: 3, status: 0 } },
    next: null,
    balances: { coins: 40, credits: 0, diamonds: 2 },
  };
}

function renderFinish(info: TStageFinishInfo) {
  stubApi({ stageFinishInfo: () => info });
  const router = createMemoryRouter(
    [{ path: '/learning/finish/:level/:world/:stage/:subPath/:subStage', element: <FinishPage /> }],
    {
      initialEntries: ['/learning/finish/1/1/2/1/2'],
    },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const none = { coins: 0, diamonds: 0 };

/**
 * Issue 39: the card says what the ledger did. `paidNow` is what this finish posted to the
 * ledger, `paidInAll` what the course has posted altogether (as the server reads them).
 */
describe('the finish card says what the ledger paid (issue 39)', () => {
  it.each([
    [
      'first finish with stars: paid N coins',
      86,
      2,
      { coins: 2, diamonds: 0 },
      { coins: 2, diamonds: 0 },
      '+2',
    ],
    ['first finish with 0 stars: nothing paid, try again', 39, 0, none, none, '还没有拿到星星'],
    [
      'better re-try: the difference paid',
      95,
      3,
      { coins: 1, diamonds: 1 },
      { coins: 3, diamonds: 1 },
      '+1',
    ],
    [
      'same or worse re-try: already collected',
      60,
      1,
      none,
      { coins: 2, diamonds: 0 },
      '奖励已经领过啦',
    ],
  ] as const)('%s', async (_case, score, stars, paidNow, paidInAll, shown) => {
    renderFinish(finishInfo(score, stars, paidNow, paidInAll));
    expect((await screen.findByTestId('learning-finish-score')).textContent).toBe(`得分 ${score}`);
    const paid = paidNow.coins + paidNow.diamonds > 0;
    if (paid) {
      // The amount counts up to what this finish paid.
      await waitFor(() =>
        expect(screen.getByTestId('learning-finish-coins').textContent).toBe(shown),
      );
      expect(screen.queryByTestId('learning-finish-note')).toBeNull();
    } else {
      expect(screen.getByTestId('learning-finish-note').textContent).toContain(shown);
      expect(screen.queryByTestId('learning-finish-coins')).toBeNull();
    }
    // Never "already collected" when nothing was ever paid for the course.
    if (paidInAll.coins + paidInAll.diamonds === 0) {
      expect(screen.queryByText(/已经领过/)).toBeNull();
    }
  });
});
