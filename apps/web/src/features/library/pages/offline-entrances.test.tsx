/**
 * Decision 096 (issue 39 item 1): offline, a saved book opens from the library, 我的书架 and its
 * detail page; a book that is not saved says so at once; lists the device does not hold show the
 * saved books. The network drops while the app is open (an `offline` event), as a child meets it.
 */
import type { TBookSummary } from '@picbook/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { type SavedBook, useOfflineBooks } from '../../../shared/offline/offline-books';
import { queryClient } from '../../../shared/request/query-client';
import { useSession } from '../../../shared/session/session';
import { useStartup } from '../../../shared/startup/startup-store';
import { useToasts } from '../../../shared/toast/toast-store';
import { stubApi } from '../../../test/api-stub';
import { buildConfigs, buildUserInfo } from '../../../test/factories';
import { buildBookInfo, buildCard, renderLibrary } from '../test-kit';

vi.mock(import('../../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));
vi.mock(import('../../../shared/audio'), () => ({
  createTrack: vi.fn(() => ({ play: vi.fn(), destroy: vi.fn() }) as never),
}));

const kite = buildCard({ id: 1101, title_en: 'The Red Kite', title_cn: '红风筝' });
const family = buildCard({ id: 1102, title_en: 'This Is My Family', title_cn: '这是我的家人' });
const saved: SavedBook = { id: 1101, saved_at: 1, card: kite };

const summary = (): TBookSummary => ({
  book_info: kite.book_info,
  summary_cn: '春天到了，乐乐和爸爸带着小狗去公园放风筝。',
  vocabulary: [],
  reading: null,
  favorite: false,
});
/** What the network does offline: nothing answers (the worker answers the saved book). */
const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  queryClient.clear();
  useSession.getState().setLogin('token-1', 7);
  useStartup.setState({
    configs: buildConfigs(),
    configsState: 'done',
    user: buildUserInfo(),
    userState: 'done',
  });
  useOfflineBooks.setState({ books: {}, saved: { 1101: saved } });
  useToasts.setState({ toasts: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
});

describe('offline: a saved book opens from its entrances', () => {
  it('the detail page shows the saved book (its summary answered from the device), no toast', async () => {
    stubApi({
      bookSummary: () => summary(),
      book: unreachable,
      interactiveAreas: () => ({ lock: 0, list: [] }),
    });
    goOffline();
    renderLibrary('/library/detail/1101/1/0/0');
    const detail = await screen.findByTestId('book-detail');
    expect(detail.textContent).toContain('春天到了');
    expect(within(detail).getByTestId('mode-buttons')).toBeTruthy();
    // Rankings need the network: not shown offline.
    expect(screen.queryByTestId('rank-panel')).toBeNull();
  });

  it('a book that is not saved says so at once, without waiting for the network', async () => {
    const { calls } = stubApi({
      bookSummary: () => new Promise<Response>(() => {}),
    });
    goOffline();
    renderLibrary('/library/detail/1102/1/0/0');
    const panel = screen.getByTestId('book-not-saved');
    expect(panel.textContent).toContain('这本书还没存到本机');
    expect(panel.textContent).toContain('连上网就能读啦');
    expect(screen.queryByTestId('book-detail-loading')).toBeNull();
    expect(calls().length).toBeLessThanOrEqual(1);
  });

  it('the library marks the saved book and greys the others; a tap opens the saved one', async () => {
    stubApi({
      levelBooks: () => ({ level: 1, trial_lesson: [], list: [kite, family] }),
      bookshelf: () => ({ type: 'reading', list: [], total: 0, page: 1, page_size: 20 }),
      bookSummary: () => summary(),
    });
    renderLibrary('/library');
    await screen.findAllByTestId('book-card');
    goOffline();
    expect(screen.getByTestId('offline-notice').textContent).toContain(
      '没有网络，存到本机的书照样能读',
    );
    const [first, second] = screen.getAllByTestId('book-card');
    expect(first?.getAttribute('data-saved')).toBe('yes');
    expect(within(first as HTMLElement).getByTestId('book-card-saved').textContent).toContain(
      '已存本机',
    );
    expect(second?.getAttribute('data-saved')).toBe('no');
    fireEvent.click(first as HTMLElement);
    expect((await screen.findByTestId('book-detail')).textContent).toContain('春天到了');
  });

  it('a library list the device does not hold shows the saved books instead, quickly', async () => {
    stubApi({
      levelBooks: unreachable,
      bookshelf: unreachable,
    });
    goOffline();
    renderLibrary('/library');
    const shelf = await screen.findByTestId('saved-books', undefined, { timeout: 1500 });
    expect(shelf.textContent).toContain('存在本机的书');
    expect(within(shelf).getByTestId('book-card').getAttribute('data-book-id')).toBe('1101');
    expect(useToasts.getState().toasts).toEqual([]);
  });

  it('我的书架 offline: a shelf the device does not hold shows the saved books', async () => {
    stubApi({ bookshelf: unreachable });
    goOffline();
    renderLibrary('/bookshelf/recent');
    const shelf = await screen.findByTestId('saved-books', undefined, { timeout: 1500 });
    expect(within(shelf).getByTestId('book-card').textContent).toContain('The Red Kite');
  });

  it('no saved book: the empty shelf says how a book gets saved', async () => {
    useOfflineBooks.setState({ saved: {} });
    stubApi({ bookshelf: unreachable });
    goOffline();
    renderLibrary('/bookshelf/recent');
    expect((await screen.findByTestId('saved-books-none')).textContent).toContain(
      '连上网读一本，它就会存下来',
    );
  });
});

describe('offline reads fail fast', () => {
  it('back online, the detail of an unsaved book loads by itself', async () => {
    stubApi({
      bookSummary: () => ({
        ...summary(),
        book_info: buildBookInfo({ id: 1102, title_en: 'Family' }),
      }),
      interactiveAreas: () => ({ lock: 0, list: [] }),
    });
    goOffline();
    renderLibrary('/library/detail/1102/1/0/0');
    expect(screen.getByTestId('book-not-saved')).toBeTruthy();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByTestId('book-detail').textContent).toContain('Family'));
  });
});
