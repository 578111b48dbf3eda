import { member, userId } from './family';
import { expect, keep, test } from './fixtures';

/**
 * Reminders that arrive (issue 42, decision 100): the push popup turns notifications on in the
 * browser, the server's push worker sends the study reminder at the parent's time through the
 * development outbox, the service worker shows it, and a tap on it opens the study plan.
 * The time is faked for the push worker only (POST /dev/push-round, loopback and development
 * adapters only), so the test runs at any hour, the China night included.
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

/** China wall-clock (YYYY-MM-DD, HH:MM) → Unix seconds. */
const chinaUnix = (day: string, hhmm: string) =>
  Math.floor(new Date(`${day}T${hhmm}:00+08:00`).getTime() / 1000);

/**
 * The reminder's time and the (faked) day the push worker is asked about: tomorrow in China, at
 * 09:00 or 15:00, whichever is further from the real China time, so the server's own 30 s rounds
 * (real time) never find this family due while the test runs, at whatever hour it runs.
 */
function fakedReminder() {
  const china = new Date(Date.now() + 8 * 3600_000);
  const tomorrow = new Date(china.getTime() + 86_400_000).toISOString().slice(0, 10);
  const hour = china.getUTCHours();
  const time = Math.abs(hour - 9) > Math.abs(hour - 15) ? '09:00' : '15:00';
  return { day: tomorrow, time, at: chinaUnix(tomorrow, time) };
}

test('the push popup subscribes; the reminder reaches the dev outbox at the chosen (faked) time; a tap on it opens the study plan', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
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

  // The parent chooses a time; the push worker is asked about tomorrow around it (POST
  // /dev/push-round: one round as if it were then; the server's clock is not moved).
  const when = fakedReminder();
  const saved = await request.post('/api/v1/parent_space/learn_setting', {
    headers: { access_token: token },
    data: {
      daily_minutes: 15,
      study_days: [1, 2, 3, 4, 5, 6, 7],
      reminder_time: when.time,
      level: 1,
    },
  });
  expect((await saved.json()).code).toBe(0);
  const mine = async () => {
    const outbox = await (await request.get('/dev/push-outbox')).json();
    return outbox.data.filter((p: { user_id: number }) => p.user_id === id);
  };
  const roundAt = async (at: number) => {
    const res = await request.post('/dev/push-round', { data: { at } });
    expect((await res.json()).code).toBe(0);
  };
  await roundAt(when.at - 60); // a minute early: nothing
  expect(await mine()).toEqual([]);
  await roundAt(when.at); // at the chosen time: the reminder
  await roundAt(when.at + 10 * 60); // ten minutes later: still once that day
  await roundAt(chinaUnix(when.day, '22:00')); // the quiet window: nothing more
  const sent = await mine();
  expect(sent).toEqual([
    expect.objectContaining({ kind: 'web', title: '该读绘本啦', url: '/learning' }),
  ]);

  // The service worker shows the reminder the outbox received (a real push event through
  // DevTools).
  // The worker is active (a push to a registration still installing is dropped).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
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
    data: JSON.stringify({ title: sent[0].title, body: sent[0].body, url: sent[0].url }),
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

  // A tap: the worker's own notificationclick listener, with the notification it shows
  // (Playwright cannot click the system's notification; the event is dispatched in the worker).
  await worker.evaluate(async () => {
    type Scope = {
      registration: { getNotifications(): Promise<Notification[]> };
      dispatchEvent(e: Event): boolean;
    };
    const scope = self as unknown as Scope;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification shown');
    const NotificationEventCtor = (
      self as unknown as {
        NotificationEvent: new (t: string, i: { notification: Notification }) => Event;
      }
    ).NotificationEvent;
    scope.dispatchEvent(new NotificationEventCtor('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(/\/learning$/);
  await expect(page.getByTestId('learning-page')).toBeVisible();
});
