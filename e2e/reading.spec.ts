import type { Page } from '@playwright/test';
import { expectFitsBothWays } from './fits';
import { expect, keep, passParentalGate, saveSetting, test } from './fixtures';
import { autoplayAllowed } from './mic';

/** What the reader showed, recorded in the page (see `recordReading`). */
interface ReadingEvent {
  /** The page's clock (performance.now), ms. */
  at: number;
  /** The reader page shown (data-page). */
  page: string;
  /** The play button's label, or the lit word. */
  kind: 'button' | 'lit';
  value: string;
}

/** One reading of a page: from the button saying 暂停 to it saying 播放 again. */
interface PageRead {
  /** The words lit during it, in order, without repeats. */
  lit: string[];
  /** The longest time the page's main thread did not run a task during it, ms. */
  longestStall: number;
}

/**
 * Starts recording, inside the page, what the reader shows: the play button's label and the lit
 * word on each page (in order, without repeats), and when the page's main thread could not run
 * for over 100 ms (a 10 ms timer that came late). In the page, because the test runner's own
 * polling misses short states under load: page 1's narration lasts 1.4 s, and an expectation's
 * retries (up to 1 s apart, each a round trip to the browser) passed it by (decision 083, "The
 * flaky reading journey"). A word counts when it lights up and also when the text band comes
 * in with it already lit (a turned page's band is added once its picture is painted: decision 081).
 */
async function recordReading(page: Page): Promise<{
  take(): Promise<{ events: ReadingEvent[]; stalls: Array<[number, number]> }>;
  stop(): Promise<void>;
}> {
  await page.evaluate(() => {
    const events: ReadingEvent[] = [];
    const stalls: Array<[number, number]> = [];
    const last = { button: '', lit: '' };
    const observer = new MutationObserver(() => {
      const reader = document.querySelector('[data-testid=reader]');
      if (!reader) return;
      const at = performance.now();
      const pageNo = reader.getAttribute('data-page') ?? '';
      const button = reader.querySelector('[data-testid=reader-play]')?.getAttribute('aria-label');
      if (button && `${pageNo}:${button}` !== last.button) {
        last.button = `${pageNo}:${button}`;
        events.push({ at, page: pageNo, kind: 'button', value: button });
      }
      const lit = reader.querySelector('[data-lit]')?.textContent;
      if (lit && `${pageNo}:${lit}` !== last.lit) {
        last.lit = `${pageNo}:${lit}`;
        events.push({ at, page: pageNo, kind: 'lit', value: lit });
      }
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-lit', 'aria-label', 'data-page'],
    });
    let beat = performance.now();
    let timer = 0;
    const tick = () => {
      const now = performance.now();
      if (now - beat > 100) stalls.push([beat, now]);
      beat = now;
      timer = window.setTimeout(tick, 10);
    };
    timer = window.setTimeout(tick, 10);
    (window as unknown as { __reading: unknown }).__reading = {
      events,
      stalls,
      stop: () => {
        observer.disconnect();
        clearTimeout(timer);
      },
    };
  });
  type Recorded = {
    events: ReadingEvent[];
    stalls: Array<[number, number]>;
    stop(): void;
  };
  return {
    take: () =>
      page.evaluate(() => {
        const r = (window as unknown as { __reading: Recorded }).__reading;
        return { events: r.events, stalls: r.stalls };
      }),
    stop: () =>
      page.evaluate(() => (window as unknown as { __reading: Recorded }).__reading.stop()),
  };
}

/** The finished readings of reader page `pageNo` in a recording, in order. */
function readsOf(
  recorded: { events: ReadingEvent[]; stalls: Array<[number, number]> },
  pageNo: number,
): PageRead[] {
  const reads: PageRead[] = [];
  let lit: string[] = [];
  let startedAt: number | null = null;
  for (const event of recorded.events) {
    if (event.page !== String(pageNo)) continue;
    if (event.kind === 'lit') {
      if (event.value !== lit.at(-1)) lit.push(event.value);
    } else if (event.value === '暂停') {
      startedAt ??= event.at;
    } else if (startedAt !== null) {
      const from = startedAt;
      const stalls = recorded.stalls.filter(([a, b]) => b > from && a < event.at);
      reads.push({ lit, longestStall: Math.max(0, ...stalls.map(([a, b]) => b - a)) });
      lit = [];
      startedAt = null;
    }
  }
  return reads;
}

