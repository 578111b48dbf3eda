import type { Locator, Page } from '@playwright/test';
import { member, operatorAction, userId } from './family';
import { expect, keep, passParentalGate, test } from './fixtures';

/**
 * Every dialog fits a phone held sideways (812×375) and upright (390×844) with its main button in
 * view without scrolling (issue 39 item 8): the edit-profile steps, the login card opened from a
 * locked book, the logout and balance dialogs, the points goods, the parental gate.
 */
const SIZES = [
  { width: 812, height: 375 },
  { width: 390, height: 844 },
] as const;

/** The box fits the screen and the main button is wholly visible (not clipped by a scroller). */
async function expectFits(page: Page, box: Locator, main: Locator) {
  await expect(box).toBeVisible();
  const rect = await box.boundingBox();
  const view = page.viewportSize();
  expect(rect).not.toBeNull();
  if (rect && view) {
    expect(rect.x).toBeGreaterThanOrEqual(0);
    expect(rect.y).toBeGreaterThanOrEqual(0);
    expect(rect.x + rect.width).toBeLessThanOrEqual(view.width + 1);
    expect(rect.y + rect.height).toBeLessThanOrEqual(view.height + 1);
  }
  await expect(main).toBeInViewport({ ratio: 1 });
}

for (const size of SIZES) {
  const tag = `${size.width}x${size.height}`;
  test.describe(`dialogs at ${tag}`, () => {
    test.use({ viewport: size });

    test('a guest: the balance dialog, the lock panel’s login card', async ({
      loggedInPage: page,
    }) => {
      await page.goto('/library');
      await page.getByTestId('pill-coins').click();
      const wallet = page.getByTestId('wallet-coins');
      await expectFits(page, wallet, wallet.getByRole('button', { name: '关闭' }));
      await wallet.getByRole('button', { name: '关闭' }).click();

      // A guest on a members' path: the prompt to log in.
      await page.goto('/parents/giftCard');
      await passParentalGate(page);
      const block = page.getByTestId('guest-block');
      await expectFits(page, block, block.getByRole('button', { name: '去登录' }));
      await page.goto('/library');

      await page.goto('/library/detail/1103/1/0/0');
      await page.getByTestId('lock-panel').getByRole('button', { name: '登录' }).click();
      const login = page.getByTestId('login-screen');
      await expect(login).toBeVisible();
      // The card's first way in is on screen, and so is the way back.
      await expectFits(page, login, login.getByRole('button').first());
      await keep(page, `dialog-login-${tag}`);
      // The phone form is the tallest card: its title, boxes and agreement can all be reached,
      // and its submit button shows once the page is scrolled to it (the page scrolls, never cuts).
      await login.getByRole('button', { name: '手机号登录' }).click();
      await expect(login.getByRole('heading', { name: '手机号登录' })).toBeInViewport({ ratio: 1 });
      const submit = login.getByRole('button', { name: '登录/注册', exact: true });
      await submit.scrollIntoViewIfNeeded();
      await expect(submit).toBeInViewport({ ratio: 1 });
      await keep(page, `dialog-login-phone-${tag}`);
    });

    test('a parent: the gate, edit profile (info and avatar steps), logout', async ({
      page,
      request,
    }) => {
      await member(page, request);
      await page.goto('/parents/center');
      const gate = page.getByTestId('parental-gate');
      await expectFits(page, gate, gate.getByRole('button', { name: '数字 9' }));
      await passParentalGate(page);

      await page.getByRole('button', { name: '编辑资料' }).click();
      const info = page.getByTestId('child-info-dialog');
      await info.getByTestId('child-nickname').click();
      const nickname = page.getByTestId('nickname-dialog');
      await expectFits(page, nickname, nickname.getByRole('button', { name: '提交' }));
      await nickname.getByRole('button', { name: '关闭' }).click();
      await expectFits(page, info, info.getByRole('button', { name: '下一步' }));
      await expect(info.getByTestId('child-consent')).toBeInViewport({ ratio: 1 });
      await keep(page, `dialog-child-info-${tag}`);
      await info.getByRole('button', { name: '下一步' }).click();
      const avatar = page.getByTestId('avatar-dialog');
      await expectFits(page, avatar, avatar.getByRole('button', { name: '确定' }));
      await keep(page, `dialog-avatar-${tag}`);
      await avatar.getByRole('button', { name: '关闭' }).click();

      await page.getByTestId('logout').click();
      const logout = page.getByTestId('logout-confirm');
      await expectFits(page, logout, logout.getByRole('button', { name: '退出登录' }));
    });

    test('the points mall: welcome, the daily wheel, the address form, the exchange', async ({
      page,
      request,
    }) => {
      const token = await member(page, request);
      await operatorAction(
        request,
        'points.grant',
        { user_id: await userId(request, token), points: 600, request_id: `e2e-d-${Date.now()}` },
        'e2e: points for the dialogs check',
      );
      await page.goto('/parents/points');
      await passParentalGate(page);
      const welcome = page.getByTestId('points-welcome');
      await expectFits(page, welcome, welcome.getByRole('button', { name: '知道了' }));
      await welcome.getByRole('button', { name: '知道了' }).click();
      const wheel = page.getByTestId('daily-lottery-modal');
      await expectFits(page, wheel, wheel.getByRole('button', { name: '明天再说' }));
      await wheel.getByRole('button', { name: '明天再说' }).click();

      await page.getByTestId('goods-card').filter({ hasText: '24色彩色铅笔' }).click();
      const detail = page.getByTestId('goods-detail');
      await detail
        .getByTestId('goods-address')
        .getByRole('button', { name: '新增收货地址' })
        .click();
      const form = page.getByTestId('address-form');
      const save = form.getByRole('button', { name: '保存地址' });
      await save.scrollIntoViewIfNeeded();
      await expect(save).toBeInViewport({ ratio: 1 });
      await form.locator('input[name=name]').fill('王小明');
      await form.locator('input[name=phone]').fill('13800138000');
      await form.locator('input[name=street]').fill('中关村大街1号');
      await form.locator('select[name=province]').selectOption({ label: '北京市' });
      await form.locator('select[name=city]').selectOption({ label: '北京市' });
      await form.locator('select[name=county]').selectOption({ label: '海淀区' });
      await save.click();
      await expect(detail.getByTestId('goods-address')).toContainText('王小明');
      await page.getByTestId('exchange-button').click();
      const confirm = page.getByTestId('exchange-confirm');
      await expectFits(page, confirm, confirm.getByRole('button', { name: '确认兑换' }));
      await keep(page, `dialog-exchange-${tag}`);
    });
  });
}
