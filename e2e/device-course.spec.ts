import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fakeMicrophone, micReady } from './mic';

/**
 * A course's speaking part scored on the device survives a closed tab (issue 37, decision 110):
 * day 1's third course is played to its speaking part (listen_repeat, the last), recorded
 * offline (the device scores), the handing in waits for the server; the tab is closed. A new
 * tab online continues the course: the queue has each recording judged once
 * (POST /api/v1/speech), and the course is handed in with the server's recordings.
 */
test.use({
  ...fakeMicrophone,
  viewport: { width: 812, height: 375 },
  allowConsoleErrors: ['ERR_INTERNET_DISCONNECTED', 'Failed to load resource', 'Failed to fetch'],
});
test.skip(!micReady, 'ffmpeg is needed to make the fake microphone input');
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('picbook_speaking_used', '1'));
});

interface Part {
  type: string;
  questions?: Array<{ answer: string }>;
}

async function partsOf(page: Page, processId: number): Promise<Part[]> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const res = await page.request.get(`/api/v1/learning/process/${processId}`, {
    headers: { access_token: token ?? '' },
  });
  return ((await res.json()).data as { content: { parts: Part[] } }).content.parts;
}

/** Taps the spoken instruction away when it shows. */
async function skipGuide(page: Page) {
  const skip = page.getByTestId('guide-skip');
  // It may go by itself as it is tapped (the instruction ended).
  if (await skip.isVisible()) await skip.click({ timeout: 3_000 }).catch(() => undefined);
}

/** Answers a choice part's questions with the right keys, one question after the other. */
async function choose(page: Page, part: Part, testId: string) {
  await expect(page.getByTestId('course-player')).toHaveAttribute('data-part', part.type);
  await skipGuide(page);
  for (const [i, q] of (part.questions ?? []).entries()) {
    await expect(page.getByTestId(part.type.replace('_', '-'))).toHaveAttribute(
      'data-index',
      String(i),
    );
    await page.locator(`[data-testid="${testId}"][data-key="${q.answer}"]`).click();
  }
}

test('recorded offline in a course, the tab closed: judged once online, handed in as judged', async ({
  loggedInPage: page,
  context,
}) => {
  test.setTimeout(300_000);
  await page.goto('/learning');
  await page.getByTestId('learning-start').click();
  // Day 1: the story video, then the reading course, open the third course.
  await page.locator('[data-testid="course-card"][data-process="101111"]').click();
  await page.getByTestId('video-play').click();
  await expect(page.getByTestId('learning-finish')).toHaveAttribute('data-state', 'done', {
    timeout: 60_000,
  });
  await page.getByTestId('finish-to-day').click();
  const reading = page.locator('[data-testid="course-card"][data-process="101112"]');
  await expect(reading).not.toHaveAttribute('data-status', '0');
  await reading.click();
  await page.getByTestId('course-begin').click();
  const [, look] = await partsOf(page, 101112);
  await expect(page.getByTestId('course-player')).toHaveAttribute('data-part', 'book_read');
  await skipGuide(page);
  await expect(page.getByTestId('page-reader')).toBeVisible();
  while ((await page.getByTestId('reader-next').textContent()) !== '读完啦') {
    await page.getByTestId('reader-next').click();
  }
  await page.getByTestId('reader-next').click();
  await choose(page, look as Part, 'text-choice');
  await expect(page.getByTestId('learning-finish')).toHaveAttribute('data-state', 'done', {
    timeout: 30_000,
  });
  await page.getByTestId('finish-to-day').click();
  const speaking = page.locator('[data-testid="course-card"][data-process="101113"]');
  await expect(speaking).not.toHaveAttribute('data-status', '0');
  await speaking.click();
  await expect(page.getByTestId('course-begin')).toBeVisible();
  const courseUrl = page.url();
  await page.getByTestId('course-begin').click();
  const [train, repeat] = await partsOf(page, 101113);
  await choose(page, train as Part, 'picture-choice');
  await expect(page.getByTestId('course-player')).toHaveAttribute('data-part', 'listen_repeat');
  await skipGuide(page);
  await expect(page.locator('html[data-device-speech]')).toHaveCount(1, { timeout: 120_000 });

  // Offline: each sentence scores on the device; the handing in waits for the server.
  const judged: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/v1/speech')) {
      judged.push(String(request.postDataBuffer()?.length));
    }
  });
  await context.setOffline(true);
  const sentences = (repeat as Part & { sentences?: unknown[] }).sentences?.length ?? 3;
  for (let i = 0; i < sentences; i++) {
    await expect(page.getByTestId('speak-part')).toHaveAttribute('data-index', String(i));
    await page.getByRole('button', { name: '点我开始录音' }).click();
    await expect(page.getByTestId('score-view')).toHaveAttribute('data-channel', 'device', {
      timeout: 60_000,
    });
    await page.getByTestId('speak-next').click();
  }
  await expect(page.getByTestId('course-submit')).toHaveAttribute('data-state', 'error', {
    timeout: 30_000,
  });
  expect(judged).toEqual([]);
  await page.close();

  // A new tab, online: continue; the queue has each recording judged once, the course is
  // handed in with the server's recordings.
  await context.setOffline(false);
  const tab = await context.newPage();
  const submitted = tab.waitForRequest(
    (r) => r.method() === 'POST' && r.url().includes('/learning/course'),
  );
  await tab.goto(courseUrl);
  await tab.getByRole('button', { name: '接着学' }).click();
  await tab.getByTestId('course-begin').click();
  await expect.poll(() => judged.length, { timeout: 60_000 }).toBe(sentences);
  await skipGuide(tab);
  for (let i = 0; i < sentences; i++) await tab.getByTestId('speak-next').click();
  const body = (await submitted).postDataJSON() as {
    answers: Array<{ exam_type: number; exam_detail: { id: string; audio_url?: string } }>;
  };
  const spoken = body.answers.filter((a) => a.exam_detail.audio_url);
  expect(spoken).toHaveLength(sentences);
  for (const a of spoken) expect(a.exam_detail.audio_url).toMatch(/\/uploads\//);
  await expect(tab.getByTestId('learning-finish')).toHaveAttribute('data-state', 'done', {
    timeout: 30_000,
  });
  expect(judged).toHaveLength(sentences);
});
