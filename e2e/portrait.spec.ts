import type { Page } from '@playwright/test';
import { member, operatorAction } from './family';
import { expect, keep, test } from './fixtures';

/**
 * A phone held upright (390×844): every child screen either fits the width or asks to rotate and,
 * after 继续竖屏使用, still fits — nothing wider than the screen, nothing cut off at the right.
 */
const CHILD_SCREENS = [
  '/library',
  '/learning',
  '/words',
  '/library/detail/1101/1/0/0',
  '/library/detail/1501/5/0/0',
  '/library/read/1101/001',
  '/library/read/1501/002',
  '/library/read/1601/002',
  '/library/cn_read/1501/001',
  '/library/explain/1601/001',
  '/library/repeat/1101/001',
  '/library/speak/1101',
  '/library/tasteTest/1101',
  '/works/home',
  '/works/list',
  '/bookshelf/recent',
  '/words/preview/1101',
  '/words/detail/1101',
  '/words/recite/1101',
  '/planning',
  '/planning/daily/1/1/1',
  '/mission/growth',
  '/mission/trainingCamp',
  '/evaluating',
];

async function overflow(page: Page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= doc.clientWidth + 1) return false;
        // Inside a strip that scrolls sideways (a shelf, a row of days) it can be reached.
        for (let up = el.parentElement; up; up = up.parentElement) {
          const x = getComputedStyle(up).overflowX;
          if ((x === 'auto' || x === 'scroll') && up.scrollWidth > up.clientWidth) return false;
        }
        return true;
      })
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)} → ${Math.round(el.getBoundingClientRect().right)}`,
      );
    return {
      scroll: doc.scrollWidth,
      client: doc.clientWidth,
      body: document.body.scrollWidth,
      wide,
    };
  });
}

test.describe('portrait phones', () => {
  test('every child screen fits 390 px upright', async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await member(page, request);
    const batch = await operatorAction(request, 'giftcards.createBatch', {
      title: '竖屏检查',
      channel: 'e2e:portrait',
      product: { kind: 'right', right: 'vip', days: 31 },
      count: 1,
      expires_at: Math.floor(Date.now() / 1000) + 30 * 86_400,
    });
    const redeem = await request.post('/api/v1/gift_card/redeem', {
      headers: { access_token: token },
      data: { gift_code: batch.codes[0] },
    });
    expect((await redeem.json()).code).toBe(0);

    await page.setViewportSize({ width: 390, height: 844 });
    const failures: string[] = [];
    for (const url of CHILD_SCREENS) {
      await page.goto(url);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const hint = page.getByTestId('rotate-hint');
      if (await hint.isVisible()) await hint.getByRole('button').click();
      await page.waitForTimeout(400);
      const o = await overflow(page);
      await keep(page, `portrait${url.replaceAll('/', '_')}`);
      if (o.scroll > o.client || o.body > o.client || o.wide.length > 0) {
        failures.push(`${url}: ${o.scroll}/${o.client} ${o.wide.join(' | ')}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
