import { afterEach, describe, expect, it } from 'vitest';
import { takeKobGuide } from './kob-guide';

afterEach(() => localStorage.clear());

const input = { credits: 12, coins: 0, canEnterKob: true, planningToKob: false };

describe('kob guide on the device (shell §5: once a day, three times in all)', () => {
  it('shows once a day and stops after three days', () => {
    expect(takeKobGuide(7, { ...input, today: '2026-11-20' })).toBe(true);
    expect(takeKobGuide(7, { ...input, today: '2026-11-20' })).toBe(false);
    expect(takeKobGuide(7, { ...input, today: '2026-11-21' })).toBe(true);
    expect(takeKobGuide(7, { ...input, today: '2026-11-22' })).toBe(true);
    expect(takeKobGuide(7, { ...input, today: '2026-11-23' })).toBe(false);
    // Another child on the device has its own count.
    expect(takeKobGuide(8, { ...input, today: '2026-11-23' })).toBe(true);
  });
  it('needs 10 credits and does not count when it does not show', () => {
    expect(takeKobGuide(9, { ...input, credits: 9, today: '2026-11-20' })).toBe(false);
    expect(takeKobGuide(9, { ...input, today: '2026-11-20' })).toBe(true);
  });
});
