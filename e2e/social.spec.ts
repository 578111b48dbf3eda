import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, keep, test } from './fixtures';
import { micReady, micWav } from './mic';

/**
 * Rankings, likes, PK and the dubbed book. Another child ("小明", whose parent agreed to show
 * works) reads The Red Kite through the API; our child then sees 小明 on the book's ranking,
 * likes the work (count 0 → 1, kept after a reload), opens the PK against it and plays 小明's
 * dubbed book to its share poster.
 */
async function otherChildReads(request: APIRequestContext): Promise<{ workId: number }> {
  const login = await (
    await request.post('/api/v1/guest_login', { data: { device_id: `e2e-xiaoming-${Date.now()}` } })
  ).json();
  const headers = { access_token: login.data.access_token as string };
  await request.post('/api/v1/child', {
    headers,
    data: { nickname: '小明', birthday: '2018-03-01', gender: 1, region: 214, consent: 1 },
  });
  const consent = await request.post('/api/v1/user/public_works', {
    headers,
    data: { consented: 1 },
  });
  expect((await consent.json()).code).toBe(0);
  const uuid = `xiaoming${Date.now()}`;
  const wav = fs.readFileSync(micWav);
  for (let page = 1; page <= 5; page++) {
    const res = await request.post('/api/v1/audio', {
      headers,
      multipart: {
        uuid,
        book_id: '1101',
        secondary_id: String(page),
        content_id: `p${page}s1`,
        type: '1',
        audio: { name: 'take.wav', mimeType: 'audio/wav', buffer: wav },
      },
    });
    expect((await res.json()).code, await res.text()).toBe(0);
  }
  const finish = await (
    await request.get(`/api/v1/books/1101/finish?uuid=${uuid}&type=1`, { headers })
  ).json();
  expect(finish.code).toBe(0);
  return { workId: finish.data.work_id as number };
}

test.describe('rankings, likes, PK and the dubbed book', () => {
  test.skip(!micReady, 'ffmpeg is needed to make the recordings');

  test('see another child on the ranking, like, PK and play their dubbed book', async ({
    loggedInPage: page,
  }) => {
    test.setTimeout(90_000);
    const { workId } = await otherChildReads(page.request);

    await page.goto('/library/detail/1101/1/0/0');
    const panel = page.getByTestId('rank-panel');
    const row = panel.getByTestId('rank-row').filter({ hasText: '小明' });
    await expect(row).toBeVisible();
    await expect(page.getByTestId('my-rank')).toContainText('读完这本绘本就能上榜啦');
    await row.scrollIntoViewIfNeeded();
    await keep(page, 'ranking');

    const like = row.getByTestId('like-button');
    await expect(like).toHaveAttribute('data-liked', '0');
    await expect(row.getByTestId('like-count')).toHaveText('0');
    await like.click();
    await expect(like).toHaveAttribute('data-liked', '1');
    await expect(row.getByTestId('like-count')).toHaveText('1');
    await page.reload();
    const again = page.getByTestId('rank-row').filter({ hasText: '小明' });
    await expect(again.getByTestId('like-count')).toHaveText('1');
    await expect(again.getByTestId('like-button')).toHaveAttribute('data-liked', '1');

    await again.getByRole('button', { name: 'PK' }).click();
    await expect(page).toHaveURL(new RegExp(`/library/pk/repeat/1101/${workId}$`));
    await expect(page.getByTestId('pk-item')).toHaveCount(5);
    await expect(page.getByTestId('pk')).toHaveAttribute('data-winner', 'theirs');
    await page.waitForTimeout(1200); // the curtain lifts
    await keep(page, 'pk');

    // Tapping the row (not PK) plays that child's reading.
    await page.goto('/library/detail/1101/1/0/0');
    await page
      .getByTestId('rank-row')
      .filter({ hasText: '小明' })
      .getByRole('button', { name: '听听小明的朗读' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/library/production/1101/${workId}$`));
    await expect(page.getByTestId('production')).toHaveAttribute('data-page', '1');
    await page.waitForTimeout(1200);
    await keep(page, 'production');
    await page.getByTestId('production-done').click();
    await expect(page).toHaveURL(new RegExp(`/library/productionFinished/1101/${workId}$`));
    await expect(page.getByTestId('poster')).toBeVisible({ timeout: 10_000 });
    await keep(page, 'production-poster');
  });
});
