import type { Page } from '@playwright/test';
import { operatorAction } from './family';
import { expectFitsBothWays } from './fits';
import { expect, keep, passParentalGate, test } from './fixtures';

let phoneSeq = 0;
const newPhone = () => `137${String(Date.now() % 10_000_000).padStart(7, '0')}${++phoneSeq % 10}`;

async function readPin(page: Page, mobile: string): Promise<string> {
  let pin = '';
  await expect
    .poll(async () => {
      const res = await page.request.get('/dev/sms-outbox');
      const body = (await res.json()) as {
        data: Array<{ mobile: string; pin: string; action: string }>;
      };
      pin = body.data.find((m) => m.mobile === mobile && m.action === 'login')?.pin ?? '';
      return pin;
    })
    .toMatch(/^\d{4}$/);
  return pin;
}

test('phone login with the code from the SMS outbox → child-info step → library', async ({
  page,
}) => {
  const mobile = newPhone();
  await page.goto('/');
  await expect(page.getByTestId('login-screen')).toHaveAttribute('data-mode', 'phone');

  // Validation messages come first, in the spec's order.
  await page.getByRole('button', { name: '登录/注册' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '请输入手机号' })).toBeVisible();

  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByTestId('sms-button').click();
  await expect(page.getByTestId('sms-button')).toHaveAttribute('data-state', 'countdown');
  await expect(page.getByTestId('sms-button')).toContainText('秒后重发');
  await page.getByPlaceholder('请输入验证码').fill(await readPin(page, mobile));
  // Consent is the parent's act: unticked, the login says so and goes nowhere.
  await expect(page.getByTestId('agreement')).not.toBeChecked();
  await page.getByRole('button', { name: '登录/注册' }).click();
  await expect(
    page.getByTestId('toast').filter({ hasText: '请阅读并同意《用户协议》' }),
  ).toBeVisible();
  await page.getByTestId('agreement').check();
  await page.getByRole('button', { name: '登录/注册' }).click();

  // First login: the child-info step asks for the child and the guardian's consent.
  const info = page.getByTestId('child-info-dialog');
  await expect(info).toBeVisible();
  // No preset birthday that looks like an answer: the parent picks it, or is asked to.
  const birthday = info.locator('input[type=date]');
  await expect(birthday).toHaveValue('');
  await info.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '请输入正确的生日' })).toBeVisible();
  await birthday.fill('2019-06-01');
  await info.getByRole('button', { name: '下一步' }).click();
  // (The login's agreement toast, which names the same notice, may still be showing.)
  await expect(page.getByTestId('toast').filter({ hasText: '请先由家长阅读并同意' })).toBeVisible();
  // The visible tick box (the link beside it opens the guardian notice).
  await info.getByTestId('child-consent').locator('[aria-hidden="true"]').click();
  await expect(info.getByRole('checkbox')).toBeChecked();
  await info.getByRole('button', { name: '下一步' }).click();
  const avatars = page.getByTestId('avatar-dialog');
  await expect(avatars).toBeVisible();
  await avatars.getByRole('button', { name: '确定' }).click();
  await expect(avatars).toBeHidden();

  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByTestId('library-page')).toBeVisible();
  await expect(page.getByText('小宝宝')).toBeVisible();
});

test.describe('guest on a blocked path', () => {
  test('is asked to log in (gift-card message), and continues after logging in', async ({
    page,
    request,
  }) => {
    const res = await request.post('/api/v1/guest_login', {
      data: { device_id: `e2e-guest-${Date.now()}` },
    });
    const { access_token } = (await res.json()).data as { access_token: string };
    await request.post('/api/v1/child', {
      headers: { access_token },
      data: { nickname: '游客宝宝', birthday: '2019-06-01', gender: 2, region: 214, consent: 1 },
    });
    await page.addInitScript((token) => {
      if (!sessionStorage.getItem('init')) {
        sessionStorage.setItem('init', '1');
        localStorage.setItem('access_token', token);
      }
    }, access_token);
    await page.goto('/library');
    await expect(page.getByTestId('library-page')).toBeVisible();
    await page.goto('/parents/giftCard');
    await passParentalGate(page);
    const prompt = page.getByTestId('guest-block');
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('为保障您的权益，请在登录后使用「礼品卡/兑换码」功能。');
    await prompt.getByRole('button', { name: '去登录' }).click();
    await expect(page.getByTestId('login-screen')).toHaveAttribute('data-mode', 'home');
    await page.getByRole('button', { name: '手机号登录' }).click();
    const mobile = newPhone();
    await page.getByPlaceholder('请输入手机号').fill(mobile);
    await page.getByTestId('sms-button').click();
    await page.getByPlaceholder('请输入验证码').fill(await readPin(page, mobile));
    await page.getByTestId('agreement').check();
    await page.getByRole('button', { name: '登录/注册' }).click();
    await expect(page.getByTestId('login-screen')).toBeHidden();
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL(/\/parents\/giftCard$/);
    await expect(page.getByRole('heading', { name: '礼品卡' }).first()).toBeVisible();
  });
});