// Sound plays without a tap first, as in the native app shells' web views (a page opened by
// address in a plain browser may wait for a tap; the reading journey opens its book by taps).
test.use(autoplayAllowed);

test.describe('library and reading', () => {
  test('open a free book from the library, read along, turn pages, continue where it stopped', async ({
    loggedInPage: page,
  }) => {
    // Level 1 is the guest's level: The Red Kite (1101) is its free trial book.
    await page.goto('/library');
    // Manual page turning (library_page_type 0), so the test turns every page itself.
    await saveSetting(page, 'library_page_type', '0');
    await page.reload();
    const card = page.locator('[data-testid=book-card][data-book-id="1101"]');
    await expect(card).toBeVisible();
    await expect(card).toContainText('免费');
    // A guest's locked book says what it takes (会员), not 登录: signing in alone opens none.
    await expect(page.locator('[data-testid=book-card][data-book-id="1103"]')).toContainText(
      '会员',
    );
    await keep(page, 'library');

    await card.click();
    await expect(page).toHaveURL(/\/library\/detail\/1101\/1\/0\/0$/);
    await expect(page.getByTestId('book-detail')).toContainText('红风筝');
    await expect(page.getByTestId('mode-buttons')).toBeVisible();
    await keep(page, 'book-detail');

    // 读绘本: the curtain plays, the reader opens on page 1 and the narration starts.
    const recording = await recordReading(page);
    await page
      .getByRole('button', { name: /读绘本/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/library\/read\/1101\/001$/);
    const reader = page.getByTestId('reader');
    const play = page.getByTestId('reader-play');
    await expect(reader).toHaveAttribute('data-page', '1');
    // The button said 暂停 on page 1 (the narration played); it says 播放 again 1.4 s later.
    await expect
      .poll(async () =>
        (await recording.take()).events.some(
          (e) => e.page === '1' && e.kind === 'button' && e.value === '暂停',
        ),
      )
      .toBe(true);

    // Page 2 "Dad has a red kite." — the lit word moves along while the audio plays.
    await page.keyboard.press('ArrowRight');
    await expect(reader).toHaveAttribute('data-page', '2');
    await page.waitForTimeout(600);
    await keep(page, 'reader');
    // Progress arrives every 100 ms, so a 45 ms word ("a") may be skipped; the rest (210 ms or
    // longer) light in order. A word is skipped too when the page's main thread cannot run for
    // longer than it lasts (a loaded machine: 200–490 ms seen at load 13); such a reading is
    // still checked for order, and the page is read again, up to 4 times, for one the browser
    // was not held up on (decision 083, "The flaky reading journey").
    const sentence = ['Dad', 'has', 'a', 'red', 'kite.'];
    for (let n = 1; ; n += 1) {
      await expect
        .poll(async () => readsOf(await recording.take(), 2).length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(n);
      await expect(play).toHaveAttribute('aria-label', '播放');
      const read = readsOf(await recording.take(), 2)[n - 1];
      const lit = read?.lit ?? [];
      expect(lit.map((w) => sentence.indexOf(w))).toEqual(
        lit.map((w) => sentence.indexOf(w)).sort((a, b) => a - b),
      );
      expect(lit).not.toContain(undefined);
      expect(sentence).toEqual(expect.arrayContaining(lit));
      if (lit.length >= 4) break;
      const why = `reading ${n} of page 2 lit "${lit.join(' ')}"; main thread held up ${Math.round(read?.longestStall ?? 0)} ms`;
      expect(read?.longestStall ?? 0, why).toBeGreaterThan(100);
      expect(n, why).toBeLessThan(4);
      await play.click();
    }
    await recording.stop();

    // Turn with the big arrow too, then leave the book.
    await page.getByTestId('reader-next').click();
    await expect(reader).toHaveAttribute('data-page', '3');
    await page.getByRole('button', { name: '返回' }).first().click();
    await expect(page).toHaveURL(/\/library\/detail\/1101/);

    // Continue reading from the library lands on page 3.
    await page.goto('/library');
    const resume = page.getByTestId('continue-reading');
    await expect(resume).toContainText('第 3 / 5 页');
    await page.getByTestId('continue-play').click();
    await expect(page).toHaveURL(/\/library\/read\/1101\/003$/);
    await expect(page.getByTestId('reader')).toHaveAttribute('data-page', '3');

    // A reload mid-book resumes on the page being read, and the detail page says the same page.
    await page.getByTestId('reader-next').click();
    await expect(page.getByTestId('reader')).toHaveAttribute('data-page', '4');
    await expect(page).toHaveURL(/\/library\/read\/1101\/004$/);
    await page.reload();
    await expect(page.getByTestId('reader')).toHaveAttribute('data-page', '4');
    await page.goto('/library/detail/1101/1/0/0');
    await expect(page.getByTestId('mode-buttons')).toContainText('从第 4 页继续');
  });

  test('tapping a word shows its card (meaning, picture) and the highlight moves to it', async ({
    loggedInPage: page,
  }) => {
    await page.setViewportSize({ width: 812, height: 375 });
    await page.goto('/library');
    await saveSetting(page, 'library_page_type', '0');
    await page.goto('/library/read/1101/002');
    const reader = page.getByTestId('reader');
    await expect(reader).toHaveAttribute('data-page', '2');
    const kite = reader.getByRole('button', { name: 'kite.' });
    await kite.click();
    const card = page.getByTestId('word-card');
    await expect(card).toBeVisible();
    await expect(page.getByTestId('word-card-meaning')).toHaveText('风筝');
    await expect(kite).toHaveAttribute('data-lit', 'true');
    await expect(reader.locator('[data-lit]')).toHaveCount(1);
    await keep(page, 'reader-word-card');
    await expectFitsBothWays(
      page,
      card,
      card.getByRole('button', { name: '关闭' }),
      'dialog-word-card',
    );
    // The card stays until closed; closing it leaves the page where it was.
    await card.getByRole('button', { name: '关闭' }).click();
    await expect(card).toBeHidden();
    await expect(reader).toHaveAttribute('data-page', '2');
  });

  test('精讲 waits on a page with notes while they are read; the text band can be put away', async ({
    loggedInPage: page,
  }) => {
    await page.setViewportSize({ width: 812, height: 375 });
    // A device with a Mandarin voice (headless Chromium has none): what it is asked to say is kept.
    await page.addInitScript(() => {
      const spoken: string[] = [];
      const listeners = new Set<() => void>();
      Object.assign(window, {
        __spoken: spoken,
        SpeechSynthesisUtterance: class {
          voice: unknown = null;
          lang = '';
          rate = 1;
          onend: ((e: Event) => void) | null = null;
          onerror: ((e: Event) => void) | null = null;
          constructor(readonly text: string) {}
        },
      });
      Object.defineProperty(window, 'speechSynthesis', {
        value: {
          getVoices: () => [{ lang: 'zh-CN', localService: true, name: '婷婷', default: false }],
          speak: (u: SpeechSynthesisUtterance) => {
            spoken.push(u.text);
            setTimeout(() => u.onend?.call(u, new Event('end') as SpeechSynthesisEvent), 400);
          },
          cancel: () => undefined,
          addEventListener: (_: string, f: () => void) => listeners.add(f),
          removeEventListener: (_: string, f: () => void) => listeners.delete(f),
        },
      });
    });
    // The notes' own voice (decision 099): every book file the reader fetches, in order.
    const fetched: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/media/books/1101/') && path.endsWith('.mp3')) fetched.push(path);
    });
    await page.goto('/library');
    await saveSetting(page, 'library_page_type', '1'); // pages would turn by themselves
    // Opened from the book's page as a child does: the tap on 精讲 is the gesture that lets the
    // narration play (opened by address, the browser may hold it for a tap, and nothing is read).
    await page.goto('/library/detail/1101/1/0/0');
    await page.getByRole('button', { name: /精讲/ }).first().click();
    await expect(page).toHaveURL(/\/library\/explain\/1101\/001$/);
    const reader = page.getByTestId('reader');
    await expect(reader).toHaveAttribute('data-mode', 'explain');
    await expect(page.getByTestId('reader-note')).toBeVisible();
    // The narration ends, and the page stays for the notes well past the automatic turn's 1.5 s.
    await expect(page.getByTestId('reader-play')).toHaveAttribute('aria-label', '播放', {
      timeout: 15_000,
    });
    // The note is said aloud in Mandarin after the narration — its own MP3 made at build time in
    // the owl's voice, not the device's voice and not the English sentence — and again on its
    // button.
    const spoken = () =>
      page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);
    const isNote = (path: string) => /\/n1\.[0-9a-f]{8}\.mp3$/.test(path);
    await expect.poll(() => fetched.some(isNote), { timeout: 15_000 }).toBe(true);
    const listen = page.getByTestId('reader-note-listen');
    await expect(listen).toHaveAttribute('data-speaking', 'true');
    await keep(page, 'reader-explain');
    await expect(listen).not.toHaveAttribute('data-speaking', 'true', { timeout: 15_000 });
    await page.waitForTimeout(1500);
    await expect(reader).toHaveAttribute('data-page', '1');
    const before = fetched.length;
    await listen.click();
    await expect(listen).toHaveAttribute('data-speaking', 'true');
    await expect(listen).toContainText('停一停');
    // Pressing it fetched (if anything) the note, never a sentence of the page.
    expect(fetched.slice(before).every(isNote)).toBe(true);
    expect(await spoken()).toEqual([]);

    // The text band can be put away to see the whole picture, and brought back.
    await page.getByRole('button', { name: '收起文字' }).click();
    await expect(page.getByTestId('reader-band')).toBeHidden();
    await page.getByRole('button', { name: '显示文字' }).click();
    await expect(page.getByTestId('reader-band')).toBeVisible();
  });

  test('pages turn by themselves after the narration; the end screen marks the book read', async ({
    loggedInPage: page,
  }) => {
    // Chinese-assisted reading shows each sentence's translation, and while it shows the page
    // waits for the child (a grown-up may be reading the Chinese out), even with automatic turns.
    await page.goto('/library/cn_read/1101/004');
    const reader = page.getByTestId('reader');
    await expect(reader).toHaveAttribute('data-page', '4');
    // The narration plays and ends; the page stays.
    await expect(page.getByTestId('reader-play')).toHaveAttribute('aria-label', '暂停');
    await expect(page.getByTestId('reader-play')).toHaveAttribute('aria-label', '播放', {
      timeout: 15_000,
    });
    await page.waitForTimeout(3000);
    await expect(reader).toHaveAttribute('data-page', '4');
    // The toggle hides it; then library_page_type 1 (the default) turns to page 5 on its own.
    await page.getByRole('button', { name: '隐藏中文' }).click();
    await expect(reader).toHaveAttribute('data-page', '5', { timeout: 10_000 });
    await expect(reader).not.toContainText('我看见我的红风筝');
    await page.getByRole('button', { name: '显示中文' }).click();
    await expect(reader).toContainText('我看见我的红风筝');
    await page.getByTestId('reader-next').click();
    const end = page.getByTestId('reader-end');
    await expect(end).toContainText('读完啦！');
    await keep(page, 'reader-end');
    // Its three ways on all stay in view, the phone held either way.
    await expectFitsBothWays(page, end, end.getByRole('button').last(), 'dialog-reader-end');
    await expect(end.getByRole('button').first()).toBeInViewport({ ratio: 1 });

    await page.goto('/bookshelf/finished');
    await expect(page.locator('[data-testid=book-card][data-book-id="1101"]')).toBeVisible();
  });

  test('a locked book shows no pages, only the way to unlock it', async ({
    loggedInPage: page,
  }) => {
    await page.goto('/library/read/1103/001');
    await expect(page.getByTestId('reader-locked')).toBeVisible();
    await expect(page.getByTestId('reader')).toHaveCount(0);
  });
});

