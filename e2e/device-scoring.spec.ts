import type { BrowserContext, Locator, Page, Request } from '@playwright/test';
import { expect, keep, passParentalGate, saveSetting, test } from './fixtures';
import { fakeMicrophone, micReady, rewardTier } from './mic';

/**
 * Scoring on the device in the screens (issue 37, decision 110), with Chromium's fake microphone
 * (e2e/mic.ts: The Red Kite's first sentence). Offline, repeat mode scores the sentence on the
 * device at once; back online the recording is filed once (the queue, a replay and a second tab
 * all file the same recording), the server's judgement replaces the device's on screen and the
 * reward is paid once. With 录音只保存在本机 nothing is uploaded at all.
 */
test.use({ ...fakeMicrophone, viewport: { width: 812, height: 375 } });
test.skip(!micReady, 'ffmpeg is needed to make the fake microphone input');
// A child who has used speaking on this device before: a recording screen loads the scorer.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('picbook_speaking_used', '1'));
});

/** What the queue keeps in IndexedDB, the WAV as base64. */
interface Queued {
  clientId: string;
  userId: number;
  duration: number;
  refText: string;
  filing: Record<string, string | number>;
  wav: string;
}

function readQueue(page: Page): Promise<Queued[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('picbook-recordings', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('queue', { keyPath: 'clientId' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const all = await new Promise<Array<Record<string, unknown> & { wav: Blob }>>(
      (resolve, reject) => {
        const req = db.transaction('queue').objectStore('queue').getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      },
    );
    db.close();
    return Promise.all(
      all.map(async (entry) => {
        const bytes = new Uint8Array(await entry.wav.arrayBuffer());
        let binary = '';
        for (const b of bytes) binary += String.fromCharCode(b);
        return { ...entry, wav: btoa(binary) } as unknown as Queued;
      }),
    );
  });
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('access_token') ?? '');

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: { access_token: await token(page) } });
  const body = await res.json();
  expect(body.code, `${path}: ${body.msg}`).toBe(0);
  return body.data as T;
}

/** Waits until the page's device scorer has its model (loaded while online). */
async function deviceReady(page: Page) {
  await expect(page.locator('html[data-device-speech]')).toHaveCount(1, { timeout: 120_000 });
}

const isUpload = (request: Request) =>
  request.method() === 'POST' && /\/api\/v1\/(speech|audio)\b/.test(request.url());

/** From the book's page into repeat mode on its first sentence; the scorer loaded online. */
async function openRepeatWithScorer(page: Page): Promise<void> {
  await page.goto('/library/detail/1101/1/0/0');
  await page.getByRole('button', { name: /跟读/ }).first().click();
  await expect(page).toHaveURL(/\/library\/repeat\/1101\/001/);
  await expect(page.getByTestId('practice-text')).toHaveText('It is a windy day.');
  await deviceReady(page);
}

/** Records the sentence (the fake microphone); the device's score shows, the reading ok. */
async function recordOnDevice(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '点我开始录音' }).click();
  const view = page.getByTestId('score-view');
  await expect(view).toBeVisible({ timeout: 60_000 });
  await expect(view).toHaveAttribute('data-channel', 'device');
  await expect(view).toHaveAttribute('data-verdict', 'ok');
  await expect(page.getByTestId('score-device')).toHaveText('本机打分');
  return view;
}

/** The upload requests (speech, audio) of the context from now on. */
function uploadsOf(context: BrowserContext): string[] {
  const uploads: string[] = [];
  context.on('request', (request) => {
    if (isUpload(request)) uploads.push(request.url());
  });
  return uploads;
}

