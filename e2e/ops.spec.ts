import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { bookYaml } from '../apps/server/test/book-source';
import { member, operatorAction, userId } from './family';
import { expect, keep, passParentalGate, test } from './fixtures';
import { toneWav } from './mic';

/**
 * The operator console (issue 23): an operator with a second factor logs in at /ops with the
 * authenticator's code, makes a gift-card batch and exports its codes once as CSV; a parent
 * redeems one of them; support finds the family by its id and sees the right and the audit row
 * of the batch. Console screens at 1280×800 (desktop) and 390×844 (portrait).
 */
test('an operator makes a gift-card batch, a parent redeems a code, support sees the right and the audit row', async ({
  page,
  request,
  browser,
}) => {
  const username = `e2e${Date.now().toString(36)}`;
  const password = 'e2e-operator-password';
  // The first operators are made by an admin (here the development operator, through the API).
  const made = await operatorAction(request, 'operators.create', {
    username,
    password,
    roles: ['commerce', 'support'],
  });
  const totp = OTPAuth.URI.parse(made.totp_uri as string) as OTPAuth.TOTP;

  const ops = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' })
  ).newPage();
  const warnings = consoleWarnings(ops);
  await ops.goto('/ops');
  await expect(ops).toHaveURL(/\/ops\/login$/);
  const login = ops.getByTestId('ops-login');
  await login.getByLabel('账号').fill(username);
  await login.getByLabel('密码').fill(password);
  // Without the code the login fails, saying no more than that.
  await login.getByRole('button', { name: '登录' }).click();
  await expect(login.getByRole('alert')).toHaveText('账号、密码或动态验证码不正确');
  await login.getByLabel('动态验证码').fill(totp.generate());
  await keep(ops, 'ops-login');
  await login.getByRole('button', { name: '登录' }).click();
  await expect(ops.getByTestId('ops-operator')).toContainText(`op:${username}`);
  // Commerce and support only: no catalogue, no engagement screens.
  await expect(ops.getByTestId('ops-nav-commerce')).toBeVisible();
  await expect(ops.getByTestId('ops-nav-catalogue')).toHaveCount(0);

  await ops.getByTestId('ops-nav-commerce').click();
  await ops.getByRole('tab', { name: '礼品卡批次' }).click();
  const form = ops.getByTestId('gift-batch-form');
  await form.getByLabel('批次名称').fill('阳光小学赠卡（后台）');
  // The channel's pattern works in the browser (it is valid under the v flag, decision 097).
  await form.getByLabel('渠道').fill('school ops');
  expect(await form.getByLabel('渠道').evaluate((i: HTMLInputElement) => i.validity.valid)).toBe(
    false,
  );
  await form.getByLabel('渠道').fill('school:ops-e2e');
  expect(await form.getByLabel('渠道').evaluate((i: HTMLInputElement) => i.validity.valid)).toBe(
    true,
  );
  await form.getByLabel('天数（填 life 为终身）').fill('31');
  await form.getByLabel('数量').fill('3');
  await form.getByRole('button', { name: '生成兑换码' }).click();
  const codes = ops.getByTestId('gift-codes');
  await expect(codes).toContainText('已生成 3 个兑换码');
  const code = (await codes.locator('code').first().textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9-]{10,}$/);
  await keep(ops, 'ops-giftcard-created');
  const [download] = await Promise.all([
    ops.waitForEvent('download'),
    codes.getByRole('button', { name: '导出 CSV' }).click(),
  ]);
  const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
  expect(csv.trim().split('\n')).toHaveLength(4);
  expect(csv).toContain(code);
  // Once: the codes are gone from the screen after the export.
  await expect(ops.getByTestId('gift-codes')).toHaveCount(0);
  await expect(ops.getByText('已导出，兑换码不会再次显示')).toBeVisible();
  const batches = ops.getByTestId('gift-batches');
  await expect(batches).toContainText('阳光小学赠卡（后台）');
  await expect(batches).toContainText('0 / 3');

  // The parent redeems one code in the parents' area.
  const token = await member(page, request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/parents/center');
  await passParentalGate(page);
  await page.getByTestId('gift-card-link').click();
  await page.getByTestId('redeem-entry').click();
  await page.getByTestId('gift-code-input').fill(code);
  await page.getByRole('button', { name: '查看兑换内容' }).click();
  await expect(page.getByTestId('gift-code-gives')).toContainText('VIP会员 31天');
  await page.getByRole('button', { name: '立即兑换' }).click();
  await expect(page.getByTestId('redeem-done')).toContainText('兑换成功');

  // Support: find the family, see the right, the card and who made its batch.
  const id = await userId(request, token);
  await ops.getByTestId('ops-nav-support').click();
  await ops.getByTestId('support-search').fill(String(id));
  await ops.getByRole('button', { name: '查找' }).click();
  await ops.getByTestId('support-results').getByRole('button', { name: '查看' }).first().click();
  const family = ops.getByTestId('support-family');
  await expect(family).toContainText(`#${id}`);
  await expect(family.getByTestId('support-rights')).toContainText('vip');
  await expect(family.getByTestId('support-rights')).toContainText('有效');
  await expect(family.getByTestId('support-gift-cards')).toContainText(code.slice(-4));
  const audit = family.getByTestId('support-audit');
  await expect(audit).toContainText('giftcards.createBatch');
  await expect(audit).toContainText(`op:${username}`);
  await keep(ops, 'ops-support-family');

  // The batch's row in the console: one of three redeemed.
  await ops.getByTestId('ops-nav-commerce').click();
  await ops.getByRole('tab', { name: '礼品卡批次' }).click();
  await expect(ops.getByTestId('gift-batches')).toContainText('1 / 3');

  // The audit log, searchable by action; then the portrait layout of the family page.
  await ops.getByTestId('ops-nav-audit').click();
  await ops.getByPlaceholder('操作: giftcards.createBatch').fill('giftcards.createBatch');
  await ops.getByRole('button', { name: '搜索' }).click();
  await expect(ops.getByTestId('audit-rows')).toContainText(`op:${username}`);
  await keep(ops, 'ops-audit');
  await ops.setViewportSize({ width: 390, height: 844 });
  await ops.getByTestId('ops-nav-support').click();
  await ops.getByTestId('support-search').fill(String(id));
  await ops.getByRole('button', { name: '查找' }).click();
  await keep(ops, 'ops-support-portrait');
  // The whole console session: no router fallback warnings, no pattern the browser rejects.
  expect(warnings).toEqual([]);
  await ops.context().close();
});

