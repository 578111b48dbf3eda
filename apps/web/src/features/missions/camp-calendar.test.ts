import { describe, expect, it } from 'vitest';
import { chinaDateOf, monthCells, shiftMonth } from './camp-calendar';

describe('camp calendar months', () => {
  it.each<[string, number, string]>([
    ['2026-01', 1, '2026-02'],
    ['2026-12', 1, '2027-01'],
    ['2026-01', -1, '2025-12'],
  ])('%s %+i → %s', (month, delta, expected) => expect(shiftMonth(month, delta)).toBe(expected));

  it('February 2026 starts on a Sunday: six blanks, 28 days', () => {
    const cells = monthCells('2026-02');
    expect(cells.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-02-01']);
    expect(cells.filter(Boolean)).toHaveLength(28);
  });

  it('China dates of Unix times (16:00 UTC is midnight in China)', () => {
    expect(chinaDateOf(Date.parse('2026-01-30T15:59:59Z') / 1000)).toBe('2026-01-30');
    expect(chinaDateOf(Date.parse('2026-01-30T16:00:00Z') / 1000)).toBe('2026-01-31');
  });
});