test.describe('offline', () => {
  test.use({
    allowConsoleErrors: ['ERR_INTERNET_DISCONNECTED', 'Failed to load resource', 'Failed to fetch'],
  });

  test('scores on the device offline, files once when online, the server judges and pays once', async ({
    loggedInPage: page,
    context,
  }) => {
    test.setTimeout(300_000);
    await page.goto('/library');
    const user = async () => api<{ id: number; coins: number }>(page, '/api/v1/user');
    const before = await user();
    await openRepeatWithScorer(page);
    const practiceUrl = page.url();

    // Offline: the recording is scored on the device at once; nothing goes to the server.
    const uploads = uploadsOf(context);
    await context.setOffline(true);
    const view = await recordOnDevice(page);
    expect(await view.locator('[data-status]').count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('practice-best')).toContainText('最好成绩');
    await keep(page, 'device-offline-score');
    expect(uploads).toEqual([]);

    // The queue keeps it in IndexedDB (it survives a reload and a closed tab).
    const queued = await readQueue(page);
    expect(queued).toHaveLength(1);
    const [entry] = queued as [Queued];
    expect(entry).toMatchObject({ userId: before.id, refText: 'It is a windy day.' });
    expect(entry.filing).toMatchObject({ book_id: 1101, content_id: 'p1s1', type: 1 });

    // Back online: filed once, and the server's judgement is what the screen shows.
    const filed = page.waitForResponse(
      (r) => r.url().includes('/api/v1/audio') && r.request().method() === 'POST',
    );
    await context.setOffline(false);
    const answer = (await (await filed).json()) as {
      code: number;
      data: { id: number; score: number; best_score: number; work_id: number };
    };
    expect(answer.code).toBe(0);
    await expect(view).toHaveAttribute('data-channel', 'server');
    await expect(page.getByTestId('score-device')).toHaveCount(0);
    await expect(page.getByTestId('practice-best')).toHaveText(
      `最好成绩 ${answer.data.best_score} 分`,
    );
    expect(await readQueue(page)).toEqual([]);
    await keep(page, 'device-filed-score');

    // A replay of the same recording files nothing new.
    const wav = Buffer.from(entry.wav, 'base64');
    const replay = await page.request.post('/api/v1/audio', {
      headers: { access_token: await token(page) },
      multipart: {
        ...Object.fromEntries(Object.entries(entry.filing).map(([k, v]) => [k, String(v)])),
        duration: String(entry.duration),
        client_id: entry.clientId,
        audio: { name: 'take.wav', mimeType: 'audio/wav', buffer: wav },
      },
    });
    const replayed = await replay.json();
    expect(replayed.code).toBe(0);
    expect(replayed.data).toMatchObject({ id: answer.data.id, score: answer.data.score });

    // A second tab holding the same recording in its queue files it once too.
    const second = await context.newPage();
    await second.goto(`${practiceUrl}?ctn=1`);
    await expect(second.getByTestId('practice')).toBeVisible();
    const secondFiled = second.waitForResponse(
      (r) => r.url().includes('/api/v1/audio') && r.request().method() === 'POST',
    );
    await second.evaluate(async (e) => {
      const bytes = Uint8Array.from(atob(e.wav), (c) => c.charCodeAt(0));
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('picbook-recordings', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('queue', { keyPath: 'clientId' });
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('queue', 'readwrite');
        tx.objectStore('queue').put({
          ...e,
          wav: new Blob([bytes], { type: 'audio/wav' }),
          device: { score: 1, accuracy: 1, fluency: 1, completeness: 1, words: [] },
          queuedAt: Date.now(),
        });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      window.dispatchEvent(new Event('online'));
    }, entry);
    const fromSecond = await (await secondFiled).json();
    expect(fromSecond.data).toMatchObject({ id: answer.data.id, score: answer.data.score });
    await second.close();

    // One work with one item, its best the server's score.
    const works = await api<{ total: number; list: Array<{ item_count?: number }> }>(
      page,
      `/api/v1/user/works/${before.id}?type=1`,
    );
    expect(works.total).toBe(1);
    // Finish the book: the reward is the server's score's, paid once.
    for (let i = 0; i < 5; i++) await page.getByTestId('practice-next').click();
    await expect(page).toHaveURL(/\/library\/finished\/repeat\/1101\//);
    await expect(page.getByTestId('finished')).toHaveAttribute('data-state', 'done', {
      timeout: 15_000,
    });
    const expected = rewardTier(answer.data.best_score);
    await expect(page.getByTestId('finished-coins')).toContainText(`+${expected}`);
    const after = await user();
    expect(after.coins - before.coins).toBe(expected);
    const reward = await api<{ sentence_list: Array<{ sentence_id: string; best_score: number }> }>(
      page,
      '/api/v1/library/reward/1101?type=1',
    );
    expect(reward.sentence_list.find((s) => s.sentence_id === 'p1s1')?.best_score).toBe(
      answer.data.best_score,
    );
    await page.reload();
    await expect(page.getByTestId('finished')).toHaveAttribute('data-state', 'done');
    expect((await user()).coins).toBe(after.coins);
  });
  test('a recording the server could not take is kept across page loads and filed at the next start', async ({
    loggedInPage: page,
    context,
  }) => {
    test.setTimeout(240_000);
    await page.goto('/library/repeat/1101/001');
    await expect(page.getByTestId('practice-text')).toHaveText('It is a windy day.');
    await deviceReady(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: '点我开始录音' }).click();
    await expect(page.getByTestId('score-view')).toHaveAttribute('data-channel', 'device', {
      timeout: 60_000,
    });
    // Online again, but the server cannot be reached: the recording stays queued.
    let refused = 0;
    await page.route('**/api/v1/audio', (route) => {
      refused++;
      return route.abort('connectionrefused');
    });
    await context.setOffline(false);
    await expect.poll(() => refused).toBeGreaterThan(0);
    expect(await readQueue(page)).toHaveLength(1);
    await page.goto('/library/repeat/1101/001?ctn=1');
    await expect(page.getByTestId('practice')).toBeVisible();
    expect(await readQueue(page)).toHaveLength(1);
    await page.unroute('**/api/v1/audio');

    // The next start (no recording screen): the app files what waits.
    const filed = page.waitForResponse(
      (r) => r.url().includes('/api/v1/audio') && r.request().method() === 'POST',
    );
    await page.goto('/library');
    expect((await (await filed).json()).code).toBe(0);
    await expect.poll(async () => (await readQueue(page)).length).toBe(0);
  });
});

test('录音只保存在本机: scored on the device online, nothing uploaded, the mode says what is off', async ({
  loggedInPage: page,
  context,
}) => {
  test.setTimeout(240_000);
  await page.goto('/library');
  await saveSetting(page, 'recording_device_only', '1');
  const uploads = uploadsOf(context);
  await page.goto('/library/repeat/1101/001');
  await expect(page.getByTestId('practice-device-only')).toContainText('录音只保存在本机');
  await deviceReady(page);
  await page.getByRole('button', { name: '点我开始录音' }).click();
  const view = page.getByTestId('score-view');
  await expect(view).toBeVisible({ timeout: 60_000 });
  await expect(view).toHaveAttribute('data-channel', 'device');
  await expect(page.getByTestId('practice-best')).toContainText('最好成绩');
  // The child hears its own voice (a blob: URL of the recording on the device).
  await expect(page.getByRole('button', { name: '听我的录音' })).toBeVisible();
  await keep(page, 'device-only-score');
  // Nothing queued either, and no upload on the network log.
  await page.waitForTimeout(1_000);
  expect(await readQueue(page)).toEqual([]);
  expect(uploads).toEqual([]);
});

test("the parents' setting 录音只保存在本机: off by default, saved with the family's settings", async ({
  loggedInPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/parents/center');
  await passParentalGate(page);
  const select = page.locator('select[data-setting=recording_device_only]');
  await expect(select).toHaveValue('0');
  const hint = page.getByTestId('recording-device-only-hint');
  await expect(hint).toHaveText('打开后，孩子的录音只在这台设备上打分，不会上传');
  await select.selectOption('1');
  await expect(page.getByText('已保存')).toBeVisible();
  await expect(hint).toContainText('作品、排行榜和朗读奖励需要服务器评分，在这个模式下关闭');
  await select.scrollIntoViewIfNeeded();
  await keep(page, 'parents-recording-device-only');
  const stored = await page.request.get('/api/v1/user/storages?group=setting', {
    headers: { access_token: await token(page) },
  });
  const list = ((await stored.json()).data?.list ?? []) as Array<{ key: string; value: string }>;
  expect(list.find((item) => item.key === 'recording_device_only')?.value).toBe('1');
});

test.describe('offline after a full reload', () => {
  test.use({
    serviceWorkers: 'allow',
    allowConsoleErrors: ['ERR_INTERNET_DISCONNECTED', 'Failed to load resource', 'Failed to fetch'],
  });

  test('a book opened online, the page reloaded offline: the device scores, filed once back online', async ({
    loggedInPage: page,
    context,
  }) => {
    test.setTimeout(300_000);
    await page.goto('/library');
    // The first visit installs the service worker; it takes the page over at once.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 20_000,
    });
    // The scorer loaded online once: its files are in the service worker's cache now.
    await openRepeatWithScorer(page);
    const uploads = uploadsOf(context);
    await context.setOffline(true);
    await page.reload();
    // The worker served the shell and the book; the scorer loads from what it kept.
    await expect(page.getByTestId('practice-text')).toHaveText('It is a windy day.', {
      timeout: 30_000,
    });
    await expect(page.locator('html[data-device-speech]')).toHaveCount(0);
    await deviceReady(page);
    const view = await recordOnDevice(page);
    await keep(page, 'device-offline-after-reload');
    expect(uploads).toEqual([]);
    expect(await readQueue(page)).toHaveLength(1);

    // Back online: filed once, and the server's judgement replaces the device's.
    const filed = page.waitForResponse(
      (r) => r.url().includes('/api/v1/audio') && r.request().method() === 'POST',
    );
    await context.setOffline(false);
    expect((await (await filed).json()).code).toBe(0);
    await expect(view).toHaveAttribute('data-channel', 'server');
    await expect.poll(async () => (await readQueue(page)).length).toBe(0);
    // Another online event files nothing more.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(1_000);
    expect(uploads.filter((u) => u.includes('/api/v1/audio'))).toHaveLength(1);
    const works = await api<{ total: number }>(
      page,
      `/api/v1/user/works/${(await api<{ id: number }>(page, '/api/v1/user')).id}?type=1`,
    );
    expect(works.total).toBe(1);
  });
});