test.describe('reading without a network', () => {
  test.use({ allowConsoleErrors: ['Failed to load resource', 'ERR_INTERNET_DISCONNECTED'] });

  test('offline mid-book: the child is told, the finish waits and arrives when the network is back', async ({
    loggedInPage: page,
    context,
  }) => {
    await page.setViewportSize({ width: 812, height: 375 });
    await page.goto('/library');
    await saveSetting(page, 'library_page_type', '0');
    await page.goto('/library/read/1101/003');
    const reader = page.getByTestId('reader');
    await expect(reader).toHaveAttribute('data-page', '3');
    await context.setOffline(true);
    await expect(page.getByText('没有检测到网络，请检查网络连接')).toBeVisible();
    await page.getByTestId('reader-next').click();
    await expect(reader).toHaveAttribute('data-page', '4');
    await page.getByTestId('reader-next').click();
    await expect(reader).toHaveAttribute('data-page', '5');
    await page.getByTestId('reader-next').click();
    const end = page.getByTestId('reader-end');
    await expect(end).toHaveAttribute('data-save', 'waiting');
    await expect(page.getByTestId('reader-end-save')).toContainText('连上网后会自动记下');
    await keep(page, 'reader-end-offline');

    // Back online: the finish is sent by itself and the shelf has the book.
    await context.setOffline(false);
    await expect(end).toHaveAttribute('data-save', 'saved', { timeout: 10_000 });
    await expect(page.getByTestId('reader-end-save')).toBeHidden();
    await page.goto('/bookshelf/finished');
    await expect(page.locator('[data-testid=book-card][data-book-id="1101"]')).toBeVisible();
  });
});

