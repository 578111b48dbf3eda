import type { TShelf } from '@picbook/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { curtain } from '../../../shared/curtain/curtain';
import { i18n } from '../../../shared/i18n';
import { storage } from '../../../shared/platform/storage';
import { queryClient } from '../../../shared/request/query-client';
import { useSession } from '../../../shared/session/session';
import { useStartup } from '../../../shared/startup/startup-store';
import { apiError, stubApi, unstubbed } from '../../../test/api-stub';
import { buildConfigs, buildUserInfo } from '../../../test/factories';
import { LEVEL_KEY } from '../library-config';
import { buildCard, buildReading, renderLibrary } from '../test-kit';

vi.mock(import('../../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));

const categories = [
  { id: 1, description_cn: '家庭生活', description_en: 'Family' },
  { id: 3, description_cn: '动物', description_en: 'Animals' },
  { id: 4, description_cn: '季节与自然', description_en: 'Seasons & Nature' },
];

const levelOne = {
  level: 1,
  trial_lesson: [],
  list: [
    buildCard({ id: 1101, title_en: 'The Red Kite', category: 1, book_type: 1, access_code: 13 }),
    buildCard({
      id: 1102,
      title_en: 'Where Is Bobo',
      category: 3,
      access_code: 11,
      lock: 1,
      lock_reason: 'login',
    }),
    buildCard({ id: 1103, title_en: 'Wake Up Panda', category: 3 }, buildReading({ page: 2 })),
  ],
};
const levelTwo = {
  level: 2,
  trial_lesson: [],
  list: [buildCard({ id: 1201, title_en: 'Float or Sink', level: 2, category: 4 })],
};
const emptyShelf: TShelf = { type: 'reading', list: [], total: 0, page: 1, page_size: 20 };

const cardTitles = () =>
  screen.getAllByTestId('book-card').map((card) => card.querySelector('[lang="en"]')?.textContent);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  queryClient.clear();
  storage.remove(LEVEL_KEY);
  useSession.getState().setLogin('token-1');
  useStartup.setState({
    configs: buildConfigs({ book_categories: categories }),
    configsState: 'done',
    user: buildUserInfo({ level: 1 }),
    userState: 'done',
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LibraryPage', () => {
  it("shows the level's books as cards with their access badges and reading state", async () => {
    stubApi({
      levelBooks: () => levelOne,
      bookshelf: () => emptyShelf,
    });
    renderLibrary('/library');
    expect(screen.getAllByTestId('book-card-skeleton')).toHaveLength(6);
    await screen.findByText('The Red Kite');
    expect(cardTitles()).toEqual(['The Red Kite', 'Where Is Bobo', 'Wake Up Panda']);
    const [free, locked, reading] = screen.getAllByTestId('book-card');
    expect(within(free as HTMLElement).getByText('免费')).toBeTruthy();
    expect(within(locked as HTMLElement).getByText('会员')).toBeTruthy();
    expect(within(reading as HTMLElement).getByText('第2页')).toBeTruthy();
    expect(screen.queryByTestId('continue-reading')).toBeNull();
  });

  it('filters by the categories present in the level (全部 first)', async () => {
    stubApi({
      levelBooks: () => levelOne,
      bookshelf: () => emptyShelf,
    });
    renderLibrary('/library');
    await screen.findByText('The Red Kite');
    const chips = screen
      .getAllByRole('button', { pressed: false })
      .concat(screen.getAllByRole('button', { pressed: true }))
      .map((b) => b.textContent);
    expect(chips.sort()).toEqual(['全部', '动物', '家庭生活'].sort());
    expect(screen.queryByRole('button', { name: '季节与自然' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '动物' }));
    expect(cardTitles()).toEqual(['Where Is Bobo', 'Wake Up Panda']);
    expect(screen.getByRole('button', { name: '动物' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    expect(cardTitles()).toHaveLength(3);
  });

  it('remembers the chosen level and loads its books', async () => {
    const api = stubApi({
      levelBooks: (request) =>
        ({ '1': levelOne, '2': levelTwo })[request.params.level] ?? unstubbed(request),
      bookshelf: () => emptyShelf,
    });
    renderLibrary('/library');
    await screen.findByText('The Red Kite');
    fireEvent.click(screen.getByRole('tab', { name: /L2/ }));
    await screen.findByText('Float or Sink');
    expect(storage.get(LEVEL_KEY)).toBe('2');
    expect(api.calls()).toContain('GET /api/v1.2/learning/level/2');
    cleanup();

    renderLibrary('/library');
    await screen.findByText('Float or Sink');
    expect(screen.getByRole('tab', { name: /L2/ }).getAttribute('aria-selected')).toBe('true');
  });

  it("opens the user's level by default", async () => {
    useStartup.setState({ user: buildUserInfo({ level: 2 }) });
    stubApi({
      levelBooks: () => levelTwo,
      bookshelf: () => emptyShelf,
    });
    renderLibrary('/library');
    await screen.findByText('Float or Sink');
  });

  it('opens the book detail of a tapped card', async () => {
    stubApi({
      levelBooks: () => levelOne,
      bookshelf: () => emptyShelf,
    });
    const router = renderLibrary('/library');
    await screen.findByText('Where Is Bobo');
    await act(async () => fireEvent.click(screen.getByText('Where Is Bobo')));
    expect(router.state.location.pathname).toBe('/library/detail/1102/1/0/0');
  });

  it('offers 继续阅读: the last unfinished book, straight into its mode at its page', async () => {
    const current = buildCard(
      { id: 1305, title_en: 'Splash', level: 3 },
      buildReading({ process: '004', page: 4, mode: 'cn_read' }),
    );
    stubApi({
      levelBooks: () => levelOne,
      bookshelf: () => ({ ...emptyShelf, list: [current], total: 1 }),
      book: () => ({
        book_info: current.book_info,
        pages: [],
        vocabulary: [],
        reading: current.reading,
      }),
    });
    const router = renderLibrary('/library');
    const hero = await screen.findByTestId('continue-reading');
    expect(within(hero).getByText('第 4 / 6 页')).toBeTruthy();

    const enter = vi.spyOn(curtain, 'enter').mockResolvedValue();
    fireEvent.click(within(hero).getByRole('button', { name: '接着读《绘本1305》' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library/cn_read/1305/004'));
    expect(enter).toHaveBeenCalled();
    enter.mockRestore();
  });

  it('draws the cards once 继续阅读 is known: it comes first and moves no card', async () => {
    const current = buildCard(
      { id: 1305, title_en: 'Splash', level: 3 },
      buildReading({ process: '004', page: 4 }),
    );
    let answer: (shelf: TShelf) => void = () => {};
    stubApi({
      levelBooks: () => levelOne,
      bookshelf: () => new Promise<TShelf>((resolve) => (answer = resolve)),
    });
    renderLibrary('/library');
    // The level's books are in, the reading shelf is not: skeletons, no card to move later.
    await waitFor(() =>
      expect(screen.getByTestId('library-page').querySelector('[aria-busy="true"]')).toBeTruthy(),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryAllByTestId('book-card')).toHaveLength(0);
    answer({ ...emptyShelf, list: [current], total: 1 });
    const hero = await screen.findByTestId('continue-reading');
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    const grid = hero.parentElement as HTMLElement;
    expect(grid.firstElementChild).toBe(hero);
  });

  it('leads to the bookshelf', async () => {
    stubApi({
      levelBooks: () => levelOne,
      bookshelf: (request) =>
        ({ reading: emptyShelf, recent: { ...emptyShelf, type: 'recent' as const } })[
          request.params.type
        ] ?? unstubbed(request),
    });
    const router = renderLibrary('/library');
    fireEvent.click(await screen.findByRole('button', { name: '我的书架' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookshelf/recent'));
  });

  it('has no 继续阅读 and no bookshelf without a session', async () => {
    useSession.getState().logout();
    const api = stubApi({ levelBooks: () => levelOne });
    renderLibrary('/library');
    await screen.findByText('The Red Kite');
    expect(screen.queryByRole('button', { name: '我的书架' })).toBeNull();
    expect(api.calls().some((c) => c.includes('bookshelf'))).toBe(false);
  });

  it('offers a retry when the books do not load', async () => {
    let fail = true;
    stubApi({
      levelBooks: () => (fail ? apiError(10001, '系统繁忙') : levelOne),
      bookshelf: () => emptyShelf,
    });
    renderLibrary('/library');
    // One automatic retry of the query, then the problem panel.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试一下' }));
    await screen.findByText('The Red Kite');
  });
});
