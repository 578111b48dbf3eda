import type { TFootprints, TMission, TMissions } from '@picbook/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/request/query-client';
import { apiError, stubApi, unstubbed } from '../../test/api-stub';
import GrowthPage from './pages/GrowthPage';

vi.mock(import('../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const cover = { image: '/c.png', image_small: '/c.png', placeholder: '' };
const mission = (
  id: number,
  inner: string,
  type: number,
  status: number,
  coins: number,
  diamonds = 0,
): TMission => ({
  id,
  inner_id: inner,
  title: inner,
  desc: '',
  day: 0,
  type,
  status,
  book_seq: 0,
  step: status > 0 ? 1 : 0,
  target: 1,
  book_info: null,
  reward: { coins, diamonds },
  link: '/library',
});

const missions: TMissions = {
  status: 4,
  list: [
    mission(1, 'read_book', 1, 1, 5),
    mission(2, 'finish_course', 2, 0, 5),
    mission(4, 'streak', 4, 1, 20, 2),
  ],
  recommend: Array.from({ length: 12 }, (_, i) => ({
    kind: 'book' as const,
    id: `book:${i}`,
    title: `书${i}`,
    cover: '/c.png',
    link: `/library/detail/${i}/1/0/0`,
  })),
};
const footprints: TFootprints = {
  level: 1,
  current_day: 1,
  days: [
    {
      day: 1,
      current: true,
      list: [
        {
          ...mission(9, 'footprint:1:1101', 1, 1, 5),
          day: 1,
          book_info: { id: 1101, title_en: 'A', title_cn: 'A', level: 1, cover },
        },
      ],
    },
  ],
};

function renderGrowth() {
  const router = createMemoryRouter([{ path: '*', element: <GrowthPage /> }], {
    initialEntries: ['/mission/growth'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('growth missions screen (§4 bulk finish, recommendation list)', () => {
  it('collect all posts each finished mission, skips one collected elsewhere, and shows one growth reward', async () => {
    const { calls } = stubApi({
      missions: () => missions,
      footprints: () => footprints,
      collectMission: (request) =>
        ({
          '1': { id: 1, reward: { coins: 5, diamonds: 0 }, coins: 5, diamonds: 0 },
          '4': apiError(10104, '已经领过'),
          '9': { id: 9, reward: { coins: 5, diamonds: 0 }, coins: 10, diamonds: 0 },
        })[request.params.id] ?? unstubbed(request),
    });
    renderGrowth();
    const all = await screen.findByTestId('collect-all');
    await waitFor(() => expect((all as HTMLButtonElement).disabled).toBe(false));
    expect(all.textContent).toContain('3');
    fireEvent.click(all);
    const burst = await screen.findByTestId('growth-reward');
    expect(screen.getByTestId('growth-reward-coins').textContent).toContain('+10 金币');
    expect(screen.queryByTestId('growth-reward-diamonds')).toBeNull();
    expect(
      calls()
        .filter((c) => c.startsWith('POST'))
        .sort(),
    ).toEqual([
      'POST /api/v1/user/missions/1',
      'POST /api/v1/user/missions/4',
      'POST /api/v1/user/missions/9',
    ]);
    fireEvent.click(burst);
    expect(screen.queryByTestId('growth-reward')).toBeNull();
  });

  it('shows three recommendations; 换一批 shows three others from the same shuffled walk', async () => {
    stubApi({
      missions: () => missions,
      footprints: () => footprints,
    });
    renderGrowth();
    await waitFor(() => expect(screen.getAllByTestId('recommend-card')).toHaveLength(3));
    const first = screen.getAllByTestId('recommend-card').map((c) => c.textContent);
    fireEvent.click(screen.getByTestId('recommend-next'));
    const second = screen.getAllByTestId('recommend-card').map((c) => c.textContent);
    // A pool of 12: nine remain after the first page, so the walk goes on without repeats.
    expect(second).toHaveLength(3);
    expect(second.filter((t) => first.includes(t))).toEqual([]);
  });
});
