import type { TShelf, TShelfType } from '@picbook/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { queryClient } from '../../../shared/request/query-client';
import { useSession } from '../../../shared/session/session';
import { useStartup } from '../../../shared/startup/startup-store';
import { stubApi, unstubbed } from '../../../test/api-stub';
import { buildConfigs, buildUserInfo } from '../../../test/factories';
import { buildCard, buildReading, renderLibrary } from '../test-kit';

vi.mock(import('../../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));

const shelfPage = (type: TShelfType, page: number, ids: number[], total: number): TShelf => ({
  type,
  list: ids.map((id) => buildCard({ id, title_en: `Book ${id}` }, buildReading())),
  total,
  page,
  page_size: 20,
});
const titles = () => screen.getAllByTestId('book-card').map((c) => c.dataset.bookId);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  queryClient.clear();
  useSession.getState().setLogin('token-1');
  useStartup.setState({
    configs: buildConfigs(),
    configsState: 'done',
    user: buildUserInfo(),
    userState: 'done',
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BookshelfPage', () => {
  it('pages through a shelf with 加载更多 (20 a page)', async () => {
    const first = Array.from({ length: 20 }, (_, i) => 2001 + i);
    const api = stubApi({
      bookshelf: ({ query }) =>
        query.get('page') === '2'
          ? shelfPage('recent', 2, [2021, 2022], 22)
          : shelfPage('recent', 1, first, 22),
    });
    renderLibrary('/bookshelf/recent');
    await screen.findByText('Book 2001');
    expect(titles()).toHaveLength(20);
    expect(screen.getByText('共 22 本')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('Book 2022');
    expect(titles()).toHaveLength(22);
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    expect(api.calls()).toEqual([
      'GET /api/v1/bookshelf/recent?page=1',
      'GET /api/v1/bookshelf/recent?page=2',
    ]);
  });

  it('switches shelves in place (replace) and shows a friendly empty shelf', async () => {
    stubApi({
      bookshelf: (request) =>
        request.params.type === 'recent'
          ? shelfPage('recent', 1, [2001], 1)
          : request.params.type === 'favorites'
            ? shelfPage('favorites', 1, [], 0)
            : unstubbed(request),
    });
    const router = renderLibrary('/bookshelf/recent');
    await screen.findByText('Book 2001');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '我的收藏' })));
    await screen.findByTestId('shelf-empty');
    expect(router.state.location.pathname).toBe('/bookshelf/favorites');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('tab', { name: '我的收藏' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    fireEvent.click(screen.getByRole('button', { name: '去绘本馆' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
  });

  it('shows the recent shelf for an unknown shelf type', async () => {
    stubApi({ bookshelf: () => shelfPage('recent', 1, [2001], 1) });
    const router = renderLibrary('/bookshelf/everything');
    await screen.findByText('Book 2001');
    expect(router.state.location.pathname).toBe('/bookshelf/recent');
  });
});
