import fs from 'node:fs';
import { expectFitsBothWays } from './fits';
import { expect, keep, test } from './fixtures';
import { micReady, micWav } from './mic';

/**
 * A child's works: a recording of The Red Kite's first sentence (e2e/mic.ts: the book's own
 * narration made into a WAV with ffmpeg) is filed as a work through POST /api/v1/audio, then the child finds it
 * on the works home and the works list, likes it, and deletes it with the spec's toast.
 */
test.describe('works', () => {
  test.skip(!micReady, 'ffmpeg is needed to make the recording');

  test('a recording becomes a work: seen on the works home and list, liked, deleted', async ({
    loggedInPage: page,
  }) => {
    await page.goto('/works/home');
    await expect(page.getByTestId('works-empty')).toBeVisible();
    const token = (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '';
    const res = await page.request.post('/api/v1/audio', {
      headers: { access_token: token },
      multipart: {
        uuid: `e2e-works-${Date.now()}`,
        book_id: '1101',
        secondary_id: '1',
        content_id: 'p1s1',
        type: '1',
        duration: '2',
        audio: { name: 'take.wav', mimeType: 'audio/wav', buffer: fs.readFileSync(micWav) },
      },
    });
    const filed = await res.json();
    expect(filed.code).toBe(0);

    await page.reload();
    const home = page.getByTestId('works-home');
    await expect(home.getByTestId('works-count')).toHaveText('1');
    const best = home.getByTestId('work-card');
    await expect(best).toHaveCount(1);
    await expect(best).toHaveAttribute('data-work-id', String(filed.data.work_id));
    await expect(best.getByText('跟读')).toBeVisible();
    await expect(page.getByTestId('works-parents-hint')).toContainText(
      '在家长中心可以设置是否公开作品',
    );
    await keep(page, 'works-home');

    await best.getByTestId('like-button').click();
    await expect(best.getByTestId('like-count')).toHaveText('1');
    await expect(best.getByTestId('like-button')).toHaveAttribute('data-liked', '1');

    await page.getByRole('button', { name: '全部作品' }).click();
    await expect(page).toHaveURL(/\/works\/list$/);
    const card = page.getByTestId('works-list').getByTestId('work-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('like-count')).toHaveText('1');
    await expect(page.getByText('共 1 个作品')).toBeVisible();
    await keep(page, 'works-list');

    await card.getByRole('button', { name: '删除作品' }).click();
    const dialog = page.getByTestId('work-delete-dialog');
    await expect(dialog).toBeVisible();
    const remove = dialog.getByRole('button', { name: '删除', exact: true });
    await expectFitsBothWays(page, dialog, remove, 'dialog-work-delete');
    await dialog.getByRole('button', { name: '删除', exact: true }).click();
    await expect(page.getByText('作品删除成功')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('还没有作品，去跟读一本绘本吧！')).toBeVisible();

    // The server agrees, and the works home counts it no more.
    await page.goto('/works/home');
    await expect(page.getByTestId('works-count')).toHaveText('0');
  });
});
