import { expectFitsBothWays } from './fits';
import { expect, keep, test } from './fixtures';
import { fakeMicrophone, micReady, rewardTier as tier } from './mic';

/**
 * Repeat mode end to end with Chromium's fake microphone (e2e/mic.ts: it says The Red Kite's first
 * sentence). So sentence 1 is read right and scores high; the other four sentences hear the wrong
 * words and score low. The coins the finish screen pays must be exactly what the reward rules give
 * for the scores the child saw.
 */
test.use(fakeMicrophone);

test.describe('repeat mode', () => {
  test.skip(!micReady, 'ffmpeg is needed to make the fake microphone input');

  test('repeat every sentence with the microphone, see word scores, finish and get the coins the rules give', async ({
    loggedInPage: page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/library/detail/1101/1/0/0');
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const user = async () =>
      (
        await (
          await page.request.get('/api/v1/user', { headers: { access_token: token ?? '' } })
        ).json()
      ).data as { coins: number; credits: number };
    const before = await user();

    await page.getByRole('button', { name: /跟读/ }).first().click();
    await expect(page).toHaveURL(/\/library\/repeat\/1101\/001/);
    const practice = page.getByTestId('practice');
    await expect(practice).toHaveAttribute('data-index', '0');
    await expect(page.getByTestId('practice-text')).toHaveText('It is a windy day.');
    await keep(page, 'repeat');

    const scores: number[] = [];
    for (let i = 0; i < 5; i++) {
      await expect(practice).toHaveAttribute('data-index', String(i));
      await page.getByRole('button', { name: '点我开始录音' }).click();
      const view = page.getByTestId('score-view');
      await expect(view).toBeVisible({ timeout: 30_000 });
      // Every word of the sentence has a status colour.
      const words = view.locator('[data-status]');
      expect(await words.count()).toBeGreaterThanOrEqual(3);
      if ((await view.getAttribute('data-verdict')) !== 'ok') {
        // Another sentence is no score (decision 098): no 最好成绩, nothing filed, no reward.
        expect(i).toBeGreaterThan(0);
        await expect(page.getByTestId('score-verdict')).toBeVisible();
        await expect(page.getByTestId('practice-best')).toHaveText('');
        if (i === 1) await keep(page, 'repeat-other-sentence');
        await page.getByTestId('practice-next').click();
        continue;
      }
      await expect(page.getByTestId('practice-best')).toContainText('最好成绩', {
        timeout: 10_000,
      });
      const best = Number(
        (await page.getByTestId('practice-best').textContent())?.match(/\d+/)?.[0],
      );
      scores.push(best);
      if (i === 0) {
        await keep(page, 'repeat-score');
        // The right sentence, read by the narrator's voice: a high score, words good.
        expect(best).toBeGreaterThanOrEqual(70);
        await expect(words.first()).toHaveAttribute('data-status', 'good');
      }
      if (i === 1) await keep(page, 'repeat-other-sentence');
      await page.getByTestId('practice-next').click();
    }
    // The other sentences heard the wrong words: no score, or a lower one.
    expect(Math.max(0, ...scores.slice(1))).toBeLessThan(scores[0] ?? 0);

    await expect(page).toHaveURL(/\/library\/finished\/repeat\/1101\/[A-Za-z0-9]+/);
    const finished = page.getByTestId('finished');
    await expect(finished).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
    // The fixed finishing reward needs half the book's sentences scored.
    const expected = (scores.length * 2 >= 5 ? 5 : 0) + scores.reduce((sum, s) => sum + tier(s), 0);
    await expect(page.getByTestId('finished-coins')).toContainText(`+${expected}`);
    await keep(page, 'finished');
    const after = await user();
    expect(after.coins - before.coins).toBe(expected);
    expect(after.credits - before.credits).toBe(expected);

    // Reloading the finish screen pays nothing more.
    await page.reload();
    await expect(page.getByTestId('finished')).toHaveAttribute('data-state', 'done');
    expect((await user()).coins).toBe(after.coins);
    // With its reward row it fits a phone either way, its buttons in view (issue 39 item 8).
    for (const size of [
      { width: 812, height: 375 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      for (const button of await finished.getByRole('button').all()) {
        await expect(button).toBeInViewport({ ratio: 1 });
      }
      await keep(page, `finished-${size.width}x${size.height}`);
    }
  });

  test("speak mode: read a whole page alone, skip the rest, finish with only that page's reward", async ({
    loggedInPage: page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/library/speak/1101');
    const practice = page.getByTestId('practice');
    await expect(practice).toHaveAttribute('data-mode', 'speak');
    await expect(page.getByTestId('practice-progress')).toHaveText('第 1 / 5 页');
    await page.getByRole('button', { name: '点我开始录音' }).click();
    await expect(page.getByTestId('score-view')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('practice-best')).toContainText('最好成绩', { timeout: 10_000 });
    const best = Number((await page.getByTestId('practice-best').textContent())?.match(/\d+/)?.[0]);
    await keep(page, 'speak-score');
    for (let i = 0; i < 5; i++) await page.getByTestId('practice-next').click();
    await expect(page).toHaveURL(/\/library\/finished\/speak\/1101\//);
    await expect(page.getByTestId('finished')).toHaveAttribute('data-state', 'done', {
      timeout: 15_000,
    });
    // One page of five read: no finishing reward (that needs half the book), the page's by score.
    await expect(page.getByTestId('finished-coins')).toContainText(`+${tier(best)}`);

    // 分享给家人 opens the work's poster to share; 我的作品 leads to the works home.
    await page.getByTestId('finished-share').click();
    await expect(page).toHaveURL(/\/library\/productionFinished\/1101\/\d+$/);
    await expect(page.getByTestId('poster')).toBeVisible({ timeout: 10_000 });
    await page.getByTestId('to-my-works').click();
    await expect(page).toHaveURL(/\/works\/home/);
  });

  test('"next" while the score is on its way waits for it: the sentence keeps its score', async ({
    loggedInPage: page,
  }) => {
    test.setTimeout(60_000);
    // The scorer takes its time: the final request of a recording answers 2 s late.
    await page.route('**/api/v1/speech', async (route) => {
      const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      if (/name="is_ended"\r\n\r\n1/.test(body)) await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    await page.goto('/library/repeat/1101/001');
    const practice = page.getByTestId('practice');
    await expect(practice).toHaveAttribute('data-index', '0');
    await page.getByRole('button', { name: '点我开始录音' }).click();
    await expect(practice).toHaveAttribute('data-state', 'recorded', { timeout: 30_000 });
    await page.getByTestId('practice-next').click();
    // Still on the sentence while it is scored and filed, then on by itself.
    await expect(page.getByTestId('practice-best')).toHaveText('正在保存……');
    await expect(practice).toHaveAttribute('data-index', '1', { timeout: 15_000 });
    await expect(practice.locator('li').first()).toHaveAttribute('data-done', 'true');
  });

  test.describe('offline', () => {
    test.use({ allowConsoleErrors: ['ERR_INTERNET_DISCONNECTED'] });
    test('a recording made offline is kept and scored when the network returns', async ({
      loggedInPage: page,
      context,
    }) => {
      test.setTimeout(60_000);
      await page.goto('/library/repeat/1101/001');
      const practice = page.getByTestId('practice');
      await expect(practice).toHaveAttribute('data-index', '0');
      await context.setOffline(true);
      await page.getByRole('button', { name: '点我开始录音' }).click();
      await expect(practice).toHaveAttribute('data-state', 'recorded', { timeout: 30_000 });
      await expect(page.getByText('没有网络，录音已留好，联网后自动打分')).toBeVisible();
      await keep(page, 'practice-offline-recording');
      await page.waitForTimeout(2_000);
      await expect(practice).toHaveAttribute('data-state', 'recorded');
      await context.setOffline(false);
      await expect(practice).toHaveAttribute('data-state', 'result', { timeout: 20_000 });
      await expect(page.getByTestId('practice-best')).toContainText('分', { timeout: 10_000 });
    });
  });

  test('leaving in the middle and coming back offers to continue at the same sentence', async ({
    loggedInPage: page,
  }) => {
    await page.goto('/library/repeat/1101/001');
    const practice = page.getByTestId('practice');
    await expect(practice).toHaveAttribute('data-index', '0');
    await page.getByTestId('practice-next').click();
    await page.getByTestId('practice-next').click();
    await expect(practice).toHaveAttribute('data-index', '2');
    await page.goto('/library/detail/1101/1/0/0');
    await page.getByRole('button', { name: /跟读/ }).first().click();
    const ask = page.getByTestId('practice-continue');
    await expectFitsBothWays(
      page,
      ask,
      ask.getByRole('button', { name: '接着读' }),
      'dialog-practice-continue',
    );
    await page.getByRole('button', { name: '接着读' }).click();
    await expect(page.getByTestId('practice')).toHaveAttribute('data-index', '2');
    // ctn=2 starts afresh without asking.
    await page.goto('/library/repeat/1101/001?ctn=2');
    await expect(page.getByTestId('practice')).toHaveAttribute('data-index', '0');
    // Only real progress is offered: back at the first sentence, the next entry just starts.
    await page.goto('/library/detail/1101/1/0/0');
    await page.getByRole('button', { name: /跟读/ }).first().click();
    await expect(page.getByTestId('practice')).toHaveAttribute('data-index', '0');
    await expect(page.getByTestId('practice-continue')).toHaveCount(0);
  });
});
