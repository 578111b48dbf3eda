import { member, operatorAction } from './family';
import { expect, keep, passParentalGate, test } from './fixtures';

/**
 * Gift cards (issue 16): an operator makes batches with the audited operator action (the
 * development operator through the API door of decision 044), a parent redeems a code on
 * /parents/store/activation — a typo is caught by the check character before the server — and
 * the members' book opens for the child; a prize code asks for a delivery address from the
 * address book and shows on the gift list. Parents' screens at 390×844.
 */

const inAMonth = () => Math.floor(Date.now() / 1000) + 30 * 86_400;

test.describe('gift cards', () => {
  test('a parent redeems a code from an operator batch; the members\u2019 book opens', async ({
    page,
    request,
  }) => {
    await member(page, request);
    const vip = await operatorAction(request, 'giftcards.createBatch', {
      title: '阳光小学赠卡',
      channel: 'school:e2e',
      product: { kind: 'right', right: 'vip', days: 31 },
      count: 2,
      expires_at: inAMonth(),
    });
    const code = vip.codes[0] as string;
    const prize = await operatorAction(request, 'giftcards.createBatch', {
      title: '六一活动',
      channel: 'promo:e2e',
      product: { kind: 'prize', title: '绘本岛书包' },
      count: 1,
      expires_at: inAMonth(),
    });

    // Before: Splash! (1106) is for members only.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/library/detail/1106/1/0/0');
    await expect(page.getByTestId('lock-panel')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/parents/center');
    await passParentalGate(page);
    await page.getByTestId('gift-card-link').click();
    await expect(page.getByTestId('gift-card-page')).toContainText('还没有礼品卡');
    await keep(page, 'giftcard-empty');

    await page.getByTestId('redeem-entry').click();
    const input = page.getByTestId('gift-code-input');
    // One wrong character: the check character catches it on the phone.
    const last = code.slice(-1);
    await input.fill(`${code.slice(0, -1)}${last === 'Z' ? 'Y' : 'Z'}`);
    await expect(page.getByTestId('gift-code-problem')).toHaveText('兑换码有误，请核对后重新输入');
    await keep(page, 'activation-typo');

    // As a parent might type it: lower case, spaces instead of dashes.
    await input.fill(code.toLowerCase().replaceAll('-', ' '));
    await expect(page.getByTestId('gift-code-problem')).toHaveCount(0);
    await page.getByRole('button', { name: '查看兑换内容' }).click();
    await expect(page.getByTestId('gift-code-gives')).toContainText('VIP会员 31天');
    await keep(page, 'activation-check');
    await page.getByRole('button', { name: '立即兑换' }).click();
    const done = page.getByTestId('redeem-done');
    await expect(done).toContainText('兑换成功');
    await expect(done.getByTestId('gift-card')).toHaveAttribute('data-status', '1');
    await keep(page, 'activation-done');

    // Issue 40 item 6: the same code again is not offered as redeemable.
    await page.goto('/parents/store/activation');
    await page.getByTestId('gift-code-input').fill(code);
    await page.getByRole('button', { name: '查看兑换内容' }).click();
    await expect(page.getByTestId('gift-code-used')).toContainText('已由你的家庭于');
    await expect(page.getByRole('button', { name: '立即兑换' })).toHaveCount(0);
    await keep(page, 'activation-used');

    await page.getByRole('button', { name: '查看我的礼品卡' }).click();
    await expect(page).toHaveURL(/\/parents\/giftCard$/);
    const card = page.getByTestId('gift-card').first();
    await expect(card).toContainText('VIP会员 31天');
    await expect(card).toContainText(`兑换码尾号 ${code.slice(-4)}`);
    await expect(card).toContainText('已激活');
    // The invitation: its QR code and what it brought so far.
    await expect(page.getByTestId('invite-panel')).toContainText('已邀请 0 位好友');
    await keep(page, 'giftcard-list');

    // A prize code: the address comes from the family's address book.
    await page.getByTestId('redeem-entry').click();
    await input.fill(prize.codes[0]);
    await page.getByRole('button', { name: '查看兑换内容' }).click();
    await expect(page.getByTestId('gift-code-gives')).toContainText('绘本岛书包');
    await page.getByRole('button', { name: '立即兑换' }).click();
    await page.getByTestId('redeem-done').getByRole('button', { name: '填写收货地址' }).click();
    const goods = page.getByTestId('gift-goods');
    await expect(goods.getByTestId('gift-delivery')).toHaveText('待填写地址');
    await goods.getByRole('button', { name: '选择收货地址' }).click();
    const form = page.getByTestId('address-form');
    await form.locator('input[name=name]').fill('李华');
    await form.locator('input[name=phone]').fill('13800138000');
    await form.locator('input[name=street]').fill('人民路8号');
    await form.locator('select[name=province]').selectOption({ label: '北京市' });
    await form.locator('select[name=city]').selectOption({ label: '北京市' });
    await form.locator('select[name=county]').selectOption({ label: '海淀区' });
    await form.getByRole('button', { name: '保存地址' }).click();
    await expect(goods.getByTestId('gift-address')).toContainText('李华 13800138000');
    await goods.getByRole('button', { name: '确认收货地址' }).click();
    await expect(goods.getByTestId('gift-delivery')).toHaveText('待发货');
    await expect(page.getByText('收货地址已保存，我们会尽快发货')).toBeHidden();
    await keep(page, 'gift-goods');

    // A fresh page load within the gate's 60 s lock delay: no gate again.
    await page.goto('/parents/giftList');
    await expect(page.getByTestId('parental-gate')).toBeHidden();
    const prizeRow = page.getByTestId('gift-prize').first();
    await expect(prizeRow).toContainText('绘本岛书包');
    await expect(prizeRow).toContainText('待发货');
    await keep(page, 'gift-list');

    // The child's side: the members' book is open now.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/library/detail/1106/1/0/0');
    await expect(page.getByTestId('mode-buttons')).toBeVisible();
    await expect(page.getByTestId('lock-panel')).toHaveCount(0);
  });

  test('a guest is asked to log in with the gift-card message', async ({ loggedInPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/parents/store/activation');
    await passParentalGate(page);
    await expect(page.getByTestId('guest-block')).toContainText(
      '为保障您的权益，请在登录后使用「礼品卡/兑换码」功能。',
    );
    await keep(page, 'giftcard-guest');
  });

  test('the lifelong promo: an SMS code from the outbox, a wrong one first', async ({
    page,
    request,
  }) => {
    await member(page, request);
    const now = Math.floor(Date.now() / 1000);
    await operatorAction(request, 'lifelong.savePromo', {
      code: 'freeRead',
      title: '免费升级终身会员',
      description: '完成免费阅读任务的家庭专享',
      status_after: 1,
      start_time: now - 3600,
      end_time: now + 30 * 86_400,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/act/upgradeLifeVip/freeRead');
    await passParentalGate(page);
    const lifelong = page.getByTestId('lifelong-page');
    await expect(lifelong.getByTestId('lifelong-status')).toHaveText('尚未升级');
    await expect(lifelong).toContainText('可获得：终身VIP');

    const mobile = `135${String(Date.now()).slice(-8)}`;
    await lifelong.locator('input[name=phone]').fill(mobile);
    await lifelong.getByTestId('sms-button').click();
    await expect(lifelong.getByTestId('sms-button')).toHaveAttribute('data-state', 'countdown');
    const outbox = await (await request.get('/dev/sms-outbox')).json();
    const pin = outbox.data.find(
      (m: { mobile: string; action: string }) => m.mobile === mobile && m.action === 'lifelong',
    )?.pin as string;
    expect(pin).toMatch(/^\d{4}$/);
    await keep(page, 'lifelong-offer');

    // A wrong code: state errorSmsPIN with the spec's words.
    await lifelong.locator('input[name=pin]').fill(pin === '0000' ? '1111' : '0000');
    await lifelong.getByRole('button', { name: '验证并领取' }).click();
    await expect(lifelong).toHaveAttribute('data-state', 'errorSmsPIN');
    await expect(lifelong.getByTestId('lifelong-sms-problem')).toHaveText('验证码错误，请重新验证');
    await keep(page, 'lifelong-wrong-pin');

    await lifelong.locator('input[name=pin]').fill(pin);
    await lifelong.getByRole('button', { name: '验证并领取' }).click();
    await expect(lifelong.getByTestId('lifelong-done')).toContainText('领取成功');
    await expect(lifelong.getByTestId('lifelong-status')).toHaveText('已升级为终身会员');
    await keep(page, 'lifelong-done');
  });
});
