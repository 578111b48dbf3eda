import { member, operatorAction, userId } from './family';
import { expectFits, SIZES } from './fits';
import { expect, keep, passParentalGate, test } from './fixtures';

/**
 * Every dialog fits a phone held sideways (812×375) and upright (390×844) with its main button in
 * view without scrolling (issue 39 item 8): the edit-profile steps, the login card opened from a
 * locked book, the logout and balance dialogs, the points goods, the parental gate. The journeys
 * check the dialogs they open at both sizes too (fits.ts: expectFitsBothWays).
 */
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
      // The form scrolls under its save button, which stays in view.
      await expectFits(page, page.getByTestId('address-book'), save);
      await form.locator('input[name=name]').fill('王小明');
      await form.locator('input[name=phone]').fill('13800138000');
      await form.locator('input[name=street]').fill('中关村大街1号');
      await form.locator('select[name=province]').selectOption({ label: '北京市' });
      await form.locator('select[name=city]').selectOption({ label: '北京市' });
      await form.locator('select[name=county]').selectOption({ label: '海淀区' });
      await save.click();
      await expect(detail.getByTestId('goods-address')).toContainText('王小明');
      // The address book: the family's addresses, and a new one.
      await detail.getByTestId('goods-address').getByRole('button', { name: '更换' }).click();
      const book = page.getByTestId('address-book');
      await expect(book.getByTestId('address-item')).toHaveCount(1);
      await expectFits(page, book, book.getByRole('button', { name: '+ 新增收货地址' }));
      await book.getByTestId('address-item').click();
      await expect(book).toBeHidden();

      await page.getByTestId('exchange-button').click();
      const confirm = page.getByTestId('exchange-confirm');
      await expectFits(page, confirm, confirm.getByRole('button', { name: '确认兑换' }));
      await keep(page, `dialog-exchange-${tag}`);
      await confirm.getByRole('button', { name: '确认兑换' }).click();
      const success = page.getByTestId('exchange-success');
      await expectFits(page, success, success.getByRole('button', { name: '查看兑换记录' }));
      await expect(success.getByRole('button', { name: '继续逛逛' })).toBeInViewport({ ratio: 1 });
      await keep(page, `dialog-exchange-success-${tag}`);
      await success.getByRole('button', { name: '查看兑换记录' }).click();

      // The order: its details, cancelling it (asked first).
      await page.getByTestId('order-card').first().click();
      const order = page.getByTestId('order-dialog');
      await expectFits(page, order, order.getByRole('button', { name: '取消兑换' }));
      await order.getByRole('button', { name: '取消兑换' }).click();
      await expectFits(page, order, order.getByRole('button', { name: '确定取消' }));
      await keep(page, `dialog-order-${tag}`);
    });

    test('a child: the picture’s talking hotspots', async ({ loggedInPage: page }) => {
      await page.goto('/library/detail/1101/1/0/0');
      // Held upright, the child's screens ask to be turned, and may go on as they are.
      const turn = page.getByTestId('rotate-hint');
      if (await turn.isVisible()) {
        await expectFits(page, turn, turn.getByRole('button'));
        await turn.getByRole('button').click();
      }
      await page.getByTestId('interactive-areas').getByRole('button').first().click();
      const viewer = page.getByTestId('hotspot-viewer');
      await expectFits(page, viewer, viewer.getByRole('button', { name: '关闭' }));
      await keep(page, `dialog-hotspots-${tag}`);
      await viewer.getByRole('button', { name: '关闭' }).click();
      await expect(viewer).toBeHidden();
    });

    test('a course’s finish card; a course left halfway asks to continue or start again', async ({
      loggedInPage: page,
      request,
    }) => {
      // The day's story video opens its second course.
      await page.goto('/learning/video/101111');
      await page.getByTestId('video-play').click();
      const finish = page.getByTestId('learning-finish');
      await expect(finish).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
      // The finish card with its reward row: its buttons in view.
      for (const button of await finish.getByRole('button').all()) {
        await expect(button).toBeInViewport({ ratio: 1 });
      }
      await keep(page, `dialog-learning-finish-${tag}`);
      const token = (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '';
      const id = await userId(request, token);
      // The child left the second course at its second part.
      await page.evaluate((uid) => {
        localStorage.setItem(
          `picbook.archive.${uid}.learning-1`,
          JSON.stringify({ processId: 101112, part: 1, answers: [], seconds: 30, at: Date.now() }),
        );
      }, id);
      await page.goto('/learning/partContent/101112');
      const ask = page.getByTestId('course-continue');
      await expectFits(page, ask, ask.getByRole('button').last());
      await expect(ask.getByRole('button').first()).toBeInViewport({ ratio: 1 });
      await keep(page, `dialog-course-continue-${tag}`);
    });

    test('the popups an entrance opens: official accounts, read camp, an operator’s popup', async ({
      page,
      request,
    }) => {
      await member(page, request);
      const stamp = `${tag}-${Date.now() % 100_000}`;
      const made: number[] = [];
      const save = async (slot: string, payload: Record<string, unknown>) => {
        const saved = await operatorAction(request, 'activity.save', { slot, payload });
        made.push(saved.id);
        return saved.id as number;
      };
      try {
        // A wordy popup: its button still shows.
        const popupId = await save('popup_lib', {
          title: `暑期共读${stamp}`,
          text: '每天读一本英文绘本，和宝贝一起慢慢长大。'.repeat(8),
          button: '马上参加',
          action: { action_type: 1, link: '/library' },
        });
        await save('read_camp', { id: 7, title: '阅读训练营' });
        const entrances = [
          [`公众号${stamp}`, -1],
          [`训练营${stamp}`, -2],
          [`活动${stamp}`, popupId],
        ] as const;
        for (const [title, id] of entrances) {
          await save('home_pop', { action_type: 2, title, popup_id: id });
        }
        const checks = [
          ['popup-official-accounts', '关闭'],
          ['popup-read-camp', '去看看'],
          ['popup-activity', '马上参加'],
        ] as const;
        for (const [i, [title]] of entrances.entries()) {
          await page.goto('/library');
          const turn = page.getByTestId('rotate-hint');
          if (await turn.isVisible()) await turn.getByRole('button').click();
          await page.getByTestId('home-entrances').getByRole('button', { name: title }).click();
          const [testId, main] = checks[i] as (typeof checks)[number];
          const popup = page.getByTestId(testId);
          await expectFits(page, popup, popup.getByRole('button', { name: main }).last());
          await keep(page, `dialog-${testId}-${tag}`);
        }
      } finally {
        for (const id of made) await operatorAction(request, 'activity.remove', { id });
      }
    });

    test.describe('the app’s own popups', () => {
      test.use({ popupsSeen: false });

      test('a guest’s login prompt', async ({ page, request }) => {
        const guest = await (
          await request.post('/api/v1/guest_login', { data: { device_id: `e2e-d-${Date.now()}` } })
        ).json();
        await request.post('/api/v1/child', {
          headers: { access_token: guest.data.access_token },
          data: {
            nickname: '测试宝宝',
            birthday: '2019-06-01',
            gender: 1,
            region: 214,
            consent: 1,
          },
        });
        await page.addInitScript((token) => {
          if (!sessionStorage.getItem('e2e-init')) {
            sessionStorage.setItem('e2e-init', '1');
            localStorage.setItem('access_token', token);
          }
        }, guest.data.access_token as string);
        await page.goto('/library');
        const visitor = page.getByTestId('popup-visitor-login');
        await expectFits(page, visitor, visitor.getByRole('button', { name: '去登录' }));
        await keep(page, `dialog-popup-visitor-${tag}`);
      });

      test('a new family’s welcome', async ({ page, request }) => {
        await member(page, request);
        await page.goto('/library');
        const welcome = page.getByTestId('popup-register-success');
        await expectFits(page, welcome, welcome.getByRole('button', { name: '开始阅读' }));
        await keep(page, `dialog-popup-register-${tag}`);
      });
    });

    test.describe('the push popup', () => {
      test.use({ popupsSeen: false, permissions: ['notifications'] });

      test('asks to turn notifications on', async ({ page, request }) => {
        // The app's other popups were shown already: the push popup's turn at home.
        await page.addInitScript(() => {
          const shows = [{ point: 'coldBootToHome', at: 4_102_444_800 }];
          if (localStorage.getItem('popup_history')) return;
          localStorage.setItem(
            'popup_history',
            JSON.stringify({
              '*': JSON.stringify({ registerSuccess: shows, visitorLogin: shows, readCamp: shows }),
            }),
          );
        });
        await member(page, request);
        await page.goto('/library');
        await page.getByTestId('book-card').first().click();
        await expect(page).toHaveURL(/\/library\/detail\//);
        await page.goBack();
        const push = page.getByTestId('popup-push');
        await expectFits(page, push, push.getByRole('button', { name: '去开启' }));
        await keep(page, `dialog-popup-push-${tag}`);
      });
    });

    test.describe('in a native shell too old to run', () => {
      test.use({
        userAgent: 'Mozilla/5.0 (Linux; Android 12) PicBookApp/0.9.0 (Android 12; xiaomi)',
      });

      test('the app asks to be updated', async ({ loggedInPage: page }) => {
        await page.goto('/library');
        const update = page.getByTestId('unsupported-app');
        await expectFits(page, update, update.getByRole('button', { name: '立即更新' }));
        await keep(page, `dialog-unsupported-app-${tag}`);
      });
    });

    test.describe('in a native shell', () => {
      test.use({
        userAgent: 'Mozilla/5.0 (Linux; Android 12) PicBookApp/1.6.2 (Android 12; xiaomi)',
      });

      test('after a week of use the app asks for a rating', async ({ page, request }) => {
        const token = await member(page, request);
        const id = await userId(request, token);
        await page.addInitScript((uid) => {
          if (localStorage.getItem('active_days')) return;
          localStorage.setItem('active_days', JSON.stringify({ [uid]: '7' }));
          localStorage.setItem('last_active_date', JSON.stringify({ [uid]: '2000-01-01' }));
        }, String(id));
        await page.goto('/library');
        const rating = page.getByTestId('market-rating');
        await expectFits(page, rating, rating.getByRole('button', { name: '去评分' }));
        await keep(page, `dialog-market-rating-${tag}`);
      });
    });
  });
}