/**
 * 「全部操作」 (decision 097): the development operator is told on every page that it is the
 * development account; each action's form is made from its input schema — labelled fields with
 * required marks, examples, choices, the schema's checks before anything is sent — and runs
 * through the same audited door. A console session logs no HydrateFallback or pattern warning.
 */
test('every action has a form made from its schema; the dev operator is plainly the development account', async ({
  browser,
}) => {
  const ops = await (
    await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'zh-CN' })
  ).newPage();
  const warnings = consoleWarnings(ops);
  await ops.goto('/ops/actions');
  const login = ops.getByTestId('ops-login');
  await login.getByLabel('账号').fill('dev');
  await login.getByLabel('密码').fill('picbook-dev');
  await login.getByRole('button', { name: '登录' }).click();
  await expect(ops.getByTestId('ops-dev-banner')).toContainText('开发账号');
  await expect(ops.getByTestId('ops-dev-banner')).toContainText('生产环境没有这个账号');
  // Every area, and a reload (the first load of a lazy page): the banner stays.
  for (const area of ['support', 'commerce', 'catalogue', 'engagement', 'audit', 'actions']) {
    await ops.getByTestId(`ops-nav-${area}`).click();
    await expect(ops.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  await ops.reload();
  await expect(ops.getByTestId('ops-dev-banner')).toBeVisible();

  // A new operator, through its form.
  await ops.getByRole('button', { name: '新建运营账号' }).click();
  const create = ops.getByTestId('action-form-operators.create');
  await expect(create.getByLabel('账号')).toHaveAttribute('placeholder', 'zhang.san');
  await expect(create.getByText('小写字母开头')).toBeVisible();
  await create.getByRole('button', { name: '执行' }).click();
  await expect(create.getByTestId('problem-username')).toHaveText('必须填写');
  await expect(create.getByTestId('problem-roles')).toHaveText('至少 1 项');
  await create.getByLabel('账号').fill('Zhang San');
  expect(
    await create.getByLabel('账号').evaluate((i: HTMLInputElement) => i.validity.patternMismatch),
  ).toBe(true);
  await create.getByLabel('密码').fill('short');
  await create.getByRole('button', { name: '执行' }).click();
  await expect(create.getByTestId('problem-username')).toHaveText('格式不对，请参照示例');
  await expect(create.getByTestId('problem-password')).toHaveText('至少 12 个字符');
  const username = `e2ef${Date.now().toString(36)}`;
  await create.getByLabel('账号').fill(username);
  await create.getByLabel('密码').fill('e2e-operator-password');
  await create.getByLabel('客服（support）').check();
  await create.getByRole('button', { name: '执行' }).click();
  await expect(create.getByTestId('ops-outcome')).toContainText('已完成');
  await expect(create.getByTestId('totp-enrolment')).toBeVisible();

  // A gift-card batch: a nested field as JSON (starting from an example of its shape).
  await ops.getByRole('button', { name: '生成礼品卡批次' }).click();
  const batch = ops.getByTestId('action-form-giftcards.createBatch');
  await batch.getByLabel('批次名称').fill('全部操作赠卡');
  await batch.getByLabel('渠道').fill('school:all-actions');
  await expect(batch.getByLabel('兑换内容')).toHaveValue(/"kind": "right"/);
  await batch.getByLabel('兑换内容').fill('{ "kind": "right", "right": "vip", "days": 0 }');
  await batch.getByLabel('兑换码数量').fill('2');
  await batch.getByLabel('有效期至').fill('2030-01-01T00:00');
  await batch.getByRole('button', { name: '执行' }).click();
  await expect(batch.getByTestId('problem-product')).toHaveText('days：不能小于 1');
  await batch.getByLabel('兑换内容').fill('{ "kind": "right", "right": "vip", "days": 31 }');
  await keep(ops, 'ops-action-form');
  await batch.getByRole('button', { name: '执行' }).click();
  await expect(batch.getByTestId('ops-outcome')).toContainText('已完成');
  await expect(batch.getByTestId('action-answer')).toContainText('"count": 2');
  // The same input as JSON, for anything the form cannot say.
  await batch.getByRole('tab', { name: 'JSON' }).click();
  await expect(batch.getByRole('textbox').first()).toHaveValue(/"channel": "school:all-actions"/);

  await ops.setViewportSize({ width: 390, height: 844 });
  await ops.getByRole('button', { name: '新建运营账号' }).click();
  await expect(ops.getByTestId('action-form-operators.create')).toBeInViewport();
  await keep(ops, 'ops-action-form-portrait');
  expect(warnings).toEqual([]);
  await ops.context().close();
});