test('the parental gate: a wrong tap is refused and resets, the right sequence opens the parents area', async ({
  loggedInPage: page,
}) => {
  await page.goto('/library');
  await page.getByRole('button', { name: '家长' }).click();
  const gate = page.getByTestId('parental-gate');
  await expect(gate).toBeVisible();
  const text = (await page.getByTestId('parental-gate-instruction').textContent()) ?? '';
  const first =
    '一二三四五六七八九'.indexOf([...text].find((ch) => '一二三四五六七八九'.includes(ch)) ?? '') +
    1;
  const wrong = first === 9 ? 1 : first + 1;
  await gate.getByRole('button', { name: `数字 ${wrong}` }).click();
  await expect(gate).toContainText('验证错误，请重新输入');
  await expect(gate).not.toContainText('验证错误，请重新输入', { timeout: 3000 });
  await passParentalGate(page);
  await expect(page).toHaveURL(/\/parents\/center$/);
  await expect(page.getByTestId('parents-center')).toBeVisible();

  // Within the lock delay (60 s) a reload does not ask again.
  await page.reload();
  await expect(page.getByTestId('parents-center')).toBeVisible();
  await expect(page.getByTestId('parental-gate')).toBeHidden();

  // After it (the remembered time gone), a deep link asks again; closing the gate goes home.
  await page.goto('/library');
  await page.evaluate(() => localStorage.removeItem('picbook_parental_mode'));
  await page.goto('/parents/center');
  const again = page.getByTestId('parental-gate');
  await expect(again).toBeVisible();
  await again.getByRole('button', { name: '关闭' }).click();
  await expect(page).toHaveURL(/\/library$/);
});

test('WeChat QR login in the browser: consent page → relay message → bind phone → logged in', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: '其他登录方式' }).click();
  await page.getByRole('button', { name: '微信扫码登录' }).click();
  const qr = page.frameLocator('[data-testid="wx-qr"]');
  // The simulated provider page: agree as a fresh simulated account.
  await qr.getByRole('button', { name: '使用一个新的模拟帐号' }).click();
  // Unknown WeChat account: 12000 → bind a phone.
  await expect(page.getByTestId('login-screen')).toHaveAttribute('data-mode', 'bindPhone');
  const mobile = newPhone();
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByTestId('sms-button').click();
  await page.getByPlaceholder('请输入验证码').fill(await readPin(page, mobile));
  await page.getByTestId('agreement').check();
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page.getByTestId('child-info-dialog')).toBeVisible();
});

