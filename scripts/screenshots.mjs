#!/usr/bin/env node
// Takes screenshots of key screens in headless Chromium (UI brief: child screens at 1024×768 and
// 812×375, parents' screens at 390×844). Usage:
//   node scripts/screenshots.mjs --base http://localhost:8080 --out e2e/artifacts/screens [--lang en]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './lib/chromium.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:8080' },
    out: { type: 'string', default: 'e2e/artifacts/screens' },
    lang: { type: 'string', default: 'zh-CN' },
    only: { type: 'string' },
  },
});

const CHILD = [
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'phone', width: 812, height: 375 },
];
const PARENTS = [{ name: 'portrait', width: 390, height: 844 }];

const screens = [
  { id: 'login', path: '/library', sizes: CHILD, loggedIn: false },
  {
    id: 'login-home',
    path: '/library',
    sizes: CHILD,
    loggedIn: false,
    before: (p) => p.getByRole('button', { name: '其他登录方式' }).click(),
  },
  { id: 'parental-gate', path: '/parents/center', sizes: [...CHILD, ...PARENTS], loggedIn: true },
  {
    id: 'delete-account',
    path: '/parents/deleteAccount',
    sizes: PARENTS,
    loggedIn: true,
    gate: true,
  },
  {
    // A guest's deletion asks for confirmation like a member's (issue 35).
    id: 'delete-account-confirm',
    path: '/parents/deleteAccount',
    sizes: PARENTS,
    loggedIn: true,
    gate: true,
    before: async (p) => {
      await p.getByText('我已了解注销后数据无法恢复').click();
      await p.getByRole('button', { name: '确认注销' }).click();
    },
  },
  { id: 'library', path: '/library', sizes: CHILD, loggedIn: true },
  { id: 'learning', path: '/learning', sizes: CHILD, loggedIn: true },
  { id: 'words', path: '/words', sizes: CHILD, loggedIn: true },
  // {open} and {locked}: a free trial book and a standard book of level 1 (looked up below).
  { id: 'book-detail', path: '/library/detail/{open}/1/0/0', sizes: CHILD, loggedIn: true },
  {
    id: 'book-detail-locked',
    path: '/library/detail/{locked}/1/0/0',
    sizes: CHILD,
    loggedIn: true,
  },
  {
    id: 'book-areas',
    path: '/library/detail/{open}/1/0/0',
    sizes: CHILD,
    loggedIn: true,
    before: async (p) => {
      await p.getByTestId('interactive-areas').getByRole('button').first().click();
      await p
        .getByTestId('hotspot-viewer')
        .getByRole('button', { name: /点一点|Tap/ })
        .first()
        .click();
    },
  },
  { id: 'bookshelf', path: '/bookshelf/recent', sizes: CHILD, loggedIn: true },
  { id: 'reader', path: '/library/read/1/1', sizes: CHILD, loggedIn: true },
  { id: 'not-found', path: '/no/such/page', sizes: CHILD, loggedIn: true },
  { id: 'parents-center', path: '/parents/center', sizes: PARENTS, loggedIn: true, gate: true },
  {
    // The learning settings: page turning, 录音只保存在本机 and the Wi‑Fi prefetch (decision 110).
    id: 'parents-speech-settings',
    path: '/parents/center',
    sizes: PARENTS,
    loggedIn: true,
    gate: true,
    before: async (p) => {
      const later = p.getByRole('button', { name: /以后再说|Later/ });
      if (await later.count()) await later.first().click();
      await p
        .getByText(/录音只保存在本机|Keep recordings on this device/)
        .first()
        .scrollIntoViewIfNeeded();
    },
  },
  { id: 'demo', path: '/demo/fonts', sizes: CHILD, loggedIn: true },
  { id: 'timeout', path: '/library', sizes: CHILD, loggedIn: true, breakApi: true },
];

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
fs.mkdirSync(values.out, { recursive: true });

const res = await fetch(`${values.base}/api/v1/guest_login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ device_id: 'screenshot-device-0001' }),
});
const token = (await res.json()).data.access_token;
// A child profile, so the first-login child step does not cover the screens.
await fetch(`${values.base}/api/v1/child`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', access_token: token },
  body: JSON.stringify({
    nickname: '朵朵',
    birthday: '2019-06-01',
    gender: 2,
    region: 214,
    consent: 1,
    avatar: '/media/avatars/girl-1.svg',
  }),
});

// Books for the library screens: the guest half-reads the level's free book (继续阅读, the
// bookshelf) and a standard book shows the lock panel.
const levelRes = await fetch(`${values.base}/api/v1.2/learning/level/1`, {
  headers: { access_token: token },
});
const levelOne = (await levelRes.json()).data;
const bookIds = {
  open: levelOne.trial_lesson[0]?.book_info.id ?? 1,
  locked: levelOne.list.find((c) => c.book_info.lock === 1)?.book_info.id ?? 1,
};
await fetch(`${values.base}/api/v1/user/process/${bookIds.open}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', access_token: token },
  body: JSON.stringify({ process: '003', type: 'read' }),
});
const fillPath = (p) => p.replace(/\{(\w+)\}/g, (_, name) => String(bookIds[name]));

const NUMERALS = '一二三四五六七八九';
/** Taps the digits the parental gate asks for. */
async function passGate(page) {
  const text = (await page.getByTestId('parental-gate-instruction').textContent()) ?? '';
  for (const ch of [...text].filter((c) => NUMERALS.includes(c))) {
    await page.getByRole('button', { name: `数字 ${NUMERALS.indexOf(ch) + 1}` }).click();
  }
  await page.getByTestId('parental-gate').waitFor({ state: 'hidden' });
}

for (const screen of screens) {
  if (values.only && !values.only.split(',').includes(screen.id)) continue;
  for (const size of screen.sizes) {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      deviceScaleFactor: 1,
      hasTouch: size.name !== 'tablet',
      isMobile: size.name !== 'tablet',
    });
    await context.addInitScript(
      ([t, lang, loggedIn]) => {
        localStorage.setItem('picbook_ui_language', lang);
        if (loggedIn) localStorage.setItem('access_token', t);
      },
      [token, values.lang, screen.loggedIn],
    );
    const page = await context.newPage();
    if (screen.breakApi) await page.route('**/api/v1/configs', (route) => route.abort());
    await page.goto(`${values.base}${fillPath(screen.path)}`, { waitUntil: 'networkidle' });
    if (screen.gate) await passGate(page);
    if (screen.before) await screen.before(page);
    await page.waitForTimeout(600);
    const file = path.join(values.out, `${screen.id}-${size.name}-${values.lang}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    await context.close();
  }
}
await browser.close();
