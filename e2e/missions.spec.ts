import { expectFitsBothWays } from './fits';
import { expect, keep, test } from './fixtures';

/**
 * Growth missions and camps as a child meets them on a phone held sideways: finishing a book
 * turns today's reading mission and the book's footprint collectable; "collect all" pays them
 * with one growth-reward animation and the coins reach the user info. Joining the 0-yuan reading
 * camp shows day 1 as today on its calendar (China time), with today's book.
 */
test.use({ viewport: { width: 812, height: 375 } });

test('a finished book makes missions collectable; collect all shows the growth reward', async ({
  loggedInPage: page,
}) => {
  await page.goto('/mission/growth');
  const readBook = page.locator('[data-testid=mission][data-inner=read_book]');
  await expect(readBook).toHaveAttribute('data-status', '0');
  await expect(page.getByTestId('collect-all')).toBeDisabled();
  await expect(page.getByTestId('recommend-card')).toHaveCount(3);
  await expect(page.locator('[data-testid=footprint-day][data-current="1"]')).toContainText(
    '第1天',
  );
  await keep(page, 'mission-growth-open');

  // The child reads the last page of a book and reaches its end.
  await page.goto('/library/read/1101/005');
  await page.getByTestId('reader-next').click();
  await expect(page.getByTestId('reader-end')).toContainText('读完啦！');

  // The library tab's way in shows the two rewards waiting.
  await page.goto('/library');
  await expect(page.getByTestId('growth-entry-badge')).toHaveText('2');
  await keep(page, 'mission-library-entry');
  await page.getByTestId('growth-entry').click();
  await expect(page).toHaveURL(/\/mission\/growth$/);
  await expect(readBook).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('growth-page')).toHaveAttribute('data-status', '1');
  await expect(page.locator('[data-testid=footprint-book][data-status="1"]')).toHaveCount(1);
  const before = await (
    await page.request.get('/api/v1/user', {
      headers: {
        access_token: (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '',
      },
    })
  ).json();
  await keep(page, 'mission-growth-collectable');

  await page.getByTestId('collect-all').click();
  const burst = page.getByTestId('growth-reward');
  await expect(burst).toBeVisible();
  // read_book (5) and the footprint of the book (5).
  await expect(page.getByTestId('growth-reward-coins')).toContainText('+10 金币');
  await keep(page, 'mission-growth-reward');
  // The burst is tapped away anywhere; its coins row is what it shows.
  await expectFitsBothWays(
    page,
    burst,
    page.getByTestId('growth-reward-coins'),
    'dialog-growth-reward',
  );
  await burst.click();
  await expect(burst).toBeHidden();
  await expect(readBook).toHaveAttribute('data-status', '2');
  await expect(page.getByTestId('collect-all')).toBeDisabled();
  const after = await (
    await page.request.get('/api/v1/user', {
      headers: {
        access_token: (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '',
      },
    })
  ).json();
  expect(after.data.coins - before.data.coins).toBe(10);
  await keep(page, 'mission-growth-collected');
});

test('joining the reading camp shows day 1 on its calendar', async ({ loggedInPage: page }) => {
  await page.goto('/mission/freeRead');
  await expect(page.getByRole('heading', { name: '0元读7天' })).toBeVisible();
  await expect(page.getByTestId('camp-calendar')).toHaveCount(0);
  await keep(page, 'mission-camp-join');
  await page.getByTestId('camp-join').click();
  const day1 = page.locator('[data-testid=camp-day][data-day="1"]');
  await expect(day1).toHaveAttribute('data-state', 'today');
  await expect(page.getByTestId('camp-status')).toHaveAttribute('data-day', '1');
  await expect(page.getByTestId('camp-book')).toHaveCount(1);
  await keep(page, 'mission-camp-day1');

  // The training camp asks for a level first.
  await page.goto('/mission/trainingCamp');
  await page.getByTestId('camp-level').first().click();
  await expect(page.locator('[data-testid=camp-day][data-day="1"]')).toHaveAttribute(
    'data-state',
    'today',
  );
  await keep(page, 'mission-training-day1');
});

test('kob opens where the gray options allow it: the challenge panel asks for a book read aloud', async ({
  loggedInPage: page,
  request,
}) => {
  const login = await (
    await request.post('/api/ops/login', { data: { username: 'dev', password: 'picbook-dev' } })
  ).json();
  const setGray = async (value: unknown) => {
    const res = await request.post('/api/ops/actions/configs.set', {
      headers: { ops_token: login.data.token },
      data: { input: { key: 'gray_options', value } },
    });
    expect((await res.json()).code).toBe(0);
  };
  const gray = (await (await request.get('/api/v1/configs')).json()).data.gray_options;
  // With the default threshold (3 courses done) a new child has no kob.
  await page.goto('/mission/growth');
  await expect(page.getByTestId('growth-page')).toBeVisible();
  await expect(page.getByTestId('kob-open')).toHaveCount(0);
  await setGray({ ...gray, kobEnabled: 1 });
  try {
    await page.goto('/mission/growth');
    await page.getByTestId('kob-open').click();
    const panel = page.getByTestId('kob-panel');
    await expect(panel).toContainText('今日挑战赛');
    await expect(panel).toContainText('今天还没有用跟读读完的书');
    await keep(page, 'mission-kob');
    await expectFitsBothWays(
      page,
      panel,
      panel.getByRole('button', { name: '去跟读' }),
      'dialog-kob',
    );
  } finally {
    await setGray(gray);
  }
});