test("parents' center: edit the child's profile, settings say they are saved, logout asks first", async ({
  loggedInPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/parents/center');
  await passParentalGate(page);
  const center = page.getByTestId('parents-center');
  await expect(center).toBeVisible();

  // A setting change is confirmed.
  await center.locator('select[data-setting=library_page_type]').selectOption('0');
  await expect(page.getByText('已保存')).toBeVisible();

  // The child's birthday and gender can be changed after setup.
  await page.getByTestId('edit-child').click();
  const info = page.getByTestId('child-info-dialog');
  await expect(info).toBeVisible();
  await info.locator('input[type=date]').fill('2019-06-01');
  await info.getByText('女孩').click();
  await keep(page, 'parents-edit-child');
  await info.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(info).toBeHidden();
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const child = async () =>
    (
      (
        await (
          await page.request.get('/api/v1/user', { headers: { access_token: token ?? '' } })
        ).json()
      ).data as { children: Array<{ birthday: string; gender: number }> }
    ).children[0];
  // The avatar step saves; the child is read back once the save has landed.
  await expect.poll(child).toMatchObject({ birthday: '2019-06-01', gender: 2 });

  // Logging out asks first; cancelling stays.
  await page.getByTestId('logout').click();
  const confirm = page.getByTestId('logout-confirm');
  await expect(confirm).toContainText('确定要退出登录吗');
  await keep(page, 'parents-logout-confirm');
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toBeHidden();
  await expect(center).toBeVisible();
});

test.describe('deleting the account', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** The last code the outbox holds for a phone and action. */
  async function pinFor(page: Page, mobile: string, action: string): Promise<string> {
    let pin = '';
    await expect
      .poll(async () => {
        const body = (await (await page.request.get('/dev/sms-outbox')).json()) as {
          data: Array<{ mobile: string; pin: string; action: string }>;
        };
        pin = body.data.filter((m) => m.mobile === mobile && m.action === action).at(-1)?.pin ?? '';
        return pin;
      })
      .toMatch(/^\d{4}$/);
    return pin;
  }

  /** A phone login through the API: the account's token and user info. */
  async function signIn(page: Page, mobile: string) {
    const sms = await page.request.get(`/api/v1/sms?mobile=${mobile}&nation_code=86&action=login`);
    expect((await sms.json()).code).toBe(0);
    const login = await (
      await page.request.post('/api/v1.1/login', {
        data: {
          type: 'phone',
          mobile,
          nation_code: '86',
          pin: await pinFor(page, mobile, 'login'),
        },
      })
    ).json();
    expect(login.code).toBe(0);
    return login.data as { access_token: string; user: { id: number; vip: number } };
  }

  test('a family with VIP and points sees both with their values before confirming; the same phone then starts empty', async ({
    page,
  }) => {
    const mobile = newPhone();
    const first = await signIn(page, mobile);
    const token = first.access_token;
    const headers = { access_token: token };
    const child = await page.request.post('/api/v1/child', {
      headers,
      data: { nickname: '乐乐', birthday: '2019-06-01', gender: 1, region: 214, consent: 1 },
    });
    expect((await child.json()).code).toBe(0);
    // VIP from a gift card, and 1,710 points from the console.
    const batch = await operatorAction(page.request, 'giftcards.createBatch', {
      title: '注销测试赠卡',
      channel: 'e2e:delete',
      product: { kind: 'right', right: 'vip', days: 93 },
      count: 1,
      expires_at: Math.floor(Date.now() / 1000) + 30 * 86_400,
    });
    const redeemed = await page.request.post('/api/v1/gift_card/redeem', {
      headers,
      data: { gift_code: batch.codes[0] },
    });
    expect((await redeemed.json()).code).toBe(0);
    await operatorAction(
      page.request,
      'points.grant',
      { user_id: first.user.id, points: 1710, request_id: `e2e-del-${Date.now()}` },
      'e2e: points before deletion',
    );
    const info = (await (await page.request.get('/api/v1/user', { headers })).json()).data as {
      vip: number;
      vip_expire_time: number;
    };
    expect(info.vip).toBe(1);
    // The last China day the VIP covers, as the store and the order pages show it.
    const until = new Date((info.vip_expire_time - 1) * 1000 + 8 * 3600_000)
      .toISOString()
      .slice(0, 10);

    await page.addInitScript((t) => {
      if (!sessionStorage.getItem('e2e-init')) {
        sessionStorage.setItem('e2e-init', '1');
        localStorage.setItem('access_token', t);
      }
    }, token);
    await page.goto('/parents/deleteAccount');
    await passParentalGate(page);
    const screen = page.getByTestId('delete-account');
    const losses = screen.getByTestId('deletion-losses');
    await expect(losses).toContainText(`VIP会员，有效期至 ${until}`);
    await expect(losses).toContainText('积分 1,710');
    await expect(screen).toContainText('会得到一个全新的空账号');

    // The boxes are labelled; a phone that is not the account's is refused at once.
    const phone = screen.getByRole('textbox', { name: '手机号' });
    const code = screen.getByRole('textbox', { name: '验证码' });
    await phone.fill('13900000000');
    await page.getByTestId('sms-button').click();
    await expect(screen.getByRole('alert')).toHaveText('请输入本账号绑定的手机号');
    await expect(page.getByTestId('sms-button')).toHaveAttribute('data-state', 'send');
    await keep(page, 'delete-account-wrong-phone');
    await page.setViewportSize({ width: 812, height: 375 });
    await keep(page, 'delete-account-wrong-phone-landscape');
    await page.setViewportSize({ width: 390, height: 844 });

    // The right phone gets a code; a wrong code is said on the page, nothing is deleted.
    await phone.fill(mobile);
    await page.getByTestId('sms-button').click();
    await expect(page.getByTestId('delete-notice')).toContainText('验证码已发送');
    await expect(page.getByTestId('sms-button')).toHaveAttribute('data-state', 'countdown');
    const pin = await pinFor(page, mobile, 'cancel');
    await code.fill(pin === '0000' ? '1111' : '0000');
    await screen.getByRole('checkbox', { name: /我已了解/ }).check();
    await screen.getByRole('button', { name: '确认注销' }).click();
    let dialog = page.getByTestId('delete-account-confirm');
    await dialog.getByRole('button', { name: '确认注销' }).click();
    await expect(screen.getByRole('alert')).toHaveText('注销没有完成：验证码错误，请重新验证');

    // The final confirmation names the VIP and the points with their values.
    await code.fill(pin);
    await screen.getByRole('button', { name: '确认注销' }).click();
    dialog = page.getByTestId('delete-account-confirm');
    await expect(dialog).toContainText(`VIP会员，有效期至 ${until}`);
    await expect(dialog).toContainText('积分 1,710');
    await expect(dialog).toContainText('会得到一个全新的空账号');
    await keep(page, 'delete-account-confirm');
    await expectFitsBothWays(
      page,
      dialog,
      dialog.getByRole('button', { name: '确认注销' }),
      'dialog-delete-account',
    );
    await dialog.getByRole('button', { name: '确认注销' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '账号已注销' })).toBeVisible();

    // As the page said: the same phone starts a new, empty account.
    const again = await signIn(page, mobile);
    expect(again.user.id).not.toBe(first.user.id);
    expect(again.user.vip).toBe(0);
    const summary = (
      await (
        await page.request.get('/api/v1/user/cancel/summary', {
          headers: { access_token: again.access_token },
        })
      ).json()
    ).data as { rights: unknown[]; points: number };
    expect(summary.rights).toEqual([]);
    expect(summary.points).toBe(0);
  });
});
