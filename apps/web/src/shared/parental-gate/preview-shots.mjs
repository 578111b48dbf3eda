/**
 * Screenshots of the gate preview (dev only). With `npx vite --port 5198` running in apps/web:
 *   node apps/web/src/shared/parental-gate/preview-shots.mjs [outDir]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const base = 'http://127.0.0.1:5198/src/shared/parental-gate/preview.html';
const outDir = process.argv[2] ?? join(import.meta.dirname, '__screenshots__');
mkdirSync(outDir, { recursive: true });

const sizes = [
  { name: 'landscape-1024x768', width: 1024, height: 768, area: 'child' },
  { name: 'compact-812x375', width: 812, height: 375, area: 'child' },
  { name: 'portrait-390x844', width: 390, height: 844, area: 'parents' },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  for (const size of sizes) {
    for (const lang of ['zh-CN', 'en']) {
      const page = await browser.newPage({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
      });
      await page.goto(`${base}?area=${size.area}&lang=${lang}`);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await page.evaluate(() => document.fonts.ready);
      const suffix = lang === 'en' ? '-en' : '';
      await page.screenshot({ path: join(outDir, `gate-${size.name}${suffix}.png`) });
      if (lang === 'en') {
        await page.close();
        continue;
      }
      const text = await page.getByTestId('parental-gate-instruction').textContent();
      const numerals = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
      const target = [...(text ?? '')]
        .filter((c) => numerals.includes(c))
        .map((c) => numerals.indexOf(c) + 1);
      const [first = 1, second = 2] = target;
      // One right tap: first progress dot filled.
      await dialog.getByRole('button', { name: `数字 ${first}` }).click();
      await page.screenshot({ path: join(outDir, `gate-${size.name}-one-tap.png`) });
      // A wrong second tap: the friendly message.
      const wrong = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => d !== second) ?? 1;
      await dialog.getByRole('button', { name: `数字 ${wrong}` }).click();
      await page.getByText('验证错误，请重新输入').waitFor();
      await page.screenshot({ path: join(outDir, `gate-${size.name}-wrong.png`) });
      // After the reset a new pair shows; tap it right for the success tick.
      await page.waitForTimeout(1100);
      const text2 = await page.getByTestId('parental-gate-instruction').textContent();
      const [a = 1, b = 2] = [...(text2 ?? '')]
        .filter((c) => numerals.includes(c))
        .map((c) => numerals.indexOf(c) + 1);
      await page.evaluate(() => {
        // Hold the dialog open after the pass so the tick can be photographed.
        window.setTimeout = (
          (orig) =>
          (fn, ms, ...rest) =>
            orig(fn, ms === 300 ? 60_000 : ms, ...rest)
        )(window.setTimeout);
      });
      await dialog.getByRole('button', { name: `数字 ${a}` }).click();
      await dialog.getByRole('button', { name: `数字 ${b}` }).click();
      await page.getByTestId('parental-gate-tick').waitFor();
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(outDir, `gate-${size.name}-passed.png`) });
      await page.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`screenshots in ${outDir}`);
