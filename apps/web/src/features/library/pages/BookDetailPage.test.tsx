import type { TBookSummary, TInteractiveAreas } from '@picbook/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createTrack } from '../../../shared/audio';
import { curtain } from '../../../shared/curtain/curtain';
import { i18n } from '../../../shared/i18n';
import { queryClient } from '../../../shared/request/query-client';
import { useLoginLayer } from '../../../shared/session/login-layer';
import { useSession } from '../../../shared/session/session';
import { useStartup } from '../../../shared/startup/startup-store';
import { apiError, stubApi } from '../../../test/api-stub';
import { buildConfigs, buildUserInfo } from '../../../test/factories';
import { buildBookInfo, buildReading, renderLibrary } from '../test-kit';

vi.mock(import('../../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));
// happy-dom has no audio: the word chips and hotspots only need to ask for their sound.
vi.mock(import('../../../shared/audio'), () => ({
  createTrack: vi.fn(() => ({ play: vi.fn(), destroy: vi.fn() }) as never),
}));

const DETAIL = '/library/detail/1102/1/0/0';

function buildSummary(overrides: Partial<TBookSummary> = {}): TBookSummary {
  return {
    book_info: buildBookInfo({ id: 1102, title_en: 'Where Is Bobo', title_cn: '波波在哪里' }),
    summary_cn: '小狗波波不见了。',
    vocabulary: [
      { word: 'dog', pos: 'n.', meaning_cn: '狗', example: 'A dog.', audio: '/media/w-dog.mp3' },
    ],
    reading: null,
    favorite: false,
    ...overrides,
  };
}
const lockedAs = (
  lock_reason: 'login' | 'vip' | 'members' | null,
  access_code: 11 | 12 | 21 | 22 | 31,
  can_unlock = false,
) =>
  buildSummary({
    book_info: buildBookInfo({ id: 1102, lock: 1, lock_reason, access_code, can_unlock }),
  });
const noAreas = (): TInteractiveAreas => ({ lock: 0, list: [] });
let enterSpy: MockInstance<typeof curtain.enter>;

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
  useLoginLayer.getState().close();
  // The curtain's cover animation is not what these tests look at.
  enterSpy = vi.spyOn(curtain, 'enter').mockResolvedValue();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  enterSpy.mockRestore();
});

