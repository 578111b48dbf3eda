import { member, operatorAction, userId } from './family';
import { expectFitsBothWays } from './fits';
import { expect, keep, passParentalGate, test } from './fixtures';

/**
 * The points mall and the lucky wheel as a family uses them: a registered parent (phone login via
 * the development SMS outbox) signs in for the day, exchanges a goods with a new address, cancels
 * it and sees the points back; a child spins the wheel and finds the prize on the prizes page.
 * Points and wheels come from operator actions (the development operator), as in production.
 */

test.describe('points mall', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a parent signs in, exchanges a goods with a new address, cancels it and gets the points back', async ({
    page,
    request,
  }) => {
    const token = await member(page, request);
    await operatorAction(
      request,
      'points.grant',
      { user_id: await userId(request, token), points: 600, request_id: `e2e-${Date.now()}` },
      'e2e: points to exchange',
    );
    await page.goto('/parents/points');
    await passParentalGate(page);
    // First visit: what the mall is; then the daily lottery modal.
    await page.getByTestId('points-welcome').getByRole('button', { name: '知道了' }).click();
    await page.getByTestId('daily-lottery-modal').getByRole('button', { name: '明天再说' }).click();
    await expect(page.getByTestId('points-balance')).toHaveText('600');

    const sign = page.getByTestId('sign-in');
    await sign.getByRole('button', { name: /签到领积分/ }).click();
    await expect(page.getByText('签到成功，积分 +5')).toBeVisible();
    await expect(sign.getByRole('button', { name: '今日已签到' })).toBeDisabled();
    await expect(page.getByTestId('points-balance')).toHaveText('605');
    await keep(page, 'points-home');

    await page.getByTestId('goods-card').filter({ hasText: '24色彩色铅笔' }).click();
    const detail = page.getByTestId('goods-detail');
    await expect(detail.getByText('500 积分').first()).toBeVisible();
    await detail.getByTestId('goods-address').getByRole('button', { name: '新增收货地址' }).click();
    const form = page.getByTestId('address-form');
    await form.locator('input[name=name]').fill('王小明');
    await form.locator('input[name=phone]').fill('1380013');
    await form.locator('input[name=street]').fill('中关村大街1号');
    await form.getByRole('button', { name: '保存地址' }).click();
    // The rules run before anything is sent.
    await expect(form.getByRole('alert')).toHaveText('请输入正确的11位手机号');
    await form.locator('input[name=phone]').fill('13800138000');
    await form.locator('select[name=province]').selectOption({ label: '北京市' });
    await form.locator('select[name=city]').selectOption({ label: '北京市' });
    await form.locator('select[name=county]').selectOption({ label: '海淀区' });
    await keep(page, 'points-address-form');
    await form.getByRole('button', { name: '保存地址' }).click();
    await expect(detail.getByTestId('goods-address')).toContainText('王小明 13800138000');
    await expect(detail.getByTestId('goods-address')).toContainText('海淀区 中关村大街1号');

    await page.getByTestId('exchange-button').click();
    await page.getByTestId('exchange-confirm').getByRole('button', { name: '确认兑换' }).click();
    const success = page.getByTestId('exchange-success');
    await expect(success).toBeVisible();
    await keep(page, 'points-exchanged');
    await success.getByRole('button', { name: '查看兑换记录' }).click();

    const card = page.getByTestId('order-card').first();
    await expect(card).toContainText('24色彩色铅笔');
    await expect(card).toContainText('待发货');
    await card.click();
    const order = page.getByTestId('order-dialog');
    await expect(order).toContainText('北京市 海淀区 中关村大街1号');
    await order.getByRole('button', { name: '取消兑换' }).click();
    await order.getByRole('button', { name: '确定取消' }).click();
    await expect(page.getByText('已取消，500 积分已退回')).toBeVisible();
    await expect(order.getByTestId('order-status')).toHaveText('已取消');
    await order.getByRole('button', { name: '关闭' }).first().click();

    await page.getByRole('tab', { name: '积分明细' }).click();
    const records = page.getByTestId('points-record');
    await expect(records.first()).toContainText('取消兑换退回 · 24色彩色铅笔');
    await expect(records.first()).toContainText('+500');
    await keep(page, 'points-records');
    // Back on the mall (in the app: a reload would ask the parental gate again).
    await page.getByRole('button', { name: '返回' }).first().click();
    await expect(page).toHaveURL(/\/parents\/points$/);
    await expect(page.getByTestId('points-balance')).toHaveText('605');
  });
});

test.describe('lucky wheel', () => {
  test('a child spins the wheel and the prize appears on the prizes page', async ({
    page,
    request,
  }) => {
    await member(page, request);
    const now = Math.floor(Date.now() / 1000);
    const wheel = await operatorAction(request, 'lottery.save', {
      title: '周末幸运转盘',
      rules: '每天登录可领1次免费机会。',
      start_at: now - 60,
      end_at: now + 86_400,
      daily_chances: 1,
      apply_methods: [{ method: 'share', chances: 1, daily_limit: 1 }],
    });
    await operatorAction(request, 'lottery.savePrize', {
      lottery_id: wheel.id,
      name: '10积分',
      image: '/media/mall/prize-points.svg',
      kind: 'points',
      amount: 10,
      weight: 1,
      sort: 0,
    });
    await operatorAction(request, 'lottery.savePrize', {
      lottery_id: wheel.id,
      name: '谢谢参与',
      image: '/media/mall/prize-thanks.svg',
      kind: 'none',
      weight: 0,
      sort: 1,
    });

    await page.setViewportSize({ width: 812, height: 375 });
    await page.goto(`/act/lotteryWheel/${wheel.id}`);
    await expect(page.getByTestId('chances')).toHaveText('剩余 0 次机会');
    await expect(page.getByTestId('spin-button')).toBeDisabled();
    const odds = page.getByTestId('lottery-odds');
    await expect(odds.getByRole('row', { name: /10积分 100\.00%/ })).toBeVisible();
    await page.getByTestId('daily-benefit').click();
    await expect(page.getByTestId('chances')).toHaveText('剩余 1 次机会');
    await keep(page, 'lottery-wheel-812x375');

    await page.getByTestId('spin-button').click();
    const result = page.getByTestId('lottery-result');
    await expect(result).toBeVisible({ timeout: 10_000 });
    await expect(result.getByTestId('result-name')).toHaveText('10积分');
    await expect(result).toContainText('10 积分已存入账户');
    await keep(page, 'lottery-won');
    await expectFitsBothWays(
      page,
      result,
      result.getByRole('button', { name: '好的' }),
      'dialog-lottery-result',
    );
    await result.getByRole('button', { name: '好的' }).click();
    await expect(page.getByTestId('chances')).toHaveText('剩余 0 次机会');
    // No chances left: the server says so, with its code.
    await page.setViewportSize({ width: 390, height: 844 });
    await keep(page, 'lottery-wheel-390x844');

    await page.goto('/act/lotteryPrizes');
    const prize = page.getByTestId('prize-item').first();
    await expect(prize).toContainText('10积分');
    await expect(prize).toContainText('周末幸运转盘');
    await keep(page, 'lottery-prizes');
  });
});