test.describe('a book the child opened reads offline', () => {
  test.use({
    serviceWorkers: 'allow',
    allowConsoleErrors: ['Failed to load resource', 'ERR_INTERNET_DISCONNECTED'],
  });

  test('a book kept on the device reads offline after a reload, pictures and all', async ({
    loggedInPage: page,
    context,
  }) => {
    await page.setViewportSize({ width: 812, height: 375 });
    await page.goto('/library');
    await saveSetting(page, 'library_page_type', '0');
    // The first visit installs the worker; it takes the page over at once (clientsClaim).
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 20_000,
    });
    // The book's page offers to keep it on the device, then says how far it got and that it is kept.
    await page.goto('/library/detail/1101/1/0/0');
    const badge = page.getByTestId('offline-badge');
    await expect(badge).toHaveAttribute('data-state', 'none');
    await expect(badge).toHaveText('存到本机，没网也能读');
    await badge.click();
    await expect(badge).toHaveAttribute('data-state', 'loaded', { timeout: 20_000 });
    await expect(badge).toContainText('已存到本机，没网也能读');
    await keep(page, 'detail-offline-kept');
    const keptFiles = await page.evaluate(async () => {
      const cache = await caches.open('picbook-media');
      const keys = await cache.keys();
      return keys.filter((r) => r.url.includes('/media/books/1101/')).length;
    });
    // Five pictures and five narrations at least, kept without their signatures.
    expect(keptFiles).toBeGreaterThanOrEqual(10);
    const reader = page.getByTestId('reader');

    await context.setOffline(true);
    await page.goto('/library/read/1101/004');
    await expect(reader).toHaveAttribute('data-page', '4');
    // Really offline behind the worker too: an answer it never kept cannot come.
    const uncached = await page.evaluate(() =>
      fetch(`/api/v1/configs?probe=${Date.now()}`).then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(uncached).toBe('failed');
    const picture = page.getByTestId('reader-picture');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await page.getByTestId('reader-next').click();
    await expect(reader).toHaveAttribute('data-page', '5');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await keep(page, 'reader-offline-after-reload');
    await context.setOffline(false);
  });
});

