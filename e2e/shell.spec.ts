import { expect, passParentalGate, test } from './fixtures';

test.describe('startup and routing', () => {
  test('opening / with no token lands on the login screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('login-screen')).toBeVisible();
    await expect(page.getByRole('heading', { name: '手机号登录/注册' })).toBeVisible();
  });

  test('guest login from the login screen opens the library', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '其他登录方式' }).click();
    await page.getByRole('button', { name: '游客体验' }).click();
    await expect(page).toHaveURL(/\/library$/);
    await expect(page.getByTestId('library-page')).toBeVisible();
    await expect(page.getByRole('tab', { name: /L1/ })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('uuid'))).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('an unknown path shows the not-found screen, and its button goes home', async ({
    loggedInPage: page,
  }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found-screen')).toBeVisible();
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/library$/);
  });

  test('redirects: / and /index.html → /library, /library/works/7 → /works/home/7', async ({
    loggedInPage: page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/library$/);
    await page.goto('/index.html');
    await expect(page).toHaveURL(/\/library$/);
    await page.goto('/library/works/7');
    await expect(page).toHaveURL(/\/works\/home\/7$/);
    // User 7's works are not public: a friendly message, no error.
    await expect(page.getByTestId('works-message')).toBeVisible();
  });

  test('demo routes do not exist in the production build', async ({ loggedInPage: page }) => {
    await page.goto('/demo/fonts');
    await expect(page.getByTestId('not-found-screen')).toBeVisible();
  });

  test('routes a later feature builds show their titled page', async ({ loggedInPage: page }) => {
    await page.goto('/parents/message');
    await passParentalGate(page);
    await expect(page.getByRole('heading', { name: '消息' }).first()).toBeVisible();
    await expect(page.getByTestId('placeholder-page')).toContainText('消息');
    await page.goto('/library/tasteTest/1101');
    await expect(page.getByTestId('placeholder-page')).toContainText('体验测试');
  });
});

test.describe('error screens', () => {
  test.use({
    allowConsoleErrors: ['Failed to load resource', 'net::ERR_FAILED', 'ERR_INTERNET_DISCONNECTED'],
  });

  test('the timeout screen appears when the API is down and recovers on retry', async ({
    loggedInPage: page,
  }) => {
    await page.route('**/api/v1/configs', (route) => route.abort('failed'));
    await page.goto('/library');
    await expect(page.getByTestId('timeout-screen')).toBeVisible();
    await expect(page.getByText('网络不太给力哦～')).toBeVisible();
    await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible();

    await page.unroute('**/api/v1/configs');
    await page.getByRole('button', { name: '重试一下' }).click();
    await expect(page.getByTestId('library-page')).toBeVisible();
  });

  test('retry reloads only what failed', async ({ loggedInPage: page }) => {
    let userCalls = 0;
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/v1/user') userCalls++;
    });
    await page.route('**/api/v1/configs', (route) => route.abort('failed'));
    await page.goto('/library');
    await expect(page.getByTestId('timeout-screen')).toBeVisible();
    const callsBefore = userCalls;
    await page.unroute('**/api/v1/configs');
    await page.getByRole('button', { name: '重试一下' }).click();
    await expect(page.getByTestId('library-page')).toBeVisible();
    expect(userCalls).toBe(callsBefore);
  });

  test('offline at startup shows the offline screen, warns while still offline, recovers online', async ({
    loggedInPage: page,
  }) => {
    // The document itself cannot load offline, so the app is started with the browser
    // reporting offline and the API unreachable.
    await page.route('**/api/v1/configs', (route) => route.abort('internetdisconnected'));
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    });
    await page.goto('/library');
    await expect(page.getByTestId('offline-screen')).toBeVisible();
    await page.getByRole('button', { name: '重试一下' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '没有检测到网络' })).toBeVisible();

    await page.unroute('**/api/v1/configs');
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
      window.dispatchEvent(new Event('online'));
    });
    await expect(page.getByTestId('library-page')).toBeVisible();
  });
});
