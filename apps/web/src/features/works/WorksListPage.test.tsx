import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { curtain } from '../../shared/curtain/curtain';
import { i18n } from '../../shared/i18n';
import { queryClient } from '../../shared/request/query-client';
import { useSession } from '../../shared/session/session';
import { useStartup } from '../../shared/startup/startup-store';
import { useToasts } from '../../shared/toast/toast-store';
import { apiError, stubApi } from '../../test/api-stub';
import { buildConfigs, buildUserInfo } from '../../test/factories';
import { buildOverview, buildWorksPage, renderWorks } from './test-kit';
import { worksKeys } from './works-queries';

vi.mock(import('../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));

let enterSpy: MockInstance<typeof curtain.enter>;

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  queryClient.clear();
  useToasts.setState({ toasts: [] });
  useSession.getState().setLogin('token-1');
  useStartup.setState({
    configs: buildConfigs(),
    configsState: 'done',
    user: buildUserInfo({ id: 100001 }),
    userState: 'done',
  });
  enterSpy = vi.spyOn(curtain, 'enter').mockResolvedValue();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  enterSpy.mockRestore();
});

const ids = () => screen.getAllByTestId('work-card').map((c) => c.dataset.workId);
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
const toasts = () => useToasts.getState().toasts.map((t) => [t.kind, t.message]);

describe('WorksListPage', () => {
  it('loads 50 a page and stops once the page reaches page_count', async () => {
    const api = stubApi({
      userWorks: ({ query }) =>
        query.get('page') === '2'
          ? buildWorksPage([51, 52], 2, 2, 52)
          : buildWorksPage(range(1, 50), 1, 2, 52),
    });
    renderWorks('/works/list');
    await waitFor(() => expect(ids()).toHaveLength(50));
    expect(screen.getByTestId('works-total').textContent).toBe('共 52 个作品');
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(ids()).toHaveLength(52));
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    expect(screen.getByText('没有更多作品啦')).toBeTruthy();
    expect(api.calls()).toEqual([
      'GET /api/v1/user/works/100001?type=-1&sort=time_desc&page=1&page_size=50',
      'GET /api/v1/user/works/100001?type=-1&sort=time_desc&page=2&page_size=50',
    ]);
  });

  it('filters by mode and level and orders by score, kept in the address', async () => {
    const api = stubApi({
      userWorks: () => buildWorksPage([1, 2]),
    });
    const router = renderWorks('/works/list');
    await waitFor(() => expect(ids()).toHaveLength(2));
    expect(screen.getByRole('radio', { name: '全部' }).getAttribute('aria-checked')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: '口语' })));
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: '第 3 级' })));
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: '最高分' })));
    await waitFor(() =>
      expect(api.calls().at(-1)).toBe(
        'GET /api/v1/user/works/100001?type=2&level=3&sort=score_desc&page=1&page_size=50',
      ),
    );
    expect(router.state.location.search).toBe('?type=2&level=3&sort=score_desc');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('radio', { name: '第 3 级' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('offers to show all works when a filter leaves none', async () => {
    stubApi({
      userWorks: ({ query }) =>
        query.get('level') === '6' ? buildWorksPage([]) : buildWorksPage([1]),
    });
    const router = renderWorks('/works/list?level=6');
    expect(await screen.findByText('没有符合条件的作品')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '看全部作品' })));
    await waitFor(() => expect(ids()).toEqual(['1']));
    expect(router.state.location.search).toBe('');
  });

  it('deletes one of my works after a confirmation, with the spec toast, and updates the caches', async () => {
    const deleted: string[] = [];
    stubApi({
      userWorks: () => buildWorksPage([1, 2, 3]),
      deleteWork: ({ url }) => {
        deleted.push(url.pathname);
        return { id: 2 };
      },
    });
    // The home page, cached from before, counts the work too.
    queryClient.setQueryData(
      worksKeys.home(100001),
      buildOverview({ works_count: 3, likes_total: 0 }),
    );
    renderWorks('/works/list');
    await waitFor(() => expect(ids()).toHaveLength(3));
    const second = screen.getAllByTestId('work-card')[1] as HTMLElement;
    fireEvent.click(within(second).getByRole('button', { name: '删除作品' }));
    const dialog = await screen.findByRole('dialog', { name: '删除这个作品吗？' });
    // Changing one's mind deletes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: '不删了' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(within(second).getByRole('button', { name: '删除作品' }));
    await act(async () =>
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }),
      ),
    );
    await waitFor(() => expect(ids()).toEqual(['1', '3']));
    expect(deleted).toEqual(['/api/v1/user/works/2']);
    expect(toasts()).toEqual([['success', '作品删除成功']]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('works-total').textContent).toBe('共 2 个作品');
    expect(queryClient.getQueryData(worksKeys.home(100001))).toMatchObject({ works_count: 2 });
  });

  it('shows a refused delete (10400) as an info toast and keeps the work', async () => {
    stubApi({
      userWorks: () => buildWorksPage([1]),
      deleteWork: () => apiError(10400, '操作不允许'),
    });
    renderWorks('/works/list');
    await waitFor(() => expect(ids()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '删除作品' }));
    await act(async () =>
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }),
      ),
    );
    await waitFor(() => expect(toasts()).toEqual([['info', '操作不允许']]));
    expect(ids()).toEqual(['1']);
  });

  it("lists another child's public works (?user=) without delete buttons", async () => {
    const api = stubApi({
      userWorks: () => buildWorksPage([4, 5]),
    });
    const router = renderWorks('/works/list?user=200002');
    await waitFor(() => expect(ids()).toHaveLength(2));
    expect(api.calls()[0]).toMatch(/^GET \/api\/v1\/user\/works\/200002\?/);
    expect(screen.getByRole('heading', { name: '乐乐的作品' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除作品' })).toBeNull();
    // The filter keeps whose list it is.
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: '跟读' })));
    expect(router.state.location.search).toBe('?user=200002&type=1');
  });

  it("says kindly when another child's works are not public (10024)", async () => {
    stubApi({ userWorks: () => apiError(10024, '记录不存在') });
    renderWorks('/works/list?user=200002');
    expect(await screen.findByText('家长还没有公开作品')).toBeTruthy();
    expect(toasts()).toEqual([]);
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});
