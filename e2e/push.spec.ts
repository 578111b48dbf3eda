import { member, userId } from './family';
import { expect, keep, test } from './fixtures';

/**
 * Reminders that arrive (issue 42, decision 100): the push popup turns notifications on in the
 * browser, the server's push worker sends the study reminder at the parent's time through the
 * development outbox, and the service worker shows a push and knows which screen it opens.
 *
 * Playwright's Chromium contexts are incognito, where Chrome has no push service
 * (crbug.com/41124656): `PushManager.subscribe` answers a subscription of the development outbox
 * here; the permission prompt, the VAPID key, the registration and the delivery are the real ones.
 */
test.use({
  serviceWorkers: 'allow',
  popupsSeen: false,
  viewport: { width: 812, height: 375 },
  permissions: ['notifications'],
});

const chinaMinute = () => {
  const now = new Date(Date.now() + 8 * 3600_000);
  return { h: now.getUTCHours(), m: now.getUTCMinutes() };
};

test('the push popup subscribes; the reminder reaches the dev outbox at the chosen time; the worker shows it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { h, m } = chinaMinute();
  const minute = h * 60 + m;
  // The quiet window (21:30–07:30 China time) sends nothing; the minute must not roll over mid-test.
  test.skip(minute >= 21 * 60 + 29 || minute < 7 * 60 + 30, 'China night: reminders are quiet');
  await page.addInitScript(() => {
    const at = 4_102_444_800;
    const shows = [{ point: 'coldBootToHome', at }];
    if (!localStorage.getItem('popup_history')) {
      localStorage.setItem(
        'popup_history',
        JSON.stringify({
          '*': JSON.stringify({ registerSuccess: shows, visitorLogin: shows, readCamp: shows }),
        }),
      );
    }
    PushManager.prototype.subscribe = async function subscribe() {
      const endpoint = `https://push.example.invalid/dev/${Math.random().toString(36).slice(2)}`;
      const keys = { p256dh: `B${'x'.repeat(86)}`, auth: 'abcdefghijklmnopqrstuv' };
      return { endpoint, toJSON: () => ({ endpoint, keys }) } as unknown as PushSubscription;
    };
  });
  const token = await member(page, request);
  const id = await userId(request, token);

  // Home, a book, home again: the "home" popup point, where the push popup may ask.
  await page.goto('/library');
  await expect(page.getByTestId('library-page')).toBeVisible();
  await page.getByTestId('book-card').first().click();
  await expect(page).toHaveURL(/\/library\/detail\//);
  await page.goBack();
  const popup = page.getByTestId('popup-push');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('打开通知');
  await keep(page, 'push-popup');
  const subscribed = page.waitForResponse((r) => r.url().includes('/api/v1/push/subscribe'));
  await popup.getByRole('button', { name: '去开启' }).click();
  expect((await (await subscribed).json()).code).toBe(0);
  await expect(popup).toBeHidden();

  // The parent chooses this minute; the push worker (every 30 s) sends the reminder once.
  const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  const saved = await request.post('/api/v1/parent_space/learn_setting', {
    headers: { access_token: token },
    data: { daily_minutes: 15, study_days: [1, 2, 3, 4, 5, 6, 7], reminder_time: time, level: 1 },
  });
  expect((await saved.json()).code).toBe(0);
  await expect
    .poll(
      async () => {
        const outbox = await (await request.get('/dev/push-outbox')).json();
        return outbox.data.filter((p: { user_id: number }) => p.user_id === id);
      },
      { timeout: 50_000, intervals: [2000] },
    )
    .toEqual([expect.objectContaining({ kind: 'web', title: '该读绘本啦', url: '/learning' })]);

  // The service worker shows a pushed reminder (a real push event through DevTools).
  const worker =
    page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
  const cdp = await page.context().newCDPSession(page);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      const reg = e.registrations.find((r) => !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify({ title: '该读绘本啦', body: '乐乐今天还没有学习', url: '/learning' }),
  });
  await expect
    .poll(() =>
      worker.evaluate(async () => {
        type Shown = { title: string; data: { url: string } };
        const scope = self as unknown as {
          registration: { getNotifications(): Promise<Shown[]> };
        };
        const shown = await scope.registration.getNotifications();
        return shown.map((n) => ({ title: n.title, url: n.data.url }));
      }),
    )
    .toEqual([{ title: '该读绘本啦', url: '/learning' }]);
});
