import { expect, keep, test } from './fixtures';
import { silentMicrophone } from './mic';
import { playedAudio, recordPlayedAudio } from './played-audio';

/**
 * A message the child must act on is said aloud in Mandarin and shown with a picture (issue 39
 * item 4, decision 099): a child who says nothing hears 「没有听到声音哦…」 in the owl's voice — the
 * recording really plays — beside the shrugging owl.
 */
test.use(silentMicrophone);

test.describe('a child who says nothing', () => {
  test('hears 「没有听到声音哦」 said aloud, with the owl beside it', async ({
    loggedInPage: page,
  }) => {
    test.setTimeout(60_000);
    await recordPlayedAudio(page);
    await page.goto('/library/detail/1101/1/0/0');
    await page.getByRole('button', { name: /跟读/ }).first().click();
    await expect(page.getByTestId('practice')).toHaveAttribute('data-index', '0');
    await page.getByRole('button', { name: '点我开始录音' }).click();
    const view = page.getByTestId('score-view');
    // The recorder gives up after 8 s without a voice; the server says no_voice.
    await expect(view).toHaveAttribute('data-verdict', 'no_voice', { timeout: 30_000 });
    const verdict = page.getByTestId('score-verdict');
    await expect(verdict).toContainText('没有听到声音哦');
    await expect(verdict.locator('img')).toBeVisible();
    await expect
      .poll(() => playedAudio(page), { timeout: 10_000 })
      .toContainEqual(
        expect.stringMatching(/^\/media\/voice\/feedback\/verdict-no-voice\.[0-9a-f]{8}\.mp3$/),
      );
    await keep(page, 'repeat-no-voice');
  });
});