test.describe('a saved book opens offline from where the child taps it', () => {
  test.use({
    serviceWorkers: 'allow',
    allowConsoleErrors: ['Failed to load resource', 'ERR_INTERNET_DISCONNECTED'],
  });

  test('read online, then offline: the library and 我的书架 open it, detail and reader; an unsaved book says so at once', async ({
    loggedInPage: page,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 812, height: 375 });
    await page.goto('/library');
    await saveSetting(page, 'library_page_type', '0');
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 20_000,
    });
    await page.goto('/library');
    await expect(page.locator('[data-testid=book-card][data-book-id="1101"]')).toBeVisible();

    // Read it online: opening the reader saves it; its page then says it is on the device.
    await page.goto('/library/detail/1101/1/0/0');
    await expect(page.getByTestId('book-detail')).toContainText('红风筝');
    await page
      .getByRole('button', { name: /读绘本/ })
      .first()
      .click();
    await expect(page.getByTestId('reader')).toHaveAttribute('data-page', '1');
    // While the child reads, the rest of the book and its answers are kept.
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await caches.open('picbook-saved')).keys()).some((r) =>
              r.url.includes('saved-books'),
            ),
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.goto('/library/detail/1101/1/0/0');
    const badge = page.getByTestId('offline-badge');
    await expect(badge).toHaveAttribute('data-state', 'loaded', { timeout: 10_000 });
    await expect(badge).toContainText('已存到本机，没网也能读');
    // Its answers are kept with it, not only in the bounded copy of answers: drop that copy of
    // this book's answers, so what follows can only come from what was saved with the book.
    const kept = await page.evaluate(async () => {
      const api = await caches.open('picbook-api');
      for (const r of await api.keys())
        if (/\/books\/1101(\/|$)/.test(new URL(r.url).pathname)) await api.delete(r);
      const saved = await caches.open('picbook-saved');
      return (await saved.keys()).map((r) => new URL(r.url).pathname);
    });
    expect(kept).toEqual(
      expect.arrayContaining([
        '/api/v1.1/books/1101',
        '/api/v1/books/1101/summary',
        '/api/v1/books/1101/interactive_areas',
      ]),
    );

    // The network goes while the app is open on the library (no reload: the child just taps).
    await page.goto('/library');
    await expect(page.locator('[data-testid=book-card][data-book-id="1101"]')).toBeVisible();
    await context.setOffline(true);
    // From the library: the card says it is saved, the detail shows its text, the reader opens.
    await expect(page.getByTestId('offline-notice')).toHaveText('没有网络，存到本机的书照样能读');
    const card = page.locator('[data-testid=book-card][data-book-id="1101"]');
    await expect(card).toHaveAttribute('data-saved', 'yes');
    await expect(card.getByTestId('book-card-saved')).toHaveText('已存本机');
    await keep(page, 'library-offline');
    await card.click();
    const detail = page.getByTestId('book-detail');
    await expect(detail).toContainText('红风筝', { timeout: 3000 });
    await expect(detail.getByTestId('mode-buttons')).toBeVisible();
    await keep(page, 'detail-offline-saved');
    await page
      .getByRole('button', { name: /读绘本/ })
      .first()
      .click();
    const reader = page.getByTestId('reader');
    await expect(reader).toBeVisible({ timeout: 5000 });
    const picture = page.getByTestId('reader-picture');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // From 我的书架 (a shelf the device may not hold shows the saved books), back in the app.
    for (let i = 0; i < 3 && !(await page.getByTestId('library-page').isVisible()); i++) {
      await page.goBack();
      await page.waitForTimeout(500);
    }
    await expect(page.getByTestId('library-page')).toBeVisible();
    await page.getByRole('button', { name: '我的书架' }).click();
    await expect(page.getByTestId('bookshelf-page')).toBeVisible();
    const shelfCard = page.locator('[data-testid=book-card][data-book-id="1101"]');
    await expect(shelfCard).toHaveAttribute('data-saved', 'yes');
    await keep(page, 'bookshelf-offline');
    await shelfCard.click();
    await expect(detail).toContainText('红风筝', { timeout: 3000 });

    // A book that is not saved says so at once.
    await page.goto('/library');
    const unsaved = page.locator('[data-testid=book-card][data-saved="no"]').first();
    await expect(unsaved).toBeVisible();
    const tapped = Date.now();
    await unsaved.click();
    await expect(page.getByTestId('book-not-saved')).toContainText('这本书还没存到本机', {
      timeout: 2000,
    });
    expect(Date.now() - tapped).toBeLessThan(2000);
    await keep(page, 'detail-offline-not-saved');

    // The same screens upright.
    await page.setViewportSize({ width: 390, height: 844 });
    await keep(page, 'detail-offline-not-saved-portrait');
    await page.goto('/library/detail/1101/1/0/0');
    await expect(detail).toContainText('红风筝');
    await keep(page, 'detail-offline-saved-portrait');
    await page.goto('/library');
    await expect(card).toHaveAttribute('data-saved', 'yes');
    await keep(page, 'library-offline-portrait');
    await page.goto('/bookshelf/recent');
    await expect(shelfCard).toBeVisible();
    await keep(page, 'bookshelf-offline-portrait');
    await context.setOffline(false);
  });

  test('logging out drops every offline copy of the family', async ({ loggedInPage: page }) => {
    await page.goto('/library');
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 20_000,
    });
    await page.goto('/library/detail/1101/1/0/0');
    const badge = page.getByTestId('offline-badge');
    await badge.click();
    await expect(badge).toHaveAttribute('data-state', 'loaded', { timeout: 30_000 });
    const before = await page.evaluate(async () => (await caches.keys()).sort());
    expect(before).toEqual(expect.arrayContaining(['picbook-api', 'picbook-saved']));
    // The family logs out (家长中心 → 退出登录): nothing of it stays for the next one.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/parents/center');
    await passParentalGate(page);
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-confirm').getByRole('button', { name: '退出登录' }).click();
    // Only answers of the signed-out app (no token) may be kept after it; nothing saved stays.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const left: string[] = [];
          const names = await caches.keys();
          for (const name of ['picbook-api', 'picbook-saved']) {
            if (!names.includes(name)) continue;
            for (const r of await (await caches.open(name)).keys()) {
              const who = new URL(r.url).searchParams.get('__who');
              if (name === 'picbook-saved' || who !== 'guest') left.push(`${name} ${r.url}`);
            }
          }
          return left;
        }),
      )
      .toEqual([]);
  });
});