describe('BookDetailPage: a locked book', () => {
  it.each([
    // A guest: what the book takes once signed in, with what signing in and membership give.
    ['login', 11, '这本绘本开通会员就能读', '登录'],
    ['login', 12, '这是会员专享绘本，开通会员就能读', '登录'],
    ['vip', 21, '开通会员即可阅读全部绘本', '开通会员'],
    ['members', 22, '这是会员专享绘本，开通会员即可阅读', '开通会员'],
  ] as const)(
    'explains lock_reason %s (code %i) instead of the modes',
    async (reason, code, text, button) => {
      const api = stubApi({ bookSummary: () => lockedAs(reason, code) });
      renderLibrary(DETAIL);
      const panel = await screen.findByTestId('lock-panel');
      expect(within(panel).getByText(text)).toBeTruthy();
      expect(within(panel).getByRole('button', { name: button })).toBeTruthy();
      expect(screen.queryByTestId('mode-buttons')).toBeNull();
      expect(screen.queryByRole('button', { name: /读绘本/ })).toBeNull();
      // A locked book's hotspots are not asked for.
      expect(api.calls()).not.toContain('GET /api/v1/books/1102/interactive_areas');
    },
  );

  it('opens the login layer for a guest', async () => {
    stubApi({ bookSummary: () => lockedAs('login', 11) });
    renderLibrary(DETAIL);
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(useLoginLayer.getState().isOpen).toBe(true);
  });

  it('shows the book as the new account sees it once the guest has logged in', async () => {
    stubApi({
      bookSummary: ({ headers }) =>
        headers.get('access_token') === 'token-2' ? buildSummary() : lockedAs('login', 11),
      interactiveAreas: noAreas,
    });
    renderLibrary(DETAIL);
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    // What the login layer does on success: a new session (which empties the query cache).
    act(() => {
      useLoginLayer.getState().close();
      useSession.getState().setLogin('token-2');
    });
    await screen.findByTestId('mode-buttons');
    expect(screen.queryByTestId('lock-panel')).toBeNull();
  });

  it('sends a member-to-be to the store', async () => {
    stubApi({ bookSummary: () => lockedAs('vip', 21) });
    const router = renderLibrary(DETAIL);
    fireEvent.click(await screen.findByRole('button', { name: '开通会员' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parents/store'));
  });

  it('unlocks with the experience right, then shows the modes', async () => {
    let unlocked = false;
    const api = stubApi({
      bookSummary: () => (unlocked ? buildSummary() : lockedAs(null, 31, true)),
      unlockBook: () => {
        unlocked = true;
        return { lock: 0, book_info: buildBookInfo({ id: 1102 }) };
      },
      interactiveAreas: noAreas,
    });
    renderLibrary(DETAIL);
    const panel = await screen.findByTestId('lock-panel');
    expect(within(panel).getByText('你可以用体验权益解锁这本绘本')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: '解锁绘本' }));
    await screen.findByTestId('mode-buttons');
    expect(api.calls()).toContain('POST /api/v1/books/1102/unlock');
    expect(screen.queryByTestId('lock-panel')).toBeNull();
  });

  it("shows the server's refusal in the panel", async () => {
    stubApi({
      bookSummary: () => lockedAs(null, 31, true),
      unlockBook: () =>
        apiError(10400, '开通会员即可阅读全部绘本', { reason: 'vip', access_code: 21 }),
    });
    renderLibrary(DETAIL);
    fireEvent.click(await screen.findByRole('button', { name: '解锁绘本' }));
    const refusal = await within(screen.getByTestId('lock-panel')).findByRole('alert');
    expect(refusal.textContent).toBe('开通会员即可阅读全部绘本');
  });
});

describe('BookDetailPage: an open book', () => {
  it('shows titles, level, length, summary and the five modes with 读绘本 first', async () => {
    stubApi({
      bookSummary: () => buildSummary(),
      interactiveAreas: noAreas,
    });
    renderLibrary(DETAIL);
    const modes = await screen.findByTestId('mode-buttons');
    expect(screen.getByRole('heading', { name: 'Where Is Bobo' })).toBeTruthy();
    expect(screen.getByText('波波在哪里')).toBeTruthy();
    expect(screen.getByText('第 1 级')).toBeTruthy();
    expect(screen.getByText('6 页 · 30 个单词 · 约 2 分钟')).toBeTruthy();
    expect(screen.getByText('小狗波波不见了。')).toBeTruthy();
    expect(
      within(modes)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['读绘本', '中文辅助读', '精讲', '跟读', '开口说']);
    expect(screen.queryByTestId('lock-panel')).toBeNull();
  });

  it.each([
    { label: '读绘本', state: 'never read', reading: null, path: '/library/read/1102/001' },
    {
      label: '中文辅助读',
      state: 'stopped at page 4',
      reading: buildReading({ process: '004', page: 4 }),
      path: '/library/cn_read/1102/004',
    },
    {
      label: '精讲',
      state: 'finished',
      reading: buildReading({ process: '006', page: 6, finished: true }),
      path: '/library/explain/1102/001',
    },
    {
      label: '跟读',
      state: 'stopped at page 4',
      reading: buildReading({ process: '004', page: 4 }),
      path: '/library/repeat/1102/001',
    },
    { label: '开口说', state: 'never read', reading: null, path: '/library/speak/1102' },
  ])(
    '$label ($state) → $path, loading the book behind the curtain',
    async ({ label, reading, path }) => {
      const api = stubApi({
        bookSummary: () => buildSummary({ reading }),
        interactiveAreas: noAreas,
        book: () => ({
          book_info: buildBookInfo({ id: 1102 }),
          pages: [],
          vocabulary: [],
          reading: null,
        }),
      });
      const router = renderLibrary(DETAIL);
      const modes = await screen.findByTestId('mode-buttons');
      await act(async () => fireEvent.click(within(modes).getByText(label)));
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      expect(curtain.enter).toHaveBeenCalled();
      expect(api.calls()).toContain('GET /api/v1.1/books/1102');
    },
  );

  it('plays a word of the vocabulary', async () => {
    stubApi({
      bookSummary: () => buildSummary(),
      interactiveAreas: noAreas,
    });
    renderLibrary(DETAIL);
    fireEvent.click(await screen.findByRole('button', { name: '听一听 dog' }));
    expect(createTrack).toHaveBeenCalledWith({ url: '/media/w-dog.mp3' });
  });

  it('toggles the favourite heart', async () => {
    let favorite = false;
    const api = stubApi({
      bookSummary: () => buildSummary({ favorite }),
      interactiveAreas: noAreas,
      favoriteBook: ({ body }) => {
        favorite = body.favorite === 1;
        return { favorite };
      },
    });
    renderLibrary(DETAIL);
    fireEvent.click(await screen.findByRole('button', { name: '收藏绘本' }));
    await screen.findByRole('button', { name: '取消收藏', pressed: true });
    expect(api.calls()).toContain('POST /api/v1/books/1102/favorite');
    expect(favorite).toBe(true);
  });

  it('opens a page picture with its hotspots; a tap says the word in a bubble', async () => {
    stubApi({
      bookSummary: () => buildSummary(),
      interactiveAreas: () => ({
        lock: 0,
        list: [
          {
            page: 2,
            image: '/media/p2.webp',
            image_small: '/media/p2-s.webp',
            placeholder: 'data:image/webp;base64,AAAA',
            hotspots: [
              { word: 'dog', audio: '/media/h-dog.mp3', x: 0.1, y: 0.5, w: 0.2, h: 0.3 },
              { word: 'ball', audio: '/media/h-ball.mp3', x: 0.6, y: 0.05, w: 0.1, h: 0.1 },
            ],
          },
        ],
      }),
    });
    renderLibrary(DETAIL);
    fireEvent.click(await screen.findByRole('button', { name: '第 2 页的互动图画' }));
    const viewer = screen.getByTestId('hotspot-viewer');
    const dog = within(viewer).getByRole('button', { name: '点一点：dog' });
    expect(dog.style.left).toBe('20.00%');
    expect(dog.style.top).toBe('65.00%');
    fireEvent.click(dog);
    expect(createTrack).toHaveBeenLastCalledWith({ url: '/media/h-dog.mp3' });
    expect(within(viewer).getByText('dog', { selector: '[aria-live]' })).toBeTruthy();
    fireEvent.click(within(viewer).getByRole('button', { name: '关闭' }));
    expect(screen.queryByTestId('hotspot-viewer')).toBeNull();
  });
});
