import { SPOKEN_FEEDBACK_CN } from '@picbook/contracts';
import { describe, expect, it } from 'vitest';
import { wordsZh } from './locales';

/** Decision 099: the words' voice says what their screens show. */
describe('spoken feedback (words)', () => {
  it('says what the screens show', () => {
    expect(SPOKEN_FEEDBACK_CN.almost).toBe(wordsZh.almost);
    expect(SPOKEN_FEEDBACK_CN.think_again).toBe(wordsZh.tryAgain);
  });
});
