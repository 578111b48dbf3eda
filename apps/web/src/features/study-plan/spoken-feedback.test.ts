import { SPOKEN_FEEDBACK_CN } from '@picbook/contracts';
import { describe, expect, it } from 'vitest';
import { studyPlanZh } from './locales';

/** Decision 099: the course player's voice says what its screen shows. */
describe('spoken feedback (course player)', () => {
  it('says what the screens show', () => {
    expect(SPOKEN_FEEDBACK_CN.try_again).toBe(studyPlanZh.player.tryAgain);
    expect(SPOKEN_FEEDBACK_CN.almost).toBe(studyPlanZh.player.almost);
  });
});