/** React Router's missing-HydrateFallback warning, or a `pattern` the browser cannot compile. */
function consoleWarnings(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/HydrateFallback|not a valid regular expression/i.test(text)) seen.push(text);
  });
  return seen;
}

test('a new activity record, once saved, leaves the form (saving twice cannot make two)', async ({
  browser,
  request,
}) => {
  const { ops } = await contentOperator(browser, request, 'e2ec');
  await ops.getByTestId('ops-nav-engagement').click();
  const rows = ops.locator('table tbody tr');
  await expect(ops.getByRole('button', { name: '新增活动数据' })).toBeVisible();
  const before = await rows.count();
  await ops.getByRole('button', { name: '新增活动数据' }).click();
  const form = ops.getByTestId('json-form-activity.save');
  await form.getByRole('button').last().click();
  await expect(form).toHaveCount(0);
  await expect(rows).toHaveCount(before + 1);
});

/**
 * One teacher's note in an operator's own voice (decision 105): 全部操作 → 上传一页老师讲解的录音,
 * a recording chosen from the computer, run through the one audited door; the reader's 精讲 then
 * plays that recording for the page's note, not the build's reading.
 */
test('a content operator uploads a recorded voice for one note; 精讲 plays it', async ({
  browser,
  loggedInPage: page,
}) => {
  const { ops } = await contentOperator(browser, page.request, 'e2ev');
  // 1.2 s of a gentle tone as 16-bit mono WAV: what an operator's recorder saves.
  const wav = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-voice-')), '讲解-第1页.wav');
  fs.writeFileSync(wav, toneWav(1.2));

  await ops.getByTestId('ops-nav-actions').click();
  await ops.getByRole('button', { name: '上传一页老师讲解的录音' }).click();
  const form = ops.getByTestId('action-form-catalogue.setNoteVoice');
  await expect(form.getByText('MP3、M4A（AAC）或 WAV，最大 2 MB，最长 120 秒')).toBeVisible();
  // Lele's Big Dumpling, a free book no other journey reads.
  await form.getByLabel('绘本编号').fill('1201');
  await form.getByLabel('页码').fill('1');
  await form.getByLabel('录音文件').setInputFiles(wav);
  await form.getByRole('button', { name: '执行' }).click();
  await expect(form.getByTestId('ops-outcome')).toContainText('已完成');
  await expect(form.getByTestId('action-answer')).toContainText('/media/books/1201/voice-p1.');
  await keep(ops, 'ops-note-voice');
  await ops.context().close();

  // The child's 精讲 says the note in the operator's voice: that file is fetched and played.
  const fetched: string[] = [];
  page.on('request', (r) => {
    const at = new URL(r.url()).pathname;
    if (at.startsWith('/media/books/1201/')) fetched.push(at);
  });
  await page.setViewportSize({ width: 812, height: 375 });
  await page.goto('/library/detail/1201/1/0/0');
  await page.getByRole('button', { name: /精讲/ }).first().click();
  await expect(page.getByTestId('reader')).toHaveAttribute('data-mode', 'explain');
  const isVoice = (at: string) => /\/voice-p1\.[0-9a-f]{12}\.wav$/.test(at);
  await expect.poll(() => fetched.some(isVoice), { timeout: 20_000 }).toBe(true);
  const listen = page.getByTestId('reader-note-listen');
  await expect(listen).toHaveAttribute('data-speaking', 'true', { timeout: 20_000 });
  expect(fetched.some((at) => /\/n1\.[0-9a-f]{8}\.mp3$/.test(at))).toBe(false);
  await keep(page, 'reader-note-voice');
});

