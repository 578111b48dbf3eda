import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { curtain } from '../../shared/curtain/curtain';
import { i18n } from '../../shared/i18n';
import { queryClient } from '../../shared/request/query-client';
import { useSession } from '../../shared/session/session';
import { useSettings } from '../../shared/settings/user-settings';
import { useStartup } from '../../shared/startup/startup-store';
import { useToasts } from '../../shared/toast/toast-store';
import { apiError, stubApi } from '../../test/api-stub';
import { buildConfigs, buildUserInfo } from '../../test/factories';
import { buildOverview, renderWorks } from './test-kit';

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
  // The curtain's cover animation is not what these tests look at.
  enterSpy = vi.spyOn(curtain, 'enter').mockResolvedValue();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  enterSpy.mockRestore();
});

const cards = () => screen.getAllByTestId('work-card');

describe('WorksHomePage', () => {
  it("shows the child's own home: profile, counts, best works and the parents' hint", async () => {
    const api = stubApi({ userOverview: () => buildOverview() });
    renderWorks('/works/home');
    await screen.findByRole('heading', { name: '乐乐' });
    expect(api.calls()).toEqual(['GET /api/v1/user/overview/100001']);
    expect(screen.getByText('北京')).toBeTruthy();
    expect(screen.getByText('第 2 级')).toBeTruthy();
    expect(screen.getByTestId('works-count').textContent).toBe('2');
    expect(screen.getByTestId('likes-total').textContent).toBe('5');
    expect(cards().map((c) => c.dataset.workId)).toEqual(['7', '8']);
    const [first, second] = cards();
    expect(within(first as HTMLElement).getByText('跟读')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('95分')).toBeTruthy();
    expect(within(first as HTMLElement).getByRole('img', { name: '3 颗星' })).toBeTruthy();
    expect(within(second as HTMLElement).getByText('口语')).toBeTruthy();
    expect(within(second as HTMLElement).getByRole('img', { name: '1 颗星' })).toBeTruthy();
    expect(screen.getByTestId('works-parents-hint').textContent).toContain(
      '在家长中心可以设置是否公开作品',
    );
    // The choice itself is for parents, behind the gate: nothing to switch here.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('says plainly that new readings make no works while 录音只保存在本机 is on', async () => {
    stubApi({ userOverview: () => buildOverview() });
    const before = useSettings.getState().values;
    renderWorks('/works/home');
    await screen.findByRole('heading', { name: '乐乐' });
    expect(screen.queryByTestId('works-device-only')).toBeNull();
    act(() => useSettings.setState({ values: { ...before, recording_device_only: 1 } }));
    try {
      expect((await screen.findByTestId('works-device-only')).textContent).toBe(
        '录音只保存在本机：这个模式下新的朗读不会变成作品，也不上排行榜。家长可以在家长中心关掉它。',
      );
    } finally {
      useSettings.setState({ values: before });
    }
  });

  it("opens a work's replay and the whole list", async () => {
    stubApi({ userOverview: () => buildOverview() });
    const router = renderWorks('/works/home');
    await screen.findByRole('heading', { name: '乐乐' });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: '听一听《绘本1101》' })),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/library/production/1101/7'));
    await act(async () => router.navigate(-1));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '全部作品' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/works/list'));
    expect(router.state.location.search).toBe('');
  });

  it("shows another child's public home without the parents' hint; 全部作品 names the child", async () => {
    stubApi({
      userOverview: () =>
        buildOverview({
          user: { ...buildOverview().user, id: 200002, nickname: '朵朵' },
          is_self: false,
          is_public: true,
        }),
    });
    const router = renderWorks('/works/home/200002');
    await screen.findByRole('heading', { name: '朵朵' });
    expect(screen.getByTestId('works-home').dataset.own).toBe('0');
    expect(screen.queryByTestId('works-parents-hint')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '全部作品' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/works/list'));
    expect(router.state.location.search).toBe('?user=200002');
  });

  it("says kindly that another child's works are not public (10024), without an error toast", async () => {
    stubApi({
      userOverview: () => apiError(10024, '记录不存在'),
    });
    renderWorks('/works/home/200002');
    expect(await screen.findByText('家长还没有公开作品')).toBeTruthy();
    expect(useToasts.getState().toasts).toEqual([]);
  });

  it('treats a malformed user id like a hidden one, without asking the server', async () => {
    const api = stubApi({});
    renderWorks('/works/home/abc');
    expect(await screen.findByText('家长还没有公开作品')).toBeTruthy();
    expect(api.calls()).toEqual([]);
  });

  it('invites the child to read when there are no works yet', async () => {
    stubApi({
      userOverview: () => buildOverview({ best: [], works_count: 0, likes_total: 0 }),
    });
    const router = renderWorks('/works/home');
    expect(await screen.findByText('还没有作品，去跟读一本绘本吧！')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '去绘本馆' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
  });
});
