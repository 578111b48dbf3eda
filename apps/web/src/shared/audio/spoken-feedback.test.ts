import fs from 'node:fs';
import path from 'node:path';
import { SPOKEN_FEEDBACK_CN, SPOKEN_FEEDBACK_KEYS } from '@picbook/contracts';
import { describe, expect, it } from 'vitest';
// The scorer's own sentences (a plain table; the package's entry loads the recogniser).
import { VERDICT_MESSAGES } from '../../../../../packages/speech/src/feedback';
import { spokenFeedbackUrl, verdictFeedbackKey } from './spoken-feedback';

const mediaDir = path.resolve(import.meta.dirname, '../../../../../content/media');

/** Decision 099: every message a child must act on has its build-time voice. */
describe('spoken feedback', () => {
  it.each(SPOKEN_FEEDBACK_KEYS)('%s has its built MP3 (named by content, committed)', (key) => {
    const url = spokenFeedbackUrl(key);
    expect(url).toMatch(
      new RegExp(`^/media/voice/feedback/${key.replace(/_/g, '-')}\\.[0-9a-f]{8}\\.mp3$`),
    );
    expect(fs.existsSync(path.join(mediaDir, url.replace(/^\/media\//, '')))).toBe(true);
  });

  it('each MP3 is its own sentence (no two messages share a voice file)', () => {
    const urls = SPOKEN_FEEDBACK_KEYS.map(spokenFeedbackUrl);
    expect(new Set(urls).size).toBe(urls.length);
  });

  // The course player's and the words' screens check their own lines (spoken-feedback.test.ts
  // in features/study-plan and features/words).
  it('says what the eye-rest screen shows', () => {
    expect(SPOKEN_FEEDBACK_CN.eye_rest).toContain('休息一下吧');
  });

  it.each([
    ['no_voice', 'verdict_no_voice'],
    ['noise', 'verdict_noise'],
    ['too_short', 'verdict_too_short'],
    ['different_text', 'verdict_different_text'],
    ['ok', null],
    ['something_new', null],
  ] as const)('a recording judged %s says %s', (verdict, key) => {
    expect(verdictFeedbackKey(verdict)).toBe(key);
    // The voice says the scorer's sentence that the score view shows under the headline.
    if (key)
      expect(SPOKEN_FEEDBACK_CN[key]).toBe(
        VERDICT_MESSAGES[verdict as keyof typeof VERDICT_MESSAGES],
      );
  });
});