test('a content operator uploads a book folder, reads its report and imports it into the catalogue', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  // An operator's folder: one good book, one with a level out of range.
  const id = 800_000 + (Date.now() % 100_000);
  const slug = `kite-day-${id}`;
  const shelf = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-shelf-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(shelf, rel)), { recursive: true });
    fs.writeFileSync(path.join(shelf, rel), text);
  };
  write(`new-books/${slug}/book.yaml`, bookYaml(id, slug, { title_cn: '放风筝（新书）' }));
  write('new-books/broken-book/book.yaml', bookYaml(id + 1, 'broken-book', { level: 9 }));

  const { ops, username } = await contentOperator(browser, request, 'e2ei');
  await ops.getByTestId('ops-nav-catalogue').click();
  await ops.getByTestId('ops-upload-folder').setInputFiles(path.join(shelf, 'new-books'));

  const report = ops.getByTestId('ops-import-report');
  await expect(report).toContainText('检查通过，待导入');
  await expect(report.getByTestId('ops-import-books')).toContainText('放风筝（新书）');
  await expect(report.getByTestId('ops-import-books')).toContainText('新书');
  const problems = report.getByTestId('ops-import-problems');
  await expect(problems).toContainText('broken-book/book.yaml');
  await expect(problems).toContainText('must be 1–6');
  await keep(ops, 'ops-import-report');

  await report.getByTestId('ops-import-run').click();
  await expect(report.getByText('正在生成图片和朗读')).toBeVisible();
  await expect(report.getByTestId('ops-import-outcome')).toContainText(`已导入：${id}`, {
    timeout: 240_000,
  });
  await expect(report).toContainText('已导入');
  await keep(ops, 'ops-import-done');
  await ops.getByPlaceholder('按书名或标识搜索').fill(slug);
  await expect(ops.getByTestId('ops-books')).toContainText('放风筝（新书）');
  await expect(ops.getByTestId('ops-books')).toContainText('已上架');

  // The audit log names the import in Chinese, with its operator.
  await ops.getByTestId('ops-nav-audit').click();
  await ops.getByPlaceholder('操作: giftcards.createBatch').fill('catalogue.import');
  await ops.getByRole('button', { name: '搜索' }).click();
  await expect(ops.getByTestId('audit-rows')).toContainText('导入上传的绘本');
  await expect(ops.getByTestId('audit-rows')).toContainText(`op:${username}`);
  await ops.context().close();
  fs.rmSync(shelf, { recursive: true, force: true });
});

/** A new content operator with a second factor, logged in to the console at 1280×800. */
async function contentOperator(browser: Browser, request: APIRequestContext, prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}`;
  const password = 'e2e-operator-password';
  const made = await operatorAction(request, 'operators.create', {
    username,
    password,
    roles: ['content'],
  });
  const totp = OTPAuth.URI.parse(made.totp_uri as string) as OTPAuth.TOTP;
  const ops = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' })
  ).newPage();
  await ops.goto('/ops');
  const login = ops.getByTestId('ops-login');
  await login.getByLabel('账号').fill(username);
  await login.getByLabel('密码').fill(password);
  await login.getByLabel('动态验证码').fill(totp.generate());
  await login.getByRole('button', { name: '登录' }).click();
  await expect(ops.getByTestId('ops-operator')).toContainText(`op:${username}`);
  return { ops, username };
}
