import type { Locator, Page } from '@playwright/test';
import { expect, keep } from './fixtures';

/**
 * Every dialog fits a phone held sideways (812×375) and upright (390×844) with its main button in
 * view without scrolling (issue 39 item 8).
 */
export const SIZES = [
  { width: 812, height: 375 },
  { width: 390, height: 844 },
] as const;

/** The box fits the screen and the main button is wholly visible (not clipped by a scroller). */
export async function expectFits(page: Page, box: Locator, main: Locator): Promise<void> {
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

/**
 * A dialog a journey opened at its own size, checked at both phone sizes in turn (the page is
 * turned, as a phone is), kept as `<name>-<w>x<h>`; the journey's size comes back afterwards.
 */
export async function expectFitsBothWays(
  page: Page,
  box: Locator,
  main: Locator,
  name: string,
): Promise<void> {
  const before = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectFits(page, box, main);
    await keep(page, `${name}-${size.width}x${size.height}`);
  }
  if (before) await page.setViewportSize(before);
}
