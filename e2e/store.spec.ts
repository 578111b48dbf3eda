import { expect, keep, passParentalGate, test } from './fixtures';

/**
 * The store (issue 15): a parent passes the gate, opens the store, buys a month in the sandbox
 * cashier (the local WeChat Pay sends its signed notification to our endpoint), sees the order
 * result (§4 check), and the members' book opens for the child. Parents' screens at 390×844.
 */
test.describe('store', () => {
  test('buy a month in the sandbox cashier; the members\u2019 book opens', async ({
    loggedInPage: page,
  }) => {
    // Before: Splash! (1106) is for members only.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/library/detail/1106/1/0/0');
    await expect(page.getByTestId('lock-panel')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/parents/store');
    await passParentalGate(page);
    const store = page.getByTestId('store-page');
    await expect(store).toBeVisible();
    await expect(page.getByTestId('membership-status')).toHaveText('还不是会员');
    await expect(store.getByTestId('goods-card')).toHaveCount(4);
    await keep(page, 'store');

    await store.locator('[data-testid=goods-card][data-product=vip_1m]').click();
    await expect(page.getByTestId('method-wechat').locator('input')).toBeChecked();
    await page.getByTestId('pay-button').click();
    const sheet = page.getByTestId('qr-pay-sheet');
    // The first order of a fresh server makes the sandbox's RSA keys: allow a slow machine.
    await expect(sheet).toBeVisible({ timeout: 20_000 });
    await expect(sheet).toContainText('应付 ¥25.00');
    await keep(page, 'store-qr');

    // The sandbox cashier stands in for the WeChat app.
    await sheet.getByTestId('open-cashier').click();
    await expect(page.getByTestId('cashier-amount')).toHaveText('¥25.00');
    await keep(page, 'store-cashier');
    await page.getByTestId('cashier-pay').click();
    await expect(page.getByTestId('cashier-result')).toHaveAttribute('data-outcome', 'paid');

    // Back in the app (a fresh page load within the gate's 60 s lock delay, so no gate again):
    // the §4 order check.
    await expect(page).toHaveURL(/\/parents\/store\/orderResult\/PB\d{18}$/);
    await expect(page.getByTestId('parental-gate')).toBeHidden();
    const check = page.getByTestId('order-check');
    await expect(check).toHaveAttribute('data-state', 'success', { timeout: 15_000 });
    await expect(check).toContainText('支付成功');
    await expect(page.getByTestId('receipt')).toContainText('¥25.00');
    await expect(page.getByTestId('receipt')).toContainText('微信支付');
    await keep(page, 'store-order-result');

    // The order is listed with its status (still within the lock delay: no gate).
    await page.goto('/parents/store/problem');
    await expect(page.getByTestId('order-row').first()).toHaveAttribute('data-status', 'fulfilled');
    await keep(page, 'store-problem');

    // The child's side: the members' book is open now.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/library/detail/1106/1/0/0');
    await expect(page.getByTestId('mode-buttons')).toBeVisible();
    await expect(page.getByTestId('lock-panel')).toHaveCount(0);
    await page
      .getByRole('button', { name: /读绘本/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/library\/read\/1106\/001$/);
    await expect(page.getByTestId('reader')).toHaveAttribute('data-page', '1');
    await expect(page.getByTestId('reader-play')).toBeVisible();
    // The curtain leaves in 800 ms (spec §4) before the picture shows.
    await page.waitForTimeout(1000);
    await keep(page, 'store-members-book');
  });
});
